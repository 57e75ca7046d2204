/* SPDX-License-Identifier: GPL-2.0 */
/* Read a whole regular file into memory, with a size limit. */
#ifndef SYSFS_AUDIT_SLURP_H
#define SYSFS_AUDIT_SLURP_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * Read @path (following symlinks) into a malloc'd buffer with a NUL after
 * the data. Returns 0, or -errno: -EISDIR for a directory, -EINVAL for
 * another non-regular file, -EFBIG when larger than @max. For the tool's
 * own reads of the kernel's files (/proc/cmdline): procfs and sysfs are
 * allowed here, and only here.
 */
int sa_slurp(const char *path, size_t max, char **buf, size_t *len);

struct sa_root;
/* The same, @path resolved inside @r (common/root.h; NULL: as given). */
int sa_slurp_at(const struct sa_root *r, const char *path, size_t max, char **buf, size_t *len);
/*
 * Open for reading only a regular file: @path resolved inside @r (@dirfd
 * < 0) or relative to @dirfd without following a final symlink. Its type
 * is checked on an O_PATH descriptor first, so a device node's driver is
 * never opened and a FIFO never blocks; the file is then reopened through
 * /proc/self/fd (without /proc: by path, checked to be the same inode).
 * A file on a kernel interface filesystem (procfs, sysfs, ...: a tree's
 * bind mounts, or its links into them) is never opened: /proc/kmsg is a
 * regular file whose read consumes the kernel's log.
 * Returns the descriptor, or -EISDIR, -ENODEV (a device), -ENXIO (a FIFO
 * or socket), -EMEDIUMTYPE (a kernel interface), -EINVAL (another type),
 * -EAGAIN (replaced meanwhile), -errno.
 */
int sa_open_regular(const struct sa_root *r, int dirfd, const char *path);
/*
 * A special file (device, FIFO, socket; any file on a kernel interface
 * filesystem): sa_open_regular()'s -ENODEV, -ENXIO or -EMEDIUMTYPE.
 */
#define SA_IS_SPECIAL(err) ((err) == -ENODEV || (err) == -ENXIO || (err) == -EMEDIUMTYPE)
/* procfs, sysfs, debugfs, cgroup, bpf, ... (a statfs f_type) */
bool sa_is_kernel_fs(unsigned long type);
/* 0, -EMEDIUMTYPE when the descriptor's file is on such a filesystem, or -errno. */
int sa_fd_on_kernel_fs(int fd);

/*
 * 0 for a regular file's @mode, else why it is not one, as every reader of
 * untrusted files says it: -EISDIR, -ENODEV (a device), -ENXIO (a FIFO or
 * a socket: a read could block), -EINVAL (anything else).
 */
int sa_not_regular(unsigned int mode);
/* The same from an open descriptor, which it closes. */
int sa_slurp_fd(int fd, size_t max, char **buf, size_t *len);

/* Text for a sa_slurp() error, with the two we invent spelled out. */
const char *sa_slurp_strerror(int err);

#endif
