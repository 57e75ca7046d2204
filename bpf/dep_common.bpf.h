/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * What lookups.bpf.c and listeners.bpf.c share: the ring buffer, the
 * de-duplication map, the counters, and the record's identity fields. Each
 * BPF object that includes this gets its own instances (one skeleton each).
 */
#ifndef SYSFS_AUDIT_DEP_COMMON_BPF_H
#define SYSFS_AUDIT_DEP_COMMON_BPF_H

#include "dep_records.h"

/* The tracer's own tgid: its model of /sys is not a dependency. */
const volatile __u32 self_tgid = 0;

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);
} dep_events SEC(".maps");

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

/* The tracer reading /sys for its own model is neither a dependent nor a cost to report. */
static __always_inline bool dep_self(void)
{
	return (bpf_get_current_pid_tgid() >> 32) == self_tgid;
}

static __always_inline void dep_count(__u32 which)
{
	__u64 *v = bpf_map_lookup_elem(&dep_stats, &which);

	if (v)
		(*v)++;
}

/*
 * Count a hit on @key. Returns true when the key is new: the caller then
 * emits one ring record. A repeated hit costs one map lookup and two adds.
 */
static __always_inline bool dep_hit(struct sa_dep_key *key, __u64 now)
{
	struct sa_dep_val *v, nv = { .count = 1, .first_ns = now, .last_ns = now };
	long err;

	v = bpf_map_lookup_elem(&dep_seen, key);
	if (v) {
		__sync_fetch_and_add(&v->count, 1);
		v->last_ns = now;
		return false;
	}
	err = bpf_map_update_elem(&dep_seen, key, &nv, BPF_NOEXIST);
	if (err == -17 /* EEXIST: another CPU won the race */) {
		v = bpf_map_lookup_elem(&dep_seen, key);
		if (v) {
			__sync_fetch_and_add(&v->count, 1);
			v->last_ns = now;
		}
		return false;
	}
	if (err) {
		dep_count(SA_DS_MAP_FULL);
		return false;
	}
	return true;
}

/* Reserve a zeroed record with the current task's identity, or NULL. */
static __always_inline struct sa_dep_rec *dep_reserve(const struct sa_dep_key *key, __u64 now)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();
	struct task_struct *parent;
	struct sa_dep_rec *r;
	__u64 id = bpf_get_current_pid_tgid();

	r = bpf_ringbuf_reserve(&dep_events, sizeof(*r), 0);
	if (!r) {
		dep_count(SA_DS_LOST);
		return NULL;
	}
	__builtin_memset(r, 0, sizeof(*r));
	r->ts_ns = now;
	r->key = *key;
	r->pid = (__u32)id;
	r->tgid = id >> 32;
	r->uid = (__u32)bpf_get_current_uid_gid();
	r->dfd = -100;
	bpf_get_current_comm(r->comm, sizeof(r->comm));
	parent = BPF_CORE_READ(task, real_parent);
	r->ppid = BPF_CORE_READ(parent, tgid);
	bpf_probe_read_kernel_str(r->pcomm, sizeof(r->pcomm), &parent->comm);
	return r;
}

static __always_inline void dep_submit(struct sa_dep_rec *r)
{
	bpf_ringbuf_submit(r, 0);
	dep_count(SA_DS_RECORDS);
}

#endif
