/* SPDX-License-Identifier: GPL-2.0 */
/* Today's device tree, read from a sysfs directory (no BPF, any host). */
#ifndef SYSFS_AUDIT_SYSFS_TREE_H
#define SYSFS_AUDIT_SYSFS_TREE_H

#include <stddef.h>

#include "model/legacy.h"

struct sa_tree {
	struct sa_dev **devs;	/* sorted by path */
	size_t n, cap;
};

/*
 * Load every device below ROOT/devices. Returns 0 or a negative errno;
 * -ENOTDIR when ROOT does not look like a sysfs tree.
 */
int sa_tree_load(const char *root, struct sa_tree *t);
void sa_tree_free(struct sa_tree *t);
struct sa_dev *sa_tree_find(const struct sa_tree *t, const char *path);

#endif
