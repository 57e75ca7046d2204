/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One event (or one device of a sysfs tree) as every command sees it, and
 * the running totals of a trace or snapshot. Plain data: the tracer fills
 * it, the writers in output/ print it, reports/ accounts it.
 */
#ifndef SYSFS_AUDIT_MODEL_CTX_H
#define SYSFS_AUDIT_MODEL_CTX_H

#include <stdbool.h>

#include "model/legacy.h"
#include "model/link_kind.h"

/* A subsystem name as the summary keeps it (the BPF record's SA_SUBSYS_LEN). */
#define SA_CTX_NAME_LEN 32

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
	/*
	 * Non-zero: the same for every event of one device whose view did not
	 * change (the tracer's decoded views), so that what the writers make
	 * of the device's fields may be kept and reused. 0: unknown.
	 */
	unsigned long long view;
	/*
	 * True when the device's strings and its legacy paths are printable
	 * ASCII (checked once per view): a table row then needs no escaping.
	 */
	bool plain;
};

/* Running totals for the end-of-run summary. */
#define SA_MAX_SUBSYS 64
struct sa_summary {
	unsigned long long events, nolegacy;
	unsigned long long keys[SA_KEY_N];	/* events that would have carried each */
	unsigned long long links[SA_LK_N];	/* legacy links needed, by kind */
	unsigned long long truncated, other_subsys;
	int nsubsys;
	struct {
		char name[SA_CTX_NAME_LEN];
		unsigned long long n;
	} subsys[SA_MAX_SUBSYS];
};

/* The context of a device of a sysfs tree (snapshot, record's coldplug view). */
struct sa_ctx sa_ctx_of_dev(const struct sa_dev *d);

/* Count one event into @s: keys, links, subsystem. */
void sa_summary_add(struct sa_summary *s, const struct sa_ctx *c, const struct sa_legacy *l);

#endif
