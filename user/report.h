/* SPDX-License-Identifier: GPL-2.0 */
/* Output of sysfs-audit: fixed-width tables for people, JSON lines for CI. */
#ifndef SYSFS_AUDIT_REPORT_H
#define SYSFS_AUDIT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include <json-c/json.h>

#include "legacy.h"
#include "sysfs_audit.h"

/* Context of one traced event (the modern side). */
struct sa_ctx {
	const char *action;
	const char *subsystem;
	const char *devpath;
	const char *devname;	/* NULL or "" when none */
	const char *source;	/* attach point, NULL for snapshot */
	const char *class, *bus, *driver;	/* snapshot: today's facts */
	unsigned long long seqnum;	/* 0: unknown */
	bool sent;
	int ret;
	unsigned int trunc;	/* SA_T_* */
	unsigned long long ts_ns;	/* traced: CLOCK_MONOTONIC of the event (boot phases) */
};

/* Running totals for the end-of-run summary. */
#define SA_MAX_SUBSYS 64
struct sa_summary {
	unsigned long long events, physpath, physbus, physdrv, nolegacy;
	unsigned long long links_classdir, links_device, links_classname, links_bus;
	unsigned long long truncated, other_subsys;
	int nsubsys;
	struct {
		char name[SA_SUBSYS_LEN];
		unsigned long long n;
	} subsys[SA_MAX_SUBSYS];
};

struct sa_trace_stats;

/* The context of a device of a sysfs tree (snapshot, record's coldplug view). */
struct sa_ctx sa_ctx_of_dev(const struct sa_dev *d);

void sa_print_header(FILE *f, bool trace);
/* The stream's "event"/"device" and "summary" objects (reports embed them too). */
json_object *sa_row_json(const struct sa_ctx *c, const struct sa_legacy *l);
json_object *sa_summary_json(const struct sa_summary *s, const char *attach,
			     const struct sa_trace_stats *st);
int sa_print_row(FILE *f, bool json, const struct sa_ctx *c, const struct sa_legacy *l);
void sa_summary_add(struct sa_summary *s, const struct sa_ctx *c, const struct sa_legacy *l);

/* @st is NULL for a snapshot. */
void sa_print_summary(FILE *f, bool json, const struct sa_summary *s, const char *attach,
		      const struct sa_trace_stats *st);

#endif
