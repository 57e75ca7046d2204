// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/str_set.h"

struct probe {
	const struct sa_strset *set;
	const char *s;
};

static bool same(const void *ctx, size_t row)
{
	const struct probe *p = ctx;

	return !strcmp(p->set->s[row], p->s);
}

int sa_strset_add(struct sa_strset *set, const char *s)
{
	struct probe p = { set, s };
	uint64_t h = sa_hash_str(SA_HASH_INIT, s);
	char *copy;

	if (sa_hindex_find(&set->idx, h, same, &p) >= 0)
		return 0;
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 16;
		char **n = realloc(set->s, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		set->s = n;
		set->cap = cap;
	}
	copy = strdup(s);
	if (!copy)
		return -ENOMEM;
	if (sa_hindex_add(&set->idx, h, set->n)) {
		free(copy);
		return -ENOMEM;
	}
	set->s[set->n++] = copy;
	return 1;
}

void sa_strset_free(struct sa_strset *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->s[i]);
	free(set->s);
	sa_hindex_free(&set->idx);
	set->s = NULL;
	set->n = set->cap = 0;
}
