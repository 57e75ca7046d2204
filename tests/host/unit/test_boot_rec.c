// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/reports/boot_rec.c, the boot audit's bookkeeping
 * while `record --adopt` runs, on the host: the marks are files in a
 * temporary directory, the clock is CLOCK_MONOTONIC (marks in its past).
 * The phase boundaries from the marks, each event's phase, and where the
 * losses are charged: the first look to the initramfs, every later one to
 * the phase of now. TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

#include "model/phase.h"
#include "reports/boot_rec.h"
#include "reports/report_model.h"

static const unsigned long long none[SA_DLOST_N];

static unsigned long long ev_lost(const struct sa_report *r, int ph)
{
	return r->boot.phases[ph].lost.events;
}

int main(void)
{
	char dir[] = "/tmp/sa-boot-rec-XXXXXX", cmd[64];
	unsigned long long deps[SA_DLOST_N] = { 0 }, before, after;
	struct sa_boot_rec b;
	struct sa_report r;

	if (!mkdtemp(dir) || sa_report_init(&r, "test"))
		return 2;

	/* Adopted, both initramfs marks there, coldplug not over yet. */
	sa_mark_write(dir, SA_MARK_ATTACHED, 500);
	sa_mark_write(dir, SA_MARK_INITRAMFS_END, 1000);
	memset(&b, 0, sizeof(b));
	sa_boot_rec_begin(&b, dir, true);
	ok(b.phases.adopted && b.phases.attached == 500 && b.phases.initramfs_end == 1000 &&
	   !b.phases.coldplug_end,
	   "begin, adopted: attached and initramfs end from their marks, coldplug open "
	   "(%llu %llu %llu)", b.phases.attached, b.phases.initramfs_end, b.phases.coldplug_end);
	sa_boot_rec_tick(&b);
	ok(!b.phases.coldplug_end, "tick without a coldplug-end mark: coldplug still open");

	/* The first look: what the counters already hold was lost in the initramfs. */
	deps[SA_DLOST_RING] = 2;
	sa_boot_rec_losses(&b, &r, 5, deps);
	ok(ev_lost(&r, SA_PHASE_INITRAMFS) == 5 &&
	   r.boot.phases[SA_PHASE_INITRAMFS].lost.deps[SA_DLOST_RING] == 2 &&
	   !ev_lost(&r, SA_PHASE_COLDPLUG) && !ev_lost(&r, SA_PHASE_RUNTIME),
	   "first look: 5 events and 2 ring records lost before the adoption: the initramfs's");
	/* Later looks: what the counters grew by, in the phase of now (coldplug: open). */
	deps[SA_DLOST_RING] = 3;
	sa_boot_rec_losses(&b, &r, 7, deps);
	ok(ev_lost(&r, SA_PHASE_INITRAMFS) == 5 && ev_lost(&r, SA_PHASE_COLDPLUG) == 2 &&
	   r.boot.phases[SA_PHASE_COLDPLUG].lost.deps[SA_DLOST_RING] == 1,
	   "second look, coldplug not over: 2 events and 1 record more, charged to coldplug "
	   "(initramfs %llu, coldplug %llu)", ev_lost(&r, SA_PHASE_INITRAMFS),
	   ev_lost(&r, SA_PHASE_COLDPLUG));
	sa_boot_rec_losses(&b, &r, 7, deps);
	sa_boot_rec_losses(&b, &r, 6, deps);
	ok(ev_lost(&r, SA_PHASE_COLDPLUG) == 2, "unchanged or lower counters add nothing");

	/* The coldplug-end mark appears: the first one read is the boundary. */
	sa_mark_write(dir, SA_MARK_COLDPLUG_END, 2000);
	sa_boot_rec_tick(&b);
	ok(b.phases.coldplug_end == 2000 && b.phases.coldplug_mark == 2000,
	   "tick: the coldplug-end mark becomes the boundary (%llu)", b.phases.coldplug_end);
	sa_mark_write(dir, SA_MARK_COLDPLUG_END, 3000);
	sa_boot_rec_tick(&b);
	ok(b.phases.coldplug_end == 2000, "a later mark does not move it (%llu)",
	   b.phases.coldplug_end);
	sa_boot_rec_losses(&b, &r, 8, deps);
	ok(ev_lost(&r, SA_PHASE_RUNTIME) == 1 && ev_lost(&r, SA_PHASE_COLDPLUG) == 2 &&
	   ev_lost(&r, SA_PHASE_INITRAMFS) == 5,
	   "after the boundary: the next loss is charged to runtime (after the lower count, "
	   "from the highest seen)");

	/* Events by their timestamp, boundaries exact. */
	sa_boot_rec_event(&b, &r, 999, 11);
	sa_boot_rec_event(&b, &r, 1000, 12);
	sa_boot_rec_event(&b, &r, 1999, 14);
	sa_boot_rec_event(&b, &r, 1500, 13);
	sa_boot_rec_event(&b, &r, 1200, 10);
	sa_boot_rec_event(&b, &r, 2000, 15);
	sa_boot_rec_event(&b, &r, 2500, 0);	/* no seqnum known */
	ok(r.boot.phases[SA_PHASE_INITRAMFS].events == 1 &&
	   r.boot.phases[SA_PHASE_COLDPLUG].events == 4 &&
	   r.boot.phases[SA_PHASE_RUNTIME].events == 2,
	   "events: 999 initramfs; 1000, 1200, 1500, 1999 coldplug; 2000, 2500 runtime");
	ok(r.boot.phases[SA_PHASE_RUNTIME].first_seqnum == 15 &&
	   r.boot.phases[SA_PHASE_RUNTIME].last_seqnum == 15,
	   "an event without a seqnum counts, and leaves the seqnums alone (%llu..%llu)",
	   r.boot.phases[SA_PHASE_RUNTIME].first_seqnum,
	   r.boot.phases[SA_PHASE_RUNTIME].last_seqnum);
	ok(r.boot.phases[SA_PHASE_COLDPLUG].first_seqnum == 10 &&
	   r.boot.phases[SA_PHASE_COLDPLUG].last_seqnum == 14,
	   "a phase's seqnums: the lowest and the highest, whatever the order (%llu..%llu)",
	   r.boot.phases[SA_PHASE_COLDPLUG].first_seqnum,
	   r.boot.phases[SA_PHASE_COLDPLUG].last_seqnum);

	/* finish: the boundaries in seconds, the counts kept, every phase's losses known. */
	sa_boot_rec_finish(&b, &r);
	ok(r.boot.recorded && r.boot.adopted && r.boot.attached_s > 0 &&
	   r.boot.initramfs_end_s == 1000 / 1e9 && r.boot.coldplug_end_s == 2000 / 1e9,
	   "finish: the boundaries into the report (%g %g %g)", r.boot.attached_s,
	   r.boot.initramfs_end_s, r.boot.coldplug_end_s);
	ok(r.boot.phases[SA_PHASE_COLDPLUG].events == 4 && ev_lost(&r, SA_PHASE_INITRAMFS) == 5 &&
	   r.boot.phases[SA_PHASE_INITRAMFS].lost.known &&
	   r.boot.phases[SA_PHASE_COLDPLUG].lost.known &&
	   r.boot.phases[SA_PHASE_RUNTIME].lost.known,
	   "finish: the counts kept, every phase's losses known");
	sa_report_free(&r);

	/* Adopted without an initramfs-end mark: the initramfs ends at the adoption. */
	unlink(strcat(strcpy(cmd, dir), "/" SA_MARK_INITRAMFS_END));
	memset(&b, 0, sizeof(b));
	before = sa_mono_ns();
	sa_boot_rec_begin(&b, dir, true);
	after = sa_mono_ns();
	ok(b.phases.initramfs_end >= before && b.phases.initramfs_end <= after &&
	   b.phases.attached == 500 && b.phases.coldplug_end == 3000,
	   "no initramfs-end mark: the initramfs ends at the adoption; a coldplug mark "
	   "already there is the boundary at once");

	/* Not adopted: recording from now, no initramfs; the marks' attach time is not ours. */
	memset(&b, 0, sizeof(b));
	before = sa_mono_ns();
	sa_boot_rec_begin(&b, dir, false);
	ok(!b.phases.adopted && !b.phases.initramfs_end && b.phases.attached >= before,
	   "not adopted: no initramfs phase, attached now");
	if (sa_report_init(&r, "test"))
		return 2;
	sa_boot_rec_losses(&b, &r, 4, none);
	ok(ev_lost(&r, SA_PHASE_INITRAMFS) == 4,
	   "not adopted: the first look still charges what was lost before to the initramfs");
	sa_report_free(&r);

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", dir);
	return tap_done();
}
