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

/* Text for a sa_slurp() error, with the two we invent spelled out. */
const char *sa_slurp_strerror(int err);

#endif
