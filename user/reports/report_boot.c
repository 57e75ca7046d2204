// SPDX-License-Identifier: GPL-2.0
/*
 * The "boot" member of a report (format 1.1): the phase boundaries of a
 * boot audit and the events of each phase. A dependent's phase is its own
 * member; the per-phase dependent counts written here are derived from it.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/common.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"

static double ns_s(unsigned long long ns)
{
	return ns ? ns / 1e9 : -1.0;
}

void sa_report_boot_begin(struct sa_report *r, const struct sa_phases *ph)
{
	unsigned int why = r->boot.incomplete;	/* noted as it happened, kept */

	memset(&r->boot, 0, sizeof(r->boot));
	r->boot.incomplete = why;
	r->boot.recorded = true;
	r->boot.adopted = ph->adopted;
	r->boot.attached_s = ns_s(ph->attached);
	r->boot.initramfs_end_s = ns_s(ph->initramfs_end);
	r->boot.coldplug_end_s = ns_s(ph->coldplug_end);
}

void sa_report_note_phase(struct sa_report *r, enum sa_phase ph, unsigned long long seqnum)
{
	struct sa_report_phase *p = &r->boot.phases[ph];

	p->events++;
	if (!seqnum)
		return;
	if (!p->first_seqnum || seqnum < p->first_seqnum)
		p->first_seqnum = seqnum;
	if (seqnum > p->last_seqnum)
		p->last_seqnum = seqnum;
}

/* Seconds since boot, or null when unknown (< 0). */
static void secs(struct sa_jw *w, const char *key, double s)
{
	if (s < 0)
		sa_jw_null(w, key);
	else
		sa_jw_double(w, key, s);
}

/* A SEQNUM, or null when none (0). */
static void seq(struct sa_jw *w, const char *key, unsigned long long v)
{
	if (v)
		sa_jw_u64(w, key, v);
	else
		sa_jw_null(w, key);
}

void sa_report_boot_write(struct sa_jw *w, const struct sa_report *r)
{
	if (!r->boot.recorded) {
		sa_jw_null(w, "boot");
		return;
	}
	sa_jw_object(w, "boot");
	sa_jw_bool(w, "adopted", r->boot.adopted);
	secs(w, "attached_s", r->boot.attached_s);
	secs(w, "initramfs_end_s", r->boot.initramfs_end_s);
	secs(w, "coldplug_end_s", r->boot.coldplug_end_s);
	sa_jw_object(w, "phases");
	for (int i = 0; i < SA_PHASE_N; i++) {
		const struct sa_report_phase *p = &r->boot.phases[i];
		unsigned long long deps = 0;

		for (size_t k = 0; k < r->ndeps; k++)
			deps += r->deps[k].phase && !strcmp(r->deps[k].phase, sa_phases[i].name);
		sa_jw_object(w, sa_phases[i].name);
		sa_jw_u64(w, "events", p->events);
		seq(w, "first_seqnum", p->first_seqnum);
		seq(w, "last_seqnum", p->last_seqnum);
		sa_jw_u64(w, "dependents", deps);
		sa_losses_write(w, &p->lost, true);
		sa_jw_end(w);
	}
	sa_jw_end(w);
	/* 1.5: always there, so that a reader tells "none" from "not said" */
	sa_jw_array(w, "incomplete");
	for (int g = SA_GAP_FIRST_RECORDED; g < SA_GAP_N; g++)
		if (r->boot.incomplete & 1u << g)
			sa_jw_str(w, NULL, sa_gap_names[g]);
	sa_jw_end(w);
	sa_jw_end(w);
}

static int bad(char *err, size_t len, const char *what, const char *why)
{
	snprintf(err, len, "boot%s%s: %s", *what ? "." : "", what, why);
	return -EBADMSG;
}

/* A number of seconds >= 0, or null/absent (-1). */
static int get_secs(const struct sa_jnode *o, const char *k, double *out, char *err, size_t len)
{
	const struct sa_jnode *v = NULL;

	*out = -1;
	if (!(v = sa_jget(o, k)) || sa_jis(v, SA_J_NULL))
		return 0;
	/* json-c reads NaN and Infinity too: a time since boot is finite */
	if ((!sa_jis(v, SA_J_DOUBLE) && !sa_jis(v, SA_J_INT)) ||
	    !isfinite(sa_jdouble(v)) || sa_jdouble(v) < 0)
		return bad(err, len, k, "expected a non-negative number of seconds or null");
	*out = sa_jdouble(v);
	return 0;
}

static int get_count(const struct sa_jnode *o, const char *where, const char *k, bool req,
		     unsigned long long *out, char *err, size_t len)
{
	const struct sa_jnode *v = NULL;
	char what[64];

	*out = 0;
	snprintf(what, sizeof(what), "%s.%s", where, k);
	if (!(v = sa_jget(o, k)) || sa_jis(v, SA_J_NULL))
		return req ? bad(err, len, what, "missing (an integer is required)") : 0;
	if (!sa_jis(v, SA_J_INT) || sa_jint64(v) < 0)
		return bad(err, len, what, "expected a non-negative integer");
	*out = sa_juint64(v);
	/* json-c clamps a larger number to 2^64 - 1: refuse it rather than guess */
	if (*out == UINT64_MAX)
		return bad(err, len, what, "out of range (at most 18446744073709551614)");
	return 0;
}

/*
 * 1.5's reasons: strings; one this build does not know (a newer writer's)
 * counts as "other", never as none.
 */
static int get_reasons(const struct sa_jnode *o, unsigned int *out, char *err, size_t len)
{
	const struct sa_jnode *v = NULL, *x;
	size_t n;

	*out = 0;
	if (!(v = sa_jget(o, "incomplete")) || sa_jis(v, SA_J_NULL))
		return 0;
	if (!sa_jis(v, SA_J_ARRAY))
		return bad(err, len, "incomplete", "expected an array of strings or null");
	n = v->len;
	x = sa_jfirst(v);
	for (size_t i = 0; i < n; i++, x = sa_jnext(x)) {
		if (!sa_jis(x, SA_J_STRING))
			return bad(err, len, "incomplete", "expected an array of strings");
		*out |= 1u << sa_gap_recorded_parse(x->s);
	}
	return 0;
}

int sa_report_boot_parse(const struct sa_jnode *v, struct sa_report *r, char *err,
			 size_t len)
{
	const struct sa_jnode *a, *phases, *x;
	char where[64];
	int rc;

	memset(&r->boot, 0, sizeof(r->boot));
	if (!v || sa_jis(v, SA_J_NULL))
		return 0;
	if (!sa_jis(v, SA_J_OBJECT))
		return bad(err, len, "", "expected an object or null");
	r->boot.recorded = true;
	if ((a = sa_jget(v, "adopted")) &&
	    !sa_jis(a, SA_J_NULL)) {
		if (!sa_jis(a, SA_J_BOOL))
			return bad(err, len, "adopted", "expected a boolean");
		r->boot.adopted = a->b;
	}
	if ((rc = get_secs(v, "attached_s", &r->boot.attached_s, err, len)) ||
	    (rc = get_secs(v, "initramfs_end_s", &r->boot.initramfs_end_s, err, len)) ||
	    (rc = get_secs(v, "coldplug_end_s", &r->boot.coldplug_end_s, err, len)) ||
	    (rc = get_reasons(v, &r->boot.incomplete, err, len)))
		return rc;
	if (!(phases = sa_jget(v, "phases")) ||
	    !sa_jis(phases, SA_J_OBJECT))
		return bad(err, len, "phases", "missing (an object is required)");
	for (int i = 0; i < SA_PHASE_N; i++) {
		struct sa_report_phase *p = &r->boot.phases[i];

		snprintf(where, sizeof(where), "phases.%s", sa_phases[i].name);
		if (!(x = sa_jget(phases, sa_phases[i].name)) ||
		    !sa_jis(x, SA_J_OBJECT))
			return bad(err, len, where, "missing (an object is required)");
		if ((rc = get_count(x, where, "events", true, &p->events, err, len)) ||
		    (rc = get_count(x, where, "first_seqnum", false, &p->first_seqnum, err, len)) ||
		    (rc = get_count(x, where, "last_seqnum", false, &p->last_seqnum, err, len)))
			return rc;
		if (p->first_seqnum > p->last_seqnum)
			return bad(err, len, where, "first_seqnum is after last_seqnum");
		snprintf(where, sizeof(where), "boot.phases.%s", sa_phases[i].name);
		rc = sa_losses_parse(x, where, true, &p->lost, err, len);
		if (rc)
			return rc;
	}
	return 0;
}

static unsigned long long sub0(unsigned long long a, unsigned long long b)
{
	return a > b ? a - b : 0;
}

/*
 * Add to @g what boot audit @r could not vouch for. Losses a 1.2 report
 * puts in a phase stay there; the rest of its totals (all of a 1.0 or 1.1
 * report's lost events) could have been anywhere: SA_GAP_UNKNOWN.
 */
void sa_report_boot_gaps(const struct sa_report *r, struct sa_boot_gaps *g)
{
	unsigned long long ev = 0, deps[SA_DLOST_N] = { 0 };

	if (!r->boot.recorded)
		return;
	if (!r->boot.adopted)
		g->why[SA_PHASE_INITRAMFS] |= 1u << SA_GAP_NOT_ADOPTED;
	else if (r->boot.initramfs_end_s < 0)
		g->why[SA_PHASE_INITRAMFS] |= 1u << SA_GAP_NO_INITRAMFS_MARK;
	if (r->boot.coldplug_end_s < 0)
		g->why[SA_PHASE_COLDPLUG] |= 1u << SA_GAP_NO_COLDPLUG_MARK;
	for (int k = SA_GAP_FIRST_RECORDED; k < SA_GAP_N; k++)
		if (r->boot.incomplete & 1u << k)
			g->why[sa_gap_slot_of(k)] |= 1u << k;
	for (int i = 0; i < SA_PHASE_N; i++) {
		const struct sa_losses *l = &r->boot.phases[i].lost;

		g->events_lost[i] = sa_sat_add(g->events_lost[i], l->events);
		ev = sa_sat_add(ev, l->events);
		for (int k = 0; k < SA_DLOST_N; k++) {
			g->deps_lost[i][k] = sa_sat_add(g->deps_lost[i][k], l->deps[k]);
			deps[k] = sa_sat_add(deps[k], l->deps[k]);
		}
	}
	g->events_lost[SA_GAP_UNKNOWN] = sa_sat_add(g->events_lost[SA_GAP_UNKNOWN],
						    sub0(r->lost, ev));
	for (int k = 0; k < SA_DLOST_N; k++)
		g->deps_lost[SA_GAP_UNKNOWN][k] = sa_sat_add(g->deps_lost[SA_GAP_UNKNOWN][k],
							     sub0(r->dep_lost.deps[k], deps[k]));
	for (int i = 0; i < SA_GAP_SLOTS; i++) {
		unsigned long long d = 0;

		for (int k = 0; k < SA_DLOST_N; k++)
			d = sa_sat_add(d, g->deps_lost[i][k]);
		if (g->events_lost[i])
			g->why[i] |= 1u << SA_GAP_EVENTS_LOST;
		if (d)
			g->why[i] |= 1u << SA_GAP_DEPS_LOST;
	}
}
