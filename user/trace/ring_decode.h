/* SPDX-License-Identifier: GPL-2.0 */
/* Unpack a ring buffer record (struct sa_rec, packed) into a struct sa_event. */
#ifndef SYSFS_AUDIT_RECORD_H
#define SYSFS_AUDIT_RECORD_H

#include <stddef.h>

#include "sysfs_audit.h"

/*
 * Check every size, index and offset of the @len bytes at @data and copy
 * the record into @e, every string terminated. Returns 0, or -EINVAL for
 * a malformed record (@e is then unspecified) and for a reference
 * (SA_F_REF: it has no device part; views.c resolves it).
 */
int sa_rec_decode(const void *data, size_t len, struct sa_event *e);

#endif
