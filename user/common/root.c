// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/root.h"

#define MAX_LINKS 40	/* as the kernel's MAXSYMLINKS */
#define MAX_DEPTH 256

int sa_root_init(struct sa_root *r, const char *path, bool beneath)
{
	size_t len = strlen(path);

	while (len > 1 && path[len - 1] == '/')
		len--;
	r->path = path;
	r->len = len;
	r->beneath = beneath;
	r->fd = -1;
	if (len == 1 && path[0] == '/' && !beneath)
		return 0;
	r->fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return r->fd < 0 ? -errno : 0;
}

void sa_root_fini(struct sa_root *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}

/*
 * Resolve @rest below @rootfd as openat2(RESOLVE_IN_ROOT) does: ".." at the
 * top stays there, an absolute symlink starts again at the top; with
 * @beneath both fail with EXDEV. Every component is opened O_NOFOLLOW.
 */
int sa_root_walk(int rootfd, const char *rest, int flags, bool beneath)
{
	int stack[MAX_DEPTH], depth = 0, links = 0, ret;
	char *todo = strdup(rest), *p;

	if (!todo)
		return -ENOMEM;
	if (beneath && rest[0] == '/') {
		free(todo);
		return -EXDEV;	/* as RESOLVE_BENEATH: an absolute path leaves */
	}
	stack[0] = rootfd;
	p = todo;
	for (;;) {
		char *comp, link[PATH_MAX];
		struct stat st;
		bool slash;
		ssize_t n;
		int fd;

		while (*p == '/')
			p++;
		if (!*p) {
			/* the path names a directory (or the top) itself */
			ret = openat(stack[depth], ".", flags | O_CLOEXEC);
			ret = ret < 0 ? -errno : ret;
			break;
		}
		comp = p;
		p += strcspn(p, "/");
		slash = *p == '/';	/* "file/" names a directory or nothing */
		if (*p)
			*p++ = '\0';
		if (!strcmp(comp, "."))
			continue;
		if (!strcmp(comp, "..")) {
			if (depth) {
				close(stack[depth--]);
			} else if (beneath) {
				ret = -EXDEV;
				break;
			}
			continue;
		}
		fd = openat(stack[depth], comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st)) {
			ret = -errno;
			if (fd >= 0)
				close(fd);
			break;
		}
		if (S_ISLNK(st.st_mode)) {
			char *more;

			close(fd);
			n = readlinkat(stack[depth], comp, link, sizeof(link) - 1);
			if (n < 0 || ++links > MAX_LINKS) {
				ret = n < 0 ? -errno : -ELOOP;
				break;
			}
			link[n] = '\0';
			if (link[0] == '/') {
				if (beneath) {
					ret = -EXDEV;
					break;
				}
				while (depth)
					close(stack[depth--]);
			}
			/* the link's text, then what was left of the path */
			if (asprintf(&more, "%s%s%s", link, *p || slash ? "/" : "", p) < 0) {
				ret = -ENOMEM;
				break;
			}
			free(todo);
			todo = p = more;
			continue;
		}
		while (*p == '/')
			p++;
		if (!*p && slash && !S_ISDIR(st.st_mode)) {
			close(fd);
			ret = -ENOTDIR;
			break;
		}
		if (!*p) {
			/* the last component: the file itself, never followed */
			close(fd);
			ret = openat(stack[depth], comp, flags | O_NOFOLLOW | O_CLOEXEC);
			ret = ret < 0 ? -errno : ret;
			break;
		}
		if (!S_ISDIR(st.st_mode) || depth + 1 >= MAX_DEPTH) {
			close(fd);
			ret = S_ISDIR(st.st_mode) ? -ENAMETOOLONG : -ENOTDIR;
			break;
		}
		stack[++depth] = fd;
	}
	while (depth)
		close(stack[depth--]);
	free(todo);
	return ret;
}

static int open_in(const struct sa_root *r, const char *rest, int flags)
{
	static bool no_openat2;
	struct open_how how = {
		.flags = (unsigned long long)(flags | O_CLOEXEC),
		.resolve = RESOLVE_NO_MAGICLINKS |
			   (r->beneath ? RESOLVE_BENEATH : RESOLVE_IN_ROOT),
	};
	int fd;

	while (*rest == '/')
		rest++;	/* relative to the top: BENEATH refuses an absolute path */
	if (!*rest)
		rest = ".";
	if (!no_openat2) {
		fd = syscall(SYS_openat2, r->fd, rest, &how, sizeof(how));
		if (fd >= 0)
			return fd;
		/* EAGAIN: a rename raced the lookup; E2BIG/ENOSYS: an older kernel */
		if (errno != ENOSYS && errno != E2BIG && errno != EPERM)
			return -errno;
		no_openat2 = errno == ENOSYS;
	}
	return sa_root_walk(r->fd, rest, flags, r->beneath);
}

int sa_root_open(const struct sa_root *r, const char *path, int flags)
{
	int fd;

	if (r && r->fd >= 0 && !strncmp(path, r->path, r->len) &&
	    (path[r->len] == '/' || !path[r->len] || (r->len == 1 && r->path[0] == '/')))
		return open_in(r, path + r->len, flags);
	fd = open(path, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int sa_root_stat(const struct sa_root *r, const char *path, struct stat *st)
{
	int fd = sa_root_open(r, path, O_PATH);
	int err = 0;

	if (fd < 0)
		return fd;
	if (fstat(fd, st))
		err = -errno;
	close(fd);
	return err;
}

int sa_root_scandir(const struct sa_root *r, const char *path, struct dirent ***ents,
		    int (*filter)(const struct dirent *))
{
	int fd = sa_root_open(r, path, O_RDONLY | O_DIRECTORY);
	struct dirent **v = NULL, *e;
	size_t n = 0, cap = 0;
	DIR *d;

	if (fd < 0)
		return fd;
	d = fdopendir(fd);
	if (!d) {
		int err = -errno;

		close(fd);
		return err;
	}
	while ((e = readdir(d))) {
		struct dirent *c;

		if (filter && !filter(e))
			continue;
		if (n == cap) {
			struct dirent **nv = realloc(v, (cap = cap ? cap * 2 : 16) * sizeof(*v));

			if (!nv)
				goto nomem;
			v = nv;
		}
		/*
		 * readdir's record is only d_reclen long: the last one of its
		 * buffer may end well before sizeof(struct dirent). Copy the
		 * fixed fields and the name, never the whole struct.
		 */
		c = calloc(1, sizeof(*c));
		if (!c)
			goto nomem;
		memcpy(c, e, offsetof(struct dirent, d_name));
		snprintf(c->d_name, sizeof(c->d_name), "%s", e->d_name);
		v[n++] = c;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), (int (*)(const void *, const void *))alphasort);
	*ents = v;
	return (int)n;
nomem:
	while (n)
		free(v[--n]);
	free(v);
	closedir(d);
	return -ENOMEM;
}
