/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counts by key, link kind and verdict as the text and markdown forms
 * write them inside a sentence, each from its table (model/legacy_key.h,
 * model/link_kind.h, model/dependent.h): a new row shows up everywhere.
 */
#ifndef SYSFS_AUDIT_OUTPUT_COUNTS_OUT_H
#define SYSFS_AUDIT_OUTPUT_COUNTS_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "model/dependent.h"
#include "model/legacy_key.h"
#include "model/link_kind.h"

/*
 * The text summaries' two lines (trace, snapshot, report): "would have
 * carried: PHYSDEVPATH 3, ..." and "legacy links needed: device 2, ...".
 */
void sa_print_counts(FILE *f, const unsigned long long keys[SA_KEY_N],
		     const unsigned long long links[SA_LK_N]);

/*
 * "2 breaks, 0 falls back, 1 suspect" (@count_first), else
 * "breaks 2, falls back 0, suspect 1".
 */
void sa_print_verdicts(FILE *f, const unsigned long long n[SA_DC_N], bool count_first);

/* "break/fall back/are suspect": what a per-phase cell's numbers count. */
void sa_print_verdict_verbs(FILE *f);

#endif
