/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A minimal BTF for CO-RE (bpftool gen min_core_btf), made when the boot
 * audit's image is built and read by `boot --start`: libbpf then searches
 * the relocations' candidates among some 90 types instead of the kernel's
 * ~100 000, once per local type and object, which was 1.2 s of the 4 s
 * `boot --start` took under TCG (docs/performance.md). libbpf still parses
 * the running kernel's BTF for the fentry/fexit/tp_btf attach points.
 *
 * The file is only as good as its kernel: beside it, FILE.id says the
 * release and the size of the BTF it was cut from, and the loader uses it
 * only on that kernel (and loads again without it if a load fails).
 */
#ifndef SYSFS_AUDIT_LOADER_CORE_BTF_H
#define SYSFS_AUDIT_LOADER_CORE_BTF_H

#include <stdbool.h>
#include <stddef.h>

/* Where the image's hooks put it, and `boot --start` looks. */
#define SA_CORE_BTF "/usr/share/sysfs-audit/core.btf"
#define SA_KERNEL_BTF "/sys/kernel/btf/vmlinux"

/*
 * Does @file (a minimal BTF, with @file.id beside it) fit the running
 * kernel? 0 when it does, -ENOENT when there is none, -ESTALE when it was
 * made for another kernel (or its id cannot be read: -EINVAL). *@tp: what
 * the id says of the kernel's tracepoints (SA_CORE_TP, SA_CORE_NO_TP).
 */
int sa_core_btf_fits(const char *file, bool *tp);

/*
 * The BTF of kernel @release: the running kernel's (SA_KERNEL_BTF) when
 * it is that release, else the .BTF section of @vmlinuz (a bzImage with
 * an xz or zstd payload, as Debian's 6.1 and 6.12; or an ELF vmlinux). Into a malloc'ed *@buf of
 * *@len bytes; 0 or -errno (*@why set).
 */
int sa_kernel_btf_read(const char *release, const char *vmlinuz, char **buf, size_t *len,
		       const char **why);

/*
 * The id line of a BTF of @len bytes for @release ("RELEASE SIZE TP\n"),
 * into @out; TP says whether that BTF may name the tracer's tracepoints.
 */
#define SA_CORE_TP "tracepoint"
#define SA_CORE_NO_TP "no-tracepoint"
int sa_core_btf_id(const char *release, size_t len, bool tp, char *out, size_t n);

#endif
