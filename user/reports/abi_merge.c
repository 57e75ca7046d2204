// SPDX-License-Identifier: GPL-2.0
/*
 * The obsolete ABI of many reports merged (model/abi_merged.h): the rows
 * go into the merge's own tables (sa_mtable_add(): the same host sets),
 * and at the end one line per entry is made of them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "reports/abi_merge.h"
#include "reports/merge_table.h"

/* An empty field is an absent one (NULL): a label or cell says so, not "". */
static const char *nz(const char *s)
{
	return s && *s ? s : NULL;
}

static struct sa_abi_merged *get(struct sa_merged *m)
{
	if (!m->abi && (m->abi = calloc(1, sizeof(*m->abi)))) {
		m->abi->verdicts.nkey = 3;
		m->abi->users.nkey = 4;
		m->abi->kernels.nkey = 3;
		m->abi->whosts.nkey = 1;
	}
	return m->abi;
}

int sa_abi_merge_add(struct sa_merged *m, const struct sa_report *r, size_t host)
{
	const struct sa_abi_use *u = r->abi;
	struct sa_abi_merged *a;
	const char *w[SA_MROW_STRS] = { "watched" };
	int err;

	if (!u)
		return 0;
	if (!(a = get(m)))
		return -ENOMEM;
	a->nreports++;
	a->watched_ms = sa_sat_add(a->watched_ms, (u->end_ns - u->start_ns) / 1000000);
	a->lost = sa_sat_add(a->lost, u->lost);
	a->map_full = sa_sat_add(a->map_full, u->map_full);
	a->unconfirmed = sa_sat_add(a->unconfirmed, u->unconfirmed);
	a->malformed = sa_sat_add(a->malformed, u->malformed);
	if ((err = sa_mtable_add(&a->whosts, w, 1, host)))
		return err;
	for (size_t i = 0; i < u->n; i++) {
		const struct sa_abi_verdict *v = &u->v[i];
		const char *s[SA_MROW_STRS] = { v->file, v->what, sa_abi_states[v->state].name,
						nz(v->date), nz(v->kernel_version) };
		const char *k[SA_MROW_STRS] = { v->file, v->what, r->kernel ? r->kernel : "" };

		if ((err = sa_mtable_add(&a->verdicts, s, 1, host)))
			return err;
		if (v->state == SA_ABI_IN_USE && (err = sa_mtable_add(&a->kernels, k, 1, host)))
			return err;
		for (size_t j = 0; j < v->nusers; j++) {
			const struct sa_ident *id = &v->users[j].id;
			const char *us[SA_MROW_STRS] = { v->file, v->what, nz(id->exe),
							 nz(id->script), nz(id->exe_pkg),
							 nz(id->script_pkg) };

			if ((err = sa_mtable_add(&a->users, us, v->users[j].count, host)))
				return err;
		}
	}
	return 0;
}

static int cmp_key(const struct sa_mrow *a, const struct sa_mrow *b, int nkey)
{
	for (int j = 0; j < nkey; j++) {
		int c = strcmp(a->s[j] ? a->s[j] : "", b->s[j] ? b->s[j] : "");

		if (c)
			return c;
	}
	return 0;
}

static int cmp_row_key(const void *pa, const void *pb, void *nkey)
{
	return cmp_key(pa, pb, *(const int *)nkey);
}

/* By key, the rows of one entry together; the host sets final. */
static void seal(struct sa_mtable *t)
{
	sa_mtable_seal(t);
	if (t->n > 1)
		qsort_r(t->v, t->n, sizeof(*t->v), cmp_row_key, &t->nkey);
}

/* Rows @from.. of @t with the same file and what as @r: how many. */
static size_t run(const struct sa_mtable *t, size_t from, const struct sa_mrow *r)
{
	size_t n = 0;

	while (from + n < t->n && !cmp_key(&t->v[from + n], r, 2))
		n++;
	return n;
}

/* Hosts of @r in none of the rows @stronger (ascending host sets). */
static size_t hosts_not_in(const struct sa_mrow *r, const struct sa_mrow *const *stronger,
			   size_t nstronger)
{
	size_t n = 0;

	for (size_t h = 0; h < r->nhosts; h++) {
		bool seen = false;

		for (size_t s = 0; s < nstronger && !seen; s++)
			seen = sa_mrow_has_host(stronger[s], stronger[s]->nhosts, r->hosts[h]);
		n += !seen;
	}
	return n;
}

/* One entry from its verdict rows vr[0..nv). */
static void entry(struct sa_abi_merged *a, struct sa_abi_mentry *e, const struct sa_mrow *vr,
		  size_t nv, size_t *user, size_t *kernel)
{
	const struct sa_mrow *by[SA_ABI_STATE_N] = {}, *stronger[SA_ABI_STATE_N];
	size_t ns = 0;

	e->file = vr->s[0];
	e->what = vr->s[1];
	e->date = vr->s[3];
	e->kernel_version = vr->s[4];
	for (size_t i = 0; i < nv; i++) {
		int st = sa_abi_state_parse(vr[i].s[2]);

		if (st >= 0)
			by[st] = &vr[i];
	}
	for (int o = 0; o < SA_ABI_STATE_N; o++) {
		enum sa_abi_state st = sa_abi_state_order[o];

		if (!by[st])
			continue;
		e->hosts[st] = hosts_not_in(by[st], stronger, ns);
		stronger[ns++] = by[st];
	}
	/* The users' and kernels' tables are in the same key order: walk them along. */
	while (*user < a->users.n && cmp_key(&a->users.v[*user], vr, 2) < 0)
		(*user)++;
	e->user0 = *user;
	e->nusers = run(&a->users, *user, vr);
	for (size_t i = 0; i < e->nusers; i++)
		e->opens = sa_sat_add(e->opens, a->users.v[e->user0 + i].count);
	while (*kernel < a->kernels.n && cmp_key(&a->kernels.v[*kernel], vr, 2) < 0)
		(*kernel)++;
	e->kernel0 = *kernel;
	e->nkernels = run(&a->kernels, *kernel, vr);
}

/* In use on most hosts first, then present on most, then by file and line of text. */
static int cmp_entry(const void *pa, const void *pb)
{
	const struct sa_abi_mentry *a = pa, *b = pb;
	int c;

	if (a->hosts[SA_ABI_IN_USE] != b->hosts[SA_ABI_IN_USE])
		return a->hosts[SA_ABI_IN_USE] > b->hosts[SA_ABI_IN_USE] ? -1 : 1;
	if (a->hosts[SA_ABI_UNUSED] != b->hosts[SA_ABI_UNUSED])
		return a->hosts[SA_ABI_UNUSED] > b->hosts[SA_ABI_UNUSED] ? -1 : 1;
	if ((c = strcmp(a->file, b->file)))
		return c;
	return strcmp(a->what, b->what);
}

void sa_abi_merged_finish(struct sa_merged *m)
{
	struct sa_abi_merged *a = m->abi;
	size_t user = 0, kernel = 0, n;

	if (!a)
		return;
	seal(&a->verdicts);
	seal(&a->users);
	seal(&a->kernels);
	sa_mtable_seal(&a->whosts);
	a->nhosts = a->whosts.n ? a->whosts.v[0].nhosts : 0;
	a->e = calloc(a->verdicts.n ? a->verdicts.n : 1, sizeof(*a->e));
	if (!a->e)
		return;		/* reported by the renderers as no entries: never a wrong count */
	for (size_t i = 0; i < a->verdicts.n; i += n) {
		n = run(&a->verdicts, i, &a->verdicts.v[i]);
		entry(a, &a->e[a->n], &a->verdicts.v[i], n, &user, &kernel);
		a->nin_use += a->e[a->n].hosts[SA_ABI_IN_USE] > 0;
		a->n++;
	}
	if (a->n > 1)
		qsort(a->e, a->n, sizeof(*a->e), cmp_entry);
}

void sa_abi_merged_free(struct sa_merged *m)
{
	if (!m->abi)
		return;
	sa_mtable_free(&m->abi->verdicts);
	sa_mtable_free(&m->abi->users);
	sa_mtable_free(&m->abi->kernels);
	sa_mtable_free(&m->abi->whosts);
	free(m->abi->e);
	free(m->abi);
	m->abi = NULL;
}
