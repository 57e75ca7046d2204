/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * sysfs-audit dependents: uevent listeners, and who every process is (part
 * of dependents.bpf.c, which includes it once).
 *  - fexit netlink_bind / netlink_setsockopt(NETLINK_ADD_MEMBERSHIP) on a
 *    NETLINK_KOBJECT_UEVENT socket: a process that starts listening to
 *    uevents while we trace (those already listening are enumerated from
 *    /proc/net/netlink by the loader);
 *  - tp_btf/sched_process_exec: the #! script at exec time (bprm->filename
 *    when binfmt_script changed bprm->interp), which a record copies when it
 *    is of the same exec; tp_btf/sched_process_exit clears it. The
 *    executable and argv are read by every record itself (dep_reserve()).
 */
#define NETLINK_ADD_MEMBERSHIP 1

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct sa_exec_id);
} exec_scratch SEC(".maps");

/*
 * possible_net_t holds a struct net pointer with CONFIG_NET_NS and nothing
 * without it (our tinyconfig): its relocated size tells which.
 */
static __always_inline __u32 sk_netns(struct sock *sk)
{
	struct net *net = NULL;

	if (bpf_core_field_size(sk->__sk_common.skc_net) != sizeof(void *))
		return 0;
	bpf_probe_read_kernel(&net, sizeof(net),
			      (void *)sk + bpf_core_field_offset(sk->__sk_common.skc_net));
	return net ? BPF_CORE_READ(net, ns.inum) : 0;
}

static __always_inline void on_listen(struct socket *sock, __u32 flags)
{
	struct sock *sk = BPF_CORE_READ(sock, sk);
	struct netlink_sock *nlk = (struct netlink_sock *)sk;
	struct sa_dep_key key = {};
	struct sa_dep_rec *r;
	unsigned long *groups, g0 = 0;
	__u64 now;

	if (!sk || BPF_CORE_READ(sk, sk_protocol) != SA_NETLINK_KOBJECT_UEVENT)
		return;
	groups = BPF_CORE_READ(nlk, groups);
	if (groups)
		bpf_probe_read_kernel(&g0, sizeof(g0), groups);
	if (!(__u32)g0)
		return;		/* bound without groups: receives no uevent */
	if (dep_skip())
		return;
	dep_count(SA_DS_LISTEN);
	now = bpf_ktime_get_ns();
	key.tgid = bpf_get_current_pid_tgid() >> 32;
	key.op = SA_DEP_OP_LISTEN;
	key.obj = (__u32)g0;
	if (dep_known(&key, now))
		return;
	r = dep_reserve(&key, now);
	if (!r)
		return;
	r->op = SA_DEP_OP_LISTEN;
	r->flags |= flags | SA_DEP_F_NO_REQ;
	r->groups = (__u32)g0;
	r->portid = BPF_CORE_READ(nlk, portid);
	r->netns = sk_netns(sk);
	dep_commit(r, &key, now);
}

SEC("fexit/netlink_bind")
int BPF_PROG(dep_nl_bind, struct socket *sock, struct sockaddr *addr, int addr_len, int ret)
{
	if (!ret)
		on_listen(sock, 0);
	return 0;
}

/*
 * netlink_setsockopt(sock, level, optname, sockptr_t optval, optlen): the
 * 16-byte sockptr_t takes two argument slots, so the return value is ctx[6].
 */
SEC("fexit/netlink_setsockopt")
int dep_nl_setsockopt(unsigned long long *ctx)
{
	struct socket *sock = (struct socket *)ctx[0];
	int optname = (int)ctx[2];
	int ret = (int)ctx[6];

	if (!ret && optname == NETLINK_ADD_MEMBERSHIP)
		on_listen(sock, SA_DEP_F_SETSOCKOPT);
	return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(dep_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	struct sa_exec_id *id;
	struct mm_struct *mm;
	unsigned long start, end, len;
	__u32 zero = 0, tgid;
	long n;

	if (sa_pin_expired())
		return 0;
	id = bpf_map_lookup_elem(&exec_scratch, &zero);
	if (!id)
		return 0;
	tgid = BPF_CORE_READ(p, tgid);
	id->ts_ns = bpf_ktime_get_ns();
	id->start_ns = BPF_CORE_READ(p, group_leader, start_time);
	id->exec_id = BPF_CORE_READ(p, group_leader, self_exec_id);
	id->tgid = tgid;
	id->ppid = BPF_CORE_READ(p, real_parent, tgid);
	id->uid = (__u32)bpf_get_current_uid_gid();
	id->flags = 0;
	bpf_get_current_comm(id->comm, sizeof(id->comm));
	n = bpf_probe_read_kernel_str(id->filename, sizeof(id->filename),
				      BPF_CORE_READ(bprm, filename));
	if (n == sizeof(id->filename))
		id->flags |= SA_ID_F_FILE_TRUNC;
	bpf_probe_read_kernel_str(id->interp, sizeof(id->interp), BPF_CORE_READ(bprm, interp));
	/* alloc_bprm() sets interp = filename; binfmt_script gives it a copy of its own. */
	if (BPF_CORE_READ(bprm, interp) != BPF_CORE_READ(bprm, filename))
		id->flags |= SA_ID_F_SCRIPT;
	mm = BPF_CORE_READ(p, mm);
	start = BPF_CORE_READ(mm, arg_start);
	end = BPF_CORE_READ(mm, arg_end);
	len = end > start ? end - start : 0;
	/* At most SA_DEP_ARGS_LEN - 1 bytes: a mask the verifier can follow. */
	if (len > SA_DEP_ARGS_LEN - 1) {
		len = SA_DEP_ARGS_LEN - 1;
		id->flags |= SA_ID_F_ARGS_TRUNC;
	}
	id->args_len = 0;
	len &= SA_DEP_ARGS_LEN - 1;
	if (len && !bpf_probe_read_user(id->args, len, (void *)start))
		id->args_len = len;
	bpf_map_update_elem(&exec_ids, &tgid, id, BPF_ANY);
	dep_count(SA_DS_EXECS);
	return 0;
}

/* The leader's exit: its exec facts go (records made before carry a copy). */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(dep_exit, struct task_struct *p)
{
	__u32 tgid = BPF_CORE_READ(p, tgid);

	if (BPF_CORE_READ(p, pid) != tgid)
		return 0;
	if (!bpf_map_delete_elem(&exec_ids, &tgid))
		dep_count(SA_DS_EXITS);
	return 0;
}
