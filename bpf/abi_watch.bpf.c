// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * sysfs-audit abi watch: who opens the sysfs files an obsolete
 * Documentation/ABI entry describes.
 *
 * User space resolves the entries' What: patterns against /sys and puts
 * the kernfs ids it found (a sysfs inode number is its node's id) into
 * abi_nodes; this program only tests membership, on every open of a
 * kernfs file (fentry kernfs_fop_open: sysfs files and cgroupfs files,
 * not directories, which kernfs gives no open of their own). One hash
 * lookup per open of a sysfs file, nothing else on any other path.
 *
 * A device added after the last refresh has nodes user space has not
 * seen yet: an open of a node that is not in abi_nodes but whose name is
 * the last component of a watched pattern (abi_leaves: "state", "value")
 * is sent as a candidate with its kernfs path; user space resolves again,
 * and puts the id in abi_nodes either way, so a node is a candidate once.
 * A watched tree (/sys/class/gpio/: a trailing '/') has no last component:
 * a device of class NAME keeps its files in a directory named NAME (the
 * driver core's glue directory, or /sys/devices/virtual/NAME), so an open
 * of a file whose grandparent's name is in abi_glue is a candidate too,
 * and user space confirms it from the path it carries (the device may be
 * gone by then). `echo 5 >export; cat gpio5/value` at once is seen.
 *
 * Identity is the dependents' (dep_common.bpf.h): exe, argv, cgroup,
 * namespaces, the nearest ancestor's script, read in the process's
 * context, so a `cat` that has exited is still named.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "dep_common.bpf.h"
#include "abi_records.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, __u64);		/* kernfs node id */
	__type(value, __u32);		/* user space's node index, or SA_ABI_NOT_WATCHED */
} abi_nodes SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, struct sa_abi_leaf);
	__type(value, __u32);
} abi_leaves SEC(".maps");

/* Class names of watched /sys/class/NAME/ trees (see above). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, struct sa_abi_leaf);
	__type(value, __u32);
} abi_glue SEC(".maps");

/* Set by user space when abi_glue holds a name: no second lookup otherwise. */
__u32 have_glue = 0;

/* The leaf name being looked up (too big for the stack beside the key). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct sa_abi_leaf);
} abi_leaf_buf SEC(".maps");

SEC("fentry/kernfs_fop_open")
int BPF_PROG(abi_open, struct inode *inode, struct file *file)
{
	struct kernfs_node *kn;
	struct sa_abi_leaf *leaf;
	struct sa_dep_key key = {};
	struct sa_dep_rec *r;
	__u32 *idx, zero = 0, op = SA_ABI_OP_OPEN;
	__u64 id, now;

	if (!inode || inode->i_sb->s_magic != SA_SYSFS_MAGIC)
		return 0;
	kn = (struct kernfs_node *)inode->i_private;
	if (!kn)
		return 0;
	id = BPF_CORE_READ(kn, id);
	idx = bpf_map_lookup_elem(&abi_nodes, &id);
	if (idx && *idx == SA_ABI_NOT_WATCHED)
		return 0;
	if (!idx) {
		leaf = bpf_map_lookup_elem(&abi_leaf_buf, &zero);
		if (!leaf)
			return 0;
		__builtin_memset(leaf, 0, sizeof(*leaf));
		bpf_probe_read_kernel_str(leaf->name, sizeof(leaf->name), BPF_CORE_READ(kn, name));
		if (!bpf_map_lookup_elem(&abi_leaves, leaf)) {
			struct kernfs_node *up;

			if (!have_glue)
				return 0;
			up = BPF_CORE_READ(kn, parent, parent);
			if (!up)
				return 0;
			__builtin_memset(leaf, 0, sizeof(*leaf));
			bpf_probe_read_kernel_str(leaf->name, sizeof(leaf->name),
						  BPF_CORE_READ(up, name));
			if (!bpf_map_lookup_elem(&abi_glue, leaf))
				return 0;
		}
		op = SA_ABI_OP_CANDIDATE;
	}
	if (dep_skip())
		return 0;
	now = bpf_ktime_get_ns();
	key.tgid = bpf_get_current_pid_tgid() >> 32;
	key.op = op;
	key.obj = id;
	if (dep_known(&key, now))
		return 0;
	r = dep_reserve(&key, now);
	if (!r)
		return 0;
	r->op = op;
	r->flags |= SA_DEP_F_NO_REQ;
	r->groups = BPF_CORE_READ(file, f_flags);
	r->sysfs_dev = BPF_CORE_READ(inode, i_sb, s_dev);
	bpf_probe_read_kernel_str(r->name, sizeof(r->name), BPF_CORE_READ(kn, name));
	fill_dir(r, BPF_CORE_READ(kn, parent));
	dep_commit(r, &key, now);
	return 0;
}
