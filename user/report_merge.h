/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Many hosts' reports merged into one picture: counts and the hosts behind
 * them. Every decision (what is a duplicate, the order of rows, the gate)
 * is made here; the renderers (report_out.c, prometheus.c) only format.
 */
#ifndef SYSFS_AUDIT_REPORT_MERGE_H
#define SYSFS_AUDIT_REPORT_MERGE_H

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "hash_index.h"
#include "report_model.h"

#define SA_MROW_STRS 7

/* One row of a merged table: up to SA_MROW_STRS strings, a count, its hosts. */
struct sa_mrow {
	char *s[SA_MROW_STRS];		/* meaning per table, see struct sa_merged */
	unsigned long long count;
	size_t *hosts;			/* indices into sa_merged.hosts, ascending */
	size_t nhosts;
};

struct sa_mtable {
	int nkey;			/* leading strings that identify a row */
	struct sa_mrow *v;
	size_t n, cap;
	struct sa_hindex index;		/* key strings -> row; dropped by sa_merged_finish() */
};

struct sa_mhost {
	char *hostname, *machine_id, *kernel, *attach;
	size_t nreports;
	unsigned long long seen, lost, emitted, events;
	time_t start, end;		/* the earliest start, the latest end */
};

/* A report that was not merged, and why. */
struct sa_skip {
	char *file, *reason;
	int status;			/* EXIT_REPORT_* */
};

struct sa_merged {
	struct sa_mhost *hosts;		/* in the order first seen */
	size_t nhosts;
	size_t nreports;
	struct sa_skip *skipped;
	size_t nskipped;
	unsigned long long seen, lost, emitted, events;
	unsigned long long keys[3];	/* PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER */
	unsigned long long links[SA_LK_N];
	unsigned long long ndependents, nfindings;
	/* Of ndependents: confirmed (a missing confidence counts as confirmed) and suspect. */
	unsigned long long nconfirmed, nsuspects;
	struct sa_mtable subsys;	/* subsystem: events */
	struct sa_mtable keyrows;	/* subsystem, key: events that would have carried it */
	struct sa_mtable paths;		/* path, kind: events that needed it */
	struct sa_mtable dep_exec;	/* executable, kind, confidence | package, path, legacy, replacement */
	struct sa_mtable dep_pkg;	/* package ("(none)"), executable: count */
	struct sa_mtable findings;	/* file, line, kind, key | severity, message, package */
	struct sa_mtable severities;	/* severity: findings */
	/* private: reports accepted so far, for duplicate detection */
	struct sa_seen_report *accepted;
	size_t naccepted;
};

extern const char *const sa_key_names[3];

void sa_merged_init(struct sa_merged *m);
void sa_merged_free(struct sa_merged *m);

/*
 * Merge @r read from @file. Returns 0, EXIT_REPORT_DUPLICATE (recorded as
 * skipped with a reason naming the other file) or EXIT_FAIL (memory).
 */
int sa_merged_add(struct sa_merged *m, const char *file, const struct sa_report *r);
/* Record @file as skipped for @reason with @status. Returns 0 or EXIT_FAIL. */
int sa_merged_skip(struct sa_merged *m, const char *file, const char *reason, int status);
/* Sort every table: most events first, then by name. No sa_merged_add() after. */
void sa_merged_finish(struct sa_merged *m);

/* What --fail-on gates on. */
enum sa_fail_on {
	SA_FAIL_KEYS = 1 << 0,
	SA_FAIL_PATHS = 1 << 1,
	SA_FAIL_DEPENDENTS = 1 << 2,
	SA_FAIL_FINDINGS = 1 << 3,
	SA_FAIL_SUSPECTS = 1 << 4,	/* opt-in: suspect dependents too */
};
/* Parse "keys,paths,..." into @out. Returns 0 or -EINVAL. */
int sa_fail_on_parse(const char *arg, unsigned int *out);
/* --fail-on of rules and scan: "findings" only, else argp_error() naming @cmd. */
void sa_fail_on_parse_findings(const char *cmd, const char *arg, struct argp_state *state,
			       unsigned int *out);
/*
 * The exit status the merged picture earns: a skipped input's status first
 * (the lowest of them), then the first --fail-on condition met in the order
 * keys, paths, dependents (confirmed), findings, suspects; else 0.
 */
int sa_merged_status(const struct sa_merged *m, unsigned int fail_on);

#endif
