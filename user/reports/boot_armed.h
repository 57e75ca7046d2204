/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is the boot audit armed for the next boot (`boot --status`)? On a tree
 * (this host's "/" or one mounted elsewhere), every condition the
 * initramfs hooks and the boot unit need (sysfs-audit(8), BOOT AUDIT):
 * BOOT_AUDIT=yes, the initramfs the next boot uses holding the installed
 * binary and the start script, the unit enabled and not masked, no
 * sysfs_audit.boot=0 on the kernel command line; then the last result.
 * Each file one job: boot_armed.c (the settings), boot_initrd.c (the
 * images), boot_unit.c (systemd), boot_last.c (the last report).
 */
#ifndef SYSFS_AUDIT_REPORTS_BOOT_ARMED_H
#define SYSFS_AUDIT_REPORTS_BOOT_ARMED_H

#include <stddef.h>

#include "model/boot_status.h"
#include "reports/armed_tree.h"

/* Fill @s. Returns 0, or -errno when the tree cannot be opened. */
int sa_boot_armed(const struct sa_armed_opts *o, struct sa_boot_status *s);

/* Does word list @line (a kernel command line) disable the boot audit? The word, or NULL. */
const char *sa_armed_cmdline_off(const char *line, char *word, size_t len);

#endif
