// SPDX-License-Identifier: GPL-2.0
/* The paths of a tree a What: pattern names (audit/abi_resolve.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "audit/abi_resolve.h"

struct walk {
	const struct sa_abi_pattern *p;
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

/* Everything below a trailing '/': the entries, and those of the directories among them. */
static int below(struct walk *w, char *buf, size_t len, int level)
{
	DIR *d = opendir(buf);
	struct dirent *e;
	int r = 0;

	if (!d)
		return 0;
	while (!r && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!push(w, buf, len, e->d_name))
			continue;
		r = hit(w, buf);
		if (!r && level < 1 && enter(buf, level))
			r = below(w, buf, strlen(buf), level + 1);
		buf[len] = '\0';
	}
	closedir(d);
	return r;
}

static int walk_from(struct walk *w, size_t pi, char *buf, size_t len);

/*
 * A "..." run at component @pi: every entry one or more levels below
 * @buf whose name matches component @pi + 1, and the rest from there.
 */
static int any_run(struct walk *w, size_t pi, char *buf, size_t len, int level)
{
	DIR *d;
	struct dirent *e;
	int r = 0;

	if (level >= SA_ABI_ANY_DEPTH || pi + 1 >= sa_abi_pattern_ncomp(w->p))
		return 0;	/* a path ending in "..." is none the ABI files write */
	d = opendir(buf);
	if (!d)
		return 0;
	while (!r && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!push(w, buf, len, e->d_name))
			continue;
		if (sa_abi_pattern_comp_match(w->p, pi + 1, e->d_name) && !deep_link(buf, level))
			r = walk_from(w, pi + 2, buf, strlen(buf));
		if (!r && enter(buf, level))
			r = any_run(w, pi, buf, strlen(buf), level + 1);
		buf[len] = '\0';
	}
	closedir(d);
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
		return any_run(w, pi, buf, len, 0);
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
	struct walk w = { .p = p, .fn = fn, .ctx = ctx };
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
