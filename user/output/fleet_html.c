// SPDX-License-Identifier: GPL-2.0
/*
 * The fleet page (fleet_html.h). It formats what report_merge.c decided
 * and decides nothing; its own work is grouping the hosts by kernel. Its
 * size is bounded by SA_HTML_MAX_HOSTS and SA_HTML_TOP_ROWS, not by the
 * fleet, unless --details asks for every row.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sha2.h>

#include "common/common.h"
#include "output/abi_report_out.h"
#include "output/fleet_html.h"
#include "output/gap_line.h"
#include "output/markup_esc.h"

/* The page's one stylesheet; the CSP allows it by its hash and nothing else. */
static const char css[] =
	"body{font-family:sans-serif;margin:1.5em;color:#212121;max-width:1400px}"
	"h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #cfd8dc}"
	"table{border-collapse:collapse;margin:.5em 0}"
	"th,td{border:1px solid #cfd8dc;padding:2px 8px;text-align:left;vertical-align:top}"
	"th{background:#eceff1}td.n{text-align:right;white-space:nowrap}"
	".lead{font-size:1.1em}.note{color:#546e7a}"
	".v0{color:#455a64}.v1{color:#b71c1c;font-weight:bold}.v2{color:#e65100}"
	".v3{color:#f57f17}.v4{color:#1b5e20}"
	"meter{width:8em;margin-left:.4em}";

static const char *const verdict_colour[SA_BOOT_N] = {
	[SA_BOOT_NOT_AUDITED] = "#90a4ae",
	[SA_BOOT_PATH] = "#c62828",
	[SA_BOOT_INCOMPLETE] = "#ef6c00",
	[SA_BOOT_LATER_ONLY] = "#f9a825",
	[SA_BOOT_CLEAN] = "#2e7d32",
};

/* What an operator acts on first. */
static const enum sa_boot_verdict order[SA_BOOT_N] = {
	SA_BOOT_PATH, SA_BOOT_INCOMPLETE, SA_BOOT_LATER_ONLY, SA_BOOT_CLEAN, SA_BOOT_NOT_AUDITED,
};

static void esc(FILE *f, const char *s)
{
	sa_markup_fputs(f, s && *s ? s : "-");
}

static void td(FILE *f, const char *s)
{
	fputs("<td>", f);
	esc(f, s);
	fputs("</td>", f);
}

static void td_n(FILE *f, unsigned long long n)
{
	fprintf(f, "<td class=\"n\">%llu</td>", n);
}

/* A share of the fleet as a native bar: no style attribute, which the CSP forbids. */
static void td_meter(FILE *f, size_t n, size_t of)
{
	fprintf(f, "<td class=\"n\">%zu <meter min=\"0\" max=\"%zu\" value=\"%zu\"></meter></td>",
		n, of ? of : 1, n);
}

static void base64(FILE *f, const uint8_t *p, size_t n)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = p[i] << 16 | (i + 1 < n ? p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);

		fputc(b64[v >> 18 & 63], f);
		fputc(b64[v >> 12 & 63], f);
		fputc(i + 1 < n ? b64[v >> 6 & 63] : '=', f);
		fputc(i + 2 < n ? b64[v & 63] : '=', f);
	}
}

static void head(FILE *f, const struct sa_merged *m)
{
	uint8_t digest[SHA256_DIGEST_LENGTH];
	SHA2_CTX c;

	SHA256Init(&c);
	SHA256Update(&c, (const uint8_t *)css, sizeof(css) - 1);
	SHA256Final(digest, &c);
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "script-src 'none'; object-src 'none'; img-src 'none'; font-src 'none'; "
	      "connect-src 'none'; base-uri 'none'; form-action 'none'; style-src 'sha256-", f);
	base64(f, digest, sizeof(digest));
	fprintf(f, "'\">\n<meta name=\"referrer\" content=\"no-referrer\">\n"
		"<title>sysfs-audit: %zu host(s)</title>\n<style>%s</style>\n</head>\n<body>\n",
		m->nhosts, css);
}

/* The verdicts as a bar chart: one bar per verdict, its width the share of hosts. */
static void verdict_chart(FILE *f, const struct sa_merged *m)
{
	const int bar_w = 600, row_h = 26, x0 = 300;

	/* Inline in HTML an <svg> needs no xmlns: the page names no URL at all. */
	fprintf(f, "<svg width=\"%d\" height=\"%d\" "
		"role=\"img\" aria-label=\"hosts by boot verdict\">\n", x0 + bar_w + 120,
		row_h * SA_BOOT_N + 6);
	for (int i = 0; i < SA_BOOT_N; i++) {
		enum sa_boot_verdict v = order[i];
		size_t n = m->nverdict[v];
		double w = m->nhosts ? (double)bar_w * n / m->nhosts : 0;
		int y = i * row_h + 4;

		fprintf(f, "<text x=\"0\" y=\"%d\" font-family=\"sans-serif\" font-size=\"14\">%s"
			"</text><rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
			"<title>%s: %zu of %zu host(s)</title></rect><text x=\"%.1f\" y=\"%d\" "
			"font-family=\"sans-serif\" font-size=\"14\">%zu (%.1f%%)</text>\n",
			y + 15, sa_boot_verdict_names[v], x0, y, w < 1 && n ? 1 : w, row_h - 8,
			verdict_colour[v], sa_boot_verdict_names[v], n, m->nhosts, x0 + w + 6, y + 15,
			n, m->nhosts ? 100.0 * n / m->nhosts : 0.0);
	}
	fputs("</svg>\n", f);
}

static size_t cap(size_t n, size_t max, bool details)
{
	return details || n <= max ? n : max;
}

static void more(FILE *f, size_t shown, size_t n, const char *what)
{
	if (shown < n)
		fprintf(f, "<p class=\"note\">%zu more %s not listed: <code>sysfs-audit report -f "
			"html --details</code> lists them all.</p>\n", n - shown, what);
}

/*
 * A column of dep_exec that is no one string: the package for people, with
 * where it comes from (an initramfs's copy of a host file, or not).
 */
#define COL_PACKAGE (-1)

static void td_package(FILE *f, const struct sa_mrow *r)
{
	char buf[SA_REPORT_MAX_NAME * 2 + 64];

	td(f, sa_pkg_label(r->s[3], sa_pkg_via_parse(r->s[SA_MDEP_VIA]), r->s[0], "-", buf,
			   sizeof(buf)));
}

/*
 * Table @t's rows (their first @n), the strings @cols under @heads, then
 * the hosts as a share of the fleet and the count; @none when it is empty.
 */
static void mtable(FILE *f, const struct sa_merged *m, const struct sa_mtable *t,
		   const char *const *heads, const int *cols, int ncols, const char *none,
		   const char *what, bool details)
{
	size_t n = cap(t->n, SA_HTML_TOP_ROWS, details);

	if (!t->n) {
		fprintf(f, "<p>%s</p>\n", none);
		return;
	}
	fputs("<table><tr>", f);
	for (int j = 0; j < ncols; j++)
		fprintf(f, "<th>%s</th>", heads[j]);
	fputs("<th>Hosts</th><th>Looks</th></tr>\n", f);
	for (size_t i = 0; i < n; i++) {
		const struct sa_mrow *r = &t->v[i];

		fputs("<tr>", f);
		for (int j = 0; j < ncols; j++)
			if (cols[j] == COL_PACKAGE)
				td_package(f, r);
			else
				td(f, r->s[cols[j]]);
		td_meter(f, r->nhosts, m->nhosts);
		td_n(f, r->count);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	more(f, n, t->n, what);
}

static void dependents(FILE *f, const struct sa_merged *m, bool details)
{
	static const char *const bh[] = { "Program", "Phase" };
	static const int bc[] = { 0, 1 };
	/* dep_exec: executable, kind, confidence, package (with where it comes from) */
	static const char *const eh[] = { "Program", "Package", "Kind", "Verdict" };
	static const int ec[] = { 0, COL_PACKAGE, 1, 2 };
	static const char *const ph[] = { "Package", "Program" };
	static const int pc[] = { 0, 1 };

	fputs("<h2 id=\"blockers\">Would not boot, because of</h2>\n", f);
	mtable(f, m, &m->boot_blockers, bh, bc, 2,
	       "No dependent that breaks in an initramfs or at coldplug.", "program(s)", details);
	fprintf(f, "<h2 id=\"programs\">Dependents by program</h2>\n<p>%llu dependent(s) over "
		"all reports: %llu break, %llu fall back, %llu suspect (a suspect never decides a "
		"verdict).</p>\n", m->ndependents, m->by_conf[SA_DC_BREAKS], m->by_conf[SA_DC_FALLS_BACK], m->by_conf[SA_DC_SUSPECT]);
	mtable(f, m, &m->dep_exec, eh, ec, 4, "None.", "program(s)", details);
	fputs("<h2 id=\"packages\">Packages that still need the old layout</h2>\n"
	      "<p>The packages of programs that break (a #! script's own package too).</p>\n", f);
	mtable(f, m, &m->dep_pkg, ph, pc, 2, "None.", "row(s)", details);
}

/* Hosts grouped by kernel release. */
struct kgroup {
	const char *kernel;
	size_t n, nverdict[SA_BOOT_N];
};

static int cmp_kernel(const void *a, const void *b)
{
	const struct sa_mhost *const *x = a, *const *y = b;

	return strcmp((*x)->kernel ? (*x)->kernel : "", (*y)->kernel ? (*y)->kernel : "");
}

static int cmp_group(const void *a, const void *b)
{
	const struct kgroup *x = a, *y = b;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->kernel, y->kernel);
}

static int kernels(FILE *f, const struct sa_merged *m, bool details)
{
	const struct sa_mhost **v = m->nhosts ? calloc(m->nhosts, sizeof(*v)) : NULL;
	struct kgroup *g = m->nhosts ? calloc(m->nhosts, sizeof(*g)) : NULL;
	size_t ng = 0, n;

	if (m->nhosts && (!v || !g)) {
		free(v);
		free(g);
		return -ENOMEM;
	}
	for (size_t i = 0; i < m->nhosts; i++)
		v[i] = &m->hosts[i];
	if (m->nhosts > 1)
		qsort(v, m->nhosts, sizeof(*v), cmp_kernel);
	for (size_t i = 0; i < m->nhosts; i++) {
		const char *k = v[i]->kernel ? v[i]->kernel : "";

		if (!ng || strcmp(g[ng - 1].kernel, k))
			g[ng++].kernel = k;
		g[ng - 1].n++;
		g[ng - 1].nverdict[sa_mhost_boot(v[i])]++;
	}
	if (ng > 1)
		qsort(g, ng, sizeof(*g), cmp_group);
	n = cap(ng, SA_HTML_TOP_ROWS, details);
	fprintf(f, "<h2 id=\"kernels\">Kernels</h2>\n<table><tr><th>Kernel</th><th>Hosts</th>");
	for (int i = 0; i < SA_BOOT_N; i++)
		fprintf(f, "<th>%s</th>", sa_boot_verdict_names[order[i]]);
	fputs("</tr>\n", f);
	for (size_t i = 0; i < n; i++) {
		fputs("<tr>", f);
		td(f, g[i].kernel);
		td_meter(f, g[i].n, m->nhosts);
		for (int j = 0; j < SA_BOOT_N; j++)
			td_n(f, g[i].nverdict[order[j]]);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	more(f, n, ng, "kernel(s)");
	free(v);
	free(g);
	return 0;
}

static void incomplete(FILE *f, const struct sa_merged *m, bool details)
{
	size_t shown = 0, max = details ? m->nhosts : SA_HTML_MAX_HOSTS;

	fputs("<h2 id=\"incomplete\">Incomplete boot audits</h2>\n", f);
	if (!m->nverdict[SA_BOOT_INCOMPLETE]) {
		fputs("<p>None: every boot audit saw its boot path (or found a dependent that "
		      "breaks in it).</p>\n", f);
		return;
	}
	fputs("<table><tr><th>Why</th><th>Hosts</th><th>Meaning</th></tr>\n", f);
	for (int g = 0; g < SA_GAP_N; g++) {
		if (!m->nincomplete_why[g])
			continue;
		fputs("<tr>", f);
		td(f, sa_gap_names[g]);
		td_meter(f, m->nincomplete_why[g], m->nverdict[SA_BOOT_INCOMPLETE]);
		td(f, sa_gap_text[g]);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n<table><tr><th>Host</th><th>Kernel</th><th>Not seen</th></tr>\n", f);
	for (size_t i = 0; i < m->nhosts && shown < max; i++) {
		const struct sa_mhost *h = &m->hosts[i];

		if (sa_mhost_boot(h) != SA_BOOT_INCOMPLETE)
			continue;
		shown++;
		fputs("<tr>", f);
		td(f, h->hostname);
		td(f, h->kernel);
		fputs("<td>", f);
		sa_gap_line(f, &h->gaps);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
	more(f, shown, m->nverdict[SA_BOOT_INCOMPLETE], "incomplete host(s)");
}

static void host_row(FILE *f, const struct sa_mhost *h, enum sa_boot_verdict v)
{
	unsigned long long bp = 0, bpb = 0;

	for (int p = SA_PHASE_INITRAMFS; p <= SA_PHASE_COLDPLUG; p++) {
		bp = sa_sat_add(bp, h->phase_deps[p]);
		bpb = sa_sat_add(bpb, h->phase_by_conf[p][SA_DC_BREAKS]);
	}
	fputs("<tr>", f);
	td(f, h->hostname);
	td(f, h->kernel);
	fprintf(f, "<td class=\"v%d\">%s</td>", v, sa_boot_verdict_names[v]);
	td_n(f, h->nreports);
	td_n(f, h->events);
	td_n(f, bpb);
	td_n(f, bp - bpb);
	td_n(f, h->phase_by_conf[SA_PHASE_RUNTIME][SA_DC_BREAKS]);
	fputs("<td>", f);
	sa_gap_line(f, &h->gaps);
	fputs("</td></tr>\n", f);
}

/* Every host with --details; else the first SA_HTML_MAX_HOSTS, worst verdicts first. */
static void hosts(FILE *f, const struct sa_merged *m, bool details)
{
	size_t shown = 0, max = details ? m->nhosts : SA_HTML_MAX_HOSTS;
	size_t left[SA_BOOT_N] = {};
	const char *sep = "";

	fputs("<h2 id=\"hosts\">Hosts</h2>\n<table><tr><th>Host</th><th>Kernel</th>"
	      "<th>Verdict</th><th>Reports</th><th>Events</th><th>Boot path: break</th>"
	      "<th>Boot path: fall back, suspect</th><th>Runtime: break</th><th>Not seen</th>"
	      "</tr>\n", f);
	for (int o = 0; o < SA_BOOT_N; o++)
		for (size_t i = 0; i < m->nhosts; i++) {
			const struct sa_mhost *h = &m->hosts[i];
			enum sa_boot_verdict v = sa_mhost_boot(h);

			if (v != order[o])
				continue;
			if (shown == max) {
				left[v]++;
				continue;
			}
			shown++;
			host_row(f, h, v);
		}
	fputs("</table>\n", f);
	if (shown == m->nhosts)
		return;
	fprintf(f, "<p class=\"note\">%zu more host(s) not listed (", m->nhosts - shown);
	for (int o = 0; o < SA_BOOT_N; o++) {
		if (!left[order[o]])
			continue;
		fprintf(f, "%s%zu %s", sep, left[order[o]], sa_boot_verdict_names[order[o]]);
		sep = ", ";
	}
	fputs("): <code>sysfs-audit report -f html --details</code> lists every host.</p>\n", f);
}

static void skipped(FILE *f, const struct sa_merged *m, bool details)
{
	size_t n = cap(m->nskipped, SA_HTML_TOP_ROWS, details);

	if (!m->nskipped)
		return;
	fprintf(f, "<h2 id=\"skipped\">Reports not merged</h2>\n<table><tr><th>File</th>"
		"<th>Why</th><th>Exit status</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		fputs("<tr>", f);
		td(f, m->skipped[i].file);
		td(f, m->skipped[i].reason);
		td_n(f, m->skipped[i].status);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	more(f, n, m->nskipped, "file(s)");
}

int sa_fleet_html(FILE *f, const struct sa_merged *m, bool details)
{
	head(f, m);
	fprintf(f, "<h1>sysfs-audit: %zu host(s), %zu report(s)</h1>\n<p class=\"lead\">%zu of %zu "
		"host(s) audited from boot: <span class=\"v1\">%zu would not boot</span>, "
		"<span class=\"v2\">%zu incomplete</span>, %zu with dependents that break at "
		"runtime only, %zu with no boot-path dependent.</p>\n", m->nhosts, m->nreports,
		m->nboot, m->nhosts, m->nverdict[SA_BOOT_PATH], m->nverdict[SA_BOOT_INCOMPLETE],
		m->nverdict[SA_BOOT_LATER_ONLY], m->nverdict[SA_BOOT_CLEAN]);
	if (m->nskipped)
		fprintf(f, "<p class=\"v1\">%zu report(s) were not merged: see \"Reports not "
			"merged\" at the end.</p>\n", m->nskipped);
	fputs("<h2 id=\"verdicts\">Hosts by boot verdict</h2>\n", f);
	verdict_chart(f, m);
	dependents(f, m, details);
	if (kernels(f, m, details))
		return -ENOMEM;
	sa_abi_merged_html(f, m, details);
	incomplete(f, m, details);
	hosts(f, m, details);
	skipped(f, m, details);
	fputs("<p class=\"note\">Written by sysfs-audit report -f html: the verdicts are "
	      "explained in sysfs-audit(8) and docs/report-format.md.</p>\n</body>\n</html>\n", f);
	return ferror(f) ? -EIO : 0;
}

int sa_merged_html(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		   bool details)
{
	(void)fd;
	return sa_fleet_html(f, m, details);
}
