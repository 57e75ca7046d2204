// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "audit/rules_dirs.h"
#include "common/root.h"

static const char *const default_dirs[] = {
	"/etc/udev/rules.d", "/run/udev/rules.d", "/lib/udev/rules.d", "/usr/lib/udev/rules.d",
};

bool sa_rules_masked(const struct sa_root *root, const char *path)
{
	char link[16];
	struct stat st;
	ssize_t n;
	int fd;

	/* the link's text: under a root, /dev/null is the tree's, which may not exist */
	fd = sa_root_open(root, path, O_PATH | O_NOFOLLOW);
	if (fd < 0)
		return false;
	n = readlinkat(fd, "", link, sizeof(link) - 1);
	close(fd);
	if (n == 9 && !memcmp(link, "/dev/null", 9))
		return true;
	return !sa_root_stat(root, path, &st) && S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
	       minor(st.st_rdev) == 3;
}

/* udev reads one file per name across the directories: the first one masks the rest */
static bool seen_name(struct sa_rules_walk *w, const char *name)
{
	return !sa_strset_add(&w->names, name);
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

/* The *.rules files of @dir; each resolved inside @root (the defaults) or beneath @dir. */
static void walk_dir(struct sa_rules_walk *w, const char *dir, const struct stat *st,
		     const struct sa_root *root)
{
	struct sa_root beneath;
	struct dirent **ents;
	char path[4096];
	int n;

	if (seen_dir(w, st))
		return;
	if (!root) {
		n = sa_root_init(&beneath, dir, true);
		if (n) {
			w->on_error(dir, -n, w->ctx);
			return;
		}
		root = &beneath;
	}
	n = sa_root_scandir(root, dir, &ents, is_rules);
	if (n < 0) {
		w->on_error(dir, -n, w->ctx);
	} else {
		for (int i = 0; i < n; i++) {
			if (!w->mask || !seen_name(w, ents[i]->d_name)) {
				snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
				w->on_file(path, root, w->ctx);
			}
			free(ents[i]);
		}
		free(ents);
	}
	if (root == &beneath)
		sa_root_fini(&beneath);
}

static void walk_path(struct sa_rules_walk *w, const char *path, const struct sa_root *root)
{
	struct stat st;
	int err = sa_root_stat(root, path, &st);

	if (err) {
		w->on_error(path, -err, w->ctx);
		return;
	}
	if (S_ISDIR(st.st_mode))
		walk_dir(w, path, &st, root);
	else
		w->on_file(path, root, w->ctx);
}

void sa_rules_walk_path(struct sa_rules_walk *w, const char *path)
{
	walk_path(w, path, NULL);
}

void sa_rules_walk_defaults(struct sa_rules_walk *w, const char *root)
{
	/* "/": no confinement, and symlinks between the default directories are fine */
	static const struct sa_root slash = { .fd = -1, .path = "/", .len = 1 };
	char dir[4096];
	struct stat st;
	int err;

	w->mask = true;
	for (size_t i = 0; i < sizeof(default_dirs) / sizeof(default_dirs[0]); i++) {
		snprintf(dir, sizeof(dir), "%s%s", strcmp(root, "/") ? root : "", default_dirs[i]);
		/* a missing default directory is normal */
		err = sa_root_stat(w->root, dir, &st);
		if (err == -ENOENT || err == -ENOTDIR)
			continue;
		walk_path(w, dir, w->root ? w->root : &slash);
	}
	w->mask = false;
}

void sa_rules_walk_free(struct sa_rules_walk *w)
{
	sa_strset_free(&w->names);
	free(w->dirs);
	w->dirs = NULL;
	w->ndirs = 0;
}
