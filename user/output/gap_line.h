/* SPDX-License-Identifier: GPL-2.0 */
/* What a host's boot audits could not vouch for, as one line (the pictures). */
#ifndef SYSFS_AUDIT_GAP_LINE_H
#define SYSFS_AUDIT_GAP_LINE_H

#include <stdio.h>

#include "model/merged.h"

/*
 * "initramfs: start-timeout, events-lost (12); unknown: dependents-lost (3)":
 * per slot with a reason, the reasons' JSON names, losses with their
 * counts. Only the tool's own names and numbers: nothing to escape.
 * Writes nothing when there is no gap.
 */
void sa_gap_line(FILE *f, const struct sa_boot_gaps *g);

/* Is there any gap, in any slot? */
bool sa_gap_any(const struct sa_boot_gaps *g);

#endif
