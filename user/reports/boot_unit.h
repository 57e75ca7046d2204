/* SPDX-License-Identifier: GPL-2.0 */
/* `boot --status`: is the boot unit enabled, and not masked? */
#ifndef SYSFS_AUDIT_REPORTS_BOOT_UNIT_H
#define SYSFS_AUDIT_REPORTS_BOOT_UNIT_H

#include "model/boot_status.h"
#include "reports/armed_tree.h"

/* @pfx: the tree's path, "" for "/". */
void sa_armed_unit(const struct sa_root *r, const char *pfx, struct sa_boot_status *s);

#endif
