/* SPDX-License-Identifier: GPL-2.0 */
/* `boot --status`: what the last boot audit said. */
#ifndef SYSFS_AUDIT_REPORTS_BOOT_LAST_H
#define SYSFS_AUDIT_REPORTS_BOOT_LAST_H

#include "model/boot_status.h"
#include "reports/armed_tree.h"

/* @pfx: the tree's path, "" for "/". */
void sa_boot_last(const struct sa_root *r, const char *pfx, struct sa_boot_status *s);

#endif
