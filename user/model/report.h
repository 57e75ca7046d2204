/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One host's report (docs/report-format.md) and what it is made of: plain
 * data. reports/ builds, reads and merges it; output/ renders it.
 */
#ifndef SYSFS_AUDIT_MODEL_REPORT_H
#define SYSFS_AUDIT_MODEL_REPORT_H

#include <stddef.h>
#include <time.h>

#include "common/hash_index.h"
#include "model/abi_use.h"
#include "model/ctx.h"
#include "model/dependent.h"
#include "model/legacy.h"
#include "model/phase.h"
#include "model/trace_stats.h"
#include "model/value.h"

#define SA_REPORT_FORMAT	"sysfs-audit-report"
#define SA_REPORT_MAJOR		1
/*
 * 1.1: boot phases, the dependents' identity and rule; 1.2: losses; 1.3: the
 * verdicts breaks, falls-back, suspect (1.0-1.2's "confirmed" reads as
 * breaks), and the store's drops by verdict; 1.4: the dependents' kind
 * uevent-read and rule uevent-keys (values only: 1.0-1.3 read as before);
 * 1.5: boot.incomplete, the reasons the recorder knew; 1.6: obsolete_abi,
 * the verdicts of the obsolete-ABI watch, and the dependents' package_via
 * (the initramfs's copy of a host file is that file's package). A report
 * is written with the lowest minor that holds it: with neither, 1.5.
 */
#define SA_REPORT_MINOR		6
#define SA_REPORT_MINOR_NO_ABI	5
#define SA_REPORT_MAX_BYTES	(16L << 20)	/* larger files are refused unread */
#define SA_REPORT_MAX_TREE	(128ULL << 20)	/* json-c's tree of one report, estimated */
#define SA_REPORT_MAX_SAMPLE	64	/* events kept verbatim */
#define SA_REPORT_MAX_GROUPS	256	/* names per by_subsystem/by_bus/by_driver */
#define SA_REPORT_MAX_PATHS	1024	/* distinct legacy paths */
#define SA_REPORT_MAX_LIST	65536	/* dependents, findings, pids per dependent */
/*
 * Strings a host controls, in bytes (as JSON decodes them). Names: host
 * name, machine and boot id, kernel, tool version, attach, comm, packages,
 * unit, namespaces, kinds, verdicts, phases, severities, subsystem, bus and
 * driver names. Texts: executables, scripts, paths, argv, cgroups, rules,
 * evidence, finding files, keys and messages. record cuts a longer one and
 * marks it (SA_REPORT_CUT); a report holding one is refused (exit 19).
 */
#define SA_REPORT_MAX_NAME	256
#define SA_REPORT_MAX_TEXT	16384
#define SA_REPORT_CUT		"[truncated]"

/* What the events of one subsystem, bus or driver would have needed. */
struct sa_need {
	char *name;
	unsigned long long events;
	unsigned long long keys[SA_KEY_N];
	unsigned long long links[SA_LK_N];
};

/* d += s, saturating. */
void sa_need_add(struct sa_need *d, const struct sa_need *s);

struct sa_need_table {
	struct sa_need *v;
	size_t n, cap;
	struct sa_need other;	/* beyond SA_REPORT_MAX_GROUPS names; name "(other)" */
};

/* A legacy path the events needed: a legacy DEVPATH or a legacy link. */
struct sa_path_need {
	char *path;
	char *kind;		/* "devpath", or one of sa_link_kinds[].name */
	unsigned long long count;
};

/* A running program that depends on the old layout: one per program and kind. */
#define SA_REPORT_DEP_EXAMPLES 3
struct sa_report_dependent {
	char *executable, *comm, *package, *kind, *confidence;
	char *path, *legacy, *replacement;
	/* All optional: the #! script and its package, the rule and its evidence. */
	char *script, *script_package, *rule, *why, *unit, *cgroup, *namespaces, *argv;
	char *examples[SA_REPORT_DEP_EXAMPLES];
	unsigned long long processes;	/* 0: unknown */
	unsigned long long count;
	time_t first, last;	/* 0: unknown */
	long long *pids;
	size_t npids;
	char *phase;		/* 1.1: "initramfs", "coldplug", "runtime"; NULL: not a boot audit */
	/*
	 * 1.6: where package comes from, a name of sa_pkg_vias[] (read:
	 * only those); NULL: the package of the file at executable's path.
	 */
	char *package_via;
};

/* A file on disk that depends on the old layout. */
struct sa_report_finding {
	char *file, *kind, *key, *severity, *message, *package;
	long long line;		/* 0: no line (a binary) */
};

/*
 * The dependents' records lost (1.2): the dependents' ring buffer was full,
 * a de-duplication or identity map was full, the recorder's store was full.
 */
enum sa_dep_loss { SA_DLOST_RING, SA_DLOST_MAP_FULL, SA_DLOST_STORE_FULL, SA_DLOST_N };
extern const char *const sa_dep_loss_names[SA_DLOST_N];

/* What a recording lost (1.2); known: the report says (absent: unknown, read as 0). */
struct sa_losses {
	bool known;
	unsigned long long events;		/* traced events lost (boot phases only) */
	unsigned long long deps[SA_DLOST_N];	/* the dependents' records lost */
	/* 1.3, the whole report's only: of deps[SA_DLOST_STORE_FULL], lines by verdict */
	unsigned long long store_full_by[SA_DC_N];
};

/* The events of one boot phase (1.1). first/last_seqnum 0: none or unknown. */
struct sa_report_phase {
	unsigned long long events, first_seqnum, last_seqnum;
	struct sa_losses lost;		/* 1.2: lost in this phase */
};

/* A report recorded from boot (record --adopt); docs/report-format.md "boot". */
struct sa_report_boot {
	bool recorded;			/* the report has a "boot" object */
	bool adopted;			/* the initramfs's pinned state was adopted */
	/* CLOCK_MONOTONIC seconds (since boot); < 0: unknown */
	double attached_s, initramfs_end_s, coldplug_end_s;
	struct sa_report_phase phases[SA_PHASE_N];
	/* 1.5: why the recorder knew it was incomplete: 1 << enum sa_gap_reason (merged.h) */
	unsigned int incomplete;
};

struct sa_report {
	int major, minor;
	char *tool_version;
	char *hostname, *machine_id, *boot_id, *kernel;	/* machine_id, boot_id may be NULL */
	char *attach;		/* NULL: no trace ran */
	time_t start, end;
	unsigned long long seen, lost, emitted, unread, skipped, malformed;
	struct sa_losses dep_lost;	/* 1.2: the dependents' records lost (.events unused) */
	struct sa_need_table by_subsystem, by_bus, by_driver;
	struct sa_path_need *paths;
	size_t npaths, paths_cap;
	struct sa_hindex paths_index;	/* (path, kind) -> paths[] */
	unsigned long long paths_other;
	struct sa_summary summary;	/* the stream's summary of the traced events */
	struct sa_trace_stats stats;	/* recorded: the tracer's counters for the summary */
	bool have_stats;		/* else the summary's counters are the events' above */
	struct sa_summary coldplug;	/* recorded: the snapshot's summary */
	bool have_coldplug;
	/*
	 * Read (verbatim): the summary and the snapshot's summary as read, to
	 * be written again with what a newer writer added; NULL: not read.
	 */
	struct sa_value *summary_kept, *coldplug_kept;
	struct sa_value *sample;	/* array of stream "event" objects */
	struct sa_report_dependent *deps;
	size_t ndeps;
	struct sa_report_finding *findings;
	size_t nfindings;
	struct sa_report_boot boot;
	struct sa_abi_use *abi;	/* 1.6: obsolete_abi; NULL: no watch ran */
};

/*
 * "2026-12-03T08:13:42Z" <-> time_t (UTC). A time before the epoch is
 * refused; the epoch itself is a time (a span written by a board without
 * a clock), which sa_time_format writes back as itself.
 */
void sa_time_format(time_t t, char *buf, size_t len);
int sa_time_parse(const char *s, time_t *out);

#endif
