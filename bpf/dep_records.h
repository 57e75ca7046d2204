/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Records shared between the dependents' BPF programs (dependents.bpf.c)
 * and user/deps/dependents.c.
 *
 * The kernel side only observes and de-duplicates: one record per new
 * (process, operation, object) triple, a count/first/last in a hash map for
 * every later hit. Whether an observation is a dependency on the deprecated
 * layout is decided in userspace (user/deps/dep_classify.c) against the model.
 */
#ifndef SYSFS_AUDIT_DEP_RECORDS_H
#define SYSFS_AUDIT_DEP_RECORDS_H

#define SA_DEP_COMM_LEN		16
#define SA_DEP_NAME_LEN		64	/* the component looked up / the link's name */
#define SA_DEP_COMP_LEN		48	/* one kernfs directory name */
#define SA_DEP_MAX_COMP		12	/* kernfs directory levels kept */
#define SA_DEP_REQ_LEN		256	/* the path the process asked for */
#define SA_DEP_EXE_LEN		128
#define SA_DEP_ARGS_LEN		256
#define SA_DEP_EXE_COMP		10	/* path components of the executable */
#define SA_DEP_CG_COMP		4	/* innermost cgroup v2 levels kept */

#define SA_SYSFS_MAGIC		0x62656572
#define SA_NETLINK_KOBJECT_UEVENT 15

/* What the kernel saw the process do. */
enum sa_dep_op {
	SA_DEP_OP_MISS = 1,	/* a sysfs name that does not exist (lookup or cached negative) */
	SA_DEP_OP_LSTAT_LINK,	/* getattr of a sysfs symlink: lstat/fstatat without following */
	SA_DEP_OP_READLINK,	/* readlink() of a sysfs symlink (not a path walk) */
	SA_DEP_OP_READDIR,	/* getdents of /sys/block or /sys/class/<c> */
	SA_DEP_OP_LISTEN,	/* bound/joined a NETLINK_KOBJECT_UEVENT group */
	SA_DEP_OP_READ_UEVENT,	/* read a device's uevent file (uevent_show()) */
	SA_DEP_OP_MAX,
};

/* sa_dep_rec.flags */
#define SA_DEP_F_CACHED		(1u << 0)	/* miss seen by d_revalidate (negative dentry) */
#define SA_DEP_F_IN_LINK	(1u << 1)	/* the walk was inside a symlink's target */
#define SA_DEP_F_TRUNC_REQ	(1u << 2)	/* req[] was cut */
#define SA_DEP_F_TRUNC_DIR	(1u << 3)	/* > SA_DEP_MAX_COMP levels, or a name cut */
#define SA_DEP_F_NO_REQ		(1u << 4)	/* no path walk in progress (readlink, getdents) */
#define SA_DEP_F_SETSOCKOPT	(1u << 5)	/* joined by NETLINK_ADD_MEMBERSHIP */
#define SA_DEP_F_EXE_TRUNC	(1u << 6)	/* exe[] has only the innermost components */
#define SA_DEP_F_ARGS_TRUNC	(1u << 7)	/* args[] was cut */
#define SA_DEP_F_SCRIPT		(1u << 8)	/* script[] holds the #! script (exec record) */
#define SA_DEP_F_CG_TRUNC	(1u << 9)	/* cg[] has only the innermost levels */
#define SA_DEP_F_NO_EXE		(1u << 10)	/* no mm->exe_file (a kernel thread) */
/* READ_UEVENT: req[] holds the #! script of the reader's nearest exec'd ancestor */
#define SA_DEP_F_ANC_SCRIPT	(1u << 11)
/*
 * READ_UEVENT: that ancestor ran no #! script: req[] holds its executable's
 * name (mm->exe_file's last component) and anc_args[] its argv at exec,
 * so `sh script`, `bash -e script` and env's `sh script` name their script
 * (user/deps/shell_script.c) after they have gone.
 */
#define SA_DEP_F_ANC_ARGV	(1u << 12)
/*
 * Every other record (a lookup's req[] is the path asked for): with
 * F_ANC_SCRIPT, anc_args[] holds the ancestor's #! script, NUL-terminated;
 * with F_ANC_ARGV, its executable's name, a NUL, then its argv (cut to
 * fit). Who started the process, read while that ancestor still ran.
 */
#define SA_DEP_F_ANC_IN_ARGS	(1u << 13)

/* De-duplication key: one record per new key. */
struct sa_dep_key {
	unsigned int tgid;
	unsigned int op;		/* enum sa_dep_op */
	/*
	 * kernfs id of the directory/node; groups for LISTEN; the exec
	 * generation (self_exec_id) for READ_UEVENT: one record per program run
	 */
	unsigned long long obj;
	unsigned int hash;		/* the name's dcache hash (misses), else 0 */
	unsigned int pad;
};

struct sa_dep_val {
	unsigned long long count;
	unsigned long long first_ns;
	unsigned long long last_ns;
};

struct sa_dep_rec {
	unsigned long long ts_ns;
	struct sa_dep_key key;
	unsigned int pid, tgid, ppid, uid;
	unsigned int op;		/* enum sa_dep_op */
	unsigned int flags;		/* SA_DEP_F_* */
	int dfd;			/* the walk's starting dfd (AT_FDCWD = -100) */
	unsigned int groups;		/* LISTEN: the socket's groups[0] after the call */
	unsigned int portid;		/* LISTEN: netlink port id (not a pid) */
	unsigned int netns;		/* network namespace inode (0: no CONFIG_NET_NS) */
	unsigned int anc_args_len;	/* bytes of anc_args[] (F_ANC_ARGV, F_ANC_IN_ARGS) */
	unsigned int ncomp;		/* valid entries of comp[] */
	/* Who, at the time of the record (the process may be gone when it is read). */
	unsigned long long start_ns;	/* the thread group leader's start time */
	unsigned long long exec_id;	/* its self_exec_id: one more per execve */
	unsigned long long exe_dev, exe_ino;	/* mm->exe_file's inode */
	unsigned int mntns, pidns;	/* namespace inodes (netns: above, for every record) */
	unsigned int nexe, ncg;		/* valid entries of exe[], cg[] */
	unsigned int args_len;		/* bytes of args[] (NUL-separated) */
	/*
	 * Lookups: the sysfs superblock's s_dev (the kernel's dev_t, major <<
	 * 20 | minor): one superblock per network namespace, so another
	 * st_dev than the model's /sys is another view of the net devices.
	 */
	unsigned int sysfs_dev;
	/*
	 * Lookups (MISS, LSTAT_LINK, READLINK, READDIR): the network namespace
	 * of the sysfs mount walked (its superblock's kernfs ns tag: what
	 * /sys/class/net shows, whatever the process's own netns); 0 unknown.
	 */
	unsigned int sysfs_net;
	unsigned int pad3;
	char comm[SA_DEP_COMM_LEN];
	char pcomm[SA_DEP_COMM_LEN];	/* the parent's comm */
	/* MISS: missing name; READLINK: link; READDIR: dir; READ_UEVENT: "uevent" */
	char name[SA_DEP_NAME_LEN];
	/* Kernfs path of the directory holding name, innermost first, root excluded. */
	char comp[SA_DEP_MAX_COMP][SA_DEP_COMP_LEN];
	char req[SA_DEP_REQ_LEN];	/* the path asked for (or F_ANC_SCRIPT, F_ANC_ARGV) */
	char exe[SA_DEP_EXE_COMP][SA_DEP_COMP_LEN];	/* mm->exe_file, innermost first */
	char cg[SA_DEP_CG_COMP][SA_DEP_COMP_LEN];	/* cgroup v2 path, innermost first */
	char script[SA_DEP_EXE_LEN];	/* bprm->filename of a #! exec (F_SCRIPT) */
	char args[SA_DEP_ARGS_LEN];	/* argv, NUL-separated */
	char anc_args[SA_DEP_ARGS_LEN];	/* the ancestor's argv, NUL-separated (F_ANC_*) */
};

/*
 * On the ring a record is packed: its fixed part (everything before comm),
 * then NUL-terminated strings in this order: comm, pcomm, name, comp[ncomp],
 * req, exe[nexe], cg[ncg], script; then args_len bytes of args, then
 * anc_args_len bytes of anc_args (0 when no ancestor is known). A typical
 * record is a few hundred bytes instead of 2.4 KiB, so one small ring holds
 * what two large ones did (and the loader's RSS counts a ring twice).
 */
#define SA_DEP_FIXED		__builtin_offsetof(struct sa_dep_rec, comm)
#define SA_DEP_PACK_MAX		4096	/* a power of two above the largest packed record */

/*
 * Exec-time facts by tgid (sched_process_exec; deleted at the leader's
 * exit): the #! script, which nothing else remembers. Copied into a record
 * when start_ns and exec_id match the recording process (the same exec).
 */
#define SA_ID_F_ARGS_TRUNC	(1u << 0)
#define SA_ID_F_FILE_TRUNC	(1u << 1)
#define SA_ID_F_SCRIPT		(1u << 2)	/* bprm->interp was changed: filename is a script */

struct sa_exec_id {
	unsigned long long ts_ns;
	unsigned long long start_ns, exec_id;
	unsigned int tgid, ppid, uid, flags;
	unsigned int args_len;		/* bytes of args[] used (NUL-separated) */
	unsigned int pad;
	char comm[SA_DEP_COMM_LEN];
	char filename[SA_DEP_EXE_LEN];	/* bprm->filename: the script for #! */
	char interp[SA_DEP_EXE_LEN];	/* bprm->interp: the binary really run */
	char args[SA_DEP_ARGS_LEN];
};

/* Per-CPU counters of the dependents' programs. */
enum sa_dep_stat {
	SA_DS_SYSFS_MISS,	/* sysfs misses seen (every one: the cost side) */
	SA_DS_LSTAT_LINK,	/* lstat-on-symlink seen */
	SA_DS_READLINK,		/* readlink of a sysfs link seen */
	SA_DS_READDIR,		/* readdir of a watched directory seen */
	SA_DS_LISTEN,		/* uevent socket subscriptions seen */
	SA_DS_RECORDS,		/* ring records emitted (new keys) */
	SA_DS_LOST,		/* ring full: no record, no key (the next hit retries) */
	SA_DS_MAP_FULL,		/* the de-dup map refused a new key (recorded, not counted) */
	SA_DS_EXECS,		/* exec identities stored */
	SA_DS_EXITS,		/* exec identities cleared at exit */
	SA_DS_UEVENT_READ,	/* reads of a device's uevent file seen */
	SA_DS_MAX,
};

#endif
