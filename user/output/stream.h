/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event stream of trace and snapshot: a fixed-width table for people,
 * JSON lines for CI, and the summary that ends it.
 */
#ifndef SYSFS_AUDIT_OUTPUT_STREAM_H
#define SYSFS_AUDIT_OUTPUT_STREAM_H

#include <stdbool.h>
#include <stdio.h>

#include <json-c/json.h>

#include "model/ctx.h"
#include "model/trace_stats.h"
#include "output/format.h"

void sa_print_header(FILE *f, bool trace);
/* The stream's "event"/"device" and "summary" objects (reports embed them too). */
json_object *sa_row_json(const struct sa_ctx *c, const struct sa_legacy *l);
json_object *sa_summary_json(const struct sa_summary *s, const char *attach,
			     const struct sa_trace_stats *st);
int sa_print_row(FILE *f, enum sa_format fmt, const struct sa_ctx *c, const struct sa_legacy *l);

/* @st is NULL for a snapshot. */
void sa_print_summary(FILE *f, enum sa_format fmt, const struct sa_summary *s, const char *attach,
		      const struct sa_trace_stats *st);

#endif
