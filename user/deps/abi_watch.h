/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who opens the sysfs files of the obsolete ABI (bpf/abi_watch.bpf.c):
 * resolve the entries' What: patterns against /sys (audit/abi_resolve.h),
 * hand the kernfs ids to the kernel, resolve again when a device comes or
 * goes (a uevent) or when the kernel saw an open of a watched name on a
 * node it did not know, and name each opener with the dependents'
 * identity (deps/identity.h). `abi list` is the same without BPF: which
 * entries this host has.
 */
#ifndef SYSFS_AUDIT_DEPS_ABI_WATCH_H
#define SYSFS_AUDIT_DEPS_ABI_WATCH_H

#include <signal.h>

#include "audit/abi_parse.h"
#include "model/abi_use.h"

struct sa_abi_watch_opts {
	const struct sa_abi *abi;
	const char *root;	/* the tree standing for "/" ("" or NULL: this host's) */
	const char *proc;	/* "/proc" when NULL */
	unsigned int duration_s;	/* 0: until *stop */
	volatile sig_atomic_t *stop;	/* set by a signal handler */
	/* Called once the hooks are attached (a test starts its workload then). */
	void (*ready)(void *ctx);
	void *ready_ctx;
};

/*
 * Which entries this tree has: present (with a path) or absent; no BPF.
 * 0 or -ENOMEM.
 */
int sa_abi_list(const struct sa_abi_watch_opts *o, struct sa_abi_use *out);

/*
 * Watch until the duration ends or *stop is set, then fill @out. 0, or a
 * negative errno from loading or attaching (-EPERM, -ENOENT: no attach
 * point, -EACCES: the verifier), mapped to an exit status by the caller.
 */
int sa_abi_watch(const struct sa_abi_watch_opts *o, struct sa_abi_use *out);

/*
 * The same in steps, for a command with a loop of its own (record --abi
 * polls it from the tracer's tick): start (loaded, attached, resolved:
 * errors as above), poll (wait up to @timeout_ms for records and
 * uevents, then take them; 0 or -errno), stop (the last records, the
 * kernel's counts, the verdicts into @out; frees @aw; returns @err, or
 * an error of its own). On an error @out is freed.
 */
struct sa_abi_watch;
int sa_abi_watch_start(const struct sa_abi_watch_opts *o, struct sa_abi_use *out,
		       struct sa_abi_watch **aw);
int sa_abi_watch_poll(struct sa_abi_watch *aw, int timeout_ms);
int sa_abi_watch_stop(struct sa_abi_watch *aw, int err);

#endif
