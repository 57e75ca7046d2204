/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One host's boot audit as a picture (report --svg): the phases as bands
 * on a time axis, the sampled uevents as ticks by subsystem, each
 * dependent as a bar from its first to its last look, coloured by
 * verdict; the verdict and what the audit did not see in the title. One
 * self-contained SVG: no scripts, no references outside it, every string
 * from the report escaped (markup_esc.h).
 */
#ifndef SYSFS_AUDIT_BOOT_SVG_H
#define SYSFS_AUDIT_BOOT_SVG_H

#include <stdio.h>

#include "model/merged.h"
#include "model/report.h"

/* Rows drawn at most; the rest are counted in a line of their own. */
#define SA_SVG_MAX_DEPS		80
#define SA_SVG_MAX_SUBSYS	16

/*
 * @r: the report, read verbatim (its sample kept); @h: the same report
 * merged alone, for the verdict and the gaps report_merge.c decided.
 * Returns 0, or -EIO when @f could not be written.
 */
int sa_boot_svg(FILE *f, const struct sa_report *r, const struct sa_mhost *h);

#endif
