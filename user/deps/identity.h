/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who a process is: from its exec-time record (sched_process_exec, kept by
 * dep_listeners.bpf.h) or from /proc; the uevent listeners present when tracing
 * starts (/proc/net/netlink + /proc/<pid>/fd); the uevent helper.
 */
#ifndef SYSFS_AUDIT_IDENTITY_H
#define SYSFS_AUDIT_IDENTITY_H

#include <limits.h>
#include <stdbool.h>

#include <stddef.h>

#include "dep_records.h"
#include "model/dependent.h"

/* The tracer's own namespaces: a process in others is named with its own. */
struct sa_ns_self {
	unsigned int mnt, net, pid;
};

void sa_ns_self_read(const char *proc, struct sa_ns_self *self);

/*
 * Whether @id ran in another mount namespace than @mnt (ours, an inode):
 * by the inodes, so its files are not our namesakes. Unknown is ours.
 */
bool sa_ident_other_mnt(const struct sa_ident *id, unsigned int mnt);

/*
 * Fill @id from a dependents' record: identity as the kernel saw it when
 * the record was made (executable, script, argv, cgroup, namespaces, exec
 * generation). /proc only fills what the record lacks (a kernel thread, an
 * exe path cut short).
 */
/* The process's exec generation: one per task and execve (sa_ident.exec_gen). */
unsigned long long sa_rec_exec_gen(const struct sa_dep_rec *r);

void sa_ident_from_rec(struct sa_ident *id, const struct sa_dep_rec *r, const char *proc,
		       const struct sa_ns_self *self);

/*
 * The script of a uevent reader's nearest exec'd ancestor, from its record
 * @r, into @out: the #! script the kernel ran (SA_DEP_F_ANC_SCRIPT), or the
 * script operand of a shell (SA_DEP_F_ANC_ARGV: `sh script`, `bash -e
 * script`, env's `sh script`), as given: the ancestor may be gone, and
 * with it the directory a relative one was relative to. false: none.
 * Any other record keeps it in anc_args[] (SA_DEP_F_ANC_IN_ARGS), and
 * sa_ident_from_rec() names a process without a script of its own by it.
 */
bool sa_rec_ancestor_script(const struct sa_dep_rec *r, char *out, size_t len);

/* The systemd unit of a cgroup v2 path: its innermost *.service or *.scope, or "". */
void sa_cgroup_unit(const char *cgroup, char *out, size_t len);

/*
 * Fill @id for @tgid from /proc/<tgid> (a listener found by scanning).
 * Fields the caller already set are kept when /proc does not know better.
 */
void sa_ident_fill(struct sa_ident *id, unsigned int tgid, const char *proc);

/* A NETLINK_KOBJECT_UEVENT socket subscribed to groups, and who holds it. */
struct sa_listener {
	unsigned long inode;
	unsigned int portid;		/* the netlink port id: not a pid */
	unsigned int groups;
	unsigned int tgid;		/* who receives from it; 0: no process found holding it */
	bool init_alone;		/* held by PID 1 only: a socket unit's, maybe */
};

/*
 * The uevent sockets with groups in PROC/net/netlink, mapped to their
 * processes through PROC/<pid>/fd: a holder other than PID 1 when there is
 * one (PID 1 keeps the sockets it hands to socket-activated services). Returns how many were stored in @out
 * (at most @max), or a negative errno when the file cannot be read.
 */
int sa_listeners_scan(const char *proc, struct sa_listener *out, int max,
		      const unsigned long *known, int nknown);

/*
 * A kernel record of @tgid subscribing to @groups that names no listener
 * by itself: PID 1 in group 1 binds a socket unit's socket for the service
 * it starts (socket activation); sa_listeners_scan() names its receiver.
 */
bool sa_listen_by_init(unsigned int tgid, unsigned int groups);

/* The helper the kernel runs per uevent: PROC/sys/kernel/hotplug, or "" */
void sa_uevent_helper_live(const char *proc, char *out, size_t len);

/*
 * kernel.hotplug set in ETC/sysctl.conf or ETC/sysctl.d/ *.conf: the value
 * into @out, the file into @file. Returns true when one was found.
 */
bool sa_uevent_helper_conf(const char *etc, char *out, size_t len, char *file, size_t flen);

#endif
