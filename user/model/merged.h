/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Many hosts' reports merged into one picture: counts and the hosts behind
 * them. reports/report_merge.c fills it and makes every decision; the
 * writers in output/ only format it.
 */
#ifndef SYSFS_AUDIT_MODEL_MERGED_H
#define SYSFS_AUDIT_MODEL_MERGED_H

#include <stddef.h>
#include <time.h>

#include "common/hash_index.h"
#include "model/report.h"

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
	/* Boot audits (format 1.1): reports recorded from boot, by phase. */
	size_t nboot;
	unsigned long long phase_events[SA_PHASE_N], phase_deps[SA_PHASE_N];
};

/* What a host's boot audits say (report_merge.c decides, renderers print). */
enum sa_boot_verdict {
	SA_BOOT_NOT_AUDITED,	/* no report recorded from boot */
	SA_BOOT_PATH,		/* a dependent in the initramfs or coldplug: would not boot */
	SA_BOOT_LATER_ONLY,	/* dependents, all at runtime */
	SA_BOOT_CLEAN,		/* no dependent in any phase */
};
extern const char *const sa_boot_verdict_names[];
enum sa_boot_verdict sa_mhost_boot(const struct sa_mhost *h);

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
	struct sa_mtable boot_deps;	/* phase, executable, kind, path: count (boot audits) */
	size_t nboot_path, nlater_only;	/* hosts with SA_BOOT_PATH, SA_BOOT_LATER_ONLY */
	/* private: reports accepted so far, for duplicate detection */
	struct sa_seen_report *accepted;
	size_t naccepted;
	struct sa_hindex host_index;	/* machine id (else host name) -> hosts[] */
	struct sa_hindex seen_index;	/* host and boot id -> accepted[] */
};

#endif
