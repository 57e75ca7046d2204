/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Records shared between sysfs_audit.bpf.c and the loader.
 *
 * The BPF side walks the device's parent chain at event time and applies
 * the deprecated layout's rules: for every device of the chain it decides
 * how its legacy path is formed (kind, legacy parent), which device carries
 * the PHYSDEV keys, where the 'device' link points and which links the old
 * layout had. It copies only the strings those decisions need. The loader
 * turns that into text without making any decision of its own.
 */
#ifndef SYSFS_AUDIT_H
#define SYSFS_AUDIT_H

#define SA_PATH_LEN	256	/* DEVPATH */
#define SA_NAME_LEN	48	/* device names in the chain, DEVNAME */
#define SA_CLASS_LEN	32
#define SA_BUS_LEN	32
#define SA_DRIVER_LEN	48
#define SA_SUBSYS_LEN	32
#define SA_MAX_CHAIN	16	/* devices from the event's device up */
#define SA_MAX_KOBJ	32	/* kobject path components */

/* How a device's legacy path is formed. */
enum sa_kind {
	SA_K_NONE = 0,	/* no legacy counterpart (a sound card device) */
	SA_K_MODERN,	/* unchanged: the first kdepth components of DEVPATH */
	SA_K_BLOCK,	/* /block/<name> */
	SA_K_CLASS,	/* /class/<class>/<name> */
	SA_K_CHILD,	/* <legacy path of lparent>/<name> */
};

/* sa_node.flags and sa_event.trunc: which strings were cut. */
#define SA_T_NAME	(1u << 0)
#define SA_T_CLASS	(1u << 1)
#define SA_T_DEVPATH	(1u << 2)
#define SA_T_SUBSYS	(1u << 3)
#define SA_T_DEVNAME	(1u << 4)
#define SA_T_BUS	(1u << 5)
#define SA_T_DRIVER	(1u << 6)
#define SA_T_OWNBUS	(1u << 7)
#define SA_T_CHAIN	(1u << 8)	/* parent chain longer than SA_MAX_CHAIN */
#define SA_T_KOBJ	(1u << 9)	/* kobject path deeper than SA_MAX_KOBJ */

/* sa_event.links: the legacy links of the event's device. */
#define SA_L_CLASSDIR	(1u << 0)	/* /class/<class>/<name> -> legacy path */
#define SA_L_DEVICE	(1u << 1)	/* <legacy>/device -> chain[devlink] */
#define SA_L_CLASSNAME	(1u << 2)	/* <lparent>/<class>:<name> -> legacy */
#define SA_L_BUS	(1u << 3)	/* <legacy>/bus -> /bus/<ownbus> */

/* sa_event.flags */
#define SA_F_SEQNUM	(1u << 0)	/* seqnum is known (tracepoint) */
#define SA_F_SENT	(1u << 1)	/* the event was sent (or not suppressed) */
#define SA_F_CLASS	(1u << 2)	/* the device has a class */
#define SA_F_PHYSPATH	(1u << 3)	/* PHYSDEVPATH = legacy path of chain[physdev] */
#define SA_F_PHYSBUS	(1u << 4)	/* PHYSDEVBUS = bus */
#define SA_F_PHYSDRV	(1u << 5)	/* PHYSDEVDRIVER = driver */
/*
 * A cached record: the program keeps it for the device's next events, and
 * it ends with a struct sa_ref naming this build (after the strings).
 */
#define SA_F_CACHED	(1u << 6)
/*
 * A reference to a cached record: its header (the device part as cached,
 * the event's own fields) and the struct sa_ref of its build, nothing
 * else. The loader has the record from the event that built it, or reads
 * it from the cache map (struct sa_cached) by the key.
 */
#define SA_F_REF	(1u << 7)

/* Where the record came from. */
enum sa_source {
	SA_SRC_TRACEPOINT = 1,	/* tp_btf/kobject_uevent (our series) */
	SA_SRC_FEXIT,		/* fexit/dev_uevent */
	SA_SRC_KPROBE,		/* kprobe + kretprobe on dev_uevent */
};

/* enum kobject_action, in the kernel's order. */
#define SA_ACTION_UNKNOWN 0xff

/*
 * The record on the ring buffer is packed: a fixed header, then nchain
 * nodes, then the strings that the printed paths need, each NUL-terminated.
 * A string is named by its offset from the start of the record; offset 0
 * (inside the header) means "absent". A typical record is 150-300 bytes
 * instead of the 1.9 KB a fixed layout with every string at its maximum
 * size would take; see docs/design.md.
 */
#define SA_REC_MAX	2048	/* upper bound of a record (the sum of all maxima < 1.9 KB) */

/* sa_rec.str[]: the event's own strings. */
enum sa_str {
	SA_S_DEVPATH,
	SA_S_SUBSYS,
	SA_S_DEVNAME,
	SA_S_BUS,	/* PHYSDEVBUS */
	SA_S_DRIVER,	/* PHYSDEVDRIVER */
	SA_S_OWNBUS,	/* the device's own bus, for SA_L_BUS */
	SA_S_MAX,
};

struct sa_rnode {
	unsigned short name;		/* when kind is BLOCK/CLASS/CHILD */
	unsigned short class;		/* when kind is CLASS, and for node 0 */
	unsigned char kdepth;		/* components of its kobject path */
	signed char lparent;		/* node index of the legacy parent, or -1 */
	unsigned char kind;		/* enum sa_kind */
	unsigned char flags;		/* SA_T_NAME, SA_T_CLASS */
};

struct sa_rec {
	unsigned long long seqnum;
	unsigned long long ts_ns;
	int ret;			/* tracepoint: broadcast result; else uevent() */
	unsigned short size;		/* bytes: header, nodes and strings */
	unsigned short trunc;		/* SA_T_* */
	unsigned char flags;		/* SA_F_* */
	unsigned char action;		/* enum kobject_action */
	unsigned char source;		/* enum sa_source */
	unsigned char nchain;		/* nodes that follow the header */
	signed char physdev;		/* node index carrying the PHYSDEV keys */
	signed char devlink;		/* node index the 'device' link points at */
	unsigned char links;		/* SA_L_* */
	unsigned char pad;
	unsigned short str[SA_S_MAX];	/* enum sa_str */
	unsigned short pad2[2];		/* nodes start at sizeof(struct sa_rec) */
	struct sa_rnode node[];
};

/* Which build of which device's cached record. */
struct sa_ref {
	unsigned long long key;		/* the cache's key: the kobject's address */
	unsigned long long stamp;	/* the entry's stamp when it was built */
};

/*
 * An entry of the program's cache of built records (map "cache", keyed by
 * the device's kobject address). A record longer than SA_CACHE_REC is
 * rebuilt every time. The loader reads an entry when a reference names a
 * build whose record it did not get (lost on a full ring, or sent before
 * an adopted program was adopted).
 */
#define SA_CACHE_REC	768

struct sa_cached {
	unsigned long long stamp;	/* when it was filled (ns): changes with every fill */
	unsigned long long gen;		/* the generation it was built in */
	unsigned int size;		/* bytes of rec */
	unsigned int pad;
	char rec[SA_CACHE_REC];		/* the packed record, header included (ref set) */
};

/*
 * The decoded record, as the loader formats it (user space only): every
 * string copied into a terminated field of its maximum size.
 */
struct sa_node {
	char name[SA_NAME_LEN];		/* when kind is BLOCK/CLASS/CHILD */
	char class[SA_CLASS_LEN];	/* when kind is CLASS, and for chain[0] */
	unsigned short kdepth;		/* components of its kobject path */
	signed char lparent;		/* chain index of the legacy parent, or -1 */
	unsigned char kind;		/* enum sa_kind */
	unsigned char flags;		/* SA_T_NAME, SA_T_CLASS */
	unsigned char pad[3];
};

struct sa_event {
	unsigned long long seqnum;
	unsigned long long ts_ns;
	int ret;			/* tracepoint: broadcast result; else uevent() */
	unsigned int flags;		/* SA_F_* */
	unsigned int trunc;		/* SA_T_* */
	unsigned char action;		/* enum kobject_action */
	unsigned char source;		/* enum sa_source */
	signed char physdev;		/* chain index carrying the PHYSDEV keys */
	signed char devlink;		/* chain index the 'device' link points at */
	unsigned char nchain;		/* valid entries of chain[] */
	unsigned char links;		/* SA_L_* */
	unsigned char pad[2];
	char devpath[SA_PATH_LEN];
	char subsystem[SA_SUBSYS_LEN];
	char devname[SA_NAME_LEN];
	char bus[SA_BUS_LEN];		/* PHYSDEVBUS */
	char driver[SA_DRIVER_LEN];	/* PHYSDEVDRIVER */
	char ownbus[SA_BUS_LEN];	/* the device's own bus, for SA_L_BUS */
	struct sa_node chain[SA_MAX_CHAIN];
};

/* Per-CPU counters, indexed by enum sa_stat. */
enum sa_stat {
	SA_STAT_SEEN,		/* device uevents seen */
	SA_STAT_LOST,		/* ring buffer full: record dropped */
	SA_STAT_SKIPPED,	/* not a device kobject, or not a uevent (uevent_show()) */
	SA_STAT_EMITTED,	/* records put on the ring buffer */
	SA_STAT_MAX,
};

#endif
