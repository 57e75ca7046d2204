/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Opening files of another system's tree (scan --root, rules DIR) as root
 * without ever leaving it: every symlink is resolved inside the tree, as
 * the tree's own programs would see it, so no host file is read on its
 * behalf. openat2(RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS) where the kernel
 * has it (5.6), else the same walk component by component with O_NOFOLLOW.
 */
#ifndef SYSFS_AUDIT_ROOT_H
#define SYSFS_AUDIT_ROOT_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

struct sa_root {
	int fd;			/* the tree's top directory; -1: no confinement ("/") */
	const char *path;	/* its path as given, without trailing '/' */
	size_t len;
	bool beneath;		/* a symlink that leaves the tree fails (EXDEV) instead */
};

/*
 * Confine to @path ("/" confines nothing). @beneath: symlinks leading out
 * are refused rather than resolved inside (rules DIR). Returns 0 or -errno.
 */
int sa_root_init(struct sa_root *r, const char *path, bool beneath);
void sa_root_fini(struct sa_root *r);

/*
 * Open @path with @flags. A path under the root (its path, then '/') is
 * resolved inside it; any other path (NULL @r included) is opened as given.
 * Returns an fd or -errno (-EXDEV: a symlink leaves a 'beneath' root).
 */
int sa_root_open(const struct sa_root *r, const char *path, int flags);

/* stat() and scandir(alphasort) through sa_root_open(). */
int sa_root_stat(const struct sa_root *r, const char *path, struct stat *st);
int sa_root_scandir(const struct sa_root *r, const char *path, struct dirent ***ents,
		    int (*filter)(const struct dirent *));

/* The fallback walk itself, for tests on kernels that have openat2. */
int sa_root_walk(int rootfd, const char *rest, int flags, bool beneath);

#endif
