/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The renderers of the merged picture, one file per format (merged_text.c,
 * merged_md.c, merged_json.c), each a row of the format table (format.c),
 * and the parts the text-like ones share (merged_out.c).
 */
#ifndef SYSFS_AUDIT_OUTPUT_MERGED_OUT_H
#define SYSFS_AUDIT_OUTPUT_MERGED_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "model/merged.h"
#include "output/escape.h"
#include "output/format.h"

/* Rows and host names a capped table shows unless --details. */
#define SA_OUT_TOP_ROWS		10
#define SA_OUT_TOP_HOSTS	10
#define SA_OUT_HOST_DEPS	5	/* dependents that break, listed under a host */
#define SA_OUT_TOP_WHY		3	/* dependents named in the verdict counts */

/* The renderers: 0, or -1 when @f could not be written. */
int sa_merged_text(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		   bool details);
int sa_merged_markdown(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		       bool details);
int sa_merged_json(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		   bool details);

/*
 * How many rows of @t a capped table shows: @cap unless --details (0:
 * all); 0 after writing @none, the line of an empty table.
 */
size_t sa_mout_rows_shown(FILE *f, const struct sa_mtable *t, const char *none, size_t cap,
			  bool details);
/* "-" for an empty or absent string. */
const char *sa_mout_dash(const char *s);
/* "a, b, c" of a row's hosts, escaped as @how; at most @max names (0: all). */
void sa_mout_hosts(FILE *f, const struct sa_merged *m, const struct sa_mrow *r,
		   enum sa_esc how, size_t max);
/* A text column of @w characters; control characters escaped (escape.h). */
void sa_mout_col(FILE *f, const char *s, int w);
/* "1/0/3": dependents of phase @p that break/fall back/are suspect. */
void sa_mout_phase_cell(char *buf, size_t len, const struct sa_mhost *h, int p);

extern const char *const sa_mout_dep_loss_text[SA_DLOST_N];
/* Hosts grouped by verdict: what an operator acts on comes first. */
extern const enum sa_boot_verdict sa_mout_verdict_order[SA_BOOT_N];
/* The hosts in that order: the next one's index after *@it (from 0), or -1 after the last. */
long sa_mout_next_host(const struct sa_merged *m, size_t *it);

/* The fleet's boot verdicts: counts, what blocks a boot, why incomplete, suspects. */
void sa_mout_boot_counts(FILE *f, const struct sa_merged *m, const struct sa_text_layout *lo,
			 bool details);
/* Under a host: its dependents that break and decided. */
void sa_mout_host_deps(FILE *f, const struct sa_merged *m, size_t host,
		       const struct sa_text_layout *lo, bool details);
/* Under a host: what its boot audits could not vouch for; @after: lines above already. */
void sa_mout_host_gaps(FILE *f, const struct sa_mhost *h, const struct sa_text_layout *lo,
		       bool after);
/* The warning when a full store dropped dependents that break. */
void sa_mout_dropped_breaks(FILE *f, const struct sa_merged *m, const struct sa_text_layout *lo);

#endif
