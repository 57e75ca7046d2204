// SPDX-License-Identifier: GPL-2.0
/* The merged picture as text: fixed-width columns for people (a row of format.c). */
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "output/abi_report_out.h"
#include "output/counts_out.h"
#include "output/escape.h"
#include "output/merged_out.h"

/* A table of @t; @cap: rows shown unless --details (0: all). */
static void text_rows(FILE *f, const struct sa_merged *m, const char *title,
		      const struct sa_mtable *t, const char *const *heads,
		      const int *cols, int ncols, const int *widths, size_t cap, bool details)
{
	size_t n;

	fprintf(f, "\n%s\n", title);
	n = sa_mout_rows_shown(f, t, "(none)\n", cap, details);
	if (!n)
		return;
	for (int j = 0; j < ncols; j++)
		fprintf(f, "%-*s ", widths[j], heads[j]);
	fprintf(f, "%8s %5s  %s\n", "COUNT", "HOSTS", "HOST-NAMES");
	for (size_t i = 0; i < n; i++) {
		for (int j = 0; j < ncols; j++) {
			sa_mout_col(f, t->v[i].s[cols[j]], widths[j]);
			fputc(' ', f);
		}
		fprintf(f, "%8llu %5zu  ", t->v[i].count, t->v[i].nhosts);
		sa_mout_hosts(f, m, &t->v[i], SA_ESC_TEXT, details ? 0 : SA_OUT_TOP_HOSTS);
		fputc('\n', f);
	}
	if (n < t->n)
		fprintf(f, "%zu more: --details\n", t->n - n);
}

/* Boot audits: the verdicts, every host's verdict and why, the dependents by phase. */
static void text_boot(FILE *f, const struct sa_merged *m, const struct sa_text_layout *lo,
		      bool details)
{
	static const char *const bh[] = { "PHASE", "CONFIDENCE", "EXECUTABLE", "KIND", "PATH" };
	static const int b5[] = { 0, 1, 2, 3, 4 }, wb[] = { 9, 10, 28, 17, 40 };
	long i;

	if (!m->nboot)
		return;	/* no boot audit among the reports */
	fputc('\n', f);
	sa_mout_boot_counts(f, m, lo, details);
	fprintf(f, "\n%-20s %-36s", "HOST", "VERDICT");
	for (int p = 0; p < SA_PHASE_N; p++)
		fprintf(f, " %9s", sa_phases[p].column);
	fputc('\n', f);
	for (size_t it = 0; (i = sa_mout_next_host(m, &it)) >= 0;) {
		const struct sa_mhost *h = &m->hosts[i];
		char n[48];

		sa_mout_col(f, h->hostname, 20);
		fprintf(f, " %-36s", sa_boot_verdict_names[sa_mhost_boot(h)]);
		for (int p = 0; p < SA_PHASE_N; p++) {
			sa_mout_phase_cell(n, sizeof(n), h, p);
			fprintf(f, " %9s", n);
		}
		fputc('\n', f);
		sa_mout_host_deps(f, m, (size_t)i, lo, details);
		sa_mout_host_gaps(f, h, lo, false);
	}
	fputs("(per phase: dependents that ", f);
	sa_print_verdict_verbs(f);
	fputs("; only breaks decides a verdict)\n", f);
	text_rows(f, m, "DEPENDENTS BY BOOT PHASE", &m->boot_deps, bh, b5, 5, wb, 0, details);
}

int sa_merged_text(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		   bool details)
{
	const struct sa_text_layout *lo = fd->layout;
	static const char *const kh[] = { "SUBSYSTEM", "KEY" }, *const ph[] = { "KIND", "PATH" };
	static const char *const dh[] = { "EXECUTABLE", "KIND", "CONFIDENCE", "PACKAGE",
					  "PACKAGE-VIA" };
	static const char *const gh[] = { "PACKAGE", "EXECUTABLE" };
	static const char *const fh[] = { "FILE", "LINE", "SEVERITY", "KEY", "PACKAGE" };
	static const int k2[] = { 0, 1 }, p2[] = { 1, 0 }, d5[] = { 0, 1, 2, 3, SA_MDEP_VIA };
	static const int f5[] = { 0, 1, 4, 3, 6 };
	static const int wk[] = { 16, 14 }, wp[] = { 16, 48 }, wd[] = { 32, 18, 10, 16, 14 };
	static const int wg[] = { 20, 32 }, wf[] = { 40, 5, 8, 14, 16 };

	fprintf(f, "%zu report(s) from %zu host(s)", m->nreports, m->nhosts);
	if (m->nskipped)
		fprintf(f, ", %zu skipped", m->nskipped);
	fprintf(f, "; dependents: %llu (", m->ndependents);
	sa_print_verdicts(f, m->by_conf, true);
	fprintf(f, "), static findings: %llu\n", m->nfindings);
	sa_mout_dropped_breaks(f, m, lo);
	text_boot(f, m, lo, details);
	if (m->nskipped)
		fputc('\n', f);
	for (size_t i = 0; i < m->nskipped; i++) {
		fputs("skipped ", f);
		sa_esc_fputs(f, m->skipped[i].file, SA_ESC_TEXT);
		fprintf(f, " (exit %d): ", m->skipped[i].status);
		sa_esc_fputs(f, m->skipped[i].reason, SA_ESC_TEXT);
		fputc('\n', f);
	}
	/* the initramfs's copies (1.6): a column only when a report says where one came from */
	text_rows(f, m, "DEPENDENTS BY EXECUTABLE", &m->dep_exec, dh, d5,
		  sa_mtable_has(&m->dep_exec, SA_MDEP_VIA) ? 5 : 4, wd, 0, details);
	text_rows(f, m, "PACKAGES THAT STILL NEED THE OLD LAYOUT (BREAKS)", &m->dep_pkg, gh,
		  k2, 2, wg, 0, details);
	fprintf(f, "\n%-20s %-24s %-10s %7s %8s %6s\n", "HOST", "KERNEL", "ATTACH", "REPORTS",
		"EVENTS", "LOST");
	for (size_t i = 0; i < m->nhosts; i++) {
		const struct sa_mhost *h = &m->hosts[i];

		sa_mout_col(f, h->hostname, 20);
		fputc(' ', f);
		sa_mout_col(f, h->kernel, 24);
		fputc(' ', f);
		sa_mout_col(f, h->attach, 10);
		fprintf(f, " %7zu %8llu %6llu\n", h->nreports, h->events, h->lost);
	}
	fprintf(f, "\nevents: %llu traced, %llu seen by BPF, %llu lost\n", m->events, m->seen,
		m->lost);
	if (m->dep_lost.known) {
		fputs("dependents' records lost:", f);
		for (int k = 0; k < SA_DLOST_N; k++)
			fprintf(f, "%s %s %llu", k ? "," : "", sa_mout_dep_loss_text[k],
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
	sa_abi_merged_text(f, m, details);
	return ferror(f) ? -1 : 0;
}
