/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who a process is: from its exec-time record (sched_process_exec, kept by
 * listeners.bpf.c) or from /proc; the uevent listeners present when tracing
 * starts (/proc/net/netlink + /proc/<pid>/fd); the uevent helper.
 */
#ifndef SYSFS_AUDIT_IDENTITY_H
#define SYSFS_AUDIT_IDENTITY_H

#include <limits.h>
#include <stdbool.h>

#include "dep_records.h"

#define SA_ID_ARGS 256

struct sa_ident {
	unsigned int pid, tgid, ppid, uid;
	char comm[SA_DEP_COMM_LEN];
	char pcomm[SA_DEP_COMM_LEN];
	char exe[PATH_MAX];		/* the binary, "?" when unknown */
	char script[PATH_MAX];		/* for #! scripts: the script; else "" */
	char args[SA_ID_ARGS];		/* argv joined by spaces */
	bool args_trunc;
	const char *source;		/* "exec" (exec-time record), "proc", "none" */
};

/*
 * Fill @id for @tgid: the exec-time record in @exec_map_fd (an
 * sa_exec_id hash by tgid; -1: none) first, /proc/<tgid> next. Fields the
 * caller already set (pid, comm, ppid, pcomm, uid from the BPF record) are
 * kept when neither source knows better.
 */
void sa_ident_fill(struct sa_ident *id, unsigned int tgid, int exec_map_fd, const char *proc);

/* A NETLINK_KOBJECT_UEVENT socket subscribed to groups, and who holds it. */
struct sa_listener {
	unsigned long inode;
	unsigned int portid;		/* the netlink port id: not a pid */
	unsigned int groups;
	unsigned int tgid;		/* 0: no process found holding it */
};

/*
 * The uevent sockets with groups in PROC/net/netlink, mapped to their
 * processes through PROC/<pid>/fd. Returns how many were stored in @out
 * (at most @max), or a negative errno when the file cannot be read.
 */
int sa_listeners_scan(const char *proc, struct sa_listener *out, int max,
		      const unsigned long *known, int nknown);

/* The helper the kernel runs per uevent: PROC/sys/kernel/hotplug, or "" */
void sa_uevent_helper_live(const char *proc, char *out, size_t len);

/*
 * kernel.hotplug set in ETC/sysctl.conf or ETC/sysctl.d/ *.conf: the value
 * into @out, the file into @file. Returns true when one was found.
 */
bool sa_uevent_helper_conf(const char *etc, char *out, size_t len, char *file, size_t flen);

#endif
