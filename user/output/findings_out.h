/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The static audit's findings as people and CI read them: the compiler
 * diagnostic line, or one JSON object per line, and the run's totals.
 */
#ifndef SYSFS_AUDIT_OUTPUT_FINDINGS_OUT_H
#define SYSFS_AUDIT_OUTPUT_FINDINGS_OUT_H

#include <stdio.h>

#include "model/finding.h"
#include "output/format.h"

/*
 * Text: "FILE[(MEMBER)][:LINE:COL]: SEVERITY: MESSAGE [KEY]" plus
 * " [package PKG]" when known. JSON: one object per line.
 * Returns 0, or -1 when writing failed.
 */
int sa_finding_print(FILE *f, enum sa_format fmt, const struct sa_finding *x);

/* JSON: a "summary" object on @f; text: one line on stderr. */
int sa_totals_print(FILE *f, enum sa_format fmt, const char *command, const struct sa_totals *t);

#endif
