/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An open-addressing index from a hash to row numbers of a caller's array,
 * so merging thousands of hosts' reports stays linear in their size.
 */
#ifndef SYSFS_AUDIT_HASH_INDEX_H
#define SYSFS_AUDIT_HASH_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sa_hslot {
	uint64_t hash;
	size_t row1;		/* row + 1; 0: empty */
};

struct sa_hindex {
	struct sa_hslot *slot;
	size_t cap, n;		/* cap: a power of two, or 0 */
};

/* FNV-1a over @s and a separator, chained from @h (start with SA_HASH_INIT). */
#define SA_HASH_INIT 14695981039346656037ULL
uint64_t sa_hash_str(uint64_t h, const char *s);

/* The row whose hash is @hash and for which @eq(@ctx, row) holds, or -1. */
long sa_hindex_find(const struct sa_hindex *x, uint64_t hash,
		    bool (*eq)(const void *ctx, size_t row), const void *ctx);
/* Index @row under @hash. Returns 0 or -ENOMEM. */
int sa_hindex_add(struct sa_hindex *x, uint64_t hash, size_t row);
void sa_hindex_free(struct sa_hindex *x);

#endif
