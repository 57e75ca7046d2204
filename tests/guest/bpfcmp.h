/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * bpfcmp: what BPF can see of uevents without the kobject tracepoints
 * (issue 29). Shared by bpfcmp.bpf.c and bpfcmp.c.
 */
#ifndef SYSFS_AUDIT_BPFCMP_H
#define SYSFS_AUDIT_BPFCMP_H

/*
 * The bytes of an environment or message kept per record: a uevent
 * buffer (UEVENT_BUFFER_SIZE, 2048) plus an injected message's header and
 * whatever a refused, too big one brought along.
 */
#define BPFCMP_TEXT_MAX	4096
#define BPFCMP_NAME_MAX	32

/* The hooks, one program each; the order is the table's columns. */
enum bpfcmp_hook {
	BC_NBF_ENTRY,	/* fentry/netlink_broadcast_filtered */
	BC_NBF_EXIT,	/* fexit/netlink_broadcast_filtered */
	BC_AUS_FENTRY,	/* fentry/alloc_uevent_skb */
	BC_AUS_KPROBE,	/* kprobe/alloc_uevent_skb */
	BC_KUE_FENTRY,	/* fentry/kobject_uevent_env */
	BC_KUE_KPROBE,	/* kprobe/kobject_uevent_env */
	BC_DEV_UEVENT,	/* fexit/dev_uevent */
	BC_UMH_ENTRY,	/* fentry/call_usermodehelper_exec */
	BC_UMH_EXIT,	/* fexit/call_usermodehelper_exec */
	BC_TP_UEVENT,	/* tp_btf/kobject_uevent (our series) */
	BC_TP_INJECTED,	/* raw_tp/kobject_uevent_injected (our series) */
	BC_TP_HELPER,	/* tp_btf/kobject_uevent_helper (our series) */
	BC_DUF_EXIT,	/* fexit/dev_uevent_filter */
	BC_DUN_EXIT,	/* fexit/dev_uevent_name */
	BC_EXTACK,	/* tp_btf/netlink_extack */
	BC_NRS_ENTRY,	/* fentry/netlink_rcv_skb */
	BC_HOOK_MAX,
};

/*
 * One hook firing. @text holds @len bytes: an environment or a netlink
 * message, NUL-separated strings. An exit record names the call it ends
 * by @tid and @ptr (the skb or subprocess_info), which its entry record
 * carries too: the exit cannot read them any more (the skb is consumed,
 * a UMH_NO_WAIT helper's info may be freed).
 */
struct bpfcmp_rec {
	__u32 hook;
	__u32 tid;
	__u64 ptr;
	__u64 seqnum;		/* as the hook was given it; 0: not given */
	__s32 action;		/* enum kobject_action; -1: not given */
	__s32 stage;		/* the tracepoints' stage; -1: not given */
	__s32 ret;
	__u32 netns;		/* the inode number of the socket's netns; 0: none */
	__u32 len;
	char kobj[BPFCMP_NAME_MAX];
	char text[BPFCMP_TEXT_MAX];
};

#define BPFCMP_REC_HDR	((unsigned long)&((struct bpfcmp_rec *)0)->text)

/* The uevent netlink family and its one multicast group. */
#define BPFCMP_NETLINK_KOBJECT_UEVENT	15
#define BPFCMP_UEVENT_GROUP		1
#define BPFCMP_NLMSG_HDRLEN		16

#endif
