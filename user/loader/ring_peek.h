/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Read a BPF ring buffer's pending records without consuming them: the
 * consumer position is read, never written, so whoever drains the ring
 * later (the real root's recorder adopting a boot audit) still gets every
 * record. Used at the initramfs's end to see who ran there while their
 * executables can still be read.
 */
#ifndef SYSFS_AUDIT_LOADER_RING_PEEK_H
#define SYSFS_AUDIT_LOADER_RING_PEEK_H

#include <stddef.h>

/*
 * Call @fn(ctx, data, len) for each committed record of the ring map @fd,
 * oldest first, stopping at the first one still being written or when @fn
 * returns non-zero. Returns the number of records seen, or -errno.
 */
long sa_ring_peek(int fd, int (*fn)(void *ctx, const void *data, size_t len), void *ctx);

#endif
