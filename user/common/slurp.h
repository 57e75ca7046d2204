/* SPDX-License-Identifier: GPL-2.0 */
/* Read a whole regular file into memory, with a size limit. */
#ifndef SYSFS_AUDIT_SLURP_H
#define SYSFS_AUDIT_SLURP_H

#include <stddef.h>

/*
 * Read @path (following symlinks) into a malloc'd buffer with a NUL after
 * the data. Returns 0, or -errno: -EISDIR for a directory, -EINVAL for
 * another non-regular file, -EFBIG when larger than @max.
 */
int sa_slurp(const char *path, size_t max, char **buf, size_t *len);

struct sa_root;
/* The same, @path resolved inside @r (common/root.h; NULL: as given). */
int sa_slurp_at(const struct sa_root *r, const char *path, size_t max, char **buf, size_t *len);
/* The same from an open descriptor, which it closes. */
int sa_slurp_fd(int fd, size_t max, char **buf, size_t *len);

/* Text for a sa_slurp() error, with the two we invent spelled out. */
const char *sa_slurp_strerror(int err);

#endif
