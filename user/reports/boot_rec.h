/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A boot audit's bookkeeping while `record --adopt` runs: the phase
 * boundaries from the marks, each traced event's phase, and the phase in
 * which events and dependents' records were lost; at the end, all of it
 * into the report's "boot" member. The recorder feeds it counters; it
 * knows nothing of BPF.
 */
#ifndef SYSFS_AUDIT_REPORTS_BOOT_REC_H
#define SYSFS_AUDIT_REPORTS_BOOT_REC_H

#include <stdbool.h>

#include "model/phase.h"
#include "model/report.h"

struct sa_boot_rec {
	struct sa_phases phases;	/* the boundaries (the dependents judge by them too) */
	const char *mark_dir;		/* SA_MARK_DIR unless a test says otherwise */
	bool looked;			/* the losses were looked at once */
	unsigned long long lost, dep_lost[SA_DLOST_N];	/* the counters at the last look */
};

/*
 * The boundaries known at the start, once the tracer attached or adopted
 * (@adopted): a mark already there before the first drain is exact.
 */
void sa_boot_rec_begin(struct sa_boot_rec *b, const char *mark_dir, bool adopted);

/* Before every drain: the coldplug-end mark, the first time it is there. */
void sa_boot_rec_tick(struct sa_boot_rec *b);

/* One traced event stamped @ts_ns into its phase's counts. */
void sa_boot_rec_event(struct sa_boot_rec *b, struct sa_report *r, unsigned long long ts_ns,
		       unsigned long long seqnum);

/*
 * The loss counters now (they only grow): what they grew by since the last
 * look is put in the phase of now; what they held at the first look was
 * lost before the adoption, in the initramfs.
 */
void sa_boot_rec_losses(struct sa_boot_rec *b, struct sa_report *r, unsigned long long events,
			const unsigned long long deps[SA_DLOST_N]);

/* The final boundaries into r->boot, keeping the phases' counts; every phase's losses known. */
void sa_boot_rec_finish(const struct sa_boot_rec *b, struct sa_report *r);

#endif
