// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "audit/rules_dirs.h"

static const char *const default_dirs[] = {
	"/etc/udev/rules.d", "/run/udev/rules.d", "/lib/udev/rules.d", "/usr/lib/udev/rules.d",
};

bool sa_rules_masked(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
	       minor(st.st_rdev) == 3;
}

static bool seen_name(struct sa_rules_walk *w, const char *name)
{
	char **n;

	for (size_t i = 0; i < w->nnames; i++)
		if (!strcmp(w->names[i], name))
			return true;
	n = realloc(w->names, (w->nnames + 1) * sizeof(*n));
	if (!n)
		return false;
	w->names = n;
	n[w->nnames] = strdup(name);
	if (n[w->nnames])
		w->nnames++;
	return false;
}

static bool seen_dir(struct sa_rules_walk *w, const struct stat *st)
{
	void *p;

	for (size_t i = 0; i < w->ndirs; i++)
		if (w->dirs[i].dev == st->st_dev && w->dirs[i].ino == st->st_ino)
			return true;
	p = realloc(w->dirs, (w->ndirs + 1) * sizeof(*w->dirs));
	if (!p)
		return false;
	w->dirs = p;
	w->dirs[w->ndirs].dev = st->st_dev;
	w->dirs[w->ndirs].ino = st->st_ino;
	w->ndirs++;
	return false;
}

static int is_rules(const struct dirent *d)
{
	size_t l = strlen(d->d_name);

	return l > 6 && !strcmp(d->d_name + l - 6, ".rules");
}

static void walk_dir(struct sa_rules_walk *w, const char *dir, const struct stat *st)
{
	struct dirent **ents;
	char path[4096];
	int n;

	if (seen_dir(w, st))
		return;
	n = scandir(dir, &ents, is_rules, alphasort);
	if (n < 0) {
		w->on_error(dir, errno, w->ctx);
		return;
	}
	for (int i = 0; i < n; i++) {
		if (!w->mask || !seen_name(w, ents[i]->d_name)) {
			snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
			w->on_file(path, w->ctx);
		}
		free(ents[i]);
	}
	free(ents);
}

void sa_rules_walk_path(struct sa_rules_walk *w, const char *path)
{
	struct stat st;

	if (stat(path, &st)) {
		w->on_error(path, errno, w->ctx);
		return;
	}
	if (S_ISDIR(st.st_mode))
		walk_dir(w, path, &st);
	else
		w->on_file(path, w->ctx);
}

void sa_rules_walk_defaults(struct sa_rules_walk *w, const char *root)
{
	char dir[4096];
	struct stat st;

	w->mask = true;
	for (size_t i = 0; i < sizeof(default_dirs) / sizeof(default_dirs[0]); i++) {
		snprintf(dir, sizeof(dir), "%s%s", strcmp(root, "/") ? root : "", default_dirs[i]);
		/* a missing default directory is normal */
		if (stat(dir, &st) && (errno == ENOENT || errno == ENOTDIR))
			continue;
		sa_rules_walk_path(w, dir);
	}
	w->mask = false;
}

void sa_rules_walk_free(struct sa_rules_walk *w)
{
	for (size_t i = 0; i < w->nnames; i++)
		free(w->names[i]);
	free(w->names);
	free(w->dirs);
	w->names = NULL;
	w->dirs = NULL;
	w->nnames = w->ndirs = 0;
}
