/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The obsolete-ABI watch (abi_watch.bpf.c) and its user side
 * (user/deps/abi_watch.c). Records are the dependents' (dep_records.h):
 * the same identity fields, packed the same way, de-duplicated per
 * (process, op, kernfs node) with counts in dep_seen; only the ops are
 * its own, numbered apart from enum sa_dep_op.
 */
#ifndef SYSFS_AUDIT_ABI_RECORDS_H
#define SYSFS_AUDIT_ABI_RECORDS_H

enum sa_abi_op {
	/* An open of a kernfs node user space put in abi_nodes (key.obj: its id). */
	SA_ABI_OP_OPEN = 64,
	/*
	 * An open of a node not in abi_nodes whose name is in abi_leaves, or
	 * whose grandparent's is in abi_glue: a device added since the last
	 * refresh, or a namesake elsewhere.
	 * User space decides (and puts the id in abi_nodes, watched or not).
	 */
	SA_ABI_OP_CANDIDATE,
};

/* abi_nodes value for a node user space looked at and does not watch. */
#define SA_ABI_NOT_WATCHED	0xffffffffu
/* abi_leaves and abi_glue key: a path component, NUL-padded. */
#define SA_ABI_LEAF_LEN		48

struct sa_abi_leaf {
	char name[SA_ABI_LEAF_LEN];
};

/*
 * In a record of these ops: name[] is the node's name, comp[] its
 * kernfs directories (innermost first), groups the open's f_flags.
 */

#endif
