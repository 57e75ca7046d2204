/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Many hosts' reports merged into one picture: counts and the hosts behind
 * them. Every decision (what is a duplicate, the order of rows, the gate)
 * is made here; the renderers (report_out.c, prometheus.c) only format.
 */
#ifndef SYSFS_AUDIT_REPORTS_REPORT_MERGE_H
#define SYSFS_AUDIT_REPORTS_REPORT_MERGE_H

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "model/gate.h"
#include "model/merged.h"
#include "reports/report_model.h"

void sa_merged_init(struct sa_merged *m);
void sa_merged_free(struct sa_merged *m);

/*
 * Merge @r read from @file. Returns 0, -EEXIST (the same host's report
 * again: recorded as skipped with a reason naming the other file) or -ENOMEM.
 */
int sa_merged_add(struct sa_merged *m, const char *file, const struct sa_report *r);
/* Add to @g what the boot audit @r could not vouch for, by phase (report_boot.c). */
void sa_report_boot_gaps(const struct sa_report *r, struct sa_boot_gaps *g);
/* Do two time spans share more than an instant (touching spans do not)? */
bool sa_spans_overlap(time_t s1, time_t e1, time_t s2, time_t e2);
/*
 * Record @file as skipped for @reason, the reader's or the merge's -errno
 * @err (report_model.h). Returns 0 or -ENOMEM.
 */
int sa_merged_skip(struct sa_merged *m, const char *file, const char *reason, int err);
/* Sort every table: most events first, then by name. No sa_merged_add() after. */
void sa_merged_finish(struct sa_merged *m);

/*
 * The first --fail-on condition of @fail_on the merged picture meets, as
 * sa_gate() orders them (its SA_FAIL_* bit), else 0. Skipped inputs are
 * cmd/'s to weigh (sa_exit_of_merged()).
 */
unsigned int sa_merged_gate(const struct sa_merged *m, unsigned int fail_on);

#endif
