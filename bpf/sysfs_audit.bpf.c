// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * sysfs-audit: for every device uevent, reconstruct what the deprecated
 * sysfs layout (CONFIG_SYSFS_DEPRECATED, removed by the 2010 seed patch)
 * would have produced. See docs/design.md for the rules and their sources.
 *
 * Four entry points share one handler; the loader picks the best one the
 * running kernel offers: the kobject:kobject_uevent tracepoint of our
 * mainline series (sysfs_audit:sysfs_audit_uevent, the same record, on the
 * patched 6.1 kernel), fexit on dev_uevent(), or a kprobe/kretprobe pair
 * on it.
 *
 * A device's record (its legacy view: everything but the event's own
 * header fields) is built once and kept in a cache keyed by its kobject;
 * every event that is not a "change" invalidates the whole cache (a
 * generation), since an add, remove, move (rename), bind or unbind can
 * change the view of the device and of its children. A storm of "change"
 * events then costs a lookup and one copy per event instead of a walk of
 * the parent chain with ~90 probe reads.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "sysfs_audit.h"
#include "pin_ctl.bpf.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/* Wake the consumer only when this much is pending (else: timer drain). */
const volatile __u64 wakeup_bytes = 1 << 20;
/* Count uevents and record nothing: the cost floor of the hook (bench). */
const volatile bool count_only = false;
/*
 * Set by the loader when a trace ends: the counters are final at once,
 * while detaching (an RCU-tasks grace period for fexit, seconds under a
 * busy storm) can wait until the summary is out.
 */
bool stopped = false;
/* The most data ever pending on the ring (bytes): what the default size must hold. */
__u64 ring_hwm = 0;
/* The cache's generation: a cached record is valid only if built in this one. */
__u64 generation = 0;
/* When it last moved (bpf_ktime_get_ns()): the loader orders lookups by it. */
__u64 generation_ns = 0;
/* The devices kset, learned from its name the first time: a pointer test after. */
__u64 devices_kset = 0;

/*
 * The pins' format (SA_PIN_FORMAT, loader/pin.h), written by `boot --start`
 * before it pins: a recorder of another build refuses what it cannot read.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} pin_stamp SEC(".maps");

/* Sized by the loader (--buffer) before load. */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 16 << 20);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, SA_STAT_MAX);
	__type(key, __u32);
	__type(value, __u64);
} stats SEC(".maps");

/*
 * The cache of built records, keyed by the device's kobject (struct
 * sa_cached). Entries are replaced whole (bpf_map_update_elem()); a reader
 * that copies an entry while another CPU refills it sees the stamp change
 * and rebuilds (stamp first in the value, checked before and after the
 * copy).
 */
#define SA_CACHE_DEVS	4096

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, SA_CACHE_DEVS);
	__type(key, __u64);
	__type(value, struct sa_cached);
} cache SEC(".maps");

/* Room for a record's strings past SA_REC_MAX, so masked offsets verify. */
#define SA_REC_BUF	(2 * SA_REC_MAX)

/*
 * The chain walk's working set and the record being packed; too large for
 * the 512-byte stack. The record is built here and copied to the ring
 * buffer with its real size (bpf_ringbuf_reserve() takes constants only).
 */
struct walk {
	struct device *dev[SA_MAX_CHAIN];
	const void *class[SA_MAX_CHAIN];
	const void *bus[SA_MAX_CHAIN];		/* as the legacy layout saw it */
	__u8 block[SA_MAX_CHAIN];		/* class "block" */
	__u8 part[SA_MAX_CHAIN];		/* device_type "partition" */
	__u8 card[SA_MAX_CHAIN];		/* a sound card's own device */
	__u8 need[SA_MAX_CHAIN];		/* its legacy path is printed */
	const char *kv[SA_S_DEVNAME + 1];	/* the environment's values */
	void *envp;				/* read_env(): the environment's array */
	int nenv;				/* and its length */
	struct device *cur;			/* build(): the chain walk's next device */
	int cursor;				/* a bpf_loop() walk's node up the legacy chain */
	__u32 off;				/* where the next string goes */
	int action;				/* the event's, kept out of registers */
	struct sa_cached fill;			/* a new cache entry */
	union {
		struct sa_rec r;
		char buf[SA_REC_BUF];
	} out;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct walk);
} scratch SEC(".maps");

/* kprobe mode: dev_uevent()'s arguments, from entry to return. */
struct args {
	struct kobject *kobj;
	struct kobj_uevent_env *env;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u64);
	__type(value, struct args);
} inflight SEC(".maps");

#define MASK(i) ((i) & (SA_MAX_CHAIN - 1))

static __always_inline void count(__u32 which)
{
	__u64 *v = bpf_map_lookup_elem(&stats, &which);

	if (v)
		(*v)++;
}

/*
 * Append a kernel string of at most @size bytes to the record and return
 * its offset; flag it when it did not fit. The write offset lives in the
 * map value, not in a register: the verifier then sees an unknown bounded
 * offset at every call and prunes, instead of exploring every combination
 * of string lengths through the loops.
 */
static __always_inline __u16 put_str(struct walk *w, __u32 size, const char *src, __u32 bit)
{
	__u32 o = *(volatile __u32 *)&w->off;	/* a load the compiler keeps */
	long n;
	char c = 0;

	if (!src || o >= SA_REC_MAX)
		return 0;
	o &= SA_REC_MAX - 1;
	n = bpf_probe_read_kernel_str(&w->out.buf[o], size, src);
	if (n <= 0) {
		w->out.buf[o] = '\0';	/* unreadable: an empty string */
		n = 1;
	} else if (n == size) {
		bpf_probe_read_kernel(&c, 1, src + size - 1);
		if (c)
			w->out.r.trunc |= bit;
	}
	w->off = o + n;
	return o;
}

/*
 * The first 8 bytes of a kernel string, zero after its end, for cheap
 * comparisons with S8() constants. A _str read would stop at 7 characters.
 */
static __always_inline __u64 str8(const char *s)
{
	__u64 v = 0, z;

	if (!s)
		return 0;
	if (bpf_probe_read_kernel(&v, sizeof(v), s)) {
		/* The string may end right before an unmapped page. */
		v = 0;
		bpf_probe_read_kernel_str(&v, sizeof(v), s);
		return v;
	}
	/*
	 * Zero every byte from the first NUL on, without a loop: z has the
	 * high bit of each zero byte set (exact for the lowest one, which is
	 * all that is used), and the bytes below it are kept. One branch for
	 * the verifier where a loop with a break gave it nine paths, in every
	 * caller.
	 */
	z = (v - 0x0101010101010101ULL) & ~v & 0x8080808080808080ULL;
	if (z)
		v &= ((z & -z) >> 7) - 1;
	return v;
}

/* A little-endian 8-byte string constant: same layout as str8(). */
#define S8(a, b, c, d, e, f, g, h)					\
	((__u64)(a) | (__u64)(b) << 8 | (__u64)(c) << 16 | (__u64)(d) << 24 | \
	 (__u64)(e) << 32 | (__u64)(f) << 40 | (__u64)(g) << 48 | (__u64)(h) << 56)

static __always_inline int action_from(const char *s)
{
	__u64 v = str8(s);

	switch (v) {
	case S8('a', 'd', 'd', 0, 0, 0, 0, 0): return 0;
	case S8('r', 'e', 'm', 'o', 'v', 'e', 0, 0): return 1;
	case S8('c', 'h', 'a', 'n', 'g', 'e', 0, 0): return 2;
	case S8('m', 'o', 'v', 'e', 0, 0, 0, 0): return 3;
	case S8('o', 'n', 'l', 'i', 'n', 'e', 0, 0): return 4;
	case S8('o', 'f', 'f', 'l', 'i', 'n', 'e', 0): return 5;
	case S8('b', 'i', 'n', 'd', 0, 0, 0, 0): return 6;
	case S8('u', 'n', 'b', 'i', 'n', 'd', 0, 0): return 7;
	}
	return SA_ACTION_UNKNOWN;
}

static __always_inline char **env_vars(struct kobj_uevent_env *env)
{
	return (void *)env + bpf_core_field_offset(struct kobj_uevent_env, envp);
}

/*
 * Pick ACTION, DEVPATH, SUBSYSTEM and DEVNAME out of the environment. The
 * strings are copied after the loop, so the loop has no string to verify.
 */
/*
 * One variable of read_env()'s environment. A bpf_loop() callback, as the
 * chain walk's steps 1 and 5 are: the verifier goes through a callback
 * once, where it went through an unrolled loop's body once per iteration
 * and path, so the program verifies in a fraction of the instructions and
 * boot --start loads it in a fraction of the time (docs/performance.md).
 */
static int env_var(__u32 i, void *ctx)
{
	__u32 zero = 0;
	struct walk *w = bpf_map_lookup_elem(&scratch, &zero);
	const char *kv = NULL;
	__u64 k;

	if (!w || i >= w->nenv)
		return 1;
	bpf_probe_read_kernel(&kv, sizeof(kv), (char **)w->envp + (i & 15));
	k = str8(kv);
	if ((k & 0x00ffffffffffffffULL) == S8('A', 'C', 'T', 'I', 'O', 'N', '=', 0)) {
		if (w->out.r.action == SA_ACTION_UNKNOWN)
			w->out.r.action = action_from(kv + 7);
	} else if (k == S8('D', 'E', 'V', 'P', 'A', 'T', 'H', '=')) {
		w->kv[SA_S_DEVPATH] = kv + 8;
	} else if (k == S8('S', 'U', 'B', 'S', 'Y', 'S', 'T', 'E')) {
		w->kv[SA_S_SUBSYS] = kv + 10;
	} else if (k == S8('D', 'E', 'V', 'N', 'A', 'M', 'E', '=')) {
		w->kv[SA_S_DEVNAME] = kv + 8;
	}
	return 0;
}

static __always_inline void read_env(struct kobj_uevent_env *env, struct walk *w)
{
	struct sa_rec *r = &w->out.r;

	w->kv[SA_S_DEVPATH] = w->kv[SA_S_SUBSYS] = w->kv[SA_S_DEVNAME] = NULL;
	w->envp = env_vars(env);
	w->nenv = BPF_CORE_READ(env, envp_idx);
	bpf_loop(16, env_var, NULL, 0);
	r->str[SA_S_DEVPATH] = put_str(w, SA_PATH_LEN, w->kv[SA_S_DEVPATH], SA_T_DEVPATH);
	r->str[SA_S_SUBSYS] = put_str(w, SA_SUBSYS_LEN, w->kv[SA_S_SUBSYS], SA_T_SUBSYS);
	r->str[SA_S_DEVNAME] = put_str(w, SA_NAME_LEN, w->kv[SA_S_DEVNAME], SA_T_DEVNAME);
}

#include "legacy_chain.bpf.h"

/* Every event but "change" may alter the view of a device or of its children. */
static __always_inline void invalidate(void)
{
	__sync_fetch_and_add(&generation, 1);
	generation_ns = bpf_ktime_get_ns();
}

/* sa_rec.flags of the event itself; the others describe the device. */
#define SA_F_EVENT	(SA_F_SEQNUM | SA_F_SENT)

/* The event's own fields of a record header whose device part is ready. */
static __always_inline void set_event(struct sa_rec *e, __u64 seqnum, int ret, int source,
				      int action, __u32 size)
{
	e->seqnum = seqnum;
	e->ts_ns = bpf_ktime_get_ns();
	e->ret = ret;
	e->flags = (e->flags & ~SA_F_EVENT) | (source == SA_SRC_TRACEPOINT ? SA_F_SEQNUM : 0) |
		   (ret ? 0 : SA_F_SENT);
	e->action = action;
	e->source = source;
	e->size = size;
}

/* Data pending on the ring once @size more is in; tracks the high-water mark. */
static __always_inline __u64 ring_pending(__u32 size)
{
	__u64 pending = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA) + size;

	if (pending > ring_hwm)
		ring_hwm = pending;
	return pending;
}

/*
 * The device's record was built in an earlier event of this generation:
 * send a reference to it (its header with SA_F_REF, then the struct
 * sa_ref of its build), 64 bytes instead of the record's hundreds; the
 * loader has the record from the build's own event, or reads it from the
 * cache. True when it was sent or lost; false when there is none, or it
 * was being replaced meanwhile (the stamp changed during the copy): build.
 */
static __always_inline bool emit_cached(struct walk *w, __u64 key, __u64 gen, __u64 seqnum,
					int ret, int source)
{
	struct sa_cached *c = bpf_map_lookup_elem(&cache, &key);
	struct sa_rec *e = &w->out.r;
	__u32 size = sizeof(*e) + sizeof(struct sa_ref);
	__u64 stamp, pending;

	if (!c)
		return false;
	stamp = *(volatile __u64 *)&c->stamp;
	if (c->gen != gen)
		return false;
	__builtin_memcpy(e, c->rec, sizeof(*e));
	if (!(e->flags & SA_F_CACHED) || *(volatile __u64 *)&c->stamp != stamp)
		return false;
	set_event(e, seqnum, ret, source, w->action, size);
	e->flags |= SA_F_REF;
	/* struct sa_ref, in two 8-byte stores (the key is a typed pointer). */
	*(__u64 *)(w->out.buf + sizeof(*e)) = key;
	*(__u64 *)(w->out.buf + sizeof(*e) + 8) = stamp;
	pending = ring_pending(size);
	if (bpf_ringbuf_output(&events, w->out.buf, size,
			       pending >= wakeup_bytes ? BPF_RB_FORCE_WAKEUP : BPF_RB_NO_WAKEUP))
		count(SA_STAT_LOST);
	else
		count(SA_STAT_EMITTED);
	return true;
}

/*
 * Keep the record just built for the device's next events: it ends with
 * the struct sa_ref of this build, which their references repeat.
 */
static __always_inline void cache_put(struct walk *w, __u64 key, __u64 gen)
{
	__u64 stamp = bpf_ktime_get_ns();
	__u32 size = *(volatile __u32 *)&w->off;
	int i;

	if (size > SA_CACHE_REC - sizeof(struct sa_ref) - 8)
		return;
	/*
	 * The sa_ref goes on an 8-byte boundary, in two 8-byte stores (the
	 * key is a typed pointer: no byte-wise copy of it), after zeroes.
	 */
	for (i = 0; i < 8; i++)
		w->out.buf[size + i] = 0;
	size = (size + 7) & ~7U;
	*(__u64 *)(w->out.buf + size) = key;
	*(__u64 *)(w->out.buf + size + 8) = stamp;
	w->out.r.flags |= SA_F_CACHED;
	size += sizeof(struct sa_ref);
	w->out.r.size = size;	/* whole as the loader may read it from the map */
	w->off = size;
	w->fill.stamp = stamp;
	w->fill.gen = gen;
	w->fill.size = size;
	w->fill.pad = 0;
	if (bpf_probe_read_kernel(w->fill.rec, size, w->out.buf))
		return;
	bpf_map_update_elem(&cache, &key, &w->fill, BPF_ANY);
}

/*
 * The first variable of a dev_uevent() environment: a BTF-typed argument
 * (tp_btf, fexit) is read with plain loads, a kprobe's with probe reads.
 */
static __always_inline const char *first_var(struct kobj_uevent_env *env, bool btf)
{
	const char *kv = NULL;

	if (btf) {
		if (env->envp_idx < 1)
			return NULL;
		return env->envp[0];
	}
	if (BPF_CORE_READ(env, envp_idx) < 1)
		return NULL;
	bpf_probe_read_kernel(&kv, sizeof(kv), env_vars(env));
	return kv;
}

/*
 * Build the device's record into w->out: its legacy view and the
 * environment's strings, everything but the event's own header fields.
 */
static __always_inline void build(struct walk *w, struct kobject *kobj,
				  struct kobj_uevent_env *env)
{
	struct sa_rec *e = &w->out.r;
	int n, i, q;

	e->flags = 0;
	e->trunc = 0;
	e->physdev = -1;
	e->devlink = -1;
	e->links = 0;
	e->pad = 0;
	e->pad2[0] = e->pad2[1] = 0;
	for (i = 0; i < SA_S_MAX; i++)
		e->str[i] = 0;

	/* 1. The parent chain: pointers and the few facts the rules test. */
	w->cur = (void *)kobj - bpf_core_field_offset(struct device, kobj);
	e->nchain = 0;
	bpf_loop(SA_MAX_CHAIN, chain_node, NULL, 0);
	n = e->nchain;
	if (n > SA_MAX_CHAIN)
		n = SA_MAX_CHAIN;
	if (w->cur)
		e->trunc |= SA_T_CHAIN;

	/* The strings follow the nodes that are sent. */
	w->off = sizeof(*e) + n * sizeof(e->node[0]);
	read_env(env, w);
	if (!n)
		return;

	/* 2. Legacy parent and kind of every node (no memory reads). */
	bpf_loop(SA_MAX_CHAIN, node_kind, NULL, 0);

	/* 3. PHYSDEV keys (dev_uevent() under CONFIG_SYSFS_DEPRECATED). */
	if (w->class[0]) {
		e->flags |= SA_F_CLASS;
		w->cursor = e->node[0].lparent;
		bpf_loop(SA_MAX_CHAIN, bus_step, NULL, 0);
		q = w->cursor;
		if (q >= 0 && w->bus[MASK(q)]) {
			e->physdev = q;
			e->flags |= SA_F_PHYSPATH;
			need_path(w, q);
		}
	} else {
		q = w->bus[0] ? 0 : -1;
		e->physdev = q;
	}
	if (e->physdev >= 0 && e->node[0].kind != SA_K_NONE) {
		struct device *pd = w->dev[MASK(e->physdev)];
		const struct bus_type *b = w->bus[MASK(e->physdev)];
		struct device_driver *drv = BPF_CORE_READ(pd, driver);

		e->str[SA_S_BUS] = put_str(w, SA_BUS_LEN, BPF_CORE_READ(b, name), SA_T_BUS);
		e->flags |= SA_F_PHYSBUS;
		if (drv) {
			e->str[SA_S_DRIVER] = put_str(w, SA_DRIVER_LEN, BPF_CORE_READ(drv, name),
						      SA_T_DRIVER);
			e->flags |= SA_F_PHYSDRV;
		}
	} else {
		e->flags &= ~SA_F_PHYSPATH;
	}

	/* 4. Links (device_add_class_symlinks(), make_deprecated_bus_links()). */
	if (e->node[0].kind != SA_K_NONE) {
		need_path(w, 0);
		if (w->class[0] && !w->part[0]) {
			int lp = e->node[0].lparent;

			if (!w->block[0] && e->node[0].kind == SA_K_CHILD)
				e->links |= SA_L_CLASSDIR;
			if (lp >= 0) {
				int t;

				w->cursor = lp;
				bpf_loop(SA_MAX_CHAIN, devlink_step, NULL, 0);
				t = MASK(w->cursor);
				e->devlink = t;
				e->links |= SA_L_DEVICE | SA_L_CLASSNAME;
				need_path(w, t);
				need_path(w, lp);
			}
		}
		if (w->bus[0]) {
			const struct bus_type *b = w->bus[0];

			e->links |= SA_L_BUS;
			e->str[SA_S_OWNBUS] = put_str(w, SA_BUS_LEN, BPF_CORE_READ(b, name),
						      SA_T_OWNBUS);
		}
	}

	/* 5. Only now read the strings the printed paths use. */
	bpf_loop(SA_MAX_CHAIN, node_strings, NULL, 0);
}

static __always_inline int handle(struct kobject *kobj, struct kobj_uevent_env *env,
				  int action, __u64 seqnum, int ret, int source, bool btf)
{
	__u64 pending, gen, key = (__u64)kobj;
	__u32 zero = 0, size;
	struct walk *w;
	struct sa_rec *e;

	if (stopped || sa_pin_expired())
		return 0;
	w = bpf_map_lookup_elem(&scratch, &zero);
	if (!w)
		return 0;
	/*
	 * dev_uevent() also runs when someone reads a device's "uevent" file
	 * (uevent_show()); that environment has no ACTION and is no event.
	 * kobject_uevent_env() always puts ACTION first.
	 */
	/* The tracepoint always knows the action: no branch for the verifier. */
	if (source != SA_SRC_TRACEPOINT && action == SA_ACTION_UNKNOWN) {
		const char *kv = first_var(env, btf);

		if ((str8(kv) & 0x00ffffffffffffffULL) != S8('A', 'C', 'T', 'I', 'O', 'N', '=', 0)) {
			count(SA_STAT_SKIPPED);
			return 0;
		}
		action = action_from(kv + 7);
	}
	if (action != KOBJ_CHANGE)
		invalidate();
	/*
	 * From here the action lives in the scratch map, not in a register:
	 * the verifier's states for a change and for any other action then
	 * prune as one through the walk (on 6.1 the tracepoint program went
	 * past a million instructions otherwise).
	 */
	w->action = action;
	count(SA_STAT_SEEN);
	if (count_only)
		return 0;

	/* Read before building: an invalidation meanwhile makes the entry stale. */
	gen = generation;
	if (emit_cached(w, key, gen, seqnum, ret, source))
		return 0;
	e = &w->out.r;
	build(w, kobj, env);
	cache_put(w, key, gen);

	size = *(volatile __u32 *)&w->off;
	if (size > SA_REC_MAX)
		size = SA_REC_MAX;
	set_event(e, seqnum, ret, source, w->action, size);
	pending = ring_pending(size);
	if (bpf_ringbuf_output(&events, w->out.buf, size,
			       pending >= wakeup_bytes ? BPF_RB_FORCE_WAKEUP : BPF_RB_NO_WAKEUP)) {
		count(SA_STAT_LOST);
		return 0;
	}
	count(SA_STAT_EMITTED);
	return 0;
}

/* Devices only: their kset is devices_kset, named "devices" (BTF-typed loads). */
static __always_inline bool is_device(struct kobject *kobj)
{
	struct kset *kset = kobj->kset;

	if (!kset)
		return false;
	if ((__u64)kset == devices_kset)
		return true;
	if (str8(kset->kobj.name) != S8('d', 'e', 'v', 'i', 'c', 'e', 's', 0))
		return false;
	devices_kset = (__u64)kset;
	return true;
}

/* A kobject_uevent_env() call, seen by the tracepoint. */
static __always_inline int on_uevent(struct kobject *kobj, int action,
				     struct kobj_uevent_env *env, __u64 seqnum, int ret)
{
	/*
	 * The tracepoint fires for every call of kobject_uevent_env(); one
	 * without a SEQNUM never reached userspace (suppressed, filtered, or
	 * failed before a SEQNUM was assigned) and may have no env at all.
	 * A suppressed bind still changes what the next events show.
	 */
	if (!seqnum) {
		if (action != KOBJ_CHANGE)
			invalidate();
		count(SA_STAT_SKIPPED);
		return 0;
	}
	/*
	 * env is NULL only where no SEQNUM was taken; the check is for the
	 * verifier, to which the mainline event (v5) declares that env may be
	 * NULL (raw_tp_null_args[] in kernel/bpf/btf.c).
	 */
	if (!env || !is_device(kobj)) {
		count(SA_STAT_SKIPPED);
		return 0;
	}
	return handle(kobj, env, action, seqnum, ret, SA_SRC_TRACEPOINT, true);
}

/*
 * Our series' tracepoint (v3): every call of kobject_uevent_env(), with the
 * SEQNUM it consumed, where it ended (stage) and the error there. Fired
 * before the uevent helper may take env, so env is what netlink delivered.
 * Injected uevents are another event (kobject_uevent_injected): they have
 * no kobject to reconstruct a legacy layout from.
 */
SEC("tp_btf/kobject_uevent")
int BPF_PROG(on_tracepoint, struct kobject *kobj, int action, struct kobj_uevent_env *env,
	     __u64 seqnum, int stage, int ret)
{
	return on_uevent(kobj, action, env, seqnum, ret);
}

/*
 * The same tracepoint as the local 6.1 series names it (kernel/
 * patches-local-6.1/): sysfs_audit:sysfs_audit_uevent has the record of
 * kobject:kobject_uevent under a system of its own, so that it cannot
 * collide with what mainline merges. The loader attaches whichever of the
 * two the kernel has.
 */
SEC("tp_btf/sysfs_audit_uevent")
int BPF_PROG(on_tracepoint_local, struct kobject *kobj, int action, struct kobj_uevent_env *env,
	     __u64 seqnum, int stage, int ret)
{
	return on_uevent(kobj, action, env, seqnum, ret);
}

SEC("fexit/dev_uevent")
int BPF_PROG(on_fexit, struct kobject *kobj, struct kobj_uevent_env *env, int ret)
{
	return handle(kobj, env, SA_ACTION_UNKNOWN, 0, ret, SA_SRC_FEXIT, true);
}

SEC("kprobe/dev_uevent")
int BPF_KPROBE(on_kprobe, struct kobject *kobj, struct kobj_uevent_env *env)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct args a = { .kobj = kobj, .env = env };

	bpf_map_update_elem(&inflight, &id, &a, BPF_ANY);
	return 0;
}

SEC("kretprobe/dev_uevent")
int BPF_KRETPROBE(on_kretprobe, int ret)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct args *a = bpf_map_lookup_elem(&inflight, &id);

	if (!a)
		return 0;
	handle(a->kobj, a->env, SA_ACTION_UNKNOWN, 0, ret, SA_SRC_KPROBE, false);
	bpf_map_delete_elem(&inflight, &id);
	return 0;
}
