/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A set of strings kept in the order they were added, looked up by hash:
 * names seen while walking trees of 100 000 files stay linear.
 */
#ifndef SYSFS_AUDIT_STR_SET_H
#define SYSFS_AUDIT_STR_SET_H

#include <stddef.h>

#include "common/hash_index.h"

struct sa_strset {
	char **s;		/* the strings, in the order they were added */
	size_t n, cap;
	struct sa_hindex idx;
};

/* Adds a copy of @s unless it is there. Returns 1 (added), 0 (there) or -ENOMEM. */
int sa_strset_add(struct sa_strset *set, const char *s);
void sa_strset_free(struct sa_strset *set);

#endif
