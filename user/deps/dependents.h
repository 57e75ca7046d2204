/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running dependents of the deprecated layout, for `sysfs-audit trace`:
 * the lookups and listeners BPF programs, the classification of what they
 * see, the live lines and the end summary. The trace command only calls
 * this API (see the "dependents" hook in user/cmd/cmd_trace.c).
 */
#ifndef SYSFS_AUDIT_DEPENDENTS_API_H
#define SYSFS_AUDIT_DEPENDENTS_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "deps/dep_store.h"
#include "model/dependent.h"
#include "model/report.h"
#include "output/format.h"

struct ring_buffer;
struct sa_phases;

struct sa_deps_opts {
	enum sa_format fmt;	/* table lines or JSON lines */
	FILE *out;		/* live lines; NULL: none (record) */
	struct sa_dep_store_opts store;	/* fingerprints and packages */
	const char *sysfs_root;	/* "/sys" when NULL */
	const char *proc_root;	/* "/proc" when NULL */
	const char *etc_root;	/* "/etc" when NULL: sysctl files for kernel.hotplug */
	const struct sa_phases *phases;	/* boot phases of the dependents (NULL: none) */
	/* Moves when devices may have changed (sa_tracer_devices_gen()); NULL: unknown. */
	const volatile unsigned long long *devices_gen;
	/* When devices_gen last moved (CLOCK_MONOTONIC ns); NULL: unknown. */
	const volatile unsigned long long *devices_ns;
	/* The dependents' ring in MiB, a power of two; 0: the object's 1 MiB. */
	unsigned int ring_mb;
	/* boot --start: the hooks stop at this CLOCK_MONOTONIC ns unless adopted (0: never). */
	unsigned long long unadopted_until_ns;
	/*
	 * Read the sysfs model at the first record it must judge, not at
	 * open: boot --start only loads, attaches and pins, and reading all
	 * of /sys there delays the initramfs for nothing.
	 */
	bool lazy_model;
	/*
	 * Do not enumerate the listeners and the uevent helper at attach:
	 * boot --start keeps no store, and the adopter finds both itself
	 * (its first rescan, its own helper lookup).
	 */
	bool no_enumerate;
	/*
	 * boot --start: a minimal BTF for CO-RE (loader/core_btf.h) that fits
	 * the running kernel, or NULL: the kernel's own.
	 */
	const char *core_btf;
};

struct sa_deps;

/* Read the sysfs model (unless opts->lazy_model). NULL (errno set) on failure. */
struct sa_deps *sa_deps_open(const struct sa_deps_opts *opts);

/* The dependents' BPF object as built in (for bpftool gen min_core_btf). */
const void *sa_deps_elf(size_t *sz);

/*
 * One packed record of the dependents' ring, handled as the ring's
 * consumer does (sa_deps_add_rings()): for the host unit tests, which
 * have no ring. 0 or a negative errno (the live output failed).
 */
int sa_deps_feed(struct sa_deps *d, const void *data, size_t len);

/*
 * Load and attach every hook the kernel allows; enumerate the listeners and
 * the uevent helper already present (unless opts->no_enumerate). 0 when at
 * least one hook is attached, else a negative errno. Says on stderr which
 * hooks are missing.
 */
int sa_deps_attach(struct sa_deps *d);

/*
 * Instead of sa_deps_attach(): take over the hooks and maps that
 * `boot --start` pinned under @root (pin.h). 0, or -ENOENT when nothing
 * usable is pinned there.
 */
int sa_deps_adopt(struct sa_deps *d, const char *root);

/* Pin the attached hooks and their maps under @root. 0 or -errno. */
int sa_deps_pin(struct sa_deps *d, const char *root);

/*
 * Add the dependents' ring buffers to the caller's consumer
 * (ring_buffer__add); their records are handled, and live lines printed, in
 * the thread that polls @rb.
 */
int sa_deps_add_rings(struct sa_deps *d, struct ring_buffer *rb);

/* The fd of that ring map (-1: none). */
int sa_deps_ring_fd(const struct sa_deps *d);

/*
 * After the last drain: the records written before @before_ns (the stop)
 * that are still in the rings count as lost on the ring, in
 * sa_deps_losses() and the totals. A record written after it is not the
 * trace's.
 */
void sa_deps_count_unread(struct sa_deps *d, unsigned long long before_ns);

/*
 * Periodic work (rescan of the uevent sockets, at most once a second). Not
 * thread-safe against the ring callbacks: call it from the thread that
 * polls the ring buffer, as sa_deps_note_event() and sa_deps_summary().
 */
void sa_deps_tick(struct sa_deps *d);

/* One traced uevent: would it have carried PHYSDEVPATH? (for the listeners) */
void sa_deps_note_event(struct sa_deps *d, bool carries_physdev);

/*
 * After the trace: read the kernel's counts back, sort. Then the dependents
 * are iterated with sa_deps_next(d, &it) (it = 0 first; NULL at the end),
 * and the totals read with sa_deps_totals().
 */
void sa_deps_finish(struct sa_deps *d);
const struct sa_dependent *sa_deps_next(void *d, size_t *it);
const struct sa_dep_totals *sa_deps_totals(const struct sa_deps *d);

/*
 * The records lost so far, by cause (enum sa_dep_loss: the ring, a full
 * kernel map, the full store), read now: cheap enough for every drain.
 */
void sa_deps_losses(struct sa_deps *d, unsigned long long out[SA_DLOST_N]);

/* sa_deps_finish(), then the summary (dep_out.c). 0 or a negative errno. */
int sa_deps_summary(struct sa_deps *d, FILE *f, enum sa_format fmt);

/* 0, or the negative errno with which writing a live line first failed. */
int sa_deps_write_error(const struct sa_deps *d);

/* How many dependents (programs and kinds) were named so far, of verdict @c (0 for NULL). */
size_t sa_deps_found(const struct sa_deps *d);
size_t sa_deps_with(const struct sa_deps *d, enum sa_dep_conf c);
/* Lines the store dropped or evicted, of verdict @c (0 for NULL). */
unsigned long long sa_deps_dropped_by(const struct sa_deps *d, enum sa_dep_conf c);

void sa_deps_close(struct sa_deps *d);

#endif
