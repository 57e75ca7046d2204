// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * bpfcmp: what BPF can see of uevents without the kobject tracepoints
 * (issue 29). One program per hook a tool could use on a stock kernel,
 * plus the tracepoints of our series for reference; each firing becomes a
 * record of what the hook was given (bpfcmp.h), and bpfcmp.c prints them.
 * Nothing is filtered here but the uevent socket: deciding which event a
 * record belongs to is the test's business.
 *
 * The loader attaches what it can and reports the error for the rest:
 * lib/ is built without the ftrace flags, so on most kernels the
 * kobject_uevent.c hooks below cannot attach at all. That is part of the
 * measurement, not a failure.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "bpfcmp.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4 << 20);
} events SEC(".maps");

/* A record is too large for the 512-byte stack. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bpfcmp_rec);
} scratch SEC(".maps");

/* Records the ring buffer had no room for (bpfcmp.c reports them). */
__u64 lost = 0;

/*
 * The uevent helper's cleanup callback: a subprocess_info that has it
 * carries the event's kobj_uevent_env as its data. Weak: kernels without
 * CONFIG_UEVENT_HELPER have no such function (its address is then 0).
 */
extern const void cleanup_uevent_env __ksym __weak;

static __always_inline struct bpfcmp_rec *rec_new(enum bpfcmp_hook hook)
{
	__u32 zero = 0;
	struct bpfcmp_rec *r = bpf_map_lookup_elem(&scratch, &zero);

	if (!r)
		return NULL;
	r->hook = hook;
	r->tid = (__u32)bpf_get_current_pid_tgid();
	r->ptr = 0;
	r->seqnum = 0;
	r->action = -1;
	r->stage = -1;
	r->ret = 0;
	r->netns = 0;
	r->len = 0;
	r->kobj[0] = '\0';
	return r;
}

/*
 * Copy @len bytes of the kernel buffer @buf, at most BPFCMP_TEXT_MAX - 1.
 * The mask after the clamp keeps the bound where the verifier sees it:
 * clang compared a copy of the length and passed the original in the raw
 * tracepoint, and 6.12 refused the copy ("R2 min value is negative").
 */
static __always_inline void rec_text(struct bpfcmp_rec *r, const void *buf, __u64 len)
{
	if (!buf)
		return;
	if (len > BPFCMP_TEXT_MAX - 1)
		len = BPFCMP_TEXT_MAX - 1;
	/* clang drops a C mask it can prove redundant: mask in asm */
	asm volatile("%[len] &= %[mask]" : [len] "+r"(len) : [mask] "i"(BPFCMP_TEXT_MAX - 1));
	if (bpf_probe_read_kernel(r->text, len, buf))
		return;
	r->len = len;
}

/* Append the NUL-terminated kernel string @s, at most 256 bytes of it. */
static __always_inline void rec_str(struct bpfcmp_rec *r, const char *s)
{
	__u32 off = r->len;
	long n;

	if (!s || off > BPFCMP_TEXT_MAX - 256)
		return;
	n = bpf_probe_read_kernel_str(r->text + off, 256, s);
	if (n > 0)
		r->len = off + n;
}

static __always_inline void rec_kobj(struct bpfcmp_rec *r, const struct kobject *kobj)
{
	if (kobj)
		bpf_probe_read_kernel_str(r->kobj, sizeof(r->kobj), BPF_CORE_READ(kobj, name));
}

/* A uevent environment: its buffer, KEY=value strings each ending in NUL. */
static __always_inline void rec_env(struct bpfcmp_rec *r, const struct kobj_uevent_env *env)
{
	if (env)
		rec_text(r, env->buf, BPF_CORE_READ(env, buflen));
}

static __always_inline int rec_emit(struct bpfcmp_rec *r)
{
	__u64 size = BPFCMP_REC_HDR + r->len;

	if (size > sizeof(*r))
		size = sizeof(*r);
	if (bpf_ringbuf_output(&events, r, size, 0))
		__sync_fetch_and_add(&lost, 1);
	return 0;
}

/*
 * The inode number of @sk's network namespace. possible_net_t is empty
 * without CONFIG_NET_NS (the kernel vmlinux.h comes from has none): read
 * its pointer only where the running kernel's type has one.
 */
static __always_inline __u32 sk_netns(const struct sock *sk)
{
	struct net *net = NULL;

	if (bpf_core_type_size(possible_net_t) != sizeof(net) ||
	    bpf_probe_read_kernel(&net, sizeof(net), &sk->__sk_common.skc_net) || !net)
		return 0;
	return BPF_CORE_READ(net, ns.inum);
}

/*
 * The broadcast of a uevent to the listeners of one socket: every
 * kernel-sent uevent (kobject_uevent_net_broadcast(), for each uevent
 * socket that has a listener) and every injected one
 * (uevent_net_broadcast()) pass here, as the finished message,
 * "ACTION@DEVPATH", then the environment, SEQNUM included.
 */
static __always_inline bool is_uevent_broadcast(const struct sock *ssk, __u32 group)
{
	return group == BPFCMP_UEVENT_GROUP &&
	       BPF_CORE_READ(ssk, sk_protocol) == BPFCMP_NETLINK_KOBJECT_UEVENT;
}

SEC("fentry/netlink_broadcast_filtered")
int BPF_PROG(nbf_entry, struct sock *ssk, struct sk_buff *skb, __u32 portid, __u32 group)
{
	struct bpfcmp_rec *r;

	if (!is_uevent_broadcast(ssk, group))
		return 0;
	r = rec_new(BC_NBF_ENTRY);
	if (!r)
		return 0;
	r->ptr = (__u64)skb;
	r->netns = sk_netns(ssk);
	rec_text(r, BPF_CORE_READ(skb, data), BPF_CORE_READ(skb, len));
	return rec_emit(r);
}

/* The outcome of that broadcast; the skb is consumed by now. */
SEC("fexit/netlink_broadcast_filtered")
int BPF_PROG(nbf_exit, struct sock *ssk, struct sk_buff *skb, __u32 portid, __u32 group)
{
	struct bpfcmp_rec *r;
	__u64 ret = 0;

	if (!is_uevent_broadcast(ssk, group))
		return 0;
	r = rec_new(BC_NBF_EXIT);
	if (!r)
		return 0;
	r->ptr = (__u64)skb;
	bpf_get_func_ret(ctx, &ret);
	r->ret = (int)ret;
	return rec_emit(r);
}

/*
 * alloc_uevent_skb() builds the message of a kernel-sent uevent for a
 * socket with listeners: it is given the finished environment.
 */
SEC("fentry/alloc_uevent_skb")
int BPF_PROG(aus_fentry, struct kobj_uevent_env *env, const char *action_string,
	     const char *devpath)
{
	struct bpfcmp_rec *r = rec_new(BC_AUS_FENTRY);

	if (!r)
		return 0;
	rec_env(r, env);
	return rec_emit(r);
}

SEC("kprobe/alloc_uevent_skb")
int BPF_KPROBE(aus_kprobe, struct kobj_uevent_env *env)
{
	struct bpfcmp_rec *r = rec_new(BC_AUS_KPROBE);

	if (!r)
		return 0;
	rec_env(r, env);
	return rec_emit(r);
}

/*
 * kobject_uevent_env(): every kernel-sent uevent starts here, with the
 * kobject, the action and the caller's keys (the synthetic ones of a write
 * to a uevent file among them); the environment is built inside.
 */
static __always_inline int on_kue(enum bpfcmp_hook hook, const struct kobject *kobj,
				  int action, char **envp_ext)
{
	struct bpfcmp_rec *r = rec_new(hook);
	char *s;

	if (!r)
		return 0;
	rec_kobj(r, kobj);
	r->action = action;
	for (int i = 0; envp_ext && i < 4; i++) {
		if (bpf_probe_read_kernel(&s, sizeof(s), &envp_ext[i]) || !s)
			break;
		rec_str(r, s);
	}
	return rec_emit(r);
}

SEC("fentry/kobject_uevent_env")
int BPF_PROG(kue_fentry, struct kobject *kobj, int action, char **envp_ext)
{
	return on_kue(BC_KUE_FENTRY, kobj, action, envp_ext);
}

SEC("kprobe/kobject_uevent_env")
int BPF_KPROBE(kue_kprobe, struct kobject *kobj, int action, char **envp_ext)
{
	return on_kue(BC_KUE_KPROBE, kobj, action, envp_ext);
}

/*
 * dev_uevent(), the devices kset's uevent() callback: the environment as
 * far as kobject_uevent_env() has built it (no SEQNUM yet), for the events
 * that got that far. What sysfs-audit falls back to on stock kernels.
 * Reading a device's uevent file calls it too (no ACTION then).
 */
SEC("fexit/dev_uevent")
int BPF_PROG(dev_uevent, const struct kobject *kobj, struct kobj_uevent_env *env, int ret)
{
	struct bpfcmp_rec *r = rec_new(BC_DEV_UEVENT);

	if (!r)
		return 0;
	rec_kobj(r, kobj);
	r->ret = ret;
	rec_env(r, env);
	return rec_emit(r);
}

/*
 * The uevent helper is started with call_usermodehelper_exec(info,
 * UMH_NO_WAIT); its info's data is the event's environment, with HOME,
 * PATH and SEQNUM. The path goes into kobj. Other helpers (modprobe)
 * pass here too and carry no environment.
 */
SEC("fentry/call_usermodehelper_exec")
int BPF_PROG(umh_entry, struct subprocess_info *info, int wait)
{
	struct bpfcmp_rec *r = rec_new(BC_UMH_ENTRY);

	if (!r)
		return 0;
	r->ptr = (__u64)info;
	bpf_probe_read_kernel_str(r->kobj, sizeof(r->kobj), BPF_CORE_READ(info, path));
	if (&cleanup_uevent_env && (void *)BPF_CORE_READ(info, cleanup) == &cleanup_uevent_env)
		rec_env(r, BPF_CORE_READ(info, data));
	return rec_emit(r);
}

/* Its result: with UMH_NO_WAIT, 0 once queued; info may be freed already. */
SEC("fexit/call_usermodehelper_exec")
int BPF_PROG(umh_exit, struct subprocess_info *info, int wait, int ret)
{
	struct bpfcmp_rec *r = rec_new(BC_UMH_EXIT);

	if (!r)
		return 0;
	r->ptr = (__u64)info;
	r->ret = ret;
	return rec_emit(r);
}

/* Our series' events, for reference (patched kernels only). */
SEC("tp_btf/kobject_uevent")
int BPF_PROG(tp_uevent, struct kobject *kobj, int action, struct kobj_uevent_env *env,
	     __u64 seqnum, int stage, int ret)
{
	struct bpfcmp_rec *r = rec_new(BC_TP_UEVENT);

	if (!r)
		return 0;
	rec_kobj(r, kobj);
	r->action = action;
	r->seqnum = seqnum;
	r->stage = stage;
	r->ret = ret;
	rec_env(r, env);
	return rec_emit(r);
}

/*
 * A raw tracepoint, not tp_btf: the event's message is a const void *,
 * which a tp_btf program may not load from its context; here every
 * argument is a plain u64, and the message is read as bytes.
 */
SEC("raw_tp/kobject_uevent_injected")
int BPF_PROG(tp_injected, const char *msg, unsigned int len, __u64 seqnum, int stage, int ret)
{
	struct bpfcmp_rec *r = rec_new(BC_TP_INJECTED);

	if (!r)
		return 0;
	r->seqnum = seqnum;
	r->stage = stage;
	r->ret = ret;
	rec_text(r, msg, len);
	return rec_emit(r);
}

SEC("tp_btf/kobject_uevent_helper")
int BPF_PROG(tp_helper, struct kobject *kobj, __u64 seqnum, int stage, int ret)
{
	struct bpfcmp_rec *r = rec_new(BC_TP_HELPER);

	if (!r)
		return 0;
	rec_kobj(r, kobj);
	r->seqnum = seqnum;
	r->stage = stage;
	r->ret = ret;
	return rec_emit(r);
}

/*
 * The devices kset's filter and name callbacks, called by
 * kobject_uevent_env() before the environment is built: they are
 * address-taken (device_uevent_ops in drivers/base/core.c), so they have
 * an out-of-line copy that fexit attaches to. The filter sees an event it
 * drops (ret 0); neither sees a SEQNUM or a key.
 */
SEC("fexit/dev_uevent_filter")
int BPF_PROG(duf_exit, const struct kobject *kobj, int ret)
{
	struct bpfcmp_rec *r = rec_new(BC_DUF_EXIT);

	if (!r)
		return 0;
	rec_kobj(r, kobj);
	r->ret = ret;
	return rec_emit(r);
}

/* Its subsystem name, in the record's text (none: NULL, the event drops). */
SEC("fexit/dev_uevent_name")
int BPF_PROG(dun_exit, const struct kobject *kobj, const char *ret)
{
	struct bpfcmp_rec *r = rec_new(BC_DUN_EXIT);

	if (!r)
		return 0;
	rec_kobj(r, kobj);
	r->ret = ret != NULL;
	rec_str(r, ret);
	return rec_emit(r);
}

/*
 * The extended ack message of any netlink request that failed with one:
 * an injected uevent refused as too big has "uevent message too big".
 */
SEC("tp_btf/netlink_extack")
int BPF_PROG(extack, const char *msg)
{
	struct bpfcmp_rec *r = rec_new(BC_EXTACK);

	if (!r)
		return 0;
	rec_str(r, msg);
	return rec_emit(r);
}

/*
 * Every request to a netlink socket that is handed to a netlink_rcv_skb()
 * callback: for the uevent socket, the message to inject (before the
 * capability check and before its SEQNUM), as the sender wrote it.
 */
SEC("fentry/netlink_rcv_skb")
int BPF_PROG(nrs_entry, struct sk_buff *skb, void *cb)
{
	struct bpfcmp_rec *r;
	struct sock *sk = BPF_CORE_READ(skb, sk);
	__u32 len = BPF_CORE_READ(skb, len);

	if (!sk || BPF_CORE_READ(sk, sk_protocol) != BPFCMP_NETLINK_KOBJECT_UEVENT ||
	    len < BPFCMP_NLMSG_HDRLEN)
		return 0;
	r = rec_new(BC_NRS_ENTRY);
	if (!r)
		return 0;
	r->netns = sk_netns(sk);
	rec_text(r, BPF_CORE_READ(skb, data) + BPFCMP_NLMSG_HDRLEN, len - BPFCMP_NLMSG_HDRLEN);
	return rec_emit(r);
}
