/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `boot --status` for people: a fixed-width checklist, one line per check
 * (ok, NO, warn, skip), the command that fixes a NO or a warn under it,
 * the last result, and a last line that says whether the next boot is
 * audited. Every string is escaped: the tree checked may be anyone's.
 */
#ifndef SYSFS_AUDIT_OUTPUT_BOOT_STATUS_OUT_H
#define SYSFS_AUDIT_OUTPUT_BOOT_STATUS_OUT_H

#include <stdio.h>

#include "model/boot_status.h"

void sa_boot_status_print_checks(FILE *f, const struct sa_boot_status *s);
/* The last result, then "armed for the next boot" or "NOT armed: <the first NO>". */
void sa_boot_status_print_end(FILE *f, const struct sa_boot_status *s);

#endif
