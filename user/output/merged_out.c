// SPDX-License-Identifier: GPL-2.0
/*
 * What the text-like renderers of the merged picture share (merged_out.h):
 * the boot verdicts' lines and what is listed under a host, laid out as
 * the format's descriptor says (format.h). They format what report_merge.c
 * decided, in its order, and decide nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "output/counts_out.h"
#include "output/escape.h"
#include "output/merged_out.h"

size_t sa_mout_rows_shown(FILE *f, const struct sa_mtable *t, const char *none, size_t cap,
			  bool details)
{
	if (!t->n)
		fputs(none, f);
	return cap && !details && t->n > cap ? cap : t->n;
}

const char *sa_mout_dash(const char *s)
{
	return s && *s ? s : "-";
}

const char *const sa_mout_dep_loss_text[SA_DLOST_N] = { "ring", "map full", "store full" };
static const char *const gap_short[SA_GAP_N] = {
	[SA_GAP_NOT_ADOPTED] = "not adopted",
	[SA_GAP_NO_INITRAMFS_MARK] = "no initramfs-end mark",
	[SA_GAP_NO_COLDPLUG_MARK] = "no coldplug-end mark",
	[SA_GAP_EVENTS_LOST] = "events lost",
	[SA_GAP_DEPS_LOST] = "dependents' records lost",
	[SA_GAP_BREAKS_NO_PHASE] = "breaks without a phase",
	[SA_GAP_START_TIMEOUT] = "start-timeout",
	[SA_GAP_MARK_TIMEOUT] = "mark-timeout",
	[SA_GAP_NOT_PINNED] = "not pinned",
	[SA_GAP_STOPPED_BEFORE] = "stopped before adoption",
	[SA_GAP_STOPPED_DURING] = "stopped during adoption",
	[SA_GAP_RECORDER_KILLED] = "recorder killed",
	[SA_GAP_OTHER] = "other reason",
};

/* "a, b, c" of a row's hosts, escaped as @how; at most @max names (0: all). */
void sa_mout_hosts(FILE *f, const struct sa_merged *m, const struct sa_mrow *r,
			enum sa_esc how, size_t max)
{
	for (size_t i = 0; i < r->nhosts; i++) {
		if (max && i == max) {
			fprintf(f, " (%zu more)", r->nhosts - i);
			break;
		}
		if (i)
			fputs(", ", f);
		sa_esc_fputs(f, m->hosts[r->hosts[i]].hostname, how);
	}
}

/* A text column of @w characters; control characters escaped (escape.h). */
void sa_mout_col(FILE *f, const char *s, int w)
{
	char *e = sa_esc_dup(sa_mout_dash(s), SA_ESC_TEXT);

	fprintf(f, "%-*s", w, e ? e : "?");
	free(e);
}

/* Does row @r count host @host? (r->hosts is ascending.) */
static bool row_has_host(const struct sa_mrow *r, size_t host)
{
	return sa_mrow_has_host(r, r->nhosts, host);
}

/* "not adopted: ...; 12 events lost; 3 dependents' records lost (ring 3, ...)" */
static void print_gap(FILE *f, const struct sa_boot_gaps *g, int slot)
{
	const char *sep = "";

	for (int r = 0; r < SA_GAP_N; r++) {
		unsigned long long n = 0;

		if (!(g->why[slot] & 1u << r))
			continue;
		fputs(sep, f);
		sep = "; ";
		if (r == SA_GAP_EVENTS_LOST) {
			fprintf(f, "%llu events lost", g->events_lost[slot]);
		} else if (r == SA_GAP_DEPS_LOST) {
			for (int k = 0; k < SA_DLOST_N; k++)
				n = sa_sat_add(n, g->deps_lost[slot][k]);
			fprintf(f, "%llu dependents' records lost (", n);
			for (int k = 0; k < SA_DLOST_N; k++)
				fprintf(f, "%s%s %llu", k ? ", " : "", sa_mout_dep_loss_text[k],
					g->deps_lost[slot][k]);
			fputc(')', f);
		} else {
			fputs(sa_gap_text[r], f);
		}
	}
}

static const char *gap_slot_text(int slot)
{
	if (slot == SA_GAP_UNKNOWN)
		return "an unknown phase";
	if (slot == SA_PHASE_RUNTIME)
		return "runtime (after the boot: the verdict stands)";
	return sa_phases[slot].name;
}

/* Hosts grouped by verdict: what an operator acts on comes first. */
const enum sa_boot_verdict sa_mout_verdict_order[SA_BOOT_N] = {
	SA_BOOT_PATH, SA_BOOT_INCOMPLETE, SA_BOOT_LATER_ONLY, SA_BOOT_CLEAN, SA_BOOT_NOT_AUDITED,
};

long sa_mout_next_host(const struct sa_merged *m, size_t *it)
{
	while (*it < SA_BOOT_N * m->nhosts) {
		size_t i = *it % m->nhosts, o = (*it)++ / m->nhosts;

		if (sa_mhost_boot(&m->hosts[i]) == sa_mout_verdict_order[o])
			return (long)i;
	}
	return -1;
}

static unsigned long long boot_path_suspects(const struct sa_mhost *h)
{
	unsigned long long n = 0;

	for (int p = 0; p < SA_PHASE_N; p++)
		if (sa_phase_boot_path(p))
			n = sa_sat_add(n, h->phase_by_conf[p][SA_DC_SUSPECT]);
	return n;
}

/*
 * The fleet's boot verdicts, the first lines an operator reads: how many
 * hosts would not boot and because of what, how many are incomplete and
 * why, and the suspects, which never decide; laid out as @lo says.
 */
void sa_mout_boot_counts(FILE *f, const struct sa_merged *m, const struct sa_text_layout *lo,
			 bool details)
{
	const char *item = lo->item;
	enum sa_esc how = lo->esc;
	unsigned long long sus = 0;
	size_t nsus = 0, nwhy = details ? m->boot_blockers.n : SA_OUT_TOP_WHY;
	const char *sep = "";

	fprintf(f, "%s%zu of %zu host(s) audited from boot: ", lo->boot_head, m->nboot,
		m->nhosts);
	for (int i = 0; i < SA_BOOT_N - 1; i++)
		fprintf(f, "%s%zu %s", i ? ", " : "", m->nverdict[sa_mout_verdict_order[i]],
			sa_boot_verdict_names[sa_mout_verdict_order[i]]);
	fputs("\n", f);
	fputs(lo->boot_gap, f);
	if (m->nverdict[SA_BOOT_PATH]) {
		fprintf(f, "%swould not boot, because of (breaks, in the boot path): ", item);
		for (size_t i = 0; i < m->boot_blockers.n && i < nwhy; i++) {
			const struct sa_mrow *r = &m->boot_blockers.v[i];

			fputs(i ? "; " : "", f);
			sa_esc_fputs(f, r->s[0], how);
			fprintf(f, " (%s) on %zu host(s)", r->s[1], r->nhosts);
		}
		if (m->boot_blockers.n > nwhy)
			fprintf(f, "; %zu more below", m->boot_blockers.n - nwhy);
		fputc('\n', f);
	}
	if (m->nverdict[SA_BOOT_INCOMPLETE]) {
		fprintf(f, "%sincomplete, because of: ", item);
		for (int g = 0; g < SA_GAP_N; g++) {
			if (!m->nincomplete_why[g])
				continue;
			fprintf(f, "%s%s on %zu host(s)", sep, gap_short[g], m->nincomplete_why[g]);
			sep = "; ";
		}
		fputc('\n', f);
	}
	for (size_t i = 0; i < m->nhosts; i++) {
		unsigned long long n = boot_path_suspects(&m->hosts[i]);

		sus = sa_sat_add(sus, n);
		nsus += n > 0;
	}
	if (sus)
		fprintf(f, "%ssuspects, which never decide a verdict: %llu in the boot path on "
			"%zu host(s)\n", item, sus, nsus);
}

/* Under a host: its dependents that break and decided (phase, executable, kind, path). */
void sa_mout_host_deps(FILE *f, const struct sa_merged *m, size_t host,
		       const struct sa_text_layout *lo, bool details)
{
	const struct sa_mhost *h = &m->hosts[host];
	enum sa_boot_verdict v = sa_mhost_boot(h);
	enum sa_esc how = lo->esc;
	size_t shown = 0, more = 0;

	if (v != SA_BOOT_PATH && v != SA_BOOT_LATER_ONLY)
		return;
	for (size_t i = 0; i < m->boot_deps.n; i++) {
		const struct sa_mrow *r = &m->boot_deps.v[i];
		int ph = sa_phase_parse(r->s[0]);

		if (strcmp(r->s[1], sa_dep_confs[SA_DC_BREAKS].name) || !row_has_host(r, host) ||
		    (v == SA_BOOT_PATH && !sa_phase_boot_path(ph)))
			continue;
		if (!details && shown == SA_OUT_HOST_DEPS) {
			more++;
			continue;
		}
		fputs(shown++ ? lo->line_sep : "", f);
		fputs(lo->line_lead, f);
		fprintf(f, "%s: ", r->s[0]);	/* a phase name: read as one of three */
		sa_esc_fputs(f, r->s[2], how);
		fputc(' ', f);
		sa_esc_fputs(f, r->s[3], how);
		fputc(' ', f);
		sa_esc_fputs(f, sa_mout_dash(r->s[4]), how);
		fputs(lo->line_end, f);
	}
	if (more)
		fprintf(f, "%s%s%zu more: --details%s", lo->line_sep, lo->line_lead, more,
			lo->line_end);
}

/*
 * Under a host: what its boot audits could not vouch for, by phase; @after:
 * lines under the host already (sa_mout_host_deps()).
 */
void sa_mout_host_gaps(FILE *f, const struct sa_mhost *h, const struct sa_text_layout *lo,
		       bool after)
{
	bool first = !after;

	for (int i = 0; i < SA_GAP_SLOTS; i++) {
		if (!h->gaps.why[i])
			continue;
		fprintf(f, "%s%smissed in %s: ", first ? "" : lo->line_sep, lo->line_lead,
			gap_slot_text(i));
		print_gap(f, &h->gaps, i);
		fputs(lo->line_end, f);
		first = false;
	}
}

/* "1/0/3": dependents of phase @p by verdict, what breaks first. */
void sa_mout_phase_cell(char *buf, size_t len, const struct sa_mhost *h, int p)
{
	size_t n = 0;

	snprintf(buf, len, "-");
	for (int i = 0; h->nboot && i < SA_DC_N && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%llu", i ? "/" : "",
			      h->phase_by_conf[p][sa_dep_conf_shown(i)]);
}

/*
 * A recorder's store full of lines that break had to drop some (1.3): they
 * are missing from every list, and the gate counts them.
 */
void sa_mout_dropped_breaks(FILE *f, const struct sa_merged *m, const struct sa_text_layout *lo)
{
	unsigned long long n = m->dep_lost.store_full_by[SA_DC_BREAKS];

	if (n)
		fprintf(f, "%s%llu more dependent(s) that break were dropped by a full store: "
			"they are missing from the lists below, and --fail-on=dependents counts "
			"them.%s\n", lo->warn_open, n, lo->warn_close);
}
