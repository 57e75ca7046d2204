/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The merged picture as one self-contained HTML page (report -f html): the
 * boot verdicts as a chart, what keeps hosts from booting, the dependents
 * by program and package, the kernels, the incomplete hosts and why, and
 * the hosts. No script, no resource from anywhere (a Content-Security-
 * Policy forbids both, and the one stylesheet is allowed by its hash);
 * every string from a report escaped (markup_esc.h).
 */
#ifndef SYSFS_AUDIT_FLEET_HTML_H
#define SYSFS_AUDIT_FLEET_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "model/merged.h"
#include "output/format.h"

/*
 * Host rows (per-host table, incomplete hosts) and table rows shown unless
 * @details: a fleet page stays a page at 100 000 hosts.
 */
#define SA_HTML_MAX_HOSTS	200
#define SA_HTML_TOP_ROWS	50

/* Returns 0, or -EIO when @f could not be written, -ENOMEM. */
int sa_fleet_html(FILE *f, const struct sa_merged *m, bool details);

/* The format table's renderer (format.c): the page, for `report -f html`. */
sa_merged_render sa_merged_html;

#endif
