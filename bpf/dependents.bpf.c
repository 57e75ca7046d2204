// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * sysfs-audit dependents: every hook in one BPF object.
 *
 * One object, not one per kind of hook: libbpf parses the kernel's BTF once
 * per object and searches the kernel's types for each local type once per
 * object, and under emulation in an initramfs both are slow, with most
 * types (task_struct, dentry, kernfs_node, the namespaces) in both
 * halves (docs/performance.md). The maps and counters are shared
 * as they were when the loader handed one object's ring to the other.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "dep_common.bpf.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

#include "dep_lookups.bpf.h"
#include "dep_listeners.bpf.h"
