/* SPDX-License-Identifier: GPL-2.0 */
/* Files that are either complete or absent: tmp + fsync + rename + fsync dir. */
#ifndef SYSFS_AUDIT_ATOMIC_FILE_H
#define SYSFS_AUDIT_ATOMIC_FILE_H

#include <stdio.h>

/* Writes @path's content; returns 0 or a negative errno. */
typedef int (*sa_write_fn)(FILE *f, void *ctx);

/*
 * Write @path through @fn into a temporary file in the same directory, then
 * replace @path with it. Returns 0 or a negative errno; @path is untouched
 * on failure. The file is created 0644 (node_exporter reads it).
 */
int sa_atomic_write(const char *path, sa_write_fn fn, void *ctx);

#endif
