/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot phases: initramfs, coldplug, runtime. A phase is decided from a
 * record's CLOCK_MONOTONIC timestamp (bpf_ktime_get_ns()) and two
 * boundaries, so an event drained late still gets the phase it happened in.
 */
#ifndef SYSFS_AUDIT_PHASE_H
#define SYSFS_AUDIT_PHASE_H

#include <stdbool.h>
#include <stddef.h>

enum sa_phase { SA_PHASE_INITRAMFS, SA_PHASE_COLDPLUG, SA_PHASE_RUNTIME, SA_PHASE_N };

/* Where the boot marks live (/run moves with switch_root). */
#define SA_MARK_DIR		"/run/sysfs-audit"
#define SA_MARK_ATTACHED	"attached"	/* boot --start attached (initramfs) */
#define SA_MARK_INITRAMFS_END	"initramfs-end"	/* init-bottom, just before switch_root */
#define SA_MARK_COLDPLUG_END	"coldplug-end"	/* after udev trigger + settle */
/* Who holds the pins, so that nothing unpins under a live recorder. */
#define SA_MARK_DEADLINE	"adopt-deadline" /* boot --start -W: the hooks stop then (ns) */
#define SA_MARK_ADOPTING	"adopting"	/* record --adopt began: its pid */
#define SA_MARK_ADOPTED		"adopted"	/* record --adopt adopted (or attached) */
#define SA_MARK_UNPINNED	"unpinned"	/* the watchdog unpinned at the deadline */
/* Where sysfs-audit-boot.service's recorder writes its report (and a salvage). */
#define SA_BOOT_REPORT		SA_MARK_DIR "/boot-report.json"

/* Boundaries in CLOCK_MONOTONIC ns; 0: not known (yet). */
struct sa_phases {
	unsigned long long attached;		/* when the first tracer attached */
	unsigned long long initramfs_end;	/* events before: initramfs */
	unsigned long long coldplug_mark;	/* the time the coldplug-end mark names */
	unsigned long long coldplug_end;	/* the boundary (the mark's time): events before: coldplug */
	bool adopted;				/* the pinned initramfs state was adopted */
};

/* A phase's names, one table; counts by phase are arrays indexed by enum sa_phase. */
struct sa_phase_desc {
	const char *name;	/* "initramfs": a report's value, JSON member, label value */
	const char *title;	/* "Initramfs": a markdown column's title */
	const char *column;	/* "INITRAMFS": a text column's */
	bool boot_path;		/* a dependent there is in the boot path */
};
extern const struct sa_phase_desc sa_phases[SA_PHASE_N];

/* The phase of a record stamped @ts_ns. */
enum sa_phase sa_phase_of(const struct sa_phases *p, unsigned long long ts_ns);

/* "initramfs" -> SA_PHASE_INITRAMFS; -1 when unknown. */
int sa_phase_parse(const char *name);
/* "initramfs, coldplug or runtime": the names, for a message. */
const char *sa_phase_list(char *buf, size_t len);

/* initramfs or coldplug: a dependent there is in the boot path. */
bool sa_phase_boot_path(enum sa_phase ph);

/* CLOCK_MONOTONIC now, in ns. */
unsigned long long sa_mono_ns(void);

/*
 * Read mark @name from @dir (decimal ns, one line). 0 and *@ns set, or a
 * negative errno (-ENOENT: no such mark; -EINVAL: not a mark).
 */
int sa_mark_read(const char *dir, const char *name, unsigned long long *ns);

/* Write mark @name = @ns into @dir (created), atomically. 0 or -errno. */
int sa_mark_write(const char *dir, const char *name, unsigned long long ns);

#endif
