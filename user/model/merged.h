/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Many hosts' reports merged into one picture: counts and the hosts behind
 * them. reports/report_merge.c fills it and makes every decision; the
 * writers in output/ only format it.
 */
#ifndef SYSFS_AUDIT_MODEL_MERGED_H
#define SYSFS_AUDIT_MODEL_MERGED_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "common/hash_index.h"
#include "model/report.h"

#define SA_MROW_STRS 8

/* One row of a merged table: up to SA_MROW_STRS strings, a count, its hosts. */
struct sa_mrow {
	char *s[SA_MROW_STRS];		/* meaning per table, see struct sa_merged */
	unsigned long long count;
	/*
	 * Indices into sa_merged.hosts, ascending and distinct once
	 * sa_merged_finish() ran; while merging only the first nsorted are,
	 * the rest (hosts that came out of order) await one sort. 32 bits: a
	 * fleet's rows hold an index per row and host (a real-size report
	 * adds ~700), the bulk of report's memory; more than 2^32 - 1 hosts
	 * are refused.
	 */
	uint32_t *hosts;
	size_t nhosts, nsorted;
};

struct sa_mtable {
	int nkey;			/* leading strings that identify a row */
	struct sa_mrow *v;
	size_t n, cap;
	struct sa_hindex index;		/* key strings -> row; dropped by sa_merged_finish() */
};

/*
 * Why a boot audit cannot vouch for a phase (SA_BOOT_INCOMPLETE). Slots are
 * the phases, then SA_GAP_UNKNOWN: losses the report puts in no phase.
 */
enum sa_gap_reason {
	SA_GAP_NOT_ADOPTED,		/* initramfs: nothing adopted, never traced */
	SA_GAP_NO_INITRAMFS_MARK,	/* initramfs: its end was not marked */
	SA_GAP_NO_COLDPLUG_MARK,	/* coldplug: the recorder never saw its end */
	SA_GAP_EVENTS_LOST,		/* traced events lost */
	SA_GAP_DEPS_LOST,		/* dependents' records lost (ring, map full, store full) */
	SA_GAP_BREAKS_NO_PHASE,		/* a dependent that breaks has no phase: maybe boot path */
	/*
	 * Recorded ones: the report's boot.incomplete names them,
	 * each in the slot sa_gap_slot_of[] gives it.
	 */
	SA_GAP_START_TIMEOUT,		/* initramfs: boot --start was stopped at its bound */
	SA_GAP_MARK_TIMEOUT,		/* initramfs: boot --mark was stopped at its bound */
	SA_GAP_NOT_PINNED,		/* initramfs: a boot audit was configured, nothing pinned */
	SA_GAP_STOPPED_BEFORE,		/* the recorder was stopped before it adopted */
	SA_GAP_STOPPED_DURING,		/* the recorder was stopped while it adopted */
	SA_GAP_RECORDER_KILLED,		/* it adopted, then ended without a report */
	SA_GAP_OTHER,			/* a reason this build does not know */
	SA_GAP_N
};
#define SA_GAP_FIRST_RECORDED	SA_GAP_START_TIMEOUT
#define SA_GAP_UNKNOWN	SA_PHASE_N
#define SA_GAP_SLOTS	(SA_PHASE_N + 1)
extern const char *const sa_gap_names[SA_GAP_N];	/* "not-adopted", ... (JSON) */
extern const char *const sa_gap_text[SA_GAP_N];		/* for people */
/* A recorded reason's slot: the phase it leaves unvouched, or SA_GAP_UNKNOWN. */
int sa_gap_slot_of(enum sa_gap_reason r);
/*
 * A recorded reason by its JSON name: SA_GAP_FIRST_RECORDED.., else
 * SA_GAP_OTHER (a newer writer's, or junk: never vouched for).
 */
enum sa_gap_reason sa_gap_recorded_parse(const char *name);

struct sa_boot_gaps {
	unsigned int why[SA_GAP_SLOTS];			/* 1 << enum sa_gap_reason */
	unsigned long long events_lost[SA_GAP_SLOTS];
	unsigned long long deps_lost[SA_GAP_SLOTS][SA_DLOST_N];
};

struct sa_mhost {
	char *hostname, *machine_id, *kernel, *attach;
	size_t nreports;
	unsigned long long seen, lost, emitted, events;
	time_t start, end;		/* the earliest start, the latest end */
	struct sa_losses dep_lost;	/* 1.2: the dependents' records lost, summed */
	/* Boot audits (format 1.1): reports recorded from boot, by phase. */
	size_t nboot;
	unsigned long long phase_events[SA_PHASE_N], phase_deps[SA_PHASE_N];
	/* of phase_deps, by verdict (no confidence: breaks) */
	unsigned long long phase_by_conf[SA_PHASE_N][SA_DC_N];
	struct sa_boot_gaps gaps;	/* what the boot audits could not vouch for */
};

/* What a host's boot audits say (report_merge.c decides, renderers print). */
enum sa_boot_verdict {
	SA_BOOT_NOT_AUDITED,	/* no report recorded from boot */
	SA_BOOT_PATH,		/* a dependent that breaks in the initramfs or coldplug: would not boot */
	SA_BOOT_INCOMPLETE,	/* none breaks, but a boot-path phase was not fully seen */
	SA_BOOT_LATER_ONLY,	/* dependents that break, all at runtime */
	SA_BOOT_CLEAN,		/* none breaks in any phase (falls back, suspects do not count) */
	SA_BOOT_N
};
extern const char *const sa_boot_verdict_names[SA_BOOT_N];
enum sa_boot_verdict sa_mhost_boot(const struct sa_mhost *h);
/* dep_exec's string: where its package comes from (1.6, sa_pkg_vias[].name), or NULL. */
#define SA_MDEP_VIA 7
/* Does any row of @t have string @col? (a column that is empty everywhere is left out) */
bool sa_mtable_has(const struct sa_mtable *t, int col);
/* Is @host among the first @n (ascending) hosts of row @r? A binary search. */
bool sa_mrow_has_host(const struct sa_mrow *r, size_t n, size_t host);

/* Does slot @slot (a phase, or SA_GAP_UNKNOWN) of @g leave the boot path unvouched? */
bool sa_gap_in_boot_path(const struct sa_boot_gaps *g, int slot);

/* A report that was not merged, and why. */
struct sa_skip {
	char *file, *reason;
	int err;			/* why: the reader's or the merge's -errno */
	int status;			/* the exit status cmd/ gave it, for the renderers */
};

struct sa_merged {
	struct sa_mhost *hosts;		/* in the order first seen */
	size_t nhosts;
	size_t nreports;
	struct sa_skip *skipped;
	size_t nskipped;
	unsigned long long seen, lost, emitted, events;
	unsigned long long keys[SA_KEY_N];
	unsigned long long links[SA_LK_N];
	unsigned long long ndependents, nfindings;
	/*
	 * Of ndependents, by verdict (a missing confidence and 1.0-1.2's
	 * "confirmed" count as breaks).
	 */
	unsigned long long by_conf[SA_DC_N];
	struct sa_mtable subsys;	/* subsystem: events */
	struct sa_mtable keyrows;	/* subsystem, key: events that would have carried it */
	struct sa_mtable paths;		/* path, kind: events that needed it */
	/* executable, kind, confidence | package, path, legacy, replacement, package_via */
	struct sa_mtable dep_exec;
	struct sa_mtable dep_pkg;	/* package ("(none)"), executable: count */
	struct sa_mtable findings;	/* file, line, kind, key | severity, message, package */
	struct sa_mtable severities;	/* severity: findings */
	struct sa_mtable boot_deps;	/* phase, confidence, executable, kind, path: count (boot audits) */
	/* boot-path dependents that break: executable, phase: count; most hosts first */
	struct sa_mtable boot_blockers;
	size_t nboot;			/* hosts with a boot audit */
	size_t nverdict[SA_BOOT_N];	/* hosts by verdict */
	size_t nincomplete_why[SA_GAP_N];	/* SA_BOOT_INCOMPLETE hosts by reason */
	struct sa_losses dep_lost;	/* 1.2: the dependents' records lost, over all reports */
	struct sa_abi_merged *abi;	/* 1.6: the obsolete ABI (abi_merged.h); NULL: no watch */
	/* private: reports accepted so far, for duplicate detection */
	struct sa_seen_report *accepted;
	size_t naccepted;
	struct sa_hindex host_index;	/* machine id (else host name) -> hosts[] */
	struct sa_hindex seen_index;	/* host and boot id -> accepted[] */
};

#endif
