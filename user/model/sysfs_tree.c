// SPDX-License-Identifier: GPL-2.0
/*
 * Read the device tree from sysfs: a device is a real directory below
 * devices/ with a "uevent" file; its class or bus comes from the
 * "subsystem" link, its driver from the "driver" link, DEVTYPE and DEVNAME
 * from the uevent file, and its parent is the nearest ancestor directory
 * that is a device (class "glue" directories are not).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/sysfs_tree.h"

static struct sa_tree *walk_tree;	/* nftw() has no user pointer */
static size_t walk_root_len;
static int walk_err;

static char *link_base(int dfd, const char *name, const char **kind)
{
	char buf[PATH_MAX], *base, *prev;
	ssize_t n;

	n = readlinkat(dfd, name, buf, sizeof(buf) - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	base = strrchr(buf, '/');
	if (!base)
		return strdup(buf);
	*base = '\0';
	if (kind) {
		prev = strrchr(buf, '/');
		prev = prev ? prev + 1 : buf;
		*kind = !strcmp(prev, "class") ? "class" :
			!strcmp(prev, "bus") ? "bus" : NULL;
	}
	return strdup(base + 1);
}

static void read_uevent(int dfd, struct sa_dev *d)
{
	char buf[4096], *line, *save = NULL;
	ssize_t n;
	int fd;

	fd = openat(dfd, "uevent", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "DEVTYPE=", 8) && !d->devtype)
			d->devtype = strdup(line + 8);
		else if (!strncmp(line, "DEVNAME=", 8) && !d->devname)
			d->devname = strdup(line + 8);
	}
}

static void dev_free(struct sa_dev *d)
{
	if (!d)
		return;
	free(d->path);
	free(d->class);
	free(d->bus);
	free(d->driver);
	free(d->devtype);
	free(d->devname);
	free(d);
}

static int visit(const char *fpath, const struct stat *sb, int type, struct FTW *ftw)
{
	struct sa_tree *t = walk_tree;
	const char *kind = NULL;
	struct sa_dev *d;
	char *sub;
	int dfd;

	(void)sb;
	(void)ftw;
	if (type != FTW_D)
		return 0;
	dfd = open(fpath, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return 0;	/* vanished or unreadable: not ours to judge */
	if (faccessat(dfd, "uevent", F_OK, AT_SYMLINK_NOFOLLOW)) {
		close(dfd);
		return 0;
	}
	d = calloc(1, sizeof(*d));
	if (!d || !(d->path = strdup(fpath + walk_root_len)))
		goto nomem;
	d->name = strrchr(d->path, '/') + 1;
	sub = link_base(dfd, "subsystem", &kind);
	if (sub && kind && !strcmp(kind, "class"))
		d->class = sub;
	else if (sub && kind && !strcmp(kind, "bus"))
		d->bus = sub;
	else
		free(sub);
	d->driver = link_base(dfd, "driver", NULL);
	read_uevent(dfd, d);
	close(dfd);

	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;
		struct sa_dev **v = realloc(t->devs, cap * sizeof(*v));

		if (!v)
			goto nomem;
		t->devs = v;
		t->cap = cap;
	}
	t->devs[t->n++] = d;
	return 0;
nomem:
	if (dfd >= 0)
		close(dfd);
	dev_free(d);
	walk_err = -ENOMEM;
	return 1;
}

static int cmp_dev(const void *a, const void *b)
{
	return strcmp((*(struct sa_dev *const *)a)->path,
		      (*(struct sa_dev *const *)b)->path);
}

struct sa_dev *sa_tree_find(const struct sa_tree *t, const char *path)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(path, t->devs[mid]->path);

		if (!c)
			return t->devs[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

int sa_tree_load(const char *root, struct sa_tree *t)
{
	char top[PATH_MAX], buf[PATH_MAX];
	struct stat st;
	size_t len;

	memset(t, 0, sizeof(*t));
	len = strlen(root);
	while (len > 1 && root[len - 1] == '/')
		len--;
	if (snprintf(top, sizeof(top), "%.*s/devices", (int)len, root) >= (int)sizeof(top))
		return -ENAMETOOLONG;
	if (stat(root, &st))
		return -errno;
	if (stat(top, &st) || !S_ISDIR(st.st_mode))
		return -ENOTDIR;

	walk_tree = t;
	walk_root_len = len;
	walk_err = 0;
	if (nftw(top, visit, 32, FTW_PHYS) < 0 && !walk_err)
		walk_err = -errno;
	walk_tree = NULL;
	if (walk_err) {
		sa_tree_free(t);
		return walk_err;
	}
	qsort(t->devs, t->n, sizeof(*t->devs), cmp_dev);

	/* Parent: the nearest ancestor path that is a device. */
	for (size_t i = 0; i < t->n; i++) {
		struct sa_dev *d = t->devs[i];
		char *slash;

		strcpy(buf, d->path);
		while ((slash = strrchr(buf, '/')) && slash != buf) {
			*slash = '\0';
			d->parent = sa_tree_find(t, buf);
			if (d->parent)
				break;
		}
	}
	return 0;
}

void sa_tree_free(struct sa_tree *t)
{
	for (size_t i = 0; i < t->n; i++)
		dev_free(t->devs[i]);
	free(t->devs);
	memset(t, 0, sizeof(*t));
}
