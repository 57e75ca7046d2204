/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Strings in an ELF file's read-only data (libelf, never a hand-written
 * parser) that show a dependency on the deprecated sysfs layout.
 */
#ifndef SYSFS_AUDIT_SCAN_ELF_H
#define SYSFS_AUDIT_SCAN_ELF_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/scan_hit.h"

bool sa_is_elf(const char *buf, size_t len);

/*
 * Scan the ELF image @buf. Each construct is reported once per file.
 * Returns 0, the first non-zero value of @cb, or -EINVAL with *@why set
 * when libelf cannot read the file (truncated, corrupt).
 */
int sa_scan_elf(const char *buf, size_t len, sa_hit_cb cb, void *ctx, const char **why);

#endif
