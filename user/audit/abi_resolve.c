// SPDX-License-Identifier: GPL-2.0
/* The paths of a tree a What: pattern names (audit/abi_resolve.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit/abi_resolve.h"

struct walk {
	const struct sa_abi_pattern *p;
	struct sa_abi_cache *cache;
	size_t rootlen;
	sa_abi_hit_fn fn;
	void *ctx;
	int hits, err;
};

/* Append "/@name" to @buf (its length @len); false when it does not fit. */
static bool push(struct walk *w, char *buf, size_t len, const char *name)
{
	if (len + 1 + strlen(name) >= PATH_MAX) {
		if (!w->err)
			w->err = -ENAMETOOLONG;
		return false;
	}
	buf[len] = '/';
	strcpy(buf + len + 1, name);
	return true;
}

/* @buf names something that matches: stat it (links followed) and report it. */
static int hit(struct walk *w, const char *buf)
{
	struct stat st;
	struct sa_abi_hit h;
	int r;

	if (stat(buf, &st))
		return 0;
	h.path = buf[w->rootlen] ? buf + w->rootlen : "/";
	h.ino = st.st_ino;
	h.dev = st.st_dev;
	h.dir = S_ISDIR(st.st_mode);
	r = w->fn(&h, w->ctx);
	if (r < 0)
		return r;
	w->hits++;
	return 0;
}

/* A directory to go into at @level: links only at level 0 (those a pattern names). */
static bool enter(const char *buf, int level)
{
	struct stat st;

	return !(level ? lstat(buf, &st) : stat(buf, &st)) && S_ISDIR(st.st_mode);
}

/* A link below a "..." run's first level: the same thing found again, or a loop. */
static bool deep_link(const char *buf, int level)
{
	struct stat st;

	return level && (lstat(buf, &st) || S_ISLNK(st.st_mode));
}

/* The next entry of @d but . and .., appended to @buf (of @len); NULL at the end. */
static struct dirent *next_entry(struct walk *w, DIR *d, char *buf, size_t len)
{
	struct dirent *e;

	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && push(w, buf, len, e->d_name))
			return e;
	return NULL;
}

/* Everything below a trailing '/': the entries, and those of the directories among them. */
static int below(struct walk *w, char *buf, size_t len, int level)
{
	DIR *d = opendir(buf);
	int r = 0;

	if (!d)
		return 0;
	while (!r && next_entry(w, d, buf, len)) {
		r = hit(w, buf);
		if (!r && level < 1 && enter(buf, level))
			r = below(w, buf, strlen(buf), level + 1);
		buf[len] = '\0';
	}
	closedir(d);
	return r;
}

static int walk_from(struct walk *w, size_t pi, char *buf, size_t len);

/* One "..." run's matches from @buf: walked once per cache for every pattern that shares it. */
struct sa_abi_run {
	char *key;		/* the start, a NUL, the component after "..." as written */
	size_t keylen;
	char **path;
	size_t n;
};

struct sa_abi_cache {
	struct sa_abi_run *run;
	size_t n;
};

/*
 * A directory on @dev: a "..." run stays on the filesystem it starts on
 * (/sys/.../iio:deviceX is no file of the tracefs or debugfs mounted below
 * /sys/kernel, whose thousands of event directories it would walk).
 */
static bool same_fs(const char *buf, dev_t dev)
{
	struct stat st;

	return !stat(buf, &st) && st.st_dev == dev;
}

/*
 * A "..." run at component @pi: every entry one or more levels below
 * @buf whose name matches component @pi + 1 (a link only at the first
 * level), into @run's list.
 */
static int collect(struct walk *w, size_t pi, char *buf, size_t len, int level,
		   struct sa_abi_run *run, dev_t dev)
{
	DIR *d;
	struct dirent *e;
	int r = 0;

	if (level >= SA_ABI_ANY_DEPTH)
		return 0;
	d = opendir(buf);
	if (!d)
		return 0;
	while (!r && (e = next_entry(w, d, buf, len))) {
		if (sa_abi_pattern_comp_match(w->p, pi + 1, e->d_name) && !deep_link(buf, level)) {
			char **p = realloc(run->path, (run->n + 1) * sizeof(*p));

			if (!p || !(p[run->n] = strdup(buf)))
				r = -ENOMEM;
			if (p)
				run->path = p;
			if (!r)
				run->n++;
		}
		if (!r && enter(buf, level) && same_fs(buf, dev))
			r = collect(w, pi, buf, strlen(buf), level + 1, run, dev);
		buf[len] = '\0';
	}
	closedir(d);
	return r;
}

struct sa_abi_cache *sa_abi_cache_new(void)
{
	return calloc(1, sizeof(struct sa_abi_cache));
}

void sa_abi_cache_free(struct sa_abi_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		for (size_t k = 0; k < c->run[i].n; k++)
			free(c->run[i].path[k]);
		free(c->run[i].path);
		free(c->run[i].key);
	}
	free(c->run);
	free(c);
}

static int any_run(struct walk *w, size_t pi, char *buf, size_t len)
{
	const char *next = sa_abi_pattern_comp_text(w->p, pi + 1);
	struct sa_abi_run one = {}, *run = NULL;
	size_t klen;
	int r = 0;

	if (!next)
		return 0;	/* a path ending in "..." is none the ABI files write */
	klen = len + 1 + strlen(next);
	for (size_t i = 0; w->cache && i < w->cache->n; i++)
		if (w->cache->run[i].keylen == klen && !memcmp(w->cache->run[i].key, buf, len + 1) &&
		    !strcmp(w->cache->run[i].key + len + 1, next))
			run = &w->cache->run[i];
	if (!run) {
		struct stat st;

		if (!stat(buf, &st))
			r = collect(w, pi, buf, len, 0, &one, st.st_dev);
		buf[len] = '\0';
		if (!r && w->cache) {
			struct sa_abi_run *n = realloc(w->cache->run,
						      (w->cache->n + 1) * sizeof(*n));

			if (n && (one.key = malloc(klen + 1))) {
				memcpy(one.key, buf, len + 1);
				strcpy(one.key + len + 1, next);
				one.keylen = klen;
				w->cache->run = n;
				n[w->cache->n++] = one;
				run = &n[w->cache->n - 1];
			} else {
				if (n)
					w->cache->run = n;
				r = -ENOMEM;
			}
		}
		if (!run && !r)
			run = &one;
	}
	for (size_t i = 0; !r && run && i < run->n; i++) {
		snprintf(buf, PATH_MAX, "%s", run->path[i]);
		r = walk_from(w, pi + 2, buf, strlen(buf));
	}
	buf[len] = '\0';
	if (!run || run == &one) {	/* not handed to the cache */
		for (size_t k = 0; k < one.n; k++)
			free(one.path[k]);
		free(one.path);
	}
	return r;
}

/* Components @pi and on, below @buf (which exists, or the walk ends here). */
static int walk_from(struct walk *w, size_t pi, char *buf, size_t len)
{
	const char *lit;
	DIR *d;
	struct dirent *e;
	int r = 0;

	if (pi == sa_abi_pattern_ncomp(w->p)) {
		r = hit(w, buf);
		if (!r && sa_abi_pattern_prefix(w->p) && enter(buf, 0))
			r = below(w, buf, len, 0);
		return r;
	}
	if (sa_abi_pattern_comp_any(w->p, pi))
		return any_run(w, pi, buf, len);
	lit = sa_abi_pattern_comp_literal(w->p, pi);
	if (lit) {
		if (push(w, buf, len, lit))
			r = walk_from(w, pi + 1, buf, strlen(buf));
		buf[len] = '\0';
		return r;
	}
	d = opendir(buf);
	if (!d)
		return 0;
	while (!r && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !sa_abi_pattern_comp_match(w->p, pi, e->d_name))
			continue;
		if (push(w, buf, len, e->d_name))
			r = walk_from(w, pi + 1, buf, strlen(buf));
		buf[len] = '\0';
	}
	closedir(d);
	return r;
}

int sa_abi_resolve(const struct sa_abi_pattern *p, const char *root, sa_abi_hit_fn fn,
		   void *ctx)
{
	return sa_abi_resolve_cached(p, root, NULL, fn, ctx);
}

int sa_abi_resolve_cached(const struct sa_abi_pattern *p, const char *root,
			  struct sa_abi_cache *cache, sa_abi_hit_fn fn, void *ctx)
{
	struct walk w = { .p = p, .cache = cache, .fn = fn, .ctx = ctx };
	char buf[PATH_MAX];
	int r;

	if (!root || !strcmp(root, "/"))
		root = "";
	w.rootlen = strlen(root);
	if (w.rootlen >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, root, w.rootlen + 1);
	r = walk_from(&w, 0, buf, w.rootlen);
	if (r < 0)
		return r;
	return w.err ? w.err : w.hits;
}
