/* SPDX-License-Identifier: GPL-2.0 */
/* Unpack a dependents' ring record (packed, bpf/dep_records.h) into a struct sa_dep_rec. */
#ifndef SYSFS_AUDIT_DEP_DECODE_H
#define SYSFS_AUDIT_DEP_DECODE_H

#include <stddef.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include "dep_records.h"

/*
 * A record's kernel dev_t (exe_dev, sysfs_dev: MKDEV, a 12-bit major above
 * a 20-bit minor) as stat() says it.
 */
static inline dev_t sa_dep_user_dev(unsigned long long kdev)
{
	return makedev((unsigned int)(kdev >> 20), (unsigned int)(kdev & 0xfffff));
}

/*
 * Check the @len bytes at @data against the packed layout and expand them
 * into @r: every count in range, every string terminated inside the record
 * and short enough for its field, the arguments exactly what is left.
 * Returns 0, or -EINVAL for a malformed record (@r is then unspecified).
 */
int sa_dep_decode(const void *data, size_t len, struct sa_dep_rec *r);

#endif
