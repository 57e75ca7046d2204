// SPDX-License-Identifier: GPL-2.0
/* The merged picture as markdown: a CI job's summary page (a row of format.c). */
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "output/abi_report_out.h"
#include "output/counts_out.h"
#include "output/escape.h"
#include "output/merged_out.h"

/* A markdown table cell: '|', newlines and control characters escaped. */
static void md_cell(FILE *f, const char *s)
{
	fputs("| ", f);
	sa_esc_fputs(f, sa_mout_dash(s), SA_ESC_MARKDOWN);
	fputc(' ', f);
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
	sa_mout_hosts(f, m, r, SA_ESC_MARKDOWN, details ? 0 : SA_OUT_TOP_HOSTS);
	fputs(" |\n", f);
}

/* A table of @t; @cap: rows shown unless --details (0: all). */
static void md_table(FILE *f, const struct sa_merged *m, const char *title,
		     const struct sa_mtable *t, const char *const *heads, const int *cols,
		     int ncols, const char *count, size_t cap, bool details)
{
	size_t n;

	fprintf(f, "\n## %s\n\n", title);
	n = sa_mout_rows_shown(f, t, "None.\n", cap, details);
	if (!n)
		return;
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
static void md_boot(FILE *f, const struct sa_merged *m, const struct sa_text_layout *lo,
		    bool details)
{
	static const char *const bh[] = { "Phase", "Confidence", "Executable", "Kind", "Path" };
	static const int b5[] = { 0, 1, 2, 3, 4 };
	long i;

	if (!m->nboot)
		return;
	fputs("\n## Boot verdict\n\n", f);
	sa_mout_boot_counts(f, m, lo, details);
	fputs("\n| Host | Verdict ", f);
	for (int p = 0; p < SA_PHASE_N; p++)
		fprintf(f, "| %s ", sa_phases[p].title);
	fputs("| Why |\n|---|---", f);
	for (int p = 0; p < SA_PHASE_N; p++)
		fputs("|---", f);
	fputs("|---|\n", f);
	for (size_t it = 0; (i = sa_mout_next_host(m, &it)) >= 0;) {
		const struct sa_mhost *h = &m->hosts[i];
		enum sa_boot_verdict v = sa_mhost_boot(h);
		char n[48];

		md_cell(f, h->hostname);
		md_cell(f, sa_boot_verdict_names[v]);
		for (int p = 0; p < SA_PHASE_N; p++) {
			sa_mout_phase_cell(n, sizeof(n), h, p);
			md_cell(f, n);
		}
		fputs("| ", f);
		sa_mout_host_deps(f, m, (size_t)i, lo, details);
		sa_mout_host_gaps(f, h, lo, v == SA_BOOT_PATH || v == SA_BOOT_LATER_ONLY);
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
		fprintf(f, "%s %s %llu", k ? "," : "", sa_mout_dep_loss_text[k], l->deps[k]);
	fputs(" (", f);
	sa_print_verdicts(f, l->store_full_by, false);
	fputs(").", f);
}

int sa_merged_markdown(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		       bool details)
{
	const struct sa_text_layout *lo = fd->layout;
	static const char *const kh[] = { "Subsystem", "Key" };
	static const char *const ph[] = { "Legacy path", "Kind" };
	static const char *const dh[] = { "Executable", "Kind", "Confidence", "Package",
					  "Legacy artifact", "Package via" };
	static const char *const gh[] = { "Package", "Executable" };
	static const char *const fh[] = { "File", "Line", "Severity", "Kind", "Key", "Message",
					  "Package" };
	static const int k2[] = { 0, 1 }, d5[] = { 0, 1, 2, 3, 5, SA_MDEP_VIA };
	static const int f7[] = { 0, 1, 4, 2, 3, 5, 6 };

	fprintf(f, "# sysfs-audit: legacy sysfs layout report\n\n"
		"%zu report(s) from %zu host(s); %zu skipped. Dependents: %llu (", m->nreports,
		m->nhosts, m->nskipped, m->ndependents);
	sa_print_verdicts(f, m->by_conf, true);
	fprintf(f, "). Static findings: %llu.\n", m->nfindings);
	sa_mout_dropped_breaks(f, m, lo);
	md_boot(f, m, lo, details);
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
	/* the initramfs's copies (1.6): a column only when a report says where one came from */
	md_table(f, m, "Dependents by executable", &m->dep_exec, dh, d5,
		 sa_mtable_has(&m->dep_exec, SA_MDEP_VIA) ? 6 : 5, "Count", 0, details);
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
	sa_abi_merged_markdown(f, m, details);
	return ferror(f) ? -1 : 0;
}
