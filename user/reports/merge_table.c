// SPDX-License-Identifier: GPL-2.0
/*
 * The merge's tables (reports/merge_table.h): rows found by their key
 * strings, each with the set of hosts behind it. Apart from report_merge.c
 * so that the merges of other sections (abi_merge.c) use the same rows
 * without report_merge.c and them calling each other.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "reports/merge_table.h"

static bool str_eq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	void *p;
	size_t c;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 16;
	p = realloc(*v, c * size);
	if (!p)
		return -ENOMEM;
	*v = p;
	*cap = c;
	return 0;
}

/*
 * Make room for element @n of *@v when its capacity is implied by the count:
 * 16, then powers of two, so a list grown one element at a time costs
 * amortized O(1) and does not leave a trail of freed blocks behind.
 */
int sa_grow_implied(void **v, size_t n, size_t size)
{
	void *p;

	if (n && (n < 16 || (n & (n - 1))))
		return 0;	/* room left: capacity is max(16, the next power of two) */
	p = realloc(*v, (n < 16 ? 16 : 2 * n) * size);
	if (!p)
		return -ENOMEM;
	*v = p;
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Sort a row's hosts and drop the repeats: ascending and distinct again. */
void sa_mrow_compact(struct sa_mrow *r)
{
	size_t n = 0;

	if (r->nsorted == r->nhosts)
		return;
	qsort(r->hosts, r->nhosts, sizeof(*r->hosts), cmp_u32);
	for (size_t i = 0; i < r->nhosts; i++)
		if (!n || r->hosts[n - 1] != r->hosts[i])
			r->hosts[n++] = r->hosts[i];
	r->nhosts = r->nsorted = n;
}

static bool hostset_sorted_has(const struct sa_mrow *r, uint32_t host)
{
	/* past them all: a new host, the common case, without a search */
	if (!r->nsorted || r->hosts[r->nsorted - 1] < host)
		return false;
	return sa_mrow_has_host(r, r->nsorted, host);
}

/*
 * Linear in hosts x rows whatever the order of the reports: a host new to
 * the fleet has the largest index yet and is appended; one seen before (a
 * second day's report) is found by a binary search of the sorted part; one
 * out of order is appended unsorted, and the list sorted once when that
 * tail outgrows the sorted part (amortized O(log n) an addition, at most
 * twice the memory). Before, a sorted insert searched and moved linearly:
 * the same hosts day after day cost O(hosts) per row and report.
 */
static int hostset_add(struct sa_mrow *r, size_t host)
{
	bool in_order;

	if (r->nhosts && r->hosts[r->nhosts - 1] == host)
		return 0;	/* the same report's host again: the common case */
	if (hostset_sorted_has(r, host))
		return 0;
	in_order = r->nsorted == r->nhosts && (!r->nhosts || r->hosts[r->nhosts - 1] < host);
	if (sa_grow_implied((void **)&r->hosts, r->nhosts, sizeof(*r->hosts)))
		return -ENOMEM;
	r->hosts[r->nhosts++] = host;
	if (in_order)
		r->nsorted = r->nhosts;
	else if (r->nhosts - r->nsorted > r->nsorted)
		sa_mrow_compact(r);
	return 0;
}

/*
 * Add @count to the row whose key strings equal @s[0..nkey-1] for @host; the
 * other strings are kept from the first report that had the row.
 */
struct row_key {
	const struct sa_mtable *t;
	const char *const *s;
};

static bool row_eq(const void *ctx, size_t row)
{
	const struct row_key *k = ctx;

	for (int j = 0; j < k->t->nkey; j++)
		if (!str_eq(k->t->v[row].s[j], k->s[j]))
			return false;
	return true;
}

int sa_mtable_add(struct sa_mtable *t, const char *const s[SA_MROW_STRS],
		  unsigned long long count, size_t host)
{
	struct row_key k = { t, s };
	uint64_t h = SA_HASH_INIT;
	struct sa_mrow *r;
	long i;

	for (int j = 0; j < t->nkey; j++)
		h = sa_hash_str(h, s[j]);
	i = sa_hindex_find(&t->index, h, row_eq, &k);
	if (i >= 0) {
		r = &t->v[i];
	} else {
		size_t cap = t->cap;

		if (grow((void **)&t->v, &cap, t->n, sizeof(*t->v)))
			return -ENOMEM;
		t->cap = cap;
		r = &t->v[t->n];
		memset(r, 0, sizeof(*r));
		for (int j = 0; j < SA_MROW_STRS; j++)
			if (s[j] && !(r->s[j] = strdup(s[j])))
				return -ENOMEM;
		if (sa_hindex_add(&t->index, h, t->n))
			return -ENOMEM;
		t->n++;
	}
	r->count = sa_sat_add(r->count, count);
	return hostset_add(r, host);
}

void sa_mtable_free(struct sa_mtable *t)
{
	for (size_t i = 0; i < t->n; i++) {
		for (int j = 0; j < SA_MROW_STRS; j++)
			free(t->v[i].s[j]);
		free(t->v[i].hosts);
	}
	free(t->v);
	sa_hindex_free(&t->index);
}

void sa_mtable_seal(struct sa_mtable *t)
{
	for (size_t i = 0; i < t->n; i++)
		sa_mrow_compact(&t->v[i]);
	sa_hindex_free(&t->index);	/* the caller sorts: rows move */
}
