// SPDX-License-Identifier: GPL-2.0
/*
 * The processes' modern and legacy lookups, for "falls back" (see
 * dep_fallback.h). A fixed table, least recently used process replaced;
 * names by hash (a collision can only turn breaks into falls back for
 * names of the same process: 2^-64).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash_index.h"
#include "deps/dep_fallback.h"

struct fb_pending {
	uint64_t modern;		/* the name it waits for; 0: free */
	size_t keylen;
	unsigned char key[SA_DEP_FB_KEY];
	char name[SA_DEP_TEXT];
	char path[SA_DEP_TEXT];		/* the legacy lookup's */
};

struct fb_proc {
	unsigned int tgid;
	unsigned long long gen, used;	/* used: 0 = free slot */
	uint64_t names[SA_DEP_FB_NAMES];
	unsigned int nnames;		/* ever added: a ring */
	struct fb_pending pending[SA_DEP_FB_PENDING];
	unsigned int npending;		/* ever added: a ring */
};

struct sa_dep_fb {
	struct fb_proc procs[SA_DEP_FB_PROCS];
	unsigned long long clock;
};

struct sa_dep_fb *sa_dep_fb_new(void)
{
	return calloc(1, sizeof(struct sa_dep_fb));
}

void sa_dep_fb_free(struct sa_dep_fb *f)
{
	free(f);
}

static uint64_t name_hash(const char *s)
{
	uint64_t h = sa_hash_str(SA_HASH_INIT, s);

	return h ? h : 1;
}

/* The process's slot: found, else the least recently used one, cleared. */
static struct fb_proc *proc_of(struct sa_dep_fb *f, unsigned int tgid, unsigned long long gen)
{
	struct fb_proc *lru = &f->procs[0];

	f->clock++;
	for (int i = 0; i < SA_DEP_FB_PROCS; i++) {
		struct fb_proc *p = &f->procs[i];

		if (p->used && p->tgid == tgid && p->gen == gen) {
			p->used = f->clock;
			return p;
		}
		if (p->used < lru->used)
			lru = p;
	}
	memset(lru, 0, sizeof(*lru));
	lru->tgid = tgid;
	lru->gen = gen;
	lru->used = f->clock;
	return lru;
}

static bool asked_for(const struct fb_proc *p, uint64_t h)
{
	unsigned int n = p->nnames < SA_DEP_FB_NAMES ? p->nnames : SA_DEP_FB_NAMES;

	for (unsigned int i = 0; i < n; i++)
		if (p->names[i] == h)
			return true;
	return false;
}

static void modern_seen(struct fb_proc *p, const char *name,
			void (*fell)(void *ctx, const struct sa_dep_fb_hit *h), void *ctx)
{
	uint64_t h = name_hash(name);

	if (!asked_for(p, h))
		p->names[p->nnames++ % SA_DEP_FB_NAMES] = h;
	for (int i = 0; i < SA_DEP_FB_PENDING; i++) {
		struct fb_pending *w = &p->pending[i];
		struct sa_dep_fb_hit hit = { w->key, w->keylen, w->name, w->path };

		if (w->modern != h)
			continue;
		w->modern = 0;
		if (fell)
			fell(ctx, &hit);
	}
}

void sa_dep_fb_judge(struct sa_dep_fb *f, unsigned int tgid, unsigned long long gen,
		     const struct sa_dep_obs *o, struct sa_dep_verdict *v,
		     const void *key, size_t keylen,
		     void (*fell)(void *ctx, const struct sa_dep_fb_hit *h), void *ctx)
{
	char buf[SA_DEP_TEXT];
	const char *link = sa_dep_link_named(o, buf, sizeof(buf));
	struct fb_pending *w;
	struct fb_proc *p;

	if (link) {
		modern_seen(proc_of(f, tgid, gen), link, fell, ctx);
		return;
	}
	/* A suspect waits too: the program's fingerprint may make it break. */
	if (v->conf == SA_DC_FALLS_BACK || !*v->modern)
		return;
	p = proc_of(f, tgid, gen);
	if (asked_for(p, name_hash(v->modern))) {
		sa_dep_fall_back(v, v->modern);
		return;
	}
	if (!key || keylen > SA_DEP_FB_KEY)
		return;		/* nothing to find its line by: it stays breaks */
	w = &p->pending[p->npending++ % SA_DEP_FB_PENDING];
	w->modern = name_hash(v->modern);
	w->keylen = keylen;
	memcpy(w->key, key, keylen);
	snprintf(w->name, sizeof(w->name), "%s", v->modern);
	snprintf(w->path, sizeof(w->path), "%s", v->path);
}
