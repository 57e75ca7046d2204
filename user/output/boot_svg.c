// SPDX-License-Identifier: GPL-2.0
/*
 * The boot timeline (boot_svg.h). Times are seconds since boot
 * (CLOCK_MONOTONIC) for a boot audit, else seconds since the recording
 * began. The report keeps the phase boundaries in monotonic seconds but a
 * dependent's first and last look only as wall-clock seconds, and stamps
 * every look before the recorder started with its start: a look is placed
 * assuming the recorder started at the initramfs's end (where
 * sysfs-audit-boot.service runs), and where that cannot be its time (a
 * look before the recorder, or none recorded) the bar spans the phase it
 * was seen in and is drawn hatched: "somewhere in this phase". The sample
 * has no timestamps, but it is the first events traced, in order, and the
 * report counts each phase's events: an event's phase is known from its
 * index, and it is placed within its phase by its order there, evenly.
 * After the boot the axis is broken: the boot's few seconds get most of
 * the width, the rest of a recording of minutes the remainder.
 */
#include <errno.h>
#include <math.h>	/* NAN, isnan: macros */
#include <string.h>


#include "common/common.h"
#include "output/boot_svg.h"
#include "output/gap_line.h"
#include "output/markup_esc.h"

#define W		1200
#define LABEL_X		12
#define PX0		400	/* the plot's left edge: labels to its left */
#define PX1		(W - 24)
#define SUB_H		14	/* a subsystem's row */
#define DEP_H		20	/* a dependent's row */
#define LABEL_CHARS	40	/* a label's characters before it is cut */
#define PKG_CHARS	18
#define VIA_CHARS	34	/* "udev, copied into the initramfs" */

static const char *const conf_colour[SA_DC_N] = {
	[SA_DC_SUSPECT] = "#78909c",
	[SA_DC_FALLS_BACK] = "#f9a825",
	[SA_DC_BREAKS] = "#d32f2f",
};
static const char *const phase_colour[SA_PHASE_N] = { "#e3f2fd", "#ede7f6", "#e8f5e9" };
static const char *const verdict_colour[SA_BOOT_N] = {
	[SA_BOOT_NOT_AUDITED] = "#455a64",
	[SA_BOOT_PATH] = "#b71c1c",
	[SA_BOOT_INCOMPLETE] = "#e65100",
	[SA_BOOT_LATER_ONLY] = "#f57f17",
	[SA_BOOT_CLEAN] = "#1b5e20",
};

#define BRK_X		(PX0 + (PX1 - PX0) * 3 / 4)	/* where a broken axis breaks */
#define BRK_GAP		12

/* The time axis: [lo, hi] seconds onto [PX0, PX1]; broken at brk when brk > 0. */
struct axis {
	double lo, hi, brk;
};

static double xof(const struct axis *a, double t)
{
	double x;

	if (a->brk <= 0)
		x = PX0 + (t - a->lo) / (a->hi - a->lo) * (PX1 - PX0);
	else if (t <= a->brk)
		x = PX0 + (t - a->lo) / (a->brk - a->lo) * (BRK_X - PX0);
	else
		x = BRK_X + BRK_GAP + (t - a->brk) / (a->hi - a->brk) * (PX1 - BRK_X - BRK_GAP);
	return !(x >= PX0) ? PX0 : x > PX1 ? PX1 : x;	/* NaN: the left edge */
}

/* The phases' spans; a boundary the report does not know is guessed, and said so. */
struct bands {
	bool drawn[SA_PHASE_N];
	double s[SA_PHASE_N], e[SA_PHASE_N];
	bool guessed[SA_PHASE_N];
	double rec;		/* when the recorder started, estimated */
};

/* A dependent's bar. */
struct bar {
	double a, b;
	bool vague;		/* when in its phase is not known */
};

/* A report's seconds are finite, not bounded: an axis of more than 30 years is cut there. */
#define T_MAX		1e9

static double known(double v)
{
	return v >= 0 ? (v < T_MAX ? v : T_MAX) : NAN;
}

static void bands_of(const struct sa_report *r, struct bands *bd)
{
	const struct sa_report_boot *b = &r->boot;

	memset(bd, 0, sizeof(*bd));
	if (!b->recorded)
		return;
	bd->rec = b->adopted && b->initramfs_end_s >= 0 ? known(b->initramfs_end_s) :
		  b->attached_s >= 0 ? known(b->attached_s) : 0;
	bd->drawn[SA_PHASE_INITRAMFS] = b->adopted;
	bd->s[SA_PHASE_INITRAMFS] = b->attached_s >= 0 ? known(b->attached_s) : 0;
	bd->e[SA_PHASE_INITRAMFS] = known(b->initramfs_end_s);
	bd->drawn[SA_PHASE_COLDPLUG] = bd->drawn[SA_PHASE_RUNTIME] = true;
	bd->s[SA_PHASE_COLDPLUG] = b->adopted ? known(b->initramfs_end_s) : known(b->attached_s);
	bd->e[SA_PHASE_COLDPLUG] = known(b->coldplug_end_s);
	bd->s[SA_PHASE_RUNTIME] = known(b->coldplug_end_s);
	bd->e[SA_PHASE_RUNTIME] = NAN;	/* the recording's end: set with the axis */
}

/* Seconds of wall-clock time @t on the axis (boot audit: since boot). */
static double wall_to_axis(const struct sa_report *r, const struct bands *bd, time_t t)
{
	return bd->rec + difftime(t, r->start);
}

/* Fill what bands_of() left unknown, once the axis' end is known. */
static void bands_finish(struct bands *bd, double lo, double hi)
{
	for (int p = 0; p < SA_PHASE_N; p++) {
		if (!bd->drawn[p])
			continue;
		if (isnan(bd->s[p])) {
			bd->guessed[p] = true;
			bd->s[p] = p && bd->drawn[p - 1] && !isnan(bd->e[p - 1]) ? bd->e[p - 1] :
				   p && bd->drawn[p - 1] ? bd->s[p - 1] : lo;
		}
		if (isnan(bd->e[p])) {
			bd->guessed[p] = p != SA_PHASE_RUNTIME;
			bd->e[p] = hi;
			for (int q = p + 1; q < SA_PHASE_N; q++)
				if (!isnan(bd->s[q])) {
					bd->e[p] = bd->s[q];
					break;
				}
		}
		if (bd->e[p] < bd->s[p])
			bd->e[p] = bd->s[p];
	}
}

static struct bar bar_of(const struct sa_report *r, const struct bands *bd,
			 const struct sa_report_dependent *d, const struct axis *ax)
{
	int p = sa_phase_parse(d->phase);
	bool in_phase = p >= 0 && bd->drawn[p];
	struct bar b = { .a = ax->lo, .b = ax->hi, .vague = true };

	if (d->first <= 0 || (in_phase && p == SA_PHASE_INITRAMFS && d->first <= r->start)) {
		/* No time, or a look before the recorder: only its phase is known. */
		if (in_phase) {
			b.a = bd->s[p];
			b.b = bd->e[p];
		}
		if (d->first > 0 && d->last > r->start)
			b.b = wall_to_axis(r, bd, d->last);
		return b;
	}
	b.vague = false;
	b.a = wall_to_axis(r, bd, d->first);
	b.b = d->last > 0 ? wall_to_axis(r, bd, d->last) : b.a;
	if (in_phase) {
		b.a = b.a < bd->s[p] ? bd->s[p] : b.a > bd->e[p] ? bd->e[p] : b.a;
	}
	if (b.b < b.a)
		b.b = b.a;
	return b;
}

/* 1, 2 or 5 times a power of ten, so that the axis has at most ten ticks. */
static double tick_step(double span)
{
	static const double m[] = { 1, 2, 5 };

	for (double p = 1e-3;; p *= 10)
		for (int i = 0; i < 3; i++)
			if (span / (m[i] * p) <= 10)
				return m[i] * p;
}

/* Without libm: the tool links statically with no -lm. */
static double dmax(double a, double b)
{
	return a > b ? a : b;
}

/* Ticks at multiples of a round step in [a, b], at most about @n of them. */
static void axis_ticks(FILE *f, const struct axis *ax, double a, double b, int n, double top,
		       double bottom)
{
	double step = tick_step((b - a) * 10 / n);
	long long k = (long long)(a / step);

	for (double t = k * step; t <= b + step / 1e6; t = ++k * step) {
		double x;

		if (t < a - step / 1e6)
			continue;
		x = xof(ax, t);
		fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\"/>"
			"<text class=\"ax\" x=\"%.1f\" y=\"%.0f\">%g</text>\n", x, top - 28, x,
			bottom, x + 2, top - 34, t);
	}
}

/*
 * A row of text in the label column: escaped, the path's end and the
 * package's start; @long_b: the package's words say where it comes from
 * (an initramfs's copy), and take VIA_CHARS of the path's room.
 */
static void label(FILE *f, double y, const char *cls, const char *a, const char *b,
		  bool long_b)
{
	fprintf(f, "<text class=\"%s\" x=\"%d\" y=\"%.1f\">", cls, LABEL_X, y);
	sa_markup_fputs_tail(f, a, long_b ? LABEL_CHARS + PKG_CHARS - VIA_CHARS : LABEL_CHARS);
	if (b) {
		fputs(" \xc2\xb7 ", f);
		sa_markup_fputs_cut(f, b, long_b ? VIA_CHARS : PKG_CHARS);
	}
	fputs("</text>\n", f);
}

/* The verdict line, also the document's <title>. */
static void headline(FILE *f, const struct sa_report *r, const struct sa_mhost *h)
{
	sa_markup_fputs(f, r->hostname);
	fputs(" \xe2\x80\x94 ", f);
	if (r->boot.recorded)
		fprintf(f, "boot audit: %s", sa_boot_verdict_names[sa_mhost_boot(h)]);
	else
		fputs("not a boot audit (no phases): seconds since the recording began", f);
}

/* All causes, saturating (reports/ has the same sum; output/ cannot reach it). */
static unsigned long long deps_lost(const struct sa_losses *l)
{
	unsigned long long n = 0;

	for (int k = 0; k < SA_DLOST_N; k++)
		n = sa_sat_add(n, l->deps[k]);
	return n;
}

static void losses_line(FILE *f, const struct sa_report *r)
{
	fprintf(f, "lost: %llu traced event(s); ", r->lost);
	if (!r->dep_lost.known) {
		fputs("the dependents' records lost: not known (a report before 1.2)", f);
		return;
	}
	fprintf(f, "%llu dependents' record(s) (ring %llu, map full %llu, store full %llu)",
		deps_lost(&r->dep_lost), r->dep_lost.deps[SA_DLOST_RING],
		r->dep_lost.deps[SA_DLOST_MAP_FULL], r->dep_lost.deps[SA_DLOST_STORE_FULL]);
}

/* The sample's subsystems, in order of first appearance; the rest share the last row. */
struct subsys {
	const char *name[SA_SVG_MAX_SUBSYS + 1];
	int n;
	bool other;
};

static int subsys_row(struct subsys *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return i;
	if (s->n < SA_SVG_MAX_SUBSYS) {
		s->name[s->n] = name;
		return s->n++;
	}
	s->other = true;
	return SA_SVG_MAX_SUBSYS;
}

static const char *event_subsys(const struct sa_value *e)
{
	if (e->type == SA_V_OBJECT)
		for (size_t i = 0; i < e->n; i++)
			if (e->v[i].key && !strcmp(e->v[i].key, "subsystem") &&
			    e->v[i].type == SA_V_STRING)
				return e->v[i].s;
	return "(none)";
}

/*
 * The sample's event @i: its phase by the phases' counts (the sample is
 * the first events, in order), its place by its order in the phase; NAN
 * when the counts do not cover it.
 */
static double event_time(const struct sa_report *r, const struct bands *bd, size_t i)
{
	unsigned long long k = i;

	for (int p = 0; p < SA_PHASE_N; p++) {
		unsigned long long n = r->boot.phases[p].events;

		if (k < n)
			return bd->drawn[p] ? bd->s[p] + (bd->e[p] - bd->s[p]) * (k + 0.5) / n : NAN;
		k -= n;
	}
	return NAN;
}

static unsigned long long subsys_events(const struct sa_report *r, const char *name)
{
	for (size_t i = 0; i < r->by_subsystem.n; i++)
		if (r->by_subsystem.v[i].name && !strcmp(r->by_subsystem.v[i].name, name))
			return r->by_subsystem.v[i].events;
	return 0;
}

static void style(FILE *f)
{
	fputs("<style>\n"
	      "text { font-family: sans-serif; font-size: 12px; fill: #212121; }\n"
	      ".h1 { font-size: 18px; font-weight: bold; }\n"
	      ".sub { font-size: 12px; fill: #424242; }\n"
	      ".gap { font-size: 12px; fill: #bf360c; }\n"
	      ".sec { font-size: 13px; font-weight: bold; }\n"
	      ".lab { font-size: 11px; }\n"
	      ".band { font-size: 11px; fill: #37474f; }\n"
	      ".ax { font-size: 10px; fill: #616161; }\n"
	      ".tick { stroke: #1565c0; stroke-width: 1.5; }\n"
	      ".grid { stroke: #cfd8dc; stroke-width: 1; }\n"
	      "</style>\n", f);
}

static void draw_legend(FILE *f, double y, const struct sa_report *r, const struct sa_mhost *h)
{
	static const char *const conf_text[SA_DC_N] = {
		[SA_DC_BREAKS] = "breaks", [SA_DC_FALLS_BACK] = "falls back",
		[SA_DC_SUSPECT] = "suspect (never decides)",
	};
	double x = LABEL_X;

	for (int c = SA_DC_N - 1; c >= 0; c--) {
		fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>"
			"<text class=\"lab\" x=\"%.0f\" y=\"%.1f\">%s</text>\n",
			x, y - 9, conf_colour[c], x + 18, y, conf_text[c]);
		x += 190;
	}
	fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"#d32f2f\" "
		"fill-opacity=\"0.3\" stroke=\"#d32f2f\" stroke-dasharray=\"3 2\"/>"
		"<text class=\"lab\" x=\"%.0f\" y=\"%.1f\">only the phase is known (a look before "
		"the recorder started, or no time)</text>\n", x, y - 9, x + 18, y);
	y += 18;
	fprintf(f, "<text class=\"lab\" x=\"%d\" y=\"%.1f\">Dependents: a bar from the first to "
		"the last look, placed to the second assuming the recorder started at the "
		"initramfs's end.</text>\n", LABEL_X, y);
	y += 16;
	fprintf(f, "<text class=\"lab\" x=\"%d\" y=\"%.1f\">Uevents: the report's sample (its "
		"first %d events), each in its phase by the phases' counts, placed there by its "
		"order (the report keeps no event times).</text>\n", LABEL_X, y,
		SA_REPORT_MAX_SAMPLE);
	for (int w = 0; w < SA_GAP_N; w++) {
		bool seen = false;

		for (int slot = 0; slot < SA_GAP_SLOTS; slot++)
			seen |= !!(h->gaps.why[slot] & 1u << w);
		if (!seen)
			continue;
		y += 16;
		fprintf(f, "<text class=\"gap\" x=\"%d\" y=\"%.1f\">%s: %s</text>\n", LABEL_X, y,
			sa_gap_names[w], sa_gap_text[w]);
	}
	(void)r;
}

int sa_boot_svg(FILE *f, const struct sa_report *r, const struct sa_mhost *h)
{
	size_t nsample = r->sample && r->sample->type == SA_V_ARRAY ? r->sample->n : 0;
	size_t ndeps = r->ndeps < SA_SVG_MAX_DEPS ? r->ndeps : SA_SVG_MAX_DEPS;
	struct subsys subs = {};
	struct bands bd;
	struct axis ax;
	size_t unplaced = 0;
	double y, top, bottom, height, hi;
	char t0[32], t1[32];

	/* The axis: from boot (or the recording's start) to the last thing known. */
	bands_of(r, &bd);
	ax.lo = 0;
	hi = wall_to_axis(r, &bd, r->end);
	for (int p = 0; p < SA_PHASE_N; p++)
		if (bd.drawn[p]) {
			hi = dmax(hi, isnan(bd.s[p]) ? 0 : bd.s[p]);
			hi = dmax(hi, isnan(bd.e[p]) ? 0 : bd.e[p]);
		}
	for (size_t i = 0; i < r->ndeps; i++)
		if (r->deps[i].last > 0)
			hi = dmax(hi, wall_to_axis(r, &bd, r->deps[i].last));
	if (!(hi <= T_MAX))	/* also NaN: tick_step() needs a finite span */
		hi = T_MAX;
	ax.hi = hi <= ax.lo ? ax.lo + 1 : hi * 1.02;
	ax.brk = 0;
	bands_finish(&bd, ax.lo, hi);
	if (r->boot.recorded) {
		double boot = 0;

		for (int p = SA_PHASE_INITRAMFS; p <= SA_PHASE_COLDPLUG; p++)
			if (bd.drawn[p])
				boot = dmax(boot, bd.e[p]);
		if (boot > 0 && ax.hi > 2.5 * boot * 1.15)
			ax.brk = boot * 1.15;
	}
	for (size_t i = 0; i < nsample; i++)
		subsys_row(&subs, event_subsys(&r->sample->v[i]));

	top = 150;
	bottom = top + 40 + (subs.n + subs.other) * SUB_H + 30 + ndeps * DEP_H +
		 (r->ndeps > ndeps ? DEP_H : 0) + (r->ndeps ? 0 : DEP_H);
	height = bottom + 86 + 16 * SA_GAP_N;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%.0f\" "
		"viewBox=\"0 0 %d %.0f\" role=\"img\">\n<title>", W, height, W, height);
	headline(f, r, h);
	fputs("</title>\n", f);
	style(f);
	fprintf(f, "<rect width=\"%d\" height=\"%.0f\" fill=\"#ffffff\"/>\n", W, height);

	/* The title block: the verdict, the host's facts, what was not seen. */
	fprintf(f, "<text class=\"h1\" x=\"%d\" y=\"28\" fill=\"%s\">", LABEL_X,
		verdict_colour[r->boot.recorded ? sa_mhost_boot(h) : SA_BOOT_NOT_AUDITED]);
	headline(f, r, h);
	sa_time_format(r->start, t0, sizeof(t0));
	sa_time_format(r->end, t1, sizeof(t1));
	fprintf(f, "</text>\n<text class=\"sub\" x=\"%d\" y=\"50\">kernel ", LABEL_X);
	sa_markup_fputs_cut(f, r->kernel, 64);
	fputs(" \xc2\xb7 attach ", f);
	sa_markup_fputs_cut(f, r->attach ? r->attach : "none", 32);
	fprintf(f, " \xc2\xb7 recorded %s to %s \xc2\xb7 %llu event(s) traced, %zu dependent(s)"
		"</text>\n", t0, t1, r->seen, r->ndeps);
	fprintf(f, "<text class=\"%s\" x=\"%d\" y=\"72\">", sa_gap_any(&h->gaps) ? "gap" : "sub",
		LABEL_X);
	if (!r->boot.recorded) {
		fputs("not seen: the boot (this recording did not adopt a boot audit)", f);
	} else if (sa_gap_any(&h->gaps)) {
		fputs("not seen \xe2\x80\x94 ", f);
		sa_gap_line(f, &h->gaps);
	} else {
		fputs("not seen: nothing (every phase was seen, nothing lost)", f);
	}
	fprintf(f, "</text>\n<text class=\"%s\" x=\"%d\" y=\"92\">",
		r->lost || deps_lost(&r->dep_lost) ? "gap" : "sub", LABEL_X);
	losses_line(f, r);
	fputs("</text>\n", f);

	/* The phases as bands, behind everything else. */
	for (int p = 0; p < SA_PHASE_N; p++) {
		const struct sa_report_phase *ph = &r->boot.phases[p];
		double xa, xb;

		if (!bd.drawn[p])
			continue;
		xa = xof(&ax, bd.s[p]);
		xb = xof(&ax, bd.e[p]);
		fprintf(f, "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\" fill=\"%s\"%s>"
			"<title>%s: %.3f s to %.3f s%s</title></rect>\n", xa, top - 28,
			dmax(xb - xa, 1), bottom - top + 28, phase_colour[p],
			bd.guessed[p] ? " stroke=\"#90a4ae\" stroke-dasharray=\"4 3\"" : "",
			sa_phases[p].name, bd.s[p], bd.e[p],
			bd.guessed[p] ? " (a boundary was not marked)" : "");
		fprintf(f, "<text class=\"band\" x=\"%.1f\" y=\"%.0f\">%s%s</text>\n", xa + 3,
			top - 16, sa_phases[p].name, bd.guessed[p] ? " (unmarked)" : "");
		fprintf(f, "<text class=\"band\" x=\"%.1f\" y=\"%.0f\">%llu ev.", xa + 3, top - 4,
			ph->events);
		if (ph->lost.events)
			fprintf(f, ", %llu lost", ph->lost.events);
		fputs("</text>\n", f);
	}

	/* The time axis: ticks above the rows, grid lines through them. */
	fprintf(f, "<text class=\"ax\" x=\"%d\" y=\"%.0f\">%s</text>\n", LABEL_X, top - 34,
		r->boot.recorded ? "seconds since boot" : "seconds since the recording began");
	axis_ticks(f, &ax, ax.lo, ax.brk > 0 ? ax.brk : ax.hi, 10, top, bottom);
	if (ax.brk > 0) {
		axis_ticks(f, &ax, ax.brk, ax.hi, 4, top, bottom);
		fprintf(f, "<rect x=\"%d\" y=\"%.0f\" width=\"%d\" height=\"%.0f\" fill=\"#ffffff\">"
			"<title>the axis is broken here: after the boot, time runs %.0f times "
			"faster</title></rect>\n", BRK_X + 2, top - 28, BRK_GAP - 4,
			bottom - top + 28, ((ax.hi - ax.brk) / (PX1 - BRK_X - BRK_GAP)) /
			((ax.brk - ax.lo) / (BRK_X - PX0)));
	}

	/* The sampled uevents, one row per subsystem. */
	y = top + 18;
	fprintf(f, "<text class=\"sec\" x=\"%d\" y=\"%.0f\">uevents (the first %zu traced, of "
		"%llu), by subsystem</text>\n", LABEL_X, y, nsample, r->seen);
	y += 8;
	for (int i = 0; i < subs.n + subs.other; i++) {
		const char *name = i < subs.n ? subs.name[i] : "(other subsystems)";
		char n[48];

		snprintf(n, sizeof(n), "%llu event(s)", i < subs.n ? subsys_events(r, name) : 0ULL);
		label(f, y + i * SUB_H + 11, "lab", name, i < subs.n ? n : NULL, false);
		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\"/>\n",
			PX0, y + i * SUB_H + SUB_H, PX1, y + i * SUB_H + SUB_H);
	}
	for (size_t i = 0; i < nsample; i++) {
		const struct sa_value *e = &r->sample->v[i];
		double t = r->boot.recorded ? event_time(r, &bd, i) : NAN;
		int row = subsys_row(&subs, event_subsys(e));

		if (isnan(t)) {
			unplaced++;
			continue;
		}
		fprintf(f, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\"/>\n",
			xof(&ax, t), y + row * SUB_H + 2, xof(&ax, t), y + row * SUB_H + SUB_H - 2);
	}
	y += (subs.n + subs.other) * SUB_H;
	if (unplaced)
		fprintf(f, "<text class=\"ax\" x=\"%d\" y=\"%.0f\">%zu sampled event(s) not placed: "
			"not a boot audit, or beyond the phases' counts</text>\n", PX0, y + 12,
			unplaced);

	/* The dependents, one bar each, in the report's order (breaks first). */
	y += 30;
	fprintf(f, "<text class=\"sec\" x=\"%d\" y=\"%.0f\">dependents: program \xc2\xb7 package"
		"</text>\n", LABEL_X, y - 6);
	if (!r->ndeps)
		fprintf(f, "<text class=\"lab\" x=\"%d\" y=\"%.0f\">none seen</text>\n", PX0, y + 14);
	for (size_t i = 0; i < ndeps; i++) {
		const struct sa_report_dependent *d = &r->deps[i];
		struct bar b = bar_of(r, &bd, d, &ax);
		const char *c = conf_colour[sa_dep_conf_parse(d->confidence)];
		double ry = y + i * DEP_H, xa = xof(&ax, b.a), xb = xof(&ax, b.b);
		/* the reader took only known words: a -1 is never one */
		int via = sa_pkg_via_parse(d->package_via);
		char pkg[SA_REPORT_MAX_NAME + 64], full[SA_REPORT_MAX_TEXT + SA_REPORT_MAX_NAME + 64];

		sa_pkg_label(d->package, via, NULL, "no package", pkg, sizeof(pkg));
		sa_pkg_label(d->package, via, d->executable, "no package", full, sizeof(full));
		label(f, ry + 14, "lab", d->executable, pkg, via > SA_PV_PATH);
		fprintf(f, "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"",
			xa, ry + 4, dmax(xb - xa, 3), DEP_H - 7, c);
		if (b.vague)
			fprintf(f, " fill-opacity=\"0.3\" stroke=\"%s\" stroke-dasharray=\"3 2\"", c);
		fputs("><title>", f);
		sa_markup_fputs(f, d->executable);
		fputs(" (", f);
		sa_markup_fputs(f, full);
		fputs("): ", f);
		sa_markup_fputs(f, d->confidence ? d->confidence : "breaks");
		fputs(", ", f);
		sa_markup_fputs(f, d->kind);
		fputs(" in ", f);
		sa_markup_fputs(f, d->phase ? d->phase : "no phase");
		fputs("; ", f);
		sa_markup_fputs(f, d->path);
		fprintf(f, "; %llu look(s)</title></rect>\n", d->count);
	}
	y += ndeps * DEP_H;
	if (r->ndeps > ndeps)
		fprintf(f, "<text class=\"lab\" x=\"%d\" y=\"%.0f\">%zu more dependent(s) not drawn: "
			"sysfs-audit report --details lists them</text>\n", LABEL_X, y + 14,
			r->ndeps - ndeps);
	draw_legend(f, bottom + 26, r, h);
	fputs("</svg>\n", f);
	return ferror(f) ? -EIO : 0;
}
