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

static json_object *secs(double s)
{
	return s < 0 ? json_object_new_null() : json_object_new_double(s);
}

static json_object *seq(unsigned long long v)
{
	return v ? json_object_new_uint64(v) : json_object_new_null();
}

json_object *sa_report_boot_json(const struct sa_report *r)
{
	json_object *o, *phases;

	if (!r->boot.recorded)
		return json_object_new_null();
	o = json_object_new_object();
	phases = json_object_new_object();
	json_object_object_add(o, "adopted", json_object_new_boolean(r->boot.adopted));
	json_object_object_add(o, "attached_s", secs(r->boot.attached_s));
	json_object_object_add(o, "initramfs_end_s", secs(r->boot.initramfs_end_s));
	json_object_object_add(o, "coldplug_end_s", secs(r->boot.coldplug_end_s));
	for (int i = 0; i < SA_PHASE_N; i++) {
		const struct sa_report_phase *p = &r->boot.phases[i];
		json_object *x = json_object_new_object();
		unsigned long long deps = 0;

		for (size_t k = 0; k < r->ndeps; k++)
			deps += r->deps[k].phase && !strcmp(r->deps[k].phase, sa_phases[i].name);
		json_object_object_add(x, "events", json_object_new_uint64(p->events));
		json_object_object_add(x, "first_seqnum", seq(p->first_seqnum));
		json_object_object_add(x, "last_seqnum", seq(p->last_seqnum));
		json_object_object_add(x, "dependents", json_object_new_uint64(deps));
		sa_losses_json(x, &p->lost, true);
		json_object_object_add(phases, sa_phases[i].name, x);
	}
	json_object_object_add(o, "phases", phases);
	/* 1.5: always there, so that a reader tells "none" from "not said" */
	phases = json_object_new_array();
	for (int g = SA_GAP_FIRST_RECORDED; g < SA_GAP_N; g++)
		if (r->boot.incomplete & 1u << g)
			json_object_array_add(phases, json_object_new_string(sa_gap_names[g]));
	json_object_object_add(o, "incomplete", phases);
	return o;
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
