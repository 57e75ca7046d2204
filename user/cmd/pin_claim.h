/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The first thing `record --adopt` does: make what `boot --start` pinned
 * this process's, or refuse it.
 */
#ifndef SYSFS_AUDIT_CMD_PIN_CLAIM_H
#define SYSFS_AUDIT_CMD_PIN_CLAIM_H

#include <stddef.h>

/*
 * Check that this build can read what is pinned under @root (the format
 * stamp, every map's shape, every link's program) and that its deadline
 * has not passed; then point the dependents' self filter at this process
 * and lift the deadline. 0; -ENOENT: nothing pinned; -ESTALE: pinned by a
 * build this one cannot read; -ETIME: the hooks stopped at their deadline,
 * unadopted; @why says what (all but 0 and -ENOENT); or another -errno.
 */
int sa_pin_claim(const char *root, char *why, size_t len);

#endif
