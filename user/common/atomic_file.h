/* SPDX-License-Identifier: GPL-2.0 */
/* Files that are either complete or absent: tmp + fsync + rename + fsync dir. */
#ifndef SYSFS_AUDIT_ATOMIC_FILE_H
#define SYSFS_AUDIT_ATOMIC_FILE_H

#include <errno.h>
#include <stdio.h>

/* Writes @path's content; returns 0 or a negative errno. */
typedef int (*sa_write_fn)(FILE *f, void *ctx);

/*
 * Write @path through @fn into a temporary file in the same directory, then
 * replace @path with it. Returns 0 or a negative errno; @path is untouched
 * on failure. The file is created 0644 (node_exporter reads it). "-" is
 * standard output. An existing @path that is not a regular file (a symlink
 * such as /dev/stdout, a device, a FIFO) is never replaced:
 * SA_ATOMIC_NOT_REGULAR.
 */
int sa_atomic_write(const char *path, sa_write_fn fn, void *ctx);

#define SA_ATOMIC_NOT_REGULAR (-EEXIST)

/* 0 if @path may be written by sa_atomic_write(), else why not (negative). */
int sa_atomic_target(const char *path);

/* The message for an error of sa_atomic_write() or sa_atomic_target(). */
const char *sa_atomic_strerror(int err);

#endif
