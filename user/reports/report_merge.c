// SPDX-License-Identifier: GPL-2.0
/* Merge many hosts' reports: counts, the hosts behind each row, duplicates. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "model/dependent.h"
#include "reports/abi_merge.h"
#include "reports/merge_table.h"
#include "reports/report_merge.h"

/* What identifies a report for duplicate detection. */
struct sa_seen_report {
	char *file;
	size_t host;
	char *boot_id;
	time_t start, end;
};

void sa_merged_init(struct sa_merged *m)
{
	memset(m, 0, sizeof(*m));
	m->subsys.nkey = 1;
	m->keyrows.nkey = 2;
	m->paths.nkey = 2;
	m->dep_exec.nkey = 3;
	m->dep_pkg.nkey = 2;
	m->findings.nkey = 4;
	m->severities.nkey = 1;
	m->boot_deps.nkey = 5;
	m->boot_blockers.nkey = 2;
}

void sa_merged_free(struct sa_merged *m)
{
	for (size_t i = 0; i < m->nhosts; i++) {
		free(m->hosts[i].hostname);
		free(m->hosts[i].machine_id);
		free(m->hosts[i].kernel);
		free(m->hosts[i].attach);
	}
	free(m->hosts);
	for (size_t i = 0; i < m->nskipped; i++) {
		free(m->skipped[i].file);
		free(m->skipped[i].reason);
	}
	free(m->skipped);
	sa_mtable_free(&m->subsys);
	sa_mtable_free(&m->keyrows);
	sa_mtable_free(&m->paths);
	sa_mtable_free(&m->dep_exec);
	sa_mtable_free(&m->dep_pkg);
	sa_mtable_free(&m->boot_deps);
	sa_mtable_free(&m->boot_blockers);
	sa_mtable_free(&m->findings);
	sa_mtable_free(&m->severities);
	for (size_t i = 0; i < m->naccepted; i++) {
		free(m->accepted[i].file);
		free(m->accepted[i].boot_id);
	}
	free(m->accepted);
	sa_hindex_free(&m->host_index);
	sa_hindex_free(&m->seen_index);
	sa_abi_merged_free(m);
	memset(m, 0, sizeof(*m));
}

static bool str_eq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

int sa_merged_skip(struct sa_merged *m, const char *file, const char *reason, int err)
{
	struct sa_skip *v;

	if (sa_grow_implied((void **)&m->skipped, m->nskipped, sizeof(*v)))
		return -ENOMEM;
	v = m->skipped;
	v[m->nskipped].file = strdup(file);
	v[m->nskipped].reason = strdup(reason);
	v[m->nskipped].err = err;
	v[m->nskipped].status = 0;
	m->nskipped++;
	return v[m->nskipped - 1].file && v[m->nskipped - 1].reason ? 0 : -ENOMEM;
}

/* Hosts are one machine-id; a report without one is its own host name. */
static bool same_host(const struct sa_mhost *h, const struct sa_report *r)
{
	if (h->machine_id || r->machine_id)
		return str_eq(h->machine_id, r->machine_id);
	return str_eq(h->hostname, r->hostname);
}

/* A host's key in the index: its machine id, else its host name. */
static uint64_t host_hash(const char *machine_id, const char *hostname)
{
	return sa_hash_str(sa_hash_str(SA_HASH_INIT, machine_id ? "m" : "h"),
			   machine_id ? machine_id : hostname);
}

struct host_key {
	const struct sa_merged *m;
	const struct sa_report *r;
};

static bool host_eq(const void *ctx, size_t row)
{
	const struct host_key *k = ctx;

	return same_host(&k->m->hosts[row], k->r);
}

static int host_index(struct sa_merged *m, const struct sa_report *r, size_t *out)
{
	struct host_key k = { m, r };
	uint64_t hash = host_hash(r->machine_id, r->hostname);
	long i = sa_hindex_find(&m->host_index, hash, host_eq, &k);
	struct sa_mhost *h;

	if (i >= 0) {
		*out = i;
		return 0;
	}
	if (m->nhosts >= UINT32_MAX)	/* a row's host index is 32 bits (merged.h) */
		return -E2BIG;
	if (sa_grow_implied((void **)&m->hosts, m->nhosts, sizeof(*h)) ||
	    sa_hindex_add(&m->host_index, hash, m->nhosts))
		return -ENOMEM;
	h = &m->hosts[m->nhosts];
	memset(h, 0, sizeof(*h));
	h->hostname = strdup(r->hostname);
	h->machine_id = r->machine_id ? strdup(r->machine_id) : NULL;
	h->kernel = strdup(r->kernel);
	h->attach = r->attach ? strdup(r->attach) : NULL;
	h->start = r->start;
	h->end = r->end;
	*out = m->nhosts++;
	return h->hostname && h->kernel ? 0 : -ENOMEM;
}

/*
 * Two spans overlap when they share more than an instant: spans that only
 * touch (one ends when the next starts) are two runs; two zero-length spans
 * overlap only at the same instant.
 */
bool sa_spans_overlap(time_t s1, time_t e1, time_t s2, time_t e2)
{
	if (s1 < e2 && s2 < e1)
		return true;
	return s1 == e1 && s2 == e2 && s1 == s2;
}

/*
 * The same host's report twice: one machine, one boot, overlapping time
 * spans. Two runs of the same boot at different times are both kept.
 * Accepted reports are indexed by host and boot, so a report is compared
 * only with the other runs of its own boot.
 */
static uint64_t seen_hash(size_t host, const char *boot_id)
{
	char h[24];

	snprintf(h, sizeof(h), "%zu", host);
	return sa_hash_str(sa_hash_str(SA_HASH_INIT, h), boot_id);
}

struct seen_key {
	const struct sa_merged *m;
	size_t host;
	const struct sa_report *r;
};

static bool seen_eq(const void *ctx, size_t row)
{
	const struct seen_key *k = ctx;
	const struct sa_seen_report *a = &k->m->accepted[row];

	return a->host == k->host && str_eq(a->boot_id, k->r->boot_id) &&
	       sa_spans_overlap(a->start, a->end, k->r->start, k->r->end);
}

static const struct sa_seen_report *find_duplicate(const struct sa_merged *m, size_t host,
						   const struct sa_report *r)
{
	struct seen_key k = { m, host, r };
	long i = sa_hindex_find(&m->seen_index, seen_hash(host, r->boot_id), seen_eq, &k);

	return i >= 0 ? &m->accepted[i] : NULL;
}

static int add_needs(struct sa_merged *m, const struct sa_need *n, size_t host)
{
	const char *s[SA_MROW_STRS] = { n->name };
	int err = sa_mtable_add(&m->subsys, s, n->events, host);

	m->events = sa_sat_add(m->events, n->events);
	for (int k = 0; !err && k < SA_KEY_N; k++) {
		m->keys[k] = sa_sat_add(m->keys[k], n->keys[k]);
		if (!n->keys[k])
			continue;
		s[1] = sa_keys[k].name;
		err = sa_mtable_add(&m->keyrows, s, n->keys[k], host);
	}
	for (int k = 0; k < SA_LK_N; k++)
		m->links[k] = sa_sat_add(m->links[k], n->links[k]);
	return err;
}

static int add_lists(struct sa_merged *m, const struct sa_report *r, size_t host)
{
	char line[32];
	int err = 0;

	for (size_t i = 0; !err && i < r->ndeps; i++) {
		const struct sa_report_dependent *d = &r->deps[i];
		const char *e[SA_MROW_STRS] = { d->executable, d->kind, d->confidence, d->package,
						d->path, d->legacy, d->replacement,
						d->package_via };
		const char *p[SA_MROW_STRS] = { d->package ? d->package : "(none)",
						d->executable };

		/* a verdict the reader knows: report_read.c refused any other */
		int conf = sa_dep_conf_parse(d->confidence);
		bool breaks = conf == SA_DC_BREAKS;
		const char *sp[SA_MROW_STRS] = { d->script_package, d->script };

		if (conf < 0)
			return -EINVAL;
		m->ndependents = sa_sat_add(m->ndependents, 1);
		m->by_conf[conf] = sa_sat_add(m->by_conf[conf], 1);
		err = sa_mtable_add(&m->dep_exec, e, d->count, host);
		/* The packages that still need the old layout: those of programs that break. */
		if (!err && breaks)
			err = sa_mtable_add(&m->dep_pkg, p, d->count, host);
		if (!err && breaks && d->script && d->script_package)
			err = sa_mtable_add(&m->dep_pkg, sp, d->count, host);
	}
	for (size_t i = 0; !err && i < r->nfindings; i++) {
		const struct sa_report_finding *f = &r->findings[i];
		const char *s[SA_MROW_STRS] = { f->file, line, f->kind, f->key, f->severity,
						f->message, f->package };
		const char *sev[SA_MROW_STRS] = { f->severity };

		if (f->line)
			snprintf(line, sizeof(line), "%lld", f->line);
		else
			s[1] = NULL;
		m->nfindings = sa_sat_add(m->nfindings, 1);
		err = sa_mtable_add(&m->findings, s, 1, host);
		if (!err)
			err = sa_mtable_add(&m->severities, sev, 1, host);
	}
	return err;
}

/* The dependents' losses (1.2), per host and fleet-wide; unknown unless a report says. */
static void add_losses(struct sa_losses *d, const struct sa_losses *s)
{
	d->known |= s->known;
	for (int k = 0; k < SA_DLOST_N; k++)
		d->deps[k] = sa_sat_add(d->deps[k], s->deps[k]);
	for (int c = 0; c < SA_DC_N; c++)
		d->store_full_by[c] = sa_sat_add(d->store_full_by[c], s->store_full_by[c]);
}

/*
 * A boot audit: its events and dependents by phase (format 1.1), which are
 * break (no confidence counts as breaks), and what it could not see.
 */
static int add_boot(struct sa_merged *m, const struct sa_report *r, size_t host)
{
	struct sa_mhost *h = &m->hosts[host];
	int err = 0;

	add_losses(&h->dep_lost, &r->dep_lost);
	add_losses(&m->dep_lost, &r->dep_lost);
	if (!r->boot.recorded)
		return 0;
	h->nboot++;
	sa_report_boot_gaps(r, &h->gaps);
	for (int i = 0; i < SA_PHASE_N; i++)
		h->phase_events[i] = sa_sat_add(h->phase_events[i], r->boot.phases[i].events);
	for (size_t i = 0; !err && i < r->ndeps; i++) {
		const struct sa_report_dependent *d = &r->deps[i];
		int ph = sa_phase_parse(d->phase);
		int c = sa_dep_conf_parse(d->confidence);
		bool breaks = c == SA_DC_BREAKS;
		const char *conf = sa_dep_conf_name(c);
		const char *s[SA_MROW_STRS] = { d->phase, conf, d->executable, d->kind, d->path };
		const char *b[SA_MROW_STRS] = { d->executable, d->phase };

		/*
		 * A boot audit's dependent that breaks with no phase may have run
		 * in the initramfs or coldplug as well as later: the audit cannot
		 * vouch for the boot path, so the host is incomplete (unless a
		 * phased one already shows it would not boot), never clean.
		 */
		if (c < 0)
			return -EINVAL;
		if (ph < 0) {
			if (breaks)
				h->gaps.why[SA_GAP_UNKNOWN] |= 1u << SA_GAP_BREAKS_NO_PHASE;
			continue;
		}
		h->phase_deps[ph] = sa_sat_add(h->phase_deps[ph], 1);
		h->phase_by_conf[ph][c] = sa_sat_add(h->phase_by_conf[ph][c], 1);
		err = sa_mtable_add(&m->boot_deps, s, d->count, host);
		if (!err && breaks && sa_phase_boot_path(ph))
			err = sa_mtable_add(&m->boot_blockers, b, d->count, host);
	}
	return err;
}

int sa_merged_add(struct sa_merged *m, const char *file, const struct sa_report *r)
{
	const struct sa_seen_report *dup;
	struct sa_seen_report *a;
	struct sa_mhost *h;
	size_t host;
	int err;

	if (host_index(m, r, &host))
		return -ENOMEM;
	dup = find_duplicate(m, host, r);
	if (dup) {
		char reason[512];

		snprintf(reason, sizeof(reason),
			 "the same host's report as %s (machine-id %s, boot %s, overlapping time span)",
			 dup->file, r->machine_id ? r->machine_id : "unknown",
			 r->boot_id ? r->boot_id : "unknown");
		return sa_merged_skip(m, file, reason, -EEXIST) ?:
			-EEXIST;
	}
	if (sa_grow_implied((void **)&m->accepted, m->naccepted, sizeof(*a)) ||
	    sa_hindex_add(&m->seen_index, seen_hash(host, r->boot_id), m->naccepted))
		return -ENOMEM;
	a = &m->accepted[m->naccepted++];
	a->file = strdup(file);
	a->host = host;
	a->boot_id = r->boot_id ? strdup(r->boot_id) : NULL;
	a->start = r->start;
	a->end = r->end;
	if (!a->file)
		return -ENOMEM;

	h = &m->hosts[host];
	h->nreports++;
	h->seen = sa_sat_add(h->seen, r->seen);
	h->lost = sa_sat_add(h->lost, r->lost);
	h->emitted = sa_sat_add(h->emitted, r->emitted);
	if (r->start < h->start)
		h->start = r->start;
	if (r->end > h->end)
		h->end = r->end;
	m->nreports++;
	m->seen = sa_sat_add(m->seen, r->seen);
	m->lost = sa_sat_add(m->lost, r->lost);
	m->emitted = sa_sat_add(m->emitted, r->emitted);

	err = 0;
	for (size_t i = 0; !err && i < r->by_subsystem.n; i++)
		err = add_needs(m, &r->by_subsystem.v[i], host);
	if (!err && r->by_subsystem.other.events) {
		struct sa_need o = r->by_subsystem.other;

		o.name = "(other)";
		err = add_needs(m, &o, host);
	}
	for (size_t i = 0; !err && i < r->by_subsystem.n; i++)
		h->events = sa_sat_add(h->events, r->by_subsystem.v[i].events);
	h->events = sa_sat_add(h->events, r->by_subsystem.other.events);
	for (size_t i = 0; !err && i < r->npaths; i++) {
		const char *s[SA_MROW_STRS] = { r->paths[i].path, r->paths[i].kind };

		err = sa_mtable_add(&m->paths, s, r->paths[i].count, host);
	}
	if (!err && r->paths_other) {
		const char *s[SA_MROW_STRS] = { "(other paths)", "(other)" };

		err = sa_mtable_add(&m->paths, s, r->paths_other, host);
	}
	if (!err)
		err = add_lists(m, r, host);
	if (!err)
		err = add_boot(m, r, host);
	if (!err)
		err = sa_abi_merge_add(m, r, host);
	return err ? -ENOMEM : 0;
}

static int cmp_rows(const void *pa, const void *pb, void *arg)
{
	const struct sa_mrow *a = pa, *b = pb;
	int nkey = *(const int *)arg;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	for (int j = 0; j < nkey; j++) {
		int c = strcmp(a->s[j] ? a->s[j] : "", b->s[j] ? b->s[j] : "");

		if (c)
			return c;
	}
	return 0;
}

/* Findings read best in file order; packages grouped by name. */
static int cmp_rows_by_key(const void *pa, const void *pb, void *arg)
{
	const struct sa_mrow *a = pa, *b = pb;
	int nkey = *(const int *)arg;

	for (int j = 0; j < nkey; j++) {
		const char *x = a->s[j] ? a->s[j] : "", *y = b->s[j] ? b->s[j] : "";
		int c;

		/* Line numbers compare as numbers. */
		if (j == 1 && nkey == 4)
			c = (atoll(x) > atoll(y)) - (atoll(x) < atoll(y));
		else
			c = strcmp(x, y);
		if (c)
			return c;
	}
	return 0;
}

/* Boot dependents in boot order: by phase, breaks first, then by name. */
static int cmp_boot_deps(const void *pa, const void *pb)
{
	const struct sa_mrow *a = pa, *b = pb;
	int pha = sa_phase_parse(a->s[0]), phb = sa_phase_parse(b->s[0]), nkey = 5;

	if (pha != phb)
		return pha < phb ? -1 : 1;
	return cmp_rows_by_key(pa, pb, &nkey);
}

/* Most hosts first, then most count, then by name (a stable order). */
static int cmp_rows_by_hosts(const void *pa, const void *pb)
{
	const struct sa_mrow *a = pa, *b = pb;
	int nkey = 2;

	if (a->nhosts != b->nhosts)
		return a->nhosts > b->nhosts ? -1 : 1;
	return cmp_rows(pa, pb, &nkey);
}

static void sort_table(struct sa_mtable *t, bool by_key)
{
	for (size_t i = 0; i < t->n; i++)
		sa_mrow_compact(&t->v[i]);
	sa_hindex_free(&t->index);	/* rows move */
	if (t->n > 1)
		qsort_r(t->v, t->n, sizeof(*t->v), by_key ? cmp_rows_by_key : cmp_rows, &t->nkey);
}

void sa_merged_finish(struct sa_merged *m)
{
	sort_table(&m->subsys, false);
	sort_table(&m->keyrows, false);
	sort_table(&m->paths, false);
	sort_table(&m->dep_exec, false);
	sort_table(&m->dep_pkg, true);
	for (size_t i = 0; i < m->boot_deps.n; i++)
		sa_mrow_compact(&m->boot_deps.v[i]);
	for (size_t i = 0; i < m->boot_blockers.n; i++)
		sa_mrow_compact(&m->boot_blockers.v[i]);
	sa_hindex_free(&m->boot_deps.index);	/* rows move */
	if (m->boot_deps.n > 1)
		qsort(m->boot_deps.v, m->boot_deps.n, sizeof(*m->boot_deps.v), cmp_boot_deps);
	sa_hindex_free(&m->boot_blockers.index);
	if (m->boot_blockers.n > 1)	/* the dependents that stop the most hosts first */
		qsort(m->boot_blockers.v, m->boot_blockers.n, sizeof(*m->boot_blockers.v),
		      cmp_rows_by_hosts);
	for (size_t i = 0; i < m->nhosts; i++) {
		const struct sa_mhost *h = &m->hosts[i];
		enum sa_boot_verdict v = sa_mhost_boot(h);

		m->nboot += h->nboot > 0;
		m->nverdict[v]++;
		for (int g = 0; v == SA_BOOT_INCOMPLETE && g < SA_GAP_N; g++)
			for (int p = 0; p < SA_GAP_SLOTS; p++)
				if (sa_gap_in_boot_path(&h->gaps, p) && (h->gaps.why[p] & 1u << g)) {
					m->nincomplete_why[g]++;
					break;
				}
	}
	sort_table(&m->findings, true);
	sort_table(&m->severities, false);
	sa_abi_merged_finish(m);
}

unsigned int sa_merged_gate(const struct sa_merged *m, unsigned int fail_on)
{
	/* Each sum saturates: a crafted report must not wrap a count to 0 and pass. */
	struct sa_gate_counts c = {
		.keys = sa_sat_sum(m->keys, SA_KEY_N),
		.paths = sa_sat_sum(m->links, SA_LK_N),
		/* the lines that break and the recorders' stores had to drop */
		.dependents = sa_sat_add(m->by_conf[SA_DC_BREAKS],
					 m->dep_lost.store_full_by[SA_DC_BREAKS]),
		.findings = m->nfindings,
		.suspects = m->by_conf[SA_DC_SUSPECT],
		.boot = m->nverdict[SA_BOOT_PATH],
		.incomplete = m->nverdict[SA_BOOT_INCOMPLETE],
		.obsolete = m->abi ? m->abi->nin_use : 0,
	};

	return sa_gate(&c, fail_on);
}
