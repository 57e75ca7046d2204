// SPDX-License-Identifier: GPL-2.0
/*
 * One line per program and kind (see dep_store.h). A program's verdict is
 * its strongest observation's, after its own code's fingerprint (looked up
 * once, when the program is first seen). A line that breaks is never
 * dropped while a weaker one can make room for it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash_index.h"
#include "model/phase.h"
#include "deps/dep_store.h"

struct obs_key {
	size_t len;
	unsigned char key[32];
	size_t prog;				/* index into progs; NO_PROG: evicted */
	enum sa_dep_conf conf;			/* this observation's verdict */
	unsigned long long count, last_ns;	/* as last read back */
};

#define NO_PROG ((size_t)-1)

/* A process (tgid and exec generation) seen for a program, to count processes. */
struct proc_key {
	size_t prog;
	unsigned int tgid;
	unsigned long long gen;
};

struct sa_dep_store {
	struct proc_key *procs;
	size_t nprocs, procs_cap;
	struct sa_hindex proc_idx;
	struct sa_dep_store_opts o;
	struct sa_dependent *progs;
	size_t n, cap;
	struct sa_hindex pidx;			/* (exe, script, ns, kind) -> progs[] */
	struct obs_key *obs;
	size_t nobs, obs_cap;
	struct sa_hindex oidx;
	size_t *order, norder;			/* sorted view, of norder entries */
	size_t nbreaks;				/* lines that break */
	unsigned long long dropped_by[SA_DC_N];	/* lines dropped or evicted, by verdict */
	struct sa_dependent tmp;		/* a new line, before it has a row */
};

struct sa_dep_store *sa_dep_store_new(const struct sa_dep_store_opts *o)
{
	struct sa_dep_store *s = calloc(1, sizeof(*s));

	if (s && o)
		s->o = *o;
	return s;
}

void sa_dep_store_free(struct sa_dep_store *s)
{
	if (!s)
		return;
	free(s->progs);
	free(s->obs);
	free(s->order);
	free(s->procs);
	sa_hindex_free(&s->proc_idx);
	sa_hindex_free(&s->pidx);
	sa_hindex_free(&s->oidx);
	free(s);
}

/* A program, kind and (in a boot audit) phase make one line. */
static uint64_t prog_hash(const struct sa_ident *id, enum sa_dep_kind kind, int phase)
{
	uint64_t h = sa_hash_str(SA_HASH_INIT, id->exe);

	h = sa_hash_str(h, id->script);
	h = sa_hash_str(h, id->ns);
	return h ^ (uint64_t)kind * 0x9e3779b97f4a7c15ULL ^ (uint64_t)phase << 56;
}

struct prog_probe {
	const struct sa_dep_store *s;
	const struct sa_ident *id;
	enum sa_dep_kind kind;
	int phase;
};

static bool prog_eq(const void *ctx, size_t row)
{
	const struct prog_probe *p = ctx;
	const struct sa_dependent *d = &p->s->progs[row];

	return d->kind == p->kind && d->phase == p->phase && !strcmp(d->id.exe, p->id->exe) &&
	       !strcmp(d->id.script, p->id->script) && !strcmp(d->id.ns, p->id->ns);
}

/* FNV-1a of @key, from @seed (a program's row for its processes). */
static uint64_t seeded_hash(uint64_t seed, const void *key, size_t len)
{
	const unsigned char *k = key;
	uint64_t h = SA_HASH_INIT ^ seed;

	for (size_t i = 0; i < len; i++)
		h = (h ^ k[i]) * 1099511628211ULL;
	return h;
}

static uint64_t obs_hash(const void *key, size_t len)
{
	return seeded_hash(0, key, len);
}

struct obs_probe {
	const struct sa_dep_store *s;
	const void *key;
	size_t len;
};

static bool obs_eq(const void *ctx, size_t row)
{
	const struct obs_probe *p = ctx;
	const struct obs_key *k = &p->s->obs[row];

	return k->len == p->len && !memcmp(k->key, p->key, p->len);
}

bool sa_dep_store_has_key(const struct sa_dep_store *s, const void *key, size_t keylen)
{
	struct obs_probe p = { s, key, keylen };

	if (keylen > sizeof(s->obs[0].key))
		return false;
	return sa_hindex_find(&s->oidx, obs_hash(key, keylen), obs_eq, &p) >= 0;
}

static void add_example(struct sa_dependent *d, const char *path)
{
	if (!*path)
		return;
	for (int i = 0; i < d->nexamples; i++)
		if (!strcmp(d->examples[i], path))
			return;
	if (d->nexamples < SA_DEP_EXAMPLES)
		snprintf(d->examples[d->nexamples++], sizeof(d->examples[0]), "%s", path);
}

struct proc_probe {
	const struct sa_dep_store *s;
	struct proc_key k;
};

static bool proc_eq(const void *ctx, size_t row)
{
	const struct proc_probe *p = ctx;
	const struct proc_key *k = &p->s->procs[row];

	return k->prog == p->k.prog && k->tgid == p->k.tgid && k->gen == p->k.gen;
}

/*
 * A new process (a pid with another exec generation is another one) for
 * program @row: counted, and its pid kept among the first few. Beyond
 * SA_DEP_STORE_OBS processes in all, each observation counts as new.
 */
static void add_proc(struct sa_dep_store *s, size_t row, const struct sa_ident *id)
{
	struct proc_probe p = { s, { row, id->tgid, id->exec_gen } };
	struct sa_dependent *d = &s->progs[row];
	uint64_t h = seeded_hash(row, &p.k.tgid, sizeof(p.k.tgid)) ^ id->exec_gen;

	if (sa_hindex_find(&s->proc_idx, h, proc_eq, &p) >= 0)
		return;
	if (s->nprocs < SA_DEP_STORE_OBS) {
		if (s->nprocs == s->procs_cap) {
			size_t cap = s->procs_cap ? 2 * s->procs_cap : 64;
			void *v = realloc(s->procs, cap * sizeof(*s->procs));

			if (v) {
				s->procs = v;
				s->procs_cap = cap;
			}
		}
		if (s->nprocs < s->procs_cap) {
			s->procs[s->nprocs] = p.k;
			if (!sa_hindex_add(&s->proc_idx, h, s->nprocs))
				s->nprocs++;
		}
	}
	d->nprocs++;
	for (int i = 0; i < d->npids; i++)
		if (d->pids[i] == id->pid)
			return;
	if (d->npids < SA_DEP_PIDS)
		d->pids[d->npids++] = id->pid;
}

static void set_verdict(struct sa_dependent *d, const struct sa_dep_verdict *v)
{
	d->conf = v->conf;
	d->rule = v->rule;
	memcpy(d->path, v->path, sizeof(d->path));
	memcpy(d->artifact, v->artifact, sizeof(d->artifact));
	memcpy(d->replacement, v->replacement, sizeof(d->replacement));
	memcpy(d->why, v->why, sizeof(d->why));
}

/*
 * One of @id's files (@exe: its executable, else its script): its
 * fingerprint into @out, and its package into @pkg, only when the file at
 * its path in our mount namespace is the one
 * the process ran (@known NULL); else @known is the fingerprint read
 * another way (the initramfs's copy, /proc/PID/exe), proving @kscope, and
 * the package of our namesake would be another file's: an executable's
 * package is then only what exe_package() vouches for (the initramfs's
 * byte-for-byte copy of a host file), with where it comes from in
 * id->exe_pkg_via. Returns what it proves (enum sa_fp_scope).
 */
static unsigned int read_file(struct sa_dep_store *s, struct sa_ident *id, bool exe,
			      const char *known, unsigned int kscope, char *out, size_t len,
			      char *pkg, size_t pkglen)
{
	const char *p, *path = exe ? id->exe : id->script;
	unsigned int scope = SA_FP_NONE;

	if (known) {
		snprintf(out, len, "%s", known);
		if (exe && s->o.exe_package)
			id->exe_pkg_via = s->o.exe_package(s->o.exe_ctx, id, pkg, pkglen);
		return kscope;
	}
	if (path[0] != '/')
		return SA_FP_NONE;
	if (s->o.fingerprint_named)
		scope = s->o.fingerprint_named(s->o.fp_ctx, id, path, exe, out, len);
	else if (s->o.fingerprint)
		scope = s->o.fingerprint(s->o.fp_ctx, path, out, len);
	if (s->o.package && (p = s->o.package(s->o.pkg_ctx, path)))
		snprintf(pkg, pkglen, "%s", p);
	return scope;
}

/* The program's own code: its script first (what the interpreter runs), then its binary. */
static void fingerprint(struct sa_dep_store *s, struct sa_dependent *d)
{
	char a[SA_DEP_TEXT / 2] = "", b[SA_DEP_TEXT / 2 - 4] = "";
	struct sa_ident *id = &d->id;
	unsigned int scope = SA_FP_NONE, ks = SA_FP_NONE;
	const char *known;

	if (*id->script) {
		known = s->o.script_known ? s->o.script_known(s->o.exe_ctx, id, &ks) : NULL;
		scope |= read_file(s, id, false, known, ks, a, sizeof(a), id->script_pkg,
				   sizeof(id->script_pkg));
	}
	ks = SA_FP_NONE;
	known = s->o.exe_known ? s->o.exe_known(s->o.exe_ctx, id, &ks) : NULL;
	scope |= read_file(s, id, true, known, ks, b, sizeof(b), id->exe_pkg, sizeof(id->exe_pkg));
	snprintf(d->fingerprint, sizeof(d->fingerprint), "%s%s%s", a, *a && *b ? "; " : "", b);
	d->fp_scope = scope;
}

/* The same program seen before under another kind: reuse its fingerprint and packages. */
static const struct sa_dependent *same_program(const struct sa_dep_store *s,
					       const struct sa_ident *id)
{
	for (int ph = 0; ph <= SA_PHASE_N; ph++)
		for (int k = 1; k < SA_DK_MAX; k++) {
			struct prog_probe p = { s, id, k, ph };
			long row = sa_hindex_find(&s->pidx, prog_hash(id, k, ph), prog_eq, &p);

			if (row >= 0)
				return &s->progs[row];
		}
	return NULL;
}

unsigned int sa_dep_store_code(struct sa_dep_store *s, const struct sa_ident *id, char *out,
			       size_t len)
{
	const struct sa_dependent *same = same_program(s, id);

	if (!same) {
		/* tmp is free between additions; the files are cached by the fingerprint */
		memset(&s->tmp, 0, sizeof(s->tmp));
		s->tmp.id = *id;
		fingerprint(s, &s->tmp);
		same = &s->tmp;
	}
	snprintf(out, len, "%s", same->fingerprint);
	return same->fp_scope;
}

static int remember_key(struct sa_dep_store *s, const struct sa_dep_seen *o, size_t prog,
			enum sa_dep_conf conf)
{
	struct obs_key *k;

	if (!o->key || o->keylen > sizeof(k->key) || s->nobs >= SA_DEP_STORE_OBS)
		return 0;
	if (s->nobs == s->obs_cap) {
		size_t cap = s->obs_cap ? 2 * s->obs_cap : 256;
		void *v = realloc(s->obs, cap * sizeof(*s->obs));

		if (!v)
			return -ENOMEM;
		s->obs = v;
		s->obs_cap = cap;
	}
	k = &s->obs[s->nobs];
	memset(k, 0, sizeof(*k));
	k->len = o->keylen;
	memcpy(k->key, o->key, o->keylen);
	k->prog = prog;
	k->conf = conf;
	k->count = 1;
	k->last_ns = o->ts_ns;
	if (sa_hindex_add(&s->oidx, obs_hash(o->key, o->keylen), s->nobs))
		return -ENOMEM;
	s->nobs++;
	return 0;
}

/*
 * The live table names a program once, and again when its verdict rises
 * (or falls back: sa_dep_store_fell_back()): whatever kind it shows next,
 * a program already printed with this confidence is not printed again.
 */
static const struct sa_dependent *print_once(struct sa_dep_store *s, struct sa_dependent *d)
{
	unsigned int printed = 0;

	for (int k = 1; k < SA_DK_MAX; k++) {
		struct prog_probe p = { s, &d->id, k, d->phase };
		long row = sa_hindex_find(&s->pidx, prog_hash(&d->id, k, d->phase), prog_eq, &p);

		if (row >= 0 && s->progs[row].printed_conf > printed)
			printed = s->progs[row].printed_conf;
	}
	if (printed >= (unsigned int)d->conf + 1)
		return NULL;
	d->printed_conf = d->conf + 1;
	return d;
}

/* Index every line again: after an eviction, a row holds another program. */
static int reindex(struct sa_dep_store *s)
{
	sa_hindex_free(&s->pidx);
	for (size_t i = 0; i < s->n; i++) {
		const struct sa_dependent *d = &s->progs[i];

		if (sa_hindex_add(&s->pidx, prog_hash(&d->id, d->kind, d->phase), i))
			return -ENOMEM;
	}
	return 0;
}

/*
 * The line to give up for a new line of verdict @conf: the weakest line
 * weaker than it, suspects first, the least seen of those. -1: none.
 */
static long weakest(const struct sa_dep_store *s, enum sa_dep_conf conf)
{
	long best = -1;

	for (size_t i = 0; i < s->n; i++) {
		const struct sa_dependent *d = &s->progs[i], *b;

		if (d->conf >= conf)
			continue;
		b = best >= 0 ? &s->progs[best] : NULL;
		if (!b || d->conf < b->conf || (d->conf == b->conf && d->count < b->count))
			best = (long)i;
	}
	return best;
}

/* Forget line @row (its keys stay known, so the kernel's repeats stay quiet). */
static void evict(struct sa_dep_store *s, size_t row)
{
	s->dropped_by[s->progs[row].conf]++;
	for (size_t i = 0; i < s->nobs; i++)
		if (s->obs[i].prog == row)
			s->obs[i].prog = NO_PROG;
	for (size_t i = 0; i < s->nprocs; i++)
		if (s->procs[i].prog == row)
			s->procs[i].prog = NO_PROG;
}

/*
 * A row for a new line of verdict @conf: a new one while it fits (lines
 * that do not break: SA_DEP_STORE_MAX of them; all: SA_DEP_STORE_HARD_MAX),
 * else a weaker line's. -1: dropped, counted by its verdict.
 */
static long make_room(struct sa_dep_store *s, enum sa_dep_conf conf, bool *evicted, int *err)
{
	bool fits = s->n < SA_DEP_STORE_HARD_MAX &&
		    (conf == SA_DC_BREAKS || s->n - s->nbreaks < SA_DEP_STORE_MAX);
	long row;

	if (fits) {
		if (s->n == s->cap) {
			size_t cap = s->cap ? 2 * s->cap : 16;
			void *nv = realloc(s->progs, cap * sizeof(*s->progs));

			if (!nv) {
				*err = -ENOMEM;
				return -1;
			}
			s->progs = nv;
			s->cap = cap;
		}
		return (long)s->n++;
	}
	row = weakest(s, conf);
	if (row < 0) {
		s->dropped_by[conf]++;
		return -1;
	}
	evict(s, row);
	*evicted = true;
	return row;
}

/* A new line for @o, with verdict @v (before the program's fingerprint). */
static long new_line(struct sa_dep_store *s, const struct sa_dep_seen *o,
		     struct sa_dep_verdict *v, int *err)
{
	const struct sa_dependent *same = same_program(s, o->id);
	struct sa_dependent *d = &s->tmp;
	bool evicted = false;
	long row;

	memset(d, 0, sizeof(*d));
	d->id = *o->id;
	d->kind = v->kind;
	d->phase = o->phase;
	d->how = o->how;
	d->groups = o->groups;
	d->first_ns = d->last_ns = o->ts_ns;
	d->ev0 = o->events;
	d->phys0 = o->physdev;
	if (o->req)
		snprintf(d->req, sizeof(d->req), "%s", o->req);
	if (same) {
		memcpy(d->fingerprint, same->fingerprint, sizeof(d->fingerprint));
		d->fp_scope = same->fp_scope;
		memcpy(d->id.exe_pkg, same->id.exe_pkg, sizeof(d->id.exe_pkg));
		memcpy(d->id.script_pkg, same->id.script_pkg, sizeof(d->id.script_pkg));
		d->id.exe_pkg_via = same->id.exe_pkg_via;
	} else {
		fingerprint(s, d);
	}
	sa_dep_apply_fingerprint(v, d->fingerprint, d->fp_scope);
	set_verdict(d, v);
	row = make_room(s, v->conf, &evicted, err);
	if (row < 0)
		return -1;
	s->progs[row] = *d;
	if (v->conf == SA_DC_BREAKS)
		s->nbreaks++;
	if (evicted ? reindex(s) :
	    sa_hindex_add(&s->pidx, prog_hash(o->id, v->kind, o->phase), row)) {
		*err = -ENOMEM;
		return -1;
	}
	return row;
}

const struct sa_dependent *sa_dep_store_add(struct sa_dep_store *s, const struct sa_dep_seen *o,
					    int *err)
{
	struct prog_probe p = { s, o->id, o->v->kind, o->phase };
	uint64_t h = prog_hash(o->id, o->v->kind, o->phase);
	struct sa_dep_verdict v = *o->v;
	struct sa_dependent *d;
	long row;

	*err = 0;
	row = sa_hindex_find(&s->pidx, h, prog_eq, &p);
	if (row < 0 && (row = new_line(s, o, &v, err)) < 0)
		return NULL;
	d = &s->progs[row];
	sa_dep_apply_fingerprint(&v, d->fingerprint, d->fp_scope);
	if (v.conf > d->conf) {
		s->nbreaks += v.conf == SA_DC_BREAKS;
		set_verdict(d, &v);
	}
	d->nbreaks += v.conf == SA_DC_BREAKS;
	add_example(d, v.path);
	add_proc(s, row, o->id);
	d->objects++;
	d->count++;
	if (o->ts_ns > d->last_ns)
		d->last_ns = o->ts_ns;
	if (o->ts_ns && o->ts_ns < d->first_ns)
		d->first_ns = o->ts_ns;
	*err = remember_key(s, o, row, v.conf);
	return print_once(s, d);
}

const struct sa_dependent *sa_dep_store_fell_back(struct sa_dep_store *s, const void *key,
						  size_t keylen, const char *modern,
						  const char *path)
{
	struct obs_probe p = { s, key, keylen };
	enum sa_dep_conf was;
	struct sa_dep_verdict v;
	struct sa_dependent *d;
	struct obs_key *k;
	long i;

	if (keylen > sizeof(s->obs[0].key))
		return NULL;
	i = sa_hindex_find(&s->oidx, obs_hash(key, keylen), obs_eq, &p);
	if (i < 0 || (k = &s->obs[i])->prog == NO_PROG || k->conf == SA_DC_FALLS_BACK)
		return NULL;
	was = k->conf;
	k->conf = SA_DC_FALLS_BACK;
	d = &s->progs[k->prog];
	if (was == SA_DC_BREAKS && d->nbreaks)
		d->nbreaks--;
	/* A line that breaks by another observation, or already falls back, stays. */
	if (d->nbreaks || d->conf == SA_DC_FALLS_BACK)
		return NULL;
	memset(&v, 0, sizeof(v));
	v.kind = d->kind;
	v.conf = d->conf;
	v.rule = d->rule;
	memcpy(v.path, d->path, sizeof(v.path));
	/* A suspect line rises with this observation: its path, not the first suspect's. */
	if (d->conf == SA_DC_SUSPECT && path && *path)
		snprintf(v.path, sizeof(v.path), "%s", path);
	memcpy(v.artifact, d->artifact, sizeof(v.artifact));
	memcpy(v.replacement, d->replacement, sizeof(v.replacement));
	sa_dep_fall_back(&v, modern);
	if (d->conf == SA_DC_BREAKS)
		s->nbreaks--;
	set_verdict(d, &v);
	d->printed_conf = d->conf + 1;
	return d;
}

void sa_dep_store_refresh(struct sa_dep_store *s,
			  int (*read)(void *ctx, const void *key, size_t keylen,
				      unsigned long long *count, unsigned long long *last_ns),
			  void *ctx, unsigned long long events, unsigned long long physdev)
{
	for (size_t i = 0; i < s->nobs; i++) {
		struct obs_key *k = &s->obs[i];
		struct sa_dependent *d;
		unsigned long long c, last;

		if (k->prog == NO_PROG)
			continue;
		d = &s->progs[k->prog];
		if (!read || read(ctx, k->key, k->len, &c, &last) || c <= k->count)
			continue;
		d->count += c - k->count;
		k->count = c;
		if (last > d->last_ns)
			d->last_ns = last;
	}
	for (size_t i = 0; i < s->n; i++) {
		s->progs[i].events = events - s->progs[i].ev0;
		s->progs[i].physdev = physdev - s->progs[i].phys0;
	}
}

static const struct sa_dep_store *sort_store;

static int cmp_prog(const void *a, const void *b)
{
	const struct sa_dependent *x = &sort_store->progs[*(const size_t *)a];
	const struct sa_dependent *y = &sort_store->progs[*(const size_t *)b];
	int c;

	if (x->conf != y->conf)
		return (int)y->conf - (int)x->conf;
	if ((c = strcmp(x->id.exe, y->id.exe)) || (c = strcmp(x->id.script, y->id.script)))
		return c;
	return (int)x->kind - (int)y->kind;
}

void sa_dep_store_sort(struct sa_dep_store *s)
{
	size_t *o = realloc(s->order, (s->n + 1) * sizeof(*o));

	if (!o)
		return;		/* stays in arrival order */
	s->order = o;
	s->norder = s->n;
	for (size_t i = 0; i < s->n; i++)
		o[i] = i;
	sort_store = s;
	qsort(o, s->n, sizeof(*o), cmp_prog);
	sort_store = NULL;
}

const struct sa_dependent *sa_dep_store_next(const struct sa_dep_store *s, size_t *it)
{
	size_t i = *it;

	if (!s || i >= s->n)
		return NULL;
	(*it)++;
	return &s->progs[s->order && s->norder == s->n ? s->order[i] : i];
}

size_t sa_dep_store_count(const struct sa_dep_store *s)
{
	return s ? s->n : 0;
}

size_t sa_dep_store_with(const struct sa_dep_store *s, enum sa_dep_conf c)
{
	size_t n = 0;

	for (size_t i = 0; s && i < s->n; i++)
		n += s->progs[i].conf == c;
	return n;
}

unsigned long long sa_dep_store_dropped(const struct sa_dep_store *s)
{
	unsigned long long n = 0;

	for (int c = 0; s && c < SA_DC_N; c++)
		n += s->dropped_by[c];
	return n;
}

unsigned long long sa_dep_store_dropped_by(const struct sa_dep_store *s, enum sa_dep_conf c)
{
	return s && c < SA_DC_N ? s->dropped_by[c] : 0;
}
