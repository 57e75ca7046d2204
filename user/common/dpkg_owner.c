// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "common/dpkg_owner.h"
#include "common/root.h"
#include "common/slurp.h"

#define LIST_MAX (64UL << 20)

/* Open addressing: path -> index into pkgs[]. */
struct sa_dpkg {
	char **path;
	unsigned int *pkg;
	size_t cap, n;
	char **pkgs;
	size_t npkgs;
};

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static int grow(struct sa_dpkg *d)
{
	size_t cap = d->cap ? d->cap * 2 : 4096;
	char **path = calloc(cap, sizeof(*path));
	unsigned int *pkg = calloc(cap, sizeof(*pkg));

	if (!path || !pkg) {
		free(path);
		free(pkg);
		return -ENOMEM;
	}
	for (size_t i = 0; i < d->cap; i++) {
		size_t j;

		if (!d->path[i])
			continue;
		for (j = hash(d->path[i]) & (cap - 1); path[j]; j = (j + 1) & (cap - 1))
			;
		path[j] = d->path[i];
		pkg[j] = d->pkg[i];
	}
	free(d->path);
	free(d->pkg);
	d->path = path;
	d->pkg = pkg;
	d->cap = cap;
	return 0;
}

/* First owner wins: a directory listed by many packages keeps one. */
static int add(struct sa_dpkg *d, const char *p, size_t len, unsigned int pkg)
{
	size_t j;
	char *s;

	if ((d->n + 1) * 2 > d->cap && grow(d))
		return -ENOMEM;
	s = strndup(p, len);
	if (!s)
		return -ENOMEM;
	for (j = hash(s) & (d->cap - 1); d->path[j]; j = (j + 1) & (d->cap - 1))
		if (!strcmp(d->path[j], s)) {
			free(s);
			return 0;
		}
	d->path[j] = s;
	d->pkg[j] = pkg;
	d->n++;
	return 0;
}

static int load_list(struct sa_dpkg *d, const struct sa_root *r, const char *file,
		     unsigned int pkg)
{
	char *buf;
	size_t len, pos = 0;
	int err = sa_slurp_at(r, file, LIST_MAX, &buf, &len);

	if (err) {
		sa_warn("%s: %s (package ownership from it is unknown)", file,
			sa_slurp_strerror(err));
		return 0;
	}
	while (pos < len && !err) {
		char *nl = memchr(buf + pos, '\n', len - pos);
		size_t l = nl ? (size_t)(nl - (buf + pos)) : len - pos;

		if (l && buf[pos] == '/')
			err = add(d, buf + pos, l, pkg);
		pos += l + 1;
	}
	free(buf);
	return err;
}

/*
 * The stem of "pkg.list" or "pkg:arch.list" (@l bytes of @name before
 * ".list"), named as dpkg names packages (Debian Policy
 * 5.6.1: [a-z0-9][a-z0-9+.-]+; an architecture is [a-z0-9-]+). Anything else
 * in a crafted tree is no package: neither its name nor its contents are
 * taken, and the name is never printed (it may hold control characters).
 */
static bool package_stem(const char *name, size_t l)
{
	size_t i, colon = 0;

	for (i = 0; i < l; i++) {
		char c = name[i];

		if (c == ':' && !colon && i >= 2) {
			colon = i;
			continue;
		}
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      (!colon && i && (c == '+' || c == '.')) || (i && c == '-')))
			return false;
	}
	return colon ? l - colon > 1 : l >= 2;
}

struct sa_dpkg *sa_dpkg_load(const char *root)
{
	unsigned int odd = 0;
	struct sa_dpkg *d;
	char dir[4096], file[4096 + 256];
	struct dirent **ents;
	struct sa_root r;
	int n;

	/* the database of another system's tree: read inside it (common/root.h) */
	n = sa_root_init(&r, root, false);
	if (n) {
		errno = -n;
		return NULL;
	}
	snprintf(dir, sizeof(dir), "%s/var/lib/dpkg/info", strcmp(root, "/") ? root : "");
	n = sa_root_scandir(&r, dir, &ents, NULL);
	if (n < 0) {
		sa_root_fini(&r);
		errno = -n;
		return NULL;
	}
	d = calloc(1, sizeof(*d));
	if (d)
		d->pkgs = calloc(n ? n : 1, sizeof(*d->pkgs));
	for (int i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		size_t l = strlen(name);

		bool list = l > 5 && !strcmp(name + l - 5, ".list");

		if (list && !package_stem(name, l - 5)) {
			odd++;
		} else if (list && d && d->pkgs) {
			/* "pkg:arch.list" -> "pkg" */
			size_t pl = strcspn(name, ":");

			if (pl > l - 5)
				pl = l - 5;
			d->pkgs[d->npkgs] = strndup(name, pl);
			snprintf(file, sizeof(file), "%s/%s", dir, name);
			if (!d->pkgs[d->npkgs] || load_list(d, &r, file, d->npkgs)) {
				sa_dpkg_free(d);
				d = NULL;
			} else {
				d->npkgs++;
			}
		}
		free(ents[i]);
	}
	free(ents);
	sa_root_fini(&r);
	if (odd)
		sa_warn("%s: %u *.list file(s) not named like a Debian package, not read",
			dir, odd);
	if (d && !d->pkgs) {
		sa_dpkg_free(d);
		d = NULL;
	}
	if (!d)
		errno = ENOMEM;
	return d;
}

static const char *lookup(const struct sa_dpkg *d, const char *p)
{
	if (!d->cap)
		return NULL;
	for (size_t j = hash(p) & (d->cap - 1); d->path[j]; j = (j + 1) & (d->cap - 1))
		if (!strcmp(d->path[j], p))
			return d->pkgs[d->pkg[j]];
	return NULL;
}

const char *sa_dpkg_owner(const struct sa_dpkg *d, const char *path)
{
	static const char *const split[] = { "/bin/", "/sbin/", "/lib/", "/lib64/", "/lib32/" };
	char alt[4096];
	const char *o;

	if (!d || !path)
		return NULL;
	o = lookup(d, path);
	if (o)
		return o;
	if (!strncmp(path, "/usr/", 5)) {
		for (size_t i = 0; i < sizeof(split) / sizeof(split[0]); i++)
			if (!strncmp(path + 4, split[i], strlen(split[i])))
				return lookup(d, path + 4);
		return NULL;
	}
	for (size_t i = 0; i < sizeof(split) / sizeof(split[0]); i++)
		if (!strncmp(path, split[i], strlen(split[i]))) {
			snprintf(alt, sizeof(alt), "/usr%s", path);
			return lookup(d, alt);
		}
	return NULL;
}

unsigned long sa_dpkg_count(const struct sa_dpkg *d)
{
	return d ? d->n : 0;
}

void sa_dpkg_free(struct sa_dpkg *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->cap; i++)
		free(d->path[i]);
	for (size_t i = 0; i < d->npkgs; i++)
		free(d->pkgs[i]);
	free(d->path);
	free(d->pkg);
	free(d->pkgs);
	free(d);
}
