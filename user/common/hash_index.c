// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>

#include "common/hash_index.h"

uint64_t sa_hash_str(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	/* A separator, so ("ab", "c") and ("a", "bc") differ; NULL differs from "". */
	return (h ^ (s ? 0xff : 0xfe)) * 1099511628211ULL;
}

long sa_hindex_find(const struct sa_hindex *x, uint64_t hash,
		    bool (*eq)(const void *ctx, size_t row), const void *ctx)
{
	if (!x->cap)
		return -1;
	for (size_t i = hash & (x->cap - 1);; i = (i + 1) & (x->cap - 1)) {
		const struct sa_hslot *s = &x->slot[i];

		if (!s->row1)
			return -1;
		if (s->hash == hash && eq(ctx, s->row1 - 1))
			return (long)(s->row1 - 1);
	}
}

static void put(struct sa_hslot *slot, size_t cap, uint64_t hash, size_t row1)
{
	size_t i = hash & (cap - 1);

	while (slot[i].row1)
		i = (i + 1) & (cap - 1);
	slot[i].hash = hash;
	slot[i].row1 = row1;
}

int sa_hindex_add(struct sa_hindex *x, uint64_t hash, size_t row)
{
	/* At most half full, so probes stay short and always end. */
	if (2 * (x->n + 1) > x->cap) {
		size_t cap = x->cap ? x->cap * 2 : 64;
		struct sa_hslot *slot = calloc(cap, sizeof(*slot));

		if (!slot)
			return -ENOMEM;
		for (size_t i = 0; i < x->cap; i++)
			if (x->slot[i].row1)
				put(slot, cap, x->slot[i].hash, x->slot[i].row1);
		free(x->slot);
		x->slot = slot;
		x->cap = cap;
	}
	put(x->slot, x->cap, hash, row + 1);
	x->n++;
	return 0;
}

void sa_hindex_free(struct sa_hindex *x)
{
	free(x->slot);
	x->slot = NULL;
	x->cap = x->n = 0;
}
