/* SPDX-License-Identifier: GPL-2.0 */
/* The merged picture in any format of the table (format.h). */
#ifndef SYSFS_AUDIT_REPORT_OUT_H
#define SYSFS_AUDIT_REPORT_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "model/merged.h"
#include "output/format.h"

/*
 * Text and markdown lead with the boot verdicts and the dependents; the
 * keys and legacy-path tables show their top rows and rows their first
 * host names unless @details. Returns 0, or -EIO when @f could not be written.
 */
int sa_merged_print_as(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		       bool details);
/* The same in one of the formats every command knows. */
int sa_merged_print(FILE *f, const struct sa_merged *m, enum sa_format fmt, bool details);

#endif
