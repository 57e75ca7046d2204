/* SPDX-License-Identifier: GPL-2.0 */
/* `boot --status`: do the images the next boot may use hold the audit? */
#ifndef SYSFS_AUDIT_REPORTS_BOOT_INITRD_H
#define SYSFS_AUDIT_REPORTS_BOOT_INITRD_H

#include "model/boot_status.h"
#include "reports/armed_tree.h"

/* @pfx: the tree's path, "" for "/". */
void sa_armed_images(const struct sa_armed_opts *o, const struct sa_root *r, const char *pfx,
		     struct sa_boot_status *s);

/*
 * The kernel releases whose images the next boot may use, into @out (at
 * most @max): @o->kernel alone; else the running one (if installed) and
 * the newest installed (/boot/vmlinuz-*, by version) if it differs.
 * Returns how many (malloc'd strings, the caller frees).
 */
int sa_armed_releases(const struct sa_armed_opts *o, const struct sa_root *r, const char *pfx,
		      char **out, int max);

#endif
