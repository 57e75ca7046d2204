/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * What the lookups (dep_lookups.bpf.h) and the listeners
 * (dep_listeners.bpf.h) share in dependents.bpf.c: the ring buffer, the
 * de-duplication map, the counters, and the record's identity fields.
 */
#ifndef SYSFS_AUDIT_DEP_COMMON_BPF_H
#define SYSFS_AUDIT_DEP_COMMON_BPF_H

#include "dep_records.h"
#include "pin_ctl.bpf.h"

/*
 * The tgid of the process that owns the programs: its model of /sys is not
 * a dependency. In .bss: the recorder that adopts pinned programs writes
 * its own, before it reads /sys.
 */
__u32 self_tgid = 0;

/*
 * 1 MiB, one ring for every hook: a packed record is a few hundred bytes, so this
 * holds as many as two rings of 4 MiB of fixed 2.4 KiB records did, which
 * an `ls -l` or `find` over /sys/class needed on a TCG guest. A full ring
 * still loses no program: the key is only kept once the record is in.
 */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);
} dep_events SEC(".maps");

/* A record is built here, then packed into out[] (too big for the stack). */
struct dep_build {
	struct sa_dep_rec r;	/* first: a record pointer is its build's */
	char out[SA_DEP_PACK_MAX + SA_DEP_REQ_LEN];	/* masked offset + one string */
	/*
	 * What a bpf_loop() callback carries to its next call: the loops are
	 * callbacks because the verifier goes through a callback once, and
	 * through an unrolled loop once per iteration and path.
	 */
	__u32 o;			/* dep_pack(): where the next string goes */
	__u64 walk[3];			/* fill_exe(): dentry, mount, vfsmount; fill_cgroup(), fill_dir(): node */
};


struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct dep_build);
} dep_scratch SEC(".maps");

/* This CPU's record in the making (the callbacks find it again here). */
static __always_inline struct dep_build *dep_build_get(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&dep_scratch, &zero);
}

/* (process, op, object) -> count/first/last; LRU so a storm cannot pin it. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct sa_dep_key);
	__type(value, struct sa_dep_val);
} dep_seen SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, SA_DS_MAX);
	__type(key, __u32);
	__type(value, __u64);
} dep_stats SEC(".maps");

/*
 * Skip: the owner reading /sys for its own model is neither a dependent nor
 * a cost to report; pins past their deadline (pin_ctl.bpf.h) record nothing.
 */
static __always_inline bool dep_skip(void)
{
	return (bpf_get_current_pid_tgid() >> 32) == self_tgid || sa_pin_expired();
}

static __always_inline void dep_count(__u32 which)
{
	__u64 *v = bpf_map_lookup_elem(&dep_stats, &which);

	if (v)
		(*v)++;
}

/*
 * Exec-time facts by tgid: the exec hook writes them, the exit hook
 * deletes them, every record reads its own.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct sa_exec_id);
} exec_ids SEC(".maps");

/*
 * A known key: count the hit, return true. A repeated hit costs one map
 * lookup and two adds. A new key is inserted by dep_commit() only once its
 * record is reserved: a full ring never loses a program for good.
 */
static __always_inline bool dep_known(struct sa_dep_key *key, __u64 now)
{
	struct sa_dep_val *v = bpf_map_lookup_elem(&dep_seen, key);

	if (!v)
		return false;
	__sync_fetch_and_add(&v->count, 1);
	v->last_ns = now;
	return true;
}

/* One level of fill_dir() (a bpf_loop() callback, see struct dep_build). */
static int dir_step(__u32 i, void *ctx)
{
	struct dep_build *b = dep_build_get();
	struct kernfs_node *kn, *up;
	__u32 n;
	long len;

	if (!b)
		return 1;
	kn = (void *)b->walk[0];
	n = b->r.ncomp;
	if (!kn || n >= SA_DEP_MAX_COMP)
		return 1;
	up = BPF_CORE_READ(kn, parent);
	if (!up)
		return 1;	/* the root: its name is not part of the path */
	len = bpf_probe_read_kernel_str(b->r.comp[n], SA_DEP_COMP_LEN, BPF_CORE_READ(kn, name));
	if (len == SA_DEP_COMP_LEN)
		b->r.flags |= SA_DEP_F_TRUNC_DIR;
	b->r.ncomp = n + 1;
	b->walk[0] = (__u64)up;
	return 0;
}

/* The directory chain of @kn, innermost first, without the root. */
static __always_inline void fill_dir(struct sa_dep_rec *r, struct kernfs_node *kn)
{
	struct dep_build *b = (struct dep_build *)r;

	r->ncomp = 0;
	b->walk[0] = (__u64)kn;
	bpf_loop(SA_DEP_MAX_COMP, dir_step, NULL, 0);
	kn = (void *)b->walk[0];
	if (r->ncomp == SA_DEP_MAX_COMP && kn && BPF_CORE_READ(kn, parent))
		r->flags |= SA_DEP_F_TRUNC_DIR;
}

/* Kernel-internal types whose fields our tinyconfig's BTF may lack (CO-RE flavours). */
struct css_set___sa {
	struct cgroup___sa *dfl_cgrp;
} __attribute__((preserve_access_index));
struct cgroup___sa {
	struct kernfs_node *kn;
} __attribute__((preserve_access_index));
struct task_struct___sa {
	struct css_set___sa *cgroups;
} __attribute__((preserve_access_index));

/* One step of fill_exe(): up one dentry, or across one mount (a bpf_loop() callback). */
static int exe_step(__u32 i, void *ctx)
{
	struct dep_build *b = dep_build_get();
	struct dentry *d, *up;
	struct mount *m, *mp, *none = NULL;
	struct vfsmount *vm;
	__u32 n;

	if (!b)
		return 1;
	d = (void *)b->walk[0];
	m = (void *)b->walk[1];
	vm = (void *)b->walk[2];
	if (d == BPF_CORE_READ(vm, mnt_root)) {
		mp = BPF_CORE_READ(m, mnt_parent);
		if (mp == m || !mp)
			return 1;	/* the namespace's root */
		b->walk[0] = (__u64)BPF_CORE_READ(m, mnt_mountpoint);
		b->walk[1] = (__u64)mp;
		b->walk[2] = (__u64)((void *)mp + bpf_core_field_offset(none->mnt));
		return 0;
	}
	up = BPF_CORE_READ(d, d_parent);
	if (up == d)
		return 1;
	n = b->r.nexe;
	if (n >= SA_DEP_EXE_COMP) {
		b->r.flags |= SA_DEP_F_EXE_TRUNC;
		return 1;
	}
	bpf_probe_read_kernel_str(b->r.exe[n], SA_DEP_COMP_LEN, BPF_CORE_READ(d, d_name.name));
	b->r.nexe = n + 1;
	b->walk[0] = (__u64)up;
	return 0;
}

/* The executable's path, innermost first, across mounts (mm->exe_file: what /proc/<pid>/exe names). */
static __always_inline void fill_exe(struct sa_dep_rec *r, struct task_struct *task)
{
	struct dep_build *b = (struct dep_build *)r;
	struct file *f = BPF_CORE_READ(task, mm, exe_file);
	struct mount *none = NULL;
	struct vfsmount *vm;

	r->nexe = 0;
	if (!f) {
		r->flags |= SA_DEP_F_NO_EXE;
		return;
	}
	r->exe_ino = BPF_CORE_READ(f, f_inode, i_ino);
	r->exe_dev = BPF_CORE_READ(f, f_inode, i_sb, s_dev);
	vm = BPF_CORE_READ(f, f_path.mnt);
	b->walk[0] = (__u64)BPF_CORE_READ(f, f_path.dentry);
	b->walk[1] = (__u64)((void *)vm - bpf_core_field_offset(none->mnt));
	b->walk[2] = (__u64)vm;
	bpf_loop(SA_DEP_EXE_COMP + 4, exe_step, NULL, 0);
}

/* One level of fill_cgroup() (a bpf_loop() callback). */
static int cg_step(__u32 i, void *ctx)
{
	struct dep_build *b = dep_build_get();
	struct kernfs_node *kn, *up;
	__u32 n;

	if (!b)
		return 1;
	kn = (void *)b->walk[0];
	n = b->r.ncg;
	if (!kn || !(up = BPF_CORE_READ(kn, parent)) || n >= SA_DEP_CG_COMP)
		return 1;
	bpf_probe_read_kernel_str(b->r.cg[n], SA_DEP_COMP_LEN, BPF_CORE_READ(kn, name));
	b->r.ncg = n + 1;
	b->walk[0] = (__u64)up;
	return 0;
}

/* The cgroup v2 path (systemd's unit is its innermost .service or .scope). */
static __always_inline void fill_cgroup(struct sa_dep_rec *r, struct task_struct *task)
{
	struct dep_build *b = (struct dep_build *)r;
	struct task_struct___sa *t = (void *)task;
	struct kernfs_node *kn;

	r->ncg = 0;
	if (!bpf_core_field_exists(t->cgroups))
		return;		/* no CONFIG_CGROUPS */
	b->walk[0] = (__u64)BPF_CORE_READ(t, cgroups, dfl_cgrp, kn);
	bpf_loop(SA_DEP_CG_COMP, cg_step, NULL, 0);
	kn = (void *)b->walk[0];
	if (kn && BPF_CORE_READ(kn, parent))
		r->flags |= SA_DEP_F_CG_TRUNC;
}

/* argv from the process's own memory (we run in its context). */
static __always_inline void fill_args(struct sa_dep_rec *r, struct task_struct *task)
{
	struct mm_struct *mm = BPF_CORE_READ(task, mm);
	unsigned long start, end, len;

	if (!mm)
		return;
	start = BPF_CORE_READ(mm, arg_start);
	end = BPF_CORE_READ(mm, arg_end);
	len = end > start ? end - start : 0;
	if (len > SA_DEP_ARGS_LEN - 1) {
		len = SA_DEP_ARGS_LEN - 1;
		r->flags |= SA_DEP_F_ARGS_TRUNC;
	}
	len &= SA_DEP_ARGS_LEN - 1;
	if (len && !bpf_probe_read_user(r->args, len, (void *)start))
		r->args_len = len;
}

static __always_inline __u32 ns_inum(void *ns_common_owner, __u64 off)
{
	unsigned int inum = 0;

	if (ns_common_owner)
		bpf_probe_read_kernel(&inum, sizeof(inum), ns_common_owner + off);
	return inum;
}

/*
 * A record with the current task's identity, built in this CPU's scratch
 * (NULL: no scratch). dep_commit() packs and sends it.
 */
static __always_inline struct sa_dep_rec *dep_reserve(const struct sa_dep_key *key, __u64 now)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();
	struct task_struct *parent, *leader;
	struct mnt_namespace *mnt_none = NULL;
	struct net *net_none = NULL;
	struct pid_namespace *pid_none = NULL;
	struct sa_exec_id *e;
	struct sa_dep_rec *r;
	__u64 id = bpf_get_current_pid_tgid();
	__u32 tgid = id >> 32, zero = 0;
	struct dep_build *b = bpf_map_lookup_elem(&dep_scratch, &zero);

	if (!b)
		return NULL;
	r = &b->r;
	/*
	 * Too big to clear whole: the numbers are cleared, strings are bounded
	 * by their counts (ncomp, nexe, ncg, args_len) or start empty.
	 */
	__builtin_memset(r, 0, __builtin_offsetof(struct sa_dep_rec, comm));
	r->name[0] = r->req[0] = r->script[0] = r->pcomm[0] = '\0';
	r->ts_ns = now;
	r->key = *key;
	r->pid = (__u32)id;
	r->tgid = tgid;
	r->uid = (__u32)bpf_get_current_uid_gid();
	r->dfd = -100;
	bpf_get_current_comm(r->comm, sizeof(r->comm));
	parent = BPF_CORE_READ(task, real_parent);
	r->ppid = BPF_CORE_READ(parent, tgid);
	bpf_probe_read_kernel_str(r->pcomm, sizeof(r->pcomm), &parent->comm);
	leader = BPF_CORE_READ(task, group_leader);
	r->start_ns = BPF_CORE_READ(leader, start_time);
	r->exec_id = BPF_CORE_READ(leader, self_exec_id);
	r->mntns = ns_inum(BPF_CORE_READ(task, nsproxy, mnt_ns),
			   bpf_core_field_offset(mnt_none->ns.inum));
	r->pidns = ns_inum(BPF_CORE_READ(task, nsproxy, pid_ns_for_children),
			   bpf_core_field_offset(pid_none->ns.inum));
	if (bpf_core_field_exists(task->nsproxy->net_ns))
		r->netns = ns_inum(BPF_CORE_READ(task, nsproxy, net_ns),
				   bpf_core_field_offset(net_none->ns.inum));
	fill_exe(r, task);
	fill_cgroup(r, task);
	fill_args(r, task);
	e = bpf_map_lookup_elem(&exec_ids, &tgid);
	if (e && (e->flags & SA_ID_F_SCRIPT) && e->start_ns == r->start_ns &&
	    e->exec_id == r->exec_id) {
		__builtin_memcpy(r->script, e->filename, sizeof(r->script));
		r->flags |= SA_DEP_F_SCRIPT;
	}
	return r;
}

/* Append the string @s (at most @size bytes) at @o of out[]; the offset after it. */
static __always_inline __u32 pack_str(struct dep_build *b, __u32 o, const char *s, __u32 size)
{
	long n;

	o &= SA_DEP_PACK_MAX - 1;
	n = bpf_probe_read_kernel_str(&b->out[o], size, s);
	if (n <= 0) {
		b->out[o] = '\0';
		n = 1;
	}
	return o + n;
}

/* Pack the @i-th string of a counted array (the bpf_loop() callbacks of dep_pack()). */
static __always_inline int pack_nth(__u32 i, __u32 count, __u32 max, char (*arr)[SA_DEP_COMP_LEN])
{
	struct dep_build *b = dep_build_get();

	if (!b || i >= count || i >= max)
		return 1;
	b->o = pack_str(b, b->o, arr[i], SA_DEP_COMP_LEN);
	return 0;
}

static int pack_comp(__u32 i, void *ctx)
{
	struct dep_build *b = dep_build_get();

	return b ? pack_nth(i, b->r.ncomp, SA_DEP_MAX_COMP, b->r.comp) : 1;
}

static int pack_exe(__u32 i, void *ctx)
{
	struct dep_build *b = dep_build_get();

	return b ? pack_nth(i, b->r.nexe, SA_DEP_EXE_COMP, b->r.exe) : 1;
}

static int pack_cg(__u32 i, void *ctx)
{
	struct dep_build *b = dep_build_get();

	return b ? pack_nth(i, b->r.ncg, SA_DEP_CG_COMP, b->r.cg) : 1;
}

/* Pack b->r into b->out (the layout is in dep_records.h); its size. */
static __always_inline __u32 dep_pack(struct dep_build *b)
{
	struct sa_dep_rec *r = &b->r;
	__u32 o = SA_DEP_FIXED, len;

	o = pack_str(b, o, r->comm, sizeof(r->comm));
	o = pack_str(b, o, r->pcomm, sizeof(r->pcomm));
	b->o = pack_str(b, o, r->name, sizeof(r->name));
	bpf_loop(SA_DEP_MAX_COMP, pack_comp, NULL, 0);
	b->o = pack_str(b, b->o, r->req, sizeof(r->req));
	bpf_loop(SA_DEP_EXE_COMP, pack_exe, NULL, 0);
	bpf_loop(SA_DEP_CG_COMP, pack_cg, NULL, 0);
	o = pack_str(b, b->o, r->script, sizeof(r->script));
	o &= SA_DEP_PACK_MAX - 1;
	len = r->args_len & (SA_DEP_ARGS_LEN - 1);
	if (len && bpf_probe_read_kernel(&b->out[o], len, r->args))
		len = 0;
	r->args_len = len;	/* the reader checks it against what is left */
	o += len;
	/* Who started the process (F_ANC_*); the largest record leaves room for it. */
	len = r->anc_args_len & (SA_DEP_ARGS_LEN - 1);
	if (o > SA_DEP_PACK_MAX - SA_DEP_ARGS_LEN)
		len = 0;
	if (len && bpf_probe_read_kernel(&b->out[o & (SA_DEP_PACK_MAX - 1)], len, r->anc_args))
		len = 0;
	r->anc_args_len = len;
	__builtin_memcpy(b->out, r, SA_DEP_FIXED);
	return o + len;
}

/* Process levels above a recording one searched for the nearest exec'd ancestor. */
#define SA_ANCESTORS	3

/*
 * A record's nearest exec'd ancestor (the first above it with an exec
 * entry of the same exec: a forked subshell has none), within
 * SA_ANCESTORS levels, or NULL; the task into *@tp.
 */
static __always_inline struct sa_exec_id *exec_ancestor(struct task_struct **tp)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();
	struct sa_exec_id *e;
	__u32 tgid;

	t = BPF_CORE_READ(t, group_leader);
#pragma unroll
	for (int i = 0; i < SA_ANCESTORS; i++) {
		t = BPF_CORE_READ(t, real_parent, group_leader);
		if (!t)
			return NULL;
		tgid = BPF_CORE_READ(t, tgid);
		if (tgid <= 1)
			return NULL;
		e = bpf_map_lookup_elem(&exec_ids, &tgid);
		if (e && e->start_ns == BPF_CORE_READ(t, start_time) &&
		    e->exec_id == BPF_CORE_READ(t, self_exec_id)) {
			*tp = t;
			return e;
		}
	}
	return NULL;
}

/*
 * Who started the process, for every record but a uevent read's (which
 * keeps it in req[]: fill_ancestor_script()), into anc_args[]
 * (SA_DEP_F_ANC_IN_ARGS): the #! script of its nearest exec'd ancestor,
 * or that ancestor's executable name and argv, for userspace to find the
 * operand of a shell. Read now, while the ancestor runs: `cat FILE` in a
 * script is the script's lookup, and the script has often exited by the
 * time the record is read. A process that runs a #! script of its own
 * needs none.
 */
static __always_inline void fill_ancestor_args(struct sa_dep_rec *r)
{
	struct task_struct *t = NULL;
	struct sa_exec_id *e;
	__u32 len;
	long n;

	if (r->flags & SA_DEP_F_SCRIPT)
		return;
	e = exec_ancestor(&t);
	if (!e || !t)
		return;
	if (e->flags & SA_ID_F_SCRIPT) {
		n = bpf_probe_read_kernel_str(r->anc_args, SA_DEP_EXE_LEN, e->filename);
		if (n <= 1 || n > SA_DEP_EXE_LEN)
			return;
		r->anc_args_len = n;
		r->flags |= SA_DEP_F_ANC_SCRIPT | SA_DEP_F_ANC_IN_ARGS;
		return;
	}
	n = bpf_probe_read_kernel_str(r->anc_args, SA_DEP_COMP_LEN,
				      BPF_CORE_READ(t, mm, exe_file, f_path.dentry, d_name.name));
	if (n <= 1 || n > SA_DEP_COMP_LEN)
		return;
	len = e->args_len;
	if (len > SA_DEP_ARGS_LEN - 1 - SA_DEP_COMP_LEN)
		len = SA_DEP_ARGS_LEN - 1 - SA_DEP_COMP_LEN;
	if (!len || bpf_probe_read_kernel(&r->anc_args[n], len, e->args))
		return;
	r->anc_args_len = n + len;
	r->flags |= SA_DEP_F_ANC_ARGV | SA_DEP_F_ANC_IN_ARGS;
}

/*
 * Send @r packed and insert the new @key (count 1). Room on the ring comes
 * first: a full ring keeps the key unknown, so the next hit retries. Another
 * CPU may have inserted the key meanwhile: then the hit is counted there.
 */
static __always_inline void dep_commit(struct sa_dep_rec *r, struct sa_dep_key *key, __u64 now)
{
	struct dep_build *b = (struct dep_build *)r;
	struct sa_dep_val nv = { .count = 1, .first_ns = now, .last_ns = now };
	struct bpf_dynptr ptr;
	__u32 size;
	long err;

	if (r->op != SA_DEP_OP_READ_UEVENT)
		fill_ancestor_args(r);
	size = dep_pack(b);

	if (size > SA_DEP_PACK_MAX)
		size = SA_DEP_PACK_MAX;
	if (bpf_ringbuf_reserve_dynptr(&dep_events, size, 0, &ptr)) {
		bpf_ringbuf_discard_dynptr(&ptr, 0);	/* the verifier wants it released */
		dep_count(SA_DS_LOST);
		return;
	}
	/* The key from the stack: a map key may not live in ring buffer memory. */
	err = bpf_map_update_elem(&dep_seen, key, &nv, BPF_NOEXIST);
	if (err == -17 /* EEXIST */) {
		dep_known(key, now);
		bpf_ringbuf_discard_dynptr(&ptr, 0);
		return;
	}
	if (err)
		dep_count(SA_DS_MAP_FULL);	/* recorded, but its later hits are not counted */
	if (bpf_dynptr_write(&ptr, 0, b->out, size, 0)) {
		bpf_ringbuf_discard_dynptr(&ptr, 0);
		dep_count(SA_DS_LOST);
		return;
	}
	bpf_ringbuf_submit_dynptr(&ptr, 0);
	dep_count(SA_DS_RECORDS);
}

#endif
