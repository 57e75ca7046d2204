/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * sysfs-audit dependents: what processes look up in sysfs (part of
 * dependents.bpf.c, which includes it once).
 *
 * fentry/fexit only: those work on our tinyconfig 6.1 (no syscall
 * tracepoints, no LSM) and on Debian's 6.1 and 6.12 alike.
 *  - misses: fexit kernfs_iop_lookup (a dcache miss that found nothing) and
 *    fexit kernfs_dop_revalidate (a cached negative dentry kept, in ref-walk:
 *    the RCU walk hands every kernfs component over to ref-walk);
 *  - fentry kernfs_iop_getattr of a symlink (lstat, fstatat(dirfd, ...,
 *    AT_SYMLINK_NOFOLLOW): a followed stat gets the target's getattr);
 *  - fentry kernfs_iop_get_link outside a path walk (readlink());
 *  - fentry kernfs_fop_readdir of /sys/block and /sys/class/<c>;
 *  - fentry uevent_show(): a read of a device's uevent file, once per
 *    process and exec (whether it breaks depends on the program's code,
 *    judged in userspace: the device read adds nothing).
 * Every hook tests the superblock magic first (cgroupfs is kernfs too; no
 * st_dev, so a sysfs mounted in another namespace counts as well; a record
 * names its superblock and netns, fill_sysfs()), and every
 * observation goes through dep_known(): a record only for a new key, the
 * key inserted once the record is reserved (dep_commit()).
 */
#define LOOKUP_RCU	0x0040
#define S_IFMT		00170000
#define S_IFLNK		0120000

/*
 * Is @d on a sysfs? BTF-typed loads: the hooks' arguments are typed, so
 * the verifier lets the program follow them with plain (fault-safe) loads.
 * This runs for every kernfs component of every path walk on the machine:
 * three loads instead of three bpf_probe_read_kernel() calls.
 */
static __always_inline bool dentry_on_sysfs(const struct dentry *d)
{
	const struct super_block *sb = d ? d->d_sb : NULL;

	return sb && sb->s_magic == SA_SYSFS_MAGIC;
}

/*
 * kernfs_dentry_node(): a positive kernfs dentry's node is its inode's
 * i_private. Typed loads down to the inode; i_private is a void *, which
 * the verifier does not type, so the node's fields take probe reads.
 */
static __always_inline struct kernfs_node *dentry_kn(const struct dentry *d)
{
	const struct inode *inode = d ? d->d_inode : NULL;

	return inode ? (struct kernfs_node *)inode->i_private : NULL;
}

/* The path being walked (current->nameidata), if any. */
static __always_inline void fill_req(struct sa_dep_rec *r)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();
	struct nameidata *nd = BPF_CORE_READ(task, nameidata);
	struct filename *fn;
	const char *s;
	long n;

	if (!nd) {
		r->flags |= SA_DEP_F_NO_REQ;
		return;
	}
	r->dfd = BPF_CORE_READ(nd, dfd);
	if (BPF_CORE_READ(nd, depth) > 0)
		r->flags |= SA_DEP_F_IN_LINK;
	fn = BPF_CORE_READ(nd, name);
	if (!fn)
		return;
	s = BPF_CORE_READ(fn, name);
	n = bpf_probe_read_kernel_str(r->req, sizeof(r->req), s);
	if (n == sizeof(r->req))
		r->flags |= SA_DEP_F_TRUNC_REQ;
}

/*
 * The view the lookup was made in: the sysfs superblock (kernfs keeps one
 * per namespace tag, and sysfs tags only by network namespace) and its
 * netns, kernfs_super_info->ns, the struct net of whoever mounted it. A
 * process's own netns is not it: `unshare -n` without a new sysfs mount
 * still sees the mounter's net devices. Only for a new record; probe
 * reads, s_fs_info is a void *.
 */
static __always_inline void fill_sysfs(struct sa_dep_rec *r, const struct super_block *sb)
{
	struct kernfs_super_info *info;
	struct net *net;

	if (!sb)
		return;
	r->sysfs_dev = BPF_CORE_READ(sb, s_dev);
	info = (struct kernfs_super_info *)BPF_CORE_READ(sb, s_fs_info);
	net = info ? (struct net *)BPF_CORE_READ(info, ns) : NULL;
	if (net)
		r->sysfs_net = BPF_CORE_READ(net, ns.inum);
}

static __always_inline void on_miss(struct dentry *dentry, __u32 flags)
{
	struct kernfs_node *dir;
	struct sa_dep_key key = {};
	struct sa_dep_rec *r;
	__u64 now;

	dir = dentry_kn(dentry->d_parent);
	if (!dir)
		return;
	if (dep_skip())
		return;
	dep_count(SA_DS_SYSFS_MISS);
	now = bpf_ktime_get_ns();
	key.tgid = bpf_get_current_pid_tgid() >> 32;
	key.op = SA_DEP_OP_MISS;
	key.obj = BPF_CORE_READ(dir, id);
	key.hash = dentry->d_name.hash;
	if (dep_known(&key, now))
		return;
	r = dep_reserve(&key, now);
	if (!r)
		return;
	r->op = SA_DEP_OP_MISS;
	r->flags |= flags;
	bpf_probe_read_kernel_str(r->name, sizeof(r->name), BPF_CORE_READ(dentry, d_name.name));
	fill_dir(r, dir);
	fill_req(r);
	fill_sysfs(r, dentry->d_sb);
	dep_commit(r, &key, now);
}

/*
 * An observation of an existing node @kn (a symlink lstat'ed or read, a
 * directory listed): counted, and recorded once per process, node and op.
 */
static __always_inline void on_node(struct kernfs_node *kn, const struct super_block *sb,
				    __u32 stat, __u32 op)
{
	struct sa_dep_key key = {};
	struct sa_dep_rec *r;
	__u64 now;

	dep_count(stat);
	now = bpf_ktime_get_ns();
	key.tgid = bpf_get_current_pid_tgid() >> 32;
	key.op = op;
	key.obj = BPF_CORE_READ(kn, id);
	if (dep_known(&key, now))
		return;
	r = dep_reserve(&key, now);
	if (!r)
		return;
	r->op = op;
	r->flags |= SA_DEP_F_NO_REQ;
	bpf_probe_read_kernel_str(r->name, sizeof(r->name), BPF_CORE_READ(kn, name));
	fill_dir(r, BPF_CORE_READ(kn, parent));
	fill_sysfs(r, sb);
	dep_commit(r, &key, now);
}

SEC("fexit/kernfs_iop_lookup")
int BPF_PROG(dep_lookup, struct inode *dir, struct dentry *dentry, unsigned int flags,
	     struct dentry *ret)
{
	if (!dentry_on_sysfs(dentry))
		return 0;
	/* d_splice_alias(NULL, dentry) returns NULL and leaves it negative. */
	if (ret || dentry->d_inode)
		return 0;
	on_miss(dentry, 0);
	return 0;
}

/*
 * fentry, not fexit: this runs for every kernfs component of every ref-walk,
 * and an fexit trampoline costs more. A negative dentry whose directory
 * changed is dropped (returns 0) and looked up again, so that rare case
 * counts twice; the count is a lower bound otherwise exact.
 */
SEC("fentry/kernfs_dop_revalidate")
int BPF_PROG(dep_revalidate, struct dentry *dentry, unsigned int flags)
{
	/* RCU mode returns -ECHILD and is called again in ref-walk. */
	if (flags & LOOKUP_RCU)
		return 0;
	if (!dentry_on_sysfs(dentry) || dentry->d_inode)
		return 0;
	on_miss(dentry, SA_DEP_F_CACHED);
	return 0;
}

/*
 * getattr(idmap or userns, const struct path *, struct kstat *, u32, unsigned
 * int): the path is the second argument on 6.1 and 6.12 alike. A stat that
 * follows links gets the target's getattr, so a symlink here is an lstat,
 * by path or by dirfd (find, nftw): the kernfs node names it either way.
 */
SEC("fentry/kernfs_iop_getattr")
int dep_getattr(unsigned long long *ctx)
{
	/* The verifier types ctx[1] from kernfs_iop_getattr()'s own BTF. */
	const struct path *path = (const struct path *)ctx[1];
	struct dentry *dentry = path ? path->dentry : NULL;
	struct kernfs_node *kn;
	struct inode *inode;

	if (!dentry_on_sysfs(dentry))
		return 0;
	inode = dentry->d_inode;
	if (!inode || (inode->i_mode & S_IFMT) != S_IFLNK)
		return 0;
	if (dep_skip())
		return 0;
	kn = (struct kernfs_node *)inode->i_private;
	if (!kn)
		return 0;
	on_node(kn, dentry->d_sb, SA_DS_LSTAT_LINK, SA_DEP_OP_LSTAT_LINK);
	return 0;
}

SEC("fentry/kernfs_iop_get_link")
int BPF_PROG(dep_get_link, struct dentry *dentry, struct inode *inode, void *done)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct kernfs_node *kn;

	/* NULL dentry: RCU walk. A path walk has a nameidata; readlink() has none. */
	if (!dentry || task->nameidata)
		return 0;
	if (!dentry_on_sysfs(dentry))
		return 0;
	kn = dentry_kn(dentry);
	if (!kn)
		return 0;
	if (dep_skip())
		return 0;
	on_node(kn, dentry->d_sb, SA_DS_READLINK, SA_DEP_OP_READLINK);
	return 0;
}

static __always_inline bool name_is(struct kernfs_node *kn, const char *want, int len)
{
	char buf[8] = {};

	if (bpf_probe_read_kernel_str(buf, sizeof(buf), BPF_CORE_READ(kn, name)) != len + 1)
		return false;
	for (int i = 0; i < len && i < 8; i++)
		if (buf[i] != want[i])
			return false;
	return true;
}

/* /sys/block, or /sys/class/<c>: directories whose entries were directories. */
static __always_inline bool watched_dir(struct kernfs_node *kn)
{
	struct kernfs_node *up = BPF_CORE_READ(kn, parent), *top;

	if (!up)
		return false;
	if (!BPF_CORE_READ(up, parent))
		return name_is(kn, "block", 5);
	top = BPF_CORE_READ(up, parent);
	return !BPF_CORE_READ(top, parent) && name_is(up, "class", 5);
}

SEC("fentry/kernfs_fop_readdir")
int BPF_PROG(dep_readdir, struct file *file, struct dir_context *dctx)
{
	struct dentry *dentry = file ? file->f_path.dentry : NULL;
	struct kernfs_node *kn;

	if (!dentry_on_sysfs(dentry))
		return 0;
	kn = dentry_kn(dentry);
	if (!kn || !watched_dir(kn))
		return 0;
	if (dep_skip())
		return 0;
	on_node(kn, dentry->d_sb, SA_DS_READDIR, SA_DEP_OP_READDIR);
	return 0;
}

/*
 * uevent_show() is the show function of every device's "uevent" attribute
 * (drivers/base/core.c, DEVICE_ATTR_RW(uevent)); its output carried the
 * PHYSDEV keys under CONFIG_SYSFS_DEPRECATED. No magic test: it only runs
 * for sysfs. Keyed by the exec generation, not the device: the verdict is
 * the program's, and a udevd worker reading every device's file at
 * coldplug is one record, not one per device.
 */
/*
 * The script of the reader's nearest exec'd ancestor: `grep PHYSDEVPATH=
 * .../uevent` reads for the script that ran it, which has often exited by
 * the time userspace reads the record (and /proc has forgotten it). A
 * forked subshell has no exec entry of its own and is skipped; the first
 * ancestor with one decides. A #! script: its path into req[]. Else its
 * executable's name into req[] and its argv into anc_args[], for
 * userspace to find the operand of a shell (`sh script`, `bash -e script`,
 * env's `sh script` after `#!/usr/bin/env sh`: user/deps/shell_script.c)
 * or nothing (a binary). Only a uevent read pays for this, once per
 * process and exec.
 */
static __always_inline void fill_ancestor_script(struct sa_dep_rec *r, struct task_struct *task)
{
	struct task_struct *t = task->group_leader;
	struct sa_exec_id *e = NULL;
	__u32 tgid, len;

#pragma unroll
	for (int i = 0; i < SA_ANCESTORS; i++) {
		t = t->real_parent;
		if (!t)
			return;
		t = t->group_leader;
		tgid = t->tgid;
		if (tgid <= 1)
			return;
		e = bpf_map_lookup_elem(&exec_ids, &tgid);
		if (e && e->start_ns == t->start_time && e->exec_id == t->self_exec_id)
			break;
		e = NULL;
	}
	if (!e)
		return;
	if (e->flags & SA_ID_F_SCRIPT) {
		__builtin_memcpy(r->req, e->filename, SA_DEP_EXE_LEN);
		r->req[SA_DEP_EXE_LEN - 1] = '\0';
		r->flags |= SA_DEP_F_ANC_SCRIPT;
		return;
	}
	len = e->args_len & (SA_DEP_ARGS_LEN - 1);
	if (!len || bpf_probe_read_kernel(r->anc_args, len, e->args))
		return;
	if (bpf_probe_read_kernel_str(r->req, SA_DEP_COMP_LEN,
				      BPF_CORE_READ(t, mm, exe_file, f_path.dentry, d_name.name)) <= 0)
		return;
	r->anc_args_len = len;
	r->flags |= SA_DEP_F_ANC_ARGV;
}

SEC("fentry/uevent_show")
int BPF_PROG(dep_uevent_read, struct device *dev, struct device_attribute *attr, char *buf)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct kernfs_node *kn = dev ? dev->kobj.sd : NULL;
	struct sa_dep_key key = {};
	struct sa_dep_rec *r;
	__u64 now;

	if (!kn || dep_skip())
		return 0;
	dep_count(SA_DS_UEVENT_READ);
	now = bpf_ktime_get_ns();
	key.tgid = bpf_get_current_pid_tgid() >> 32;
	key.op = SA_DEP_OP_READ_UEVENT;
	key.obj = task->group_leader->self_exec_id;
	if (dep_known(&key, now))
		return 0;
	r = dep_reserve(&key, now);
	if (!r)
		return 0;
	r->op = SA_DEP_OP_READ_UEVENT;
	r->flags |= SA_DEP_F_NO_REQ;
	__builtin_memcpy(r->name, "uevent", sizeof("uevent"));
	fill_dir(r, kn);
	fill_ancestor_script(r, task);
	dep_commit(r, &key, now);
	return 0;
}
