/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event stream of trace and snapshot: a fixed-width table for people,
 * JSON lines for CI, and the summary that ends it.
 */
#ifndef SYSFS_AUDIT_OUTPUT_STREAM_H
#define SYSFS_AUDIT_OUTPUT_STREAM_H

#include <stdbool.h>
#include <stdio.h>

#include "model/ctx.h"
#include "model/trace_stats.h"
#include "output/format.h"
#include "output/json_out.h"

void sa_print_header(FILE *f, bool trace);
/* The stream's "summary" object as member @key of @w (reports embed it too). */
void sa_summary_write(struct sa_jw *w, const char *key, const struct sa_summary *s,
		      const char *attach, const struct sa_trace_stats *st);
/* One row: a table line, or the JSON line of an "event"/"device" (a report's sample). */
int sa_print_row(FILE *f, enum sa_format fmt, const struct sa_ctx *c, const struct sa_legacy *l);

/* @st is NULL for a snapshot. */
void sa_print_summary(FILE *f, enum sa_format fmt, const struct sa_summary *s, const char *attach,
		      const struct sa_trace_stats *st);

#endif
