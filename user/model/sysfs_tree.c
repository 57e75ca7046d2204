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
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/sysfs_tree.h"

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
	struct stat st;
	ssize_t n;
	int fd;

	/* never a FIFO (would block) nor a symlink out of the tree: a regular file only */
	fd = openat(dfd, "uevent", O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY);
	if (fd < 0)
		return;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return;
	}
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

/* One directory of the walk: its subdirectories left to enter. */
struct level {
	char **names;
	size_t n, next;
	dev_t dev;
	ino_t ino;
	size_t plen;		/* the path's length at this level */
	struct sa_dev *dev_here;	/* the nearest device at or above it */
};

struct walk {
	struct sa_tree *t;
	char *path;		/* "/devices/...": grows, never bounded by PATH_MAX */
	size_t plen, pcap;
	struct level *lv;
	size_t depth, lcap;
};

static int path_push(struct walk *w, const char *name)
{
	size_t nl = strlen(name);

	if (w->plen + nl + 2 > w->pcap) {
		size_t cap = (w->plen + nl + 2) * 2;
		char *p = realloc(w->path, cap);

		if (!p)
			return -ENOMEM;
		w->path = p;
		w->pcap = cap;
	}
	w->path[w->plen++] = '/';
	memcpy(w->path + w->plen, name, nl + 1);
	w->plen += nl;
	return 0;
}

/* The device of directory @dfd, if it is one (a regular uevent file): added to the tree. */
static int add_dev(struct walk *w, int dfd, struct sa_dev *parent, struct sa_dev **out)
{
	struct sa_tree *t = w->t;
	const char *kind = NULL;
	struct stat ust;
	struct sa_dev *d;
	char *sub;

	*out = NULL;
	/* a device has a regular uevent file; a FIFO or a symlink named so is not one */
	if (fstatat(dfd, "uevent", &ust, AT_SYMLINK_NOFOLLOW) || !S_ISREG(ust.st_mode))
		return 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;
		struct sa_dev **v = realloc(t->devs, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		t->devs = v;
		t->cap = cap;
	}
	d = calloc(1, sizeof(*d));
	if (!d || !(d->path = strdup(w->path))) {
		free(d);
		return -ENOMEM;
	}
	d->name = strrchr(d->path, '/') + 1;
	d->parent = parent;
	sub = link_base(dfd, "subsystem", &kind);
	if (sub && kind && !strcmp(kind, "class"))
		d->class = sub;
	else if (sub && kind && !strcmp(kind, "bus"))
		d->bus = sub;
	else
		free(sub);
	d->driver = link_base(dfd, "driver", NULL);
	read_uevent(dfd, d);
	t->devs[t->n++] = d;
	*out = d;
	return 0;
}

/* Enter the directory open at @dfd: its device, and the list of its real subdirectories. */
static int enter(struct walk *w, int dfd)
{
	struct level *l;
	struct dirent *e;
	struct stat st;
	size_t cap = 0;
	DIR *d;
	int err, fd;

	if (w->depth == w->lcap) {
		size_t c = w->lcap ? 2 * w->lcap : 64;
		struct level *v = realloc(w->lv, c * sizeof(*v));

		if (!v)
			return -ENOMEM;
		w->lv = v;
		w->lcap = c;
	}
	l = &w->lv[w->depth];
	memset(l, 0, sizeof(*l));
	if (fstat(dfd, &st))
		return -errno;
	l->dev = st.st_dev;
	l->ino = st.st_ino;
	l->plen = w->plen;
	err = add_dev(w, dfd, w->depth ? w->lv[w->depth - 1].dev_here : NULL, &l->dev_here);
	if (err)
		return err;
	if (!l->dev_here && w->depth)
		l->dev_here = w->lv[w->depth - 1].dev_here;
	w->depth++;
	fd = dup(dfd);
	if (fd < 0)
		return -errno;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -errno;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		/* real directories only: links (subsystem, driver, device) are not entered */
		if (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN)
			continue;
		if (e->d_type == DT_UNKNOWN &&
		    (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISDIR(st.st_mode)))
			continue;
		if (l->n == cap) {
			char **v = realloc(l->names, (cap = cap ? 2 * cap : 8) * sizeof(*v));

			if (!v)
				goto nomem;
			l->names = v;
		}
		l->names[l->n] = strdup(e->d_name);
		if (!l->names[l->n])
			goto nomem;
		l->n++;
	}
	closedir(d);
	return 0;
nomem:
	closedir(d);
	return -ENOMEM;
}

static void leave(struct walk *w)
{
	struct level *l = &w->lv[--w->depth];

	for (size_t i = 0; i < l->n; i++)
		free(l->names[i]);
	free(l->names);
	/* back to the parent's path */
	if (w->depth) {
		w->plen = w->lv[w->depth - 1].plen;
		w->path[w->plen] = '\0';
	}
}

/*
 * Depth first, by descriptor, with one directory open at a time: a child
 * is opened relative to its parent (O_NOFOLLOW: never a link swapped in)
 * and the walk climbs back through "..", checked to be the directory it
 * came from. No path is ever resolved whole, so a tree of any depth is
 * read (nftw() opened each directory by its path: past PATH_MAX the rest
 * was skipped in silence, and each open cost the depth).
 */
static int walk(struct walk *w, const char *top)
{
	int fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW), err;

	if (fd < 0)
		return -errno;
	err = path_push(w, "devices");
	if (!err)
		err = enter(w, fd);
	while (!err && w->depth) {
		struct level *l = &w->lv[w->depth - 1];
		struct stat st;
		int nfd;

		if (l->next < l->n) {
			const char *name = l->names[l->next++];

			nfd = openat(fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
			if (nfd < 0)
				continue;	/* vanished, or a link swapped in: not a device */
			err = path_push(w, name);
			if (!err)
				err = enter(w, nfd);
			if (err) {
				close(nfd);
				break;
			}
			close(fd);
			fd = nfd;
			continue;
		}
		leave(w);
		if (!w->depth)
			break;
		nfd = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		l = &w->lv[w->depth - 1];
		if (nfd < 0 || fstat(nfd, &st) || st.st_dev != l->dev || st.st_ino != l->ino) {
			/* a directory moved during the walk: its parent is not where it was */
			err = nfd < 0 ? -errno : -ESTALE;
			if (nfd >= 0)
				close(nfd);
			break;
		}
		close(fd);
		fd = nfd;
	}
	close(fd);
	while (w->depth)
		leave(w);
	return err;
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
	struct walk w = {};
	char top[PATH_MAX];
	struct stat st;
	size_t len;
	int err;

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

	w.t = t;
	w.path = malloc(w.pcap = 256);
	if (!w.path)
		return -ENOMEM;
	w.path[0] = '\0';
	err = walk(&w, top);
	free(w.path);
	free(w.lv);
	if (err) {
		sa_tree_free(t);
		return err;
	}
	/* parents were set during the walk: the nearest ancestor that is a device */
	qsort(t->devs, t->n, sizeof(*t->devs), cmp_dev);
	return 0;
}

void sa_tree_free(struct sa_tree *t)
{
	for (size_t i = 0; i < t->n; i++)
		dev_free(t->devs[i]);
	free(t->devs);
	memset(t, 0, sizeof(*t));
}
