// SPDX-License-Identifier: GPL-2.0
/*
 * Renderers of the merged picture: text (fixed-width columns), markdown
 * (a CI job's summary page) and JSON. They format what report_merge.c
 * decided, in its order, and decide nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "output/counts_out.h"
#include "output/escape.h"
#include "output/report_out.h"
#include "output/merged_json.h"

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

/* Rows and host names a capped table shows unless --details. */
#define SA_OUT_TOP_ROWS		10
#define SA_OUT_TOP_HOSTS	10
#define SA_OUT_HOST_DEPS	5	/* dependents that break, listed under a host */
#define SA_OUT_TOP_WHY		3	/* dependents named in the verdict counts */

static const char *const dep_loss_text[SA_DLOST_N] = { "ring", "map full", "store full" };
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
static void print_hosts(FILE *f, const struct sa_merged *m, const struct sa_mrow *r,
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
static void col(FILE *f, const char *s, int w)
{
	char *e = sa_esc_dup(dash(s), SA_ESC_TEXT);

	fprintf(f, "%-*s", w, e ? e : "?");
	free(e);
}

/* A markdown table cell: '|', newlines and control characters escaped. */
static void md_cell(FILE *f, const char *s)
{
	fputs("| ", f);
	sa_esc_fputs(f, dash(s), SA_ESC_MARKDOWN);
	fputc(' ', f);
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
				fprintf(f, "%s%s %llu", k ? ", " : "", dep_loss_text[k],
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
static const enum sa_boot_verdict verdict_order[SA_BOOT_N] = {
	SA_BOOT_PATH, SA_BOOT_INCOMPLETE, SA_BOOT_LATER_ONLY, SA_BOOT_CLEAN, SA_BOOT_NOT_AUDITED,
};

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
 * why, and the suspects, which never decide. @md: markdown list items.
 */
static void boot_counts(FILE *f, const struct sa_merged *m, bool md, bool details)
{
	const char *item = md ? "- " : "  ";
	enum sa_esc how = md ? SA_ESC_MARKDOWN : SA_ESC_TEXT;
	unsigned long long sus = 0;
	size_t nsus = 0, nwhy = details ? m->boot_blockers.n : SA_OUT_TOP_WHY;
	const char *sep = "";

	fprintf(f, "%s%zu of %zu host(s) audited from boot: ", md ? "" : "BOOT: ", m->nboot,
		m->nhosts);
	for (int i = 0; i < SA_BOOT_N - 1; i++)
		fprintf(f, "%s%zu %s", i ? ", " : "", m->nverdict[verdict_order[i]],
			sa_boot_verdict_names[verdict_order[i]]);
	fputs("\n", f);
	if (md)
		fputc('\n', f);
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
static void host_deps(FILE *f, const struct sa_merged *m, size_t host, bool md, bool details)
{
	const struct sa_mhost *h = &m->hosts[host];
	enum sa_boot_verdict v = sa_mhost_boot(h);
	enum sa_esc how = md ? SA_ESC_MARKDOWN : SA_ESC_TEXT;
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
		shown++;
		fputs(md ? (shown > 1 ? "<br>" : "") : "    ", f);
		fprintf(f, "%s: ", r->s[0]);	/* a phase name: read as one of three */
		sa_esc_fputs(f, r->s[2], how);
		fputc(' ', f);
		sa_esc_fputs(f, r->s[3], how);
		fputc(' ', f);
		sa_esc_fputs(f, dash(r->s[4]), how);
		if (!md)
			fputc('\n', f);
	}
	if (more)
		fprintf(f, md ? "<br>%zu more: --details" : "    %zu more: --details\n", more);
}

/*
 * Under a host: what its boot audits could not vouch for, by phase; @after:
 * a markdown cell that holds dependents already.
 */
static void host_gaps(FILE *f, const struct sa_mhost *h, bool md, bool after)
{
	bool first = !after;

	for (int i = 0; i < SA_GAP_SLOTS; i++) {
		if (!h->gaps.why[i])
			continue;
		fprintf(f, "%smissed in %s: ", md ? (first ? "" : "<br>") : "    ",
			gap_slot_text(i));
		print_gap(f, &h->gaps, i);
		if (!md)
			fputc('\n', f);
		first = false;
	}
}

/* "1/0/3": dependents of phase @p by verdict, what breaks first. */
static void phase_cell(char *buf, size_t len, const struct sa_mhost *h, int p)
{
	size_t n = 0;

	snprintf(buf, len, "-");
	for (int i = 0; h->nboot && i < SA_DC_N && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%llu", i ? "/" : "",
			      h->phase_by_conf[p][sa_dep_conf_shown(i)]);
}

static void md_row(FILE *f, const struct sa_merged *m, const struct sa_mrow *r,
		   const int *cols, int ncols, bool details)
{
	char n[32];

	for (int j = 0; j < ncols; j++)
		md_cell(f, r->s[cols[j]]);
	snprintf(n, sizeof(n), "%llu", r->count);
	md_cell(f, n);
	fprintf(f, "| %zu | ", r->nhosts);
	print_hosts(f, m, r, SA_ESC_MARKDOWN, details ? 0 : SA_OUT_TOP_HOSTS);
	fputs(" |\n", f);
}

/* A table of @t; @cap: rows shown unless --details (0: all). */
static void md_table(FILE *f, const struct sa_merged *m, const char *title,
		     const struct sa_mtable *t, const char *const *heads, const int *cols,
		     int ncols, const char *count, size_t cap, bool details)
{
	size_t n = t->n;

	fprintf(f, "\n## %s\n\n", title);
	if (!t->n) {
		fputs("None.\n", f);
		return;
	}
	if (cap && !details && n > cap)
		n = cap;
	for (int j = 0; j < ncols; j++)
		fprintf(f, "| %s ", heads[j]);
	fprintf(f, "| %s | Hosts | Host names |\n", count);
	for (int j = 0; j < ncols + 3; j++)
		fputs("|---", f);
	fputs("|\n", f);
	for (size_t i = 0; i < n; i++)
		md_row(f, m, &t->v[i], cols, ncols, details);
	if (n < t->n)
		fprintf(f, "\n%zu more: --details\n", t->n - n);
}

/* Boot audits: every host's verdict and why, then the dependents by phase. */
static void md_boot(FILE *f, const struct sa_merged *m, bool details)
{
	static const char *const bh[] = { "Phase", "Confidence", "Executable", "Kind", "Path" };
	static const int b5[] = { 0, 1, 2, 3, 4 };

	if (!m->nboot)
		return;
	fputs("\n## Boot verdict\n\n", f);
	boot_counts(f, m, true, details);
	fputs("\n| Host | Verdict ", f);
	for (int p = 0; p < SA_PHASE_N; p++)
		fprintf(f, "| %s ", sa_phases[p].title);
	fputs("| Why |\n|---|---", f);
	for (int p = 0; p < SA_PHASE_N; p++)
		fputs("|---", f);
	fputs("|---|\n", f);
	for (int o = 0; o < SA_BOOT_N; o++)
		for (size_t i = 0; i < m->nhosts; i++) {
			const struct sa_mhost *h = &m->hosts[i];
			char n[48];

			if (sa_mhost_boot(h) != verdict_order[o])
				continue;
			md_cell(f, h->hostname);
			md_cell(f, sa_boot_verdict_names[verdict_order[o]]);
			for (int p = 0; p < SA_PHASE_N; p++) {
				phase_cell(n, sizeof(n), h, p);
				md_cell(f, n);
			}
			fputs("| ", f);
			host_deps(f, m, i, true, details);
			host_gaps(f, h, true, verdict_order[o] == SA_BOOT_PATH ||
				  verdict_order[o] == SA_BOOT_LATER_ONLY);
			fputs(" |\n", f);
		}
	fputs("\nPer phase: dependents that ", f);
	sa_print_verdict_verbs(f);
	fputs(". Only breaks decides a verdict.\n", f);
	md_table(f, m, "Dependents by boot phase", &m->boot_deps, bh, b5, 5, "Count", 0, details);
}

static void md_losses(FILE *f, const struct sa_losses *l)
{
	if (!l->known)
		return;
	fputs(" Dependents' records lost:", f);
	for (int k = 0; k < SA_DLOST_N; k++)
		fprintf(f, "%s %s %llu", k ? "," : "", dep_loss_text[k], l->deps[k]);
	fputs(" (", f);
	sa_print_verdicts(f, l->store_full_by, false);
	fputs(").", f);
}

/*
 * A recorder's store full of lines that break had to drop some (1.3): they
 * are missing from every list, and the gate counts them.
 */
static void dropped_breaks(FILE *f, const struct sa_merged *m, bool md)
{
	unsigned long long n = m->dep_lost.store_full_by[SA_DC_BREAKS];

	if (n)
		fprintf(f, "%s%llu more dependent(s) that break were dropped by a full store: "
			"they are missing from the lists below, and --fail-on=dependents counts "
			"them.%s\n", md ? "\n**" : "WARNING: ", n, md ? "**" : "");
}

static void print_markdown(FILE *f, const struct sa_merged *m, bool details)
{
	static const char *const kh[] = { "Subsystem", "Key" };
	static const char *const ph[] = { "Legacy path", "Kind" };
	static const char *const dh[] = { "Executable", "Kind", "Confidence", "Package",
					  "Legacy artifact" };
	static const char *const gh[] = { "Package", "Executable" };
	static const char *const fh[] = { "File", "Line", "Severity", "Kind", "Key", "Message",
					  "Package" };
	static const int k2[] = { 0, 1 }, d5[] = { 0, 1, 2, 3, 5 };
	static const int f7[] = { 0, 1, 4, 2, 3, 5, 6 };

	fprintf(f, "# sysfs-audit: legacy sysfs layout report\n\n"
		"%zu report(s) from %zu host(s); %zu skipped. Dependents: %llu (", m->nreports,
		m->nhosts, m->nskipped, m->ndependents);
	sa_print_verdicts(f, m->by_conf, true);
	fprintf(f, "). Static findings: %llu.\n", m->nfindings);
	dropped_breaks(f, m, true);
	md_boot(f, m, details);
	if (m->nskipped) {
		fputs("\n## Skipped reports\n\n| File | Exit status | Reason |\n|---|---|---|\n", f);
		for (size_t i = 0; i < m->nskipped; i++) {
			char st[16];

			snprintf(st, sizeof(st), "%d", m->skipped[i].status);
			md_cell(f, m->skipped[i].file);
			md_cell(f, st);
			md_cell(f, m->skipped[i].reason);
			fputs("|\n", f);
		}
	}
	md_table(f, m, "Dependents by executable", &m->dep_exec, dh, d5, 5, "Count", 0, details);
	md_table(f, m, "Debian packages that still need the old layout (dependents that break)",
		 &m->dep_pkg, gh, k2, 2, "Count", 0, details);
	fprintf(f, "\n## Events\n\n%llu traced, %llu seen, %llu lost.", m->events, m->seen,
		m->lost);
	md_losses(f, &m->dep_lost);
	fprintf(f, "\n\n| Would have carried | Events |\n|---|---|\n");
	for (int k = 0; k < SA_KEY_N; k++)
		fprintf(f, "| %s | %llu |\n", sa_keys[k].name, m->keys[k]);
	fprintf(f, "\n| Legacy links needed | Events |\n|---|---|\n");
	for (int k = 0; k < SA_LK_N; k++)
		fprintf(f, "| %s | %llu |\n", sa_link_kinds[k].name, m->links[k]);
	fputs("\n## Hosts\n\n| Host | Kernel | Attach | Reports | Events | Lost |\n"
	      "|---|---|---|---|---|---|\n", f);
	for (size_t i = 0; i < m->nhosts; i++) {
		const struct sa_mhost *h = &m->hosts[i];
		char n[96];

		md_cell(f, h->hostname);
		md_cell(f, h->kernel);
		md_cell(f, h->attach);
		snprintf(n, sizeof(n), "%zu", h->nreports);
		md_cell(f, n);
		snprintf(n, sizeof(n), "%llu", h->events);
		md_cell(f, n);
		snprintf(n, sizeof(n), "%llu", h->lost);
		md_cell(f, n);
		fputs("|\n", f);
	}
	md_table(f, m, "PHYSDEV keys the events would have carried", &m->keyrows, kh, k2, 2,
		 "Events", SA_OUT_TOP_ROWS, details);
	md_table(f, m, "Legacy paths the events needed", &m->paths, ph, k2, 2, "Events",
		 SA_OUT_TOP_ROWS, details);
	md_table(f, m, "Static findings", &m->findings, fh, f7, 7, "Reports", 0, details);
}

/* A table of @t; @cap: rows shown unless --details (0: all). */
static void text_rows(FILE *f, const struct sa_merged *m, const char *title,
		      const struct sa_mtable *t, const char *const *heads,
		      const int *cols, int ncols, const int *widths, size_t cap, bool details)
{
	size_t n = t->n;

	fprintf(f, "\n%s\n", title);
	if (!t->n) {
		fputs("(none)\n", f);
		return;
	}
	if (cap && !details && n > cap)
		n = cap;
	for (int j = 0; j < ncols; j++)
		fprintf(f, "%-*s ", widths[j], heads[j]);
	fprintf(f, "%8s %5s  %s\n", "COUNT", "HOSTS", "HOST-NAMES");
	for (size_t i = 0; i < n; i++) {
		for (int j = 0; j < ncols; j++) {
			col(f, t->v[i].s[cols[j]], widths[j]);
			fputc(' ', f);
		}
		fprintf(f, "%8llu %5zu  ", t->v[i].count, t->v[i].nhosts);
		print_hosts(f, m, &t->v[i], SA_ESC_TEXT, details ? 0 : SA_OUT_TOP_HOSTS);
		fputc('\n', f);
	}
	if (n < t->n)
		fprintf(f, "%zu more: --details\n", t->n - n);
}

/* Boot audits: the verdicts, every host's verdict and why, the dependents by phase. */
static void text_boot(FILE *f, const struct sa_merged *m, bool details)
{
	static const char *const bh[] = { "PHASE", "CONFIDENCE", "EXECUTABLE", "KIND", "PATH" };
	static const int b5[] = { 0, 1, 2, 3, 4 }, wb[] = { 9, 10, 28, 17, 40 };

	if (!m->nboot)
		return;	/* no boot audit among the reports */
	fputc('\n', f);
	boot_counts(f, m, false, details);
	fprintf(f, "\n%-20s %-36s", "HOST", "VERDICT");
	for (int p = 0; p < SA_PHASE_N; p++)
		fprintf(f, " %9s", sa_phases[p].column);
	fputc('\n', f);
	for (int o = 0; o < SA_BOOT_N; o++)
		for (size_t i = 0; i < m->nhosts; i++) {
			const struct sa_mhost *h = &m->hosts[i];
			char n[48];

			if (sa_mhost_boot(h) != verdict_order[o])
				continue;
			col(f, h->hostname, 20);
			fprintf(f, " %-36s", sa_boot_verdict_names[verdict_order[o]]);
			for (int p = 0; p < SA_PHASE_N; p++) {
				phase_cell(n, sizeof(n), h, p);
				fprintf(f, " %9s", n);
			}
			fputc('\n', f);
			host_deps(f, m, i, false, details);
			host_gaps(f, h, false, false);
		}
	fputs("(per phase: dependents that ", f);
	sa_print_verdict_verbs(f);
	fputs("; only breaks decides a verdict)\n", f);
	text_rows(f, m, "DEPENDENTS BY BOOT PHASE", &m->boot_deps, bh, b5, 5, wb, 0, details);
}

static void print_text(FILE *f, const struct sa_merged *m, bool details)
{
	static const char *const kh[] = { "SUBSYSTEM", "KEY" }, *const ph[] = { "KIND", "PATH" };
	static const char *const dh[] = { "EXECUTABLE", "KIND", "CONFIDENCE", "PACKAGE" };
	static const char *const gh[] = { "PACKAGE", "EXECUTABLE" };
	static const char *const fh[] = { "FILE", "LINE", "SEVERITY", "KEY", "PACKAGE" };
	static const int k2[] = { 0, 1 }, p2[] = { 1, 0 }, d4[] = { 0, 1, 2, 3 };
	static const int f5[] = { 0, 1, 4, 3, 6 };
	static const int wk[] = { 16, 14 }, wp[] = { 16, 48 }, wd[] = { 32, 18, 10, 16 };
	static const int wg[] = { 20, 32 }, wf[] = { 40, 5, 8, 14, 16 };

	fprintf(f, "%zu report(s) from %zu host(s)", m->nreports, m->nhosts);
	if (m->nskipped)
		fprintf(f, ", %zu skipped", m->nskipped);
	fprintf(f, "; dependents: %llu (", m->ndependents);
	sa_print_verdicts(f, m->by_conf, true);
	fprintf(f, "), static findings: %llu\n", m->nfindings);
	dropped_breaks(f, m, false);
	text_boot(f, m, details);
	if (m->nskipped)
		fputc('\n', f);
	for (size_t i = 0; i < m->nskipped; i++) {
		fputs("skipped ", f);
		sa_esc_fputs(f, m->skipped[i].file, SA_ESC_TEXT);
		fprintf(f, " (exit %d): ", m->skipped[i].status);
		sa_esc_fputs(f, m->skipped[i].reason, SA_ESC_TEXT);
		fputc('\n', f);
	}
	text_rows(f, m, "DEPENDENTS BY EXECUTABLE", &m->dep_exec, dh, d4, 4, wd, 0, details);
	text_rows(f, m, "PACKAGES THAT STILL NEED THE OLD LAYOUT (BREAKS)", &m->dep_pkg, gh,
		  k2, 2, wg, 0, details);
	fprintf(f, "\n%-20s %-24s %-10s %7s %8s %6s\n", "HOST", "KERNEL", "ATTACH", "REPORTS",
		"EVENTS", "LOST");
	for (size_t i = 0; i < m->nhosts; i++) {
		const struct sa_mhost *h = &m->hosts[i];

		col(f, h->hostname, 20);
		fputc(' ', f);
		col(f, h->kernel, 24);
		fputc(' ', f);
		col(f, h->attach, 10);
		fprintf(f, " %7zu %8llu %6llu\n", h->nreports, h->events, h->lost);
	}
	fprintf(f, "\nevents: %llu traced, %llu seen by BPF, %llu lost\n", m->events, m->seen,
		m->lost);
	if (m->dep_lost.known) {
		fputs("dependents' records lost:", f);
		for (int k = 0; k < SA_DLOST_N; k++)
			fprintf(f, "%s %s %llu", k ? "," : "", dep_loss_text[k],
				m->dep_lost.deps[k]);
		fputs(" (", f);
		sa_print_verdicts(f, m->dep_lost.store_full_by, false);
		fputs(")\n", f);
	}
	sa_print_counts(f, m->keys, m->links);
	text_rows(f, m, "PHYSDEV KEYS THE EVENTS WOULD HAVE CARRIED", &m->keyrows, kh, k2, 2,
		  wk, SA_OUT_TOP_ROWS, details);
	text_rows(f, m, "LEGACY PATHS THE EVENTS NEEDED", &m->paths, ph, p2, 2, wp,
		  SA_OUT_TOP_ROWS, details);
	text_rows(f, m, "STATIC FINDINGS", &m->findings, fh, f5, 5, wf, 0, details);
}

int sa_merged_print(FILE *f, const struct sa_merged *m, enum sa_format fmt, bool details)
{
	switch (fmt) {
	case SA_FMT_JSON:
		sa_merged_write_json(f, m);
		break;
	case SA_FMT_MARKDOWN:
		print_markdown(f, m, details);
		break;
	default:
		print_text(f, m, details);
	}
	return fflush(f) || ferror(f) ? -EIO : 0;
}
