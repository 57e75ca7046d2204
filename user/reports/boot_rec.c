// SPDX-License-Identifier: GPL-2.0
/*
 * A boot audit's bookkeeping while recording (boot_rec.h).
 */
#include <string.h>

#include "common/common.h"
#include "reports/boot_rec.h"
#include "reports/report_model.h"

void sa_boot_rec_begin(struct sa_boot_rec *b, const char *mark_dir, bool adopted)
{
	struct sa_phases *p = &b->phases;
	unsigned long long now = sa_mono_ns(), m;

	b->mark_dir = mark_dir;
	p->adopted = adopted;
	p->attached = now;
	if (adopted && !sa_mark_read(mark_dir, SA_MARK_ATTACHED, &m))
		p->attached = m;
	/* Without the initramfs-end mark (a dracut image without our hook), it ends at the adoption. */
	if (adopted)
		p->initramfs_end = sa_mark_read(mark_dir, SA_MARK_INITRAMFS_END, &m) ? now : m;
	if (!sa_mark_read(mark_dir, SA_MARK_COLDPLUG_END, &m))
		p->coldplug_mark = p->coldplug_end = m;
	if (!adopted)
		sa_warn("no pinned boot audit to adopt: recording from now (coldplug and runtime only)");
}

/*
 * The first time the coldplug-end mark is there, the time written in it
 * becomes the boundary, and every record drained from here on is judged
 * against it exactly: the tracer ticks before it drains, so records written
 * after the mark in the last interval are judged with it. Only records
 * drained in a wake-up of a storm while the mark was being written are
 * judged before it was seen: coldplug, the side that can only err towards
 * the boot path.
 */
void sa_boot_rec_tick(struct sa_boot_rec *b)
{
	unsigned long long m;

	if (!b->phases.coldplug_end && !sa_mark_read(b->mark_dir, SA_MARK_COLDPLUG_END, &m)) {
		b->phases.coldplug_mark = m;
		b->phases.coldplug_end = m;
	}
}

void sa_boot_rec_event(struct sa_boot_rec *b, struct sa_report *r, unsigned long long ts_ns,
		       unsigned long long seqnum)
{
	sa_report_note_phase(r, sa_phase_of(&b->phases, ts_ns), seqnum);
}

/* @now - @before of a counter that only grows, 0 if it went back. */
static unsigned long long grew(unsigned long long now, unsigned long long before)
{
	return now > before ? now - before : 0;
}

void sa_boot_rec_losses(struct sa_boot_rec *b, struct sa_report *r, unsigned long long events,
			const unsigned long long deps[SA_DLOST_N])
{
	int ph = b->looked ? (int)sa_phase_of(&b->phases, sa_mono_ns()) : SA_PHASE_INITRAMFS;
	struct sa_losses *l = &r->boot.phases[ph].lost;

	l->events = sa_sat_add(l->events, grew(events, b->lost));
	if (events > b->lost)
		b->lost = events;
	for (int k = 0; k < SA_DLOST_N; k++) {
		l->deps[k] = sa_sat_add(l->deps[k], grew(deps[k], b->dep_lost[k]));
		if (deps[k] > b->dep_lost[k])
			b->dep_lost[k] = deps[k];
	}
	b->looked = true;
}

void sa_boot_rec_finish(const struct sa_boot_rec *b, struct sa_report *r)
{
	struct sa_report_phase ph[SA_PHASE_N];

	memcpy(ph, r->boot.phases, sizeof(ph));
	sa_report_boot_begin(r, &b->phases);
	memcpy(r->boot.phases, ph, sizeof(ph));
	for (int p = 0; p < SA_PHASE_N; p++)
		r->boot.phases[p].lost.known = true;
}
