// SPDX-License-Identifier: GPL-2.0
/*
 * Renderers of the merged picture: text (fixed-width columns), markdown
 * (a CI job's summary page) and JSON. They format what report_merge.c
 * decided, in its order, and decide nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output/escape.h"
#include "output/report_out.h"
#include "output/json_out.h"

/*
 * The host names as JSON strings, one per host, shared by every row that
 * names the host (json-c counts references): a fleet's rows list the same
 * names thousands of times, and a string object each cost ~90 bytes per
 * row and host. NULL on no memory; put back with put_host_strings().
 */
static json_object **host_strings(const struct sa_merged *m)
{
	json_object **v = calloc(m->nhosts + 1, sizeof(*v));

	for (size_t i = 0; v && i < m->nhosts; i++)
		v[i] = sa_esc_json(m->hosts[i].hostname);
	return v;
}

static void put_host_strings(const struct sa_merged *m, json_object **v)
{
	for (size_t i = 0; v && i < m->nhosts; i++)
		json_object_put(v[i]);
	free(v);
}

/* The row's host names; @hs: host_strings(), or NULL (a string each). */
static json_object *host_names(const struct sa_merged *m, json_object **hs,
			       const struct sa_mrow *r)
{
	json_object *a = json_object_new_array_ext(r->nhosts < 4096 ? (int)r->nhosts + 1 : 4096);

	for (size_t i = 0; i < r->nhosts; i++)
		json_object_array_add(a, hs ? json_object_get(hs[r->hosts[i]]) :
					  sa_esc_json(m->hosts[r->hosts[i]].hostname));
	return a;
}

/* Rows of @t as objects with the given member names for its strings. */
static json_object *rows_json(const struct sa_merged *m, json_object **hs,
			      const struct sa_mtable *t, const char *const *names, int nnames,
			      const char *count)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < t->n; i++) {
		json_object *o = json_object_new_object();

		for (int j = 0; j < nnames; j++)
			sa_json_add_str(o, names[j], t->v[i].s[j]);
		sa_json_add_u64(o, count, t->v[i].count);
		sa_json_add_u64(o, "nhosts", t->v[i].nhosts);
		json_object_object_add(o, "hosts", host_names(m, hs, &t->v[i]));
		json_object_array_add(a, o);
	}
	return a;
}

/* A host's boot audits: null when none; its verdict and per-phase counts. */
static json_object *host_boot_json(const struct sa_mhost *h)
{
	json_object *o, *ev, *dp;

	if (!h->nboot)
		return json_object_new_null();
	o = json_object_new_object();
	ev = json_object_new_object();
	dp = json_object_new_object();
	sa_json_add_str(o, "verdict", sa_boot_verdict_names[sa_mhost_boot(h)]);
	json_object_object_add(o, "boot_path", json_object_new_boolean(sa_mhost_boot(h) ==
									 SA_BOOT_PATH));
	sa_json_add_u64(o, "reports", h->nboot);
	for (int i = 0; i < SA_PHASE_N; i++) {
		sa_json_add_u64(ev, sa_phase_names[i], h->phase_events[i]);
		sa_json_add_u64(dp, sa_phase_names[i], h->phase_deps[i]);
	}
	json_object_object_add(o, "events", ev);
	json_object_object_add(o, "dependents", dp);
	return o;
}

/* Host names whose boot verdict is @v. */
static json_object *hosts_with(const struct sa_merged *m, enum sa_boot_verdict v)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < m->nhosts; i++)
		if (m->hosts[i].nboot && sa_mhost_boot(&m->hosts[i]) == v)
			json_object_array_add(a, sa_esc_json(m->hosts[i].hostname));
	return a;
}

json_object *sa_merged_json(const struct sa_merged *m)
{
	static const char *const subsys[] = { "subsystem" };
	static const char *const keys[] = { "subsystem", "key" };
	static const char *const paths[] = { "path", "kind" };
	static const char *const dexe[] = { "executable", "kind", "confidence", "package", "path",
					    "legacy", "replacement" };
	static const char *const dpkg[] = { "package", "executable" };
	static const char *const bdep[] = { "phase", "executable", "kind", "path" };
	static const char *const find[] = { "file", "line", "kind", "key", "severity", "message",
					    "package" };
	json_object *o = json_object_new_object(), *a, *x, **hs = host_strings(m);
	char ver[16], t[32];

	sa_json_add_str(o, "format", "sysfs-audit-merged");
	snprintf(ver, sizeof(ver), "%d.%d", SA_REPORT_MAJOR, SA_REPORT_MINOR);
	sa_json_add_str(o, "version", ver);
	sa_json_add_u64(o, "reports", m->nreports);
	a = json_object_new_array();
	for (size_t i = 0; i < m->nhosts; i++) {
		const struct sa_mhost *h = &m->hosts[i];

		x = json_object_new_object();
		sa_json_add_str(x, "hostname", h->hostname);
		sa_json_add_str(x, "machine_id", h->machine_id);
		sa_json_add_str(x, "kernel", h->kernel);
		sa_json_add_str(x, "attach", h->attach);
		sa_json_add_u64(x, "reports", h->nreports);
		sa_json_add_u64(x, "seen", h->seen);
		sa_json_add_u64(x, "lost", h->lost);
		sa_json_add_u64(x, "emitted", h->emitted);
		sa_json_add_u64(x, "events", h->events);
		sa_time_format(h->start, t, sizeof(t));
		sa_json_add_str(x, "start", t);
		sa_time_format(h->end, t, sizeof(t));
		sa_json_add_str(x, "end", t);
		json_object_object_add(x, "boot", host_boot_json(h));
		json_object_array_add(a, x);
	}
	json_object_object_add(o, "hosts", a);
	a = json_object_new_array();
	for (size_t i = 0; i < m->nskipped; i++) {
		x = json_object_new_object();
		sa_json_add_str(x, "file", m->skipped[i].file);
		sa_json_add_str(x, "reason", m->skipped[i].reason);
		json_object_object_add(x, "status", json_object_new_int(m->skipped[i].status));
		json_object_array_add(a, x);
	}
	json_object_object_add(o, "skipped", a);
	x = json_object_new_object();
	sa_json_add_u64(x, "seen", m->seen);
	sa_json_add_u64(x, "lost", m->lost);
	sa_json_add_u64(x, "emitted", m->emitted);
	sa_json_add_u64(x, "traced", m->events);
	json_object_object_add(o, "events", x);
	x = json_object_new_object();
	for (int k = 0; k < 3; k++)
		sa_json_add_u64(x, sa_key_names[k], m->keys[k]);
	json_object_object_add(o, "would_carry", x);
	x = json_object_new_object();
	for (int k = 0; k < SA_LK_N; k++)
		sa_json_add_u64(x, sa_link_kind_names[k], m->links[k]);
	json_object_object_add(o, "legacy_links", x);
	json_object_object_add(o, "by_subsystem",
			       rows_json(m, hs, &m->subsys, subsys, 1, "events"));
	json_object_object_add(o, "keys", rows_json(m, hs, &m->keyrows, keys, 2, "events"));
	json_object_object_add(o, "paths", rows_json(m, hs, &m->paths, paths, 2, "events"));
	json_object_object_add(o, "dependents_by_executable",
			       rows_json(m, hs, &m->dep_exec, dexe, 7, "count"));
	json_object_object_add(o, "dependents_by_package",
			       rows_json(m, hs, &m->dep_pkg, dpkg, 2, "count"));
	json_object_object_add(o, "findings", rows_json(m, hs, &m->findings, find, 7, "reports"));
	x = json_object_new_object();
	json_object_object_add(x, "boot_path_hosts", hosts_with(m, SA_BOOT_PATH));
	json_object_object_add(x, "later_only_hosts", hosts_with(m, SA_BOOT_LATER_ONLY));
	json_object_object_add(x, "clean_hosts", hosts_with(m, SA_BOOT_CLEAN));
	json_object_object_add(x, "dependents", rows_json(m, hs, &m->boot_deps, bdep, 4, "count"));
	json_object_object_add(o, "boot", x);
	put_host_strings(m, hs);
	return o;
}

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

/* "a, b, c" of a row's hosts, escaped as @how. */
static void print_hosts(FILE *f, const struct sa_merged *m, const struct sa_mrow *r,
			enum sa_esc how)
{
	for (size_t i = 0; i < r->nhosts; i++) {
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

static void md_row(FILE *f, const struct sa_merged *m, const struct sa_mrow *r,
		   const int *cols, int ncols)
{
	char n[32];

	for (int j = 0; j < ncols; j++)
		md_cell(f, r->s[cols[j]]);
	snprintf(n, sizeof(n), "%llu", r->count);
	md_cell(f, n);
	fprintf(f, "| %zu | ", r->nhosts);
	print_hosts(f, m, r, SA_ESC_MARKDOWN);
	fputs(" |\n", f);
}

static void md_table(FILE *f, const struct sa_merged *m, const char *title,
		     const struct sa_mtable *t, const char *const *heads, const int *cols,
		     int ncols, const char *count)
{
	fprintf(f, "\n## %s\n\n", title);
	if (!t->n) {
		fputs("None.\n", f);
		return;
	}
	for (int j = 0; j < ncols; j++)
		fprintf(f, "| %s ", heads[j]);
	fprintf(f, "| %s | Hosts | Host names |\n", count);
	for (int j = 0; j < ncols + 3; j++)
		fputs("|---", f);
	fputs("|\n", f);
	for (size_t i = 0; i < t->n; i++)
		md_row(f, m, &t->v[i], cols, ncols);
}

/* Boot audits: which hosts would not boot, and the dependents by phase. */
static void md_boot(FILE *f, const struct sa_merged *m)
{
	static const char *const bh[] = { "Phase", "Executable", "Kind", "Path" };
	static const int b4[] = { 0, 1, 2, 3 };
	bool any = false;

	for (size_t i = 0; i < m->nhosts; i++)
		any |= m->hosts[i].nboot > 0;
	if (!any)
		return;
	fprintf(f, "\n## Boot path\n\n%zu host(s) with a dependent in the initramfs or coldplug "
		"(would not boot without the deprecated layout), %zu with dependents only later.\n\n"
		"| Host | Verdict | Initramfs | Coldplug | Runtime |\n|---|---|---|---|---|\n",
		m->nboot_path, m->nlater_only);
	for (size_t i = 0; i < m->nhosts; i++) {
		const struct sa_mhost *h = &m->hosts[i];
		char n[32];

		md_cell(f, h->hostname);
		md_cell(f, sa_boot_verdict_names[sa_mhost_boot(h)]);
		for (int p = 0; p < SA_PHASE_N; p++) {
			snprintf(n, sizeof(n), "%llu", h->phase_deps[p]);
			md_cell(f, h->nboot ? n : "-");
		}
		fputs("|\n", f);
	}
	md_table(f, m, "Dependents by boot phase", &m->boot_deps, bh, b4, 4, "Count");
}

static void print_markdown(FILE *f, const struct sa_merged *m)
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
		"%zu report(s) from %zu host(s); %zu skipped.\n", m->nreports, m->nhosts,
		m->nskipped);
	fprintf(f, "\n| Would have carried | Events |\n|---|---|\n");
	for (int k = 0; k < 3; k++)
		fprintf(f, "| %s | %llu |\n", sa_key_names[k], m->keys[k]);
	fprintf(f, "\n| Legacy links needed | Events |\n|---|---|\n");
	for (int k = 0; k < SA_LK_N; k++)
		fprintf(f, "| %s | %llu |\n", sa_link_kind_names[k], m->links[k]);
	fprintf(f, "\nDependents: %llu (%llu confirmed, %llu suspect). Static findings: %llu. "
		"Events: %llu traced, %llu seen, %llu lost.\n", m->ndependents, m->nconfirmed,
		m->nsuspects, m->nfindings, m->events, m->seen, m->lost);
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
		 "Events");
	md_table(f, m, "Legacy paths the events needed", &m->paths, ph, k2, 2, "Events");
	md_table(f, m, "Dependents by executable", &m->dep_exec, dh, d5, 5, "Count");
	md_table(f, m, "Debian packages that still need the old layout (confirmed dependents)", &m->dep_pkg, gh, k2, 2, "Count");
	md_table(f, m, "Static findings", &m->findings, fh, f7, 7, "Reports");
	md_boot(f, m);
}

static void text_rows(FILE *f, const struct sa_merged *m, const char *title,
		      const struct sa_mtable *t, const char *const *heads,
		      const int *cols, int ncols, const int *widths)
{
	fprintf(f, "\n%s\n", title);
	if (!t->n) {
		fputs("(none)\n", f);
		return;
	}
	for (int j = 0; j < ncols; j++)
		fprintf(f, "%-*s ", widths[j], heads[j]);
	fprintf(f, "%8s %5s  %s\n", "COUNT", "HOSTS", "HOST-NAMES");
	for (size_t i = 0; i < t->n; i++) {
		for (int j = 0; j < ncols; j++) {
			col(f, t->v[i].s[cols[j]], widths[j]);
			fputc(' ', f);
		}
		fprintf(f, "%8llu %5zu  ", t->v[i].count, t->v[i].nhosts);
		print_hosts(f, m, &t->v[i], SA_ESC_TEXT);
		fputc('\n', f);
	}
}

static void text_boot(FILE *f, const struct sa_merged *m)
{
	static const char *const bh[] = { "PHASE", "EXECUTABLE", "KIND", "PATH" };
	static const int b4[] = { 0, 1, 2, 3 }, wb[] = { 9, 28, 17, 40 };
	bool any = false;

	for (size_t i = 0; i < m->nhosts; i++)
		any |= m->hosts[i].nboot > 0;
	if (!any)
		return;	/* no boot audit among the reports */
	fprintf(f, "\nBOOT PATH: %zu host(s) would not boot (a dependent in the initramfs or "
		"coldplug), %zu with dependents only later\n", m->nboot_path, m->nlater_only);
	fprintf(f, "%-20s %-36s %9s %9s %9s\n", "HOST", "VERDICT", "INITRAMFS", "COLDPLUG",
		"RUNTIME");
	for (size_t i = 0; i < m->nhosts; i++) {
		const struct sa_mhost *h = &m->hosts[i];

		col(f, h->hostname, 20);
		fputc(' ', f);
		col(f, sa_boot_verdict_names[sa_mhost_boot(h)], 36);
		if (h->nboot)
			fprintf(f, " %9llu %9llu %9llu", h->phase_deps[SA_PHASE_INITRAMFS],
				h->phase_deps[SA_PHASE_COLDPLUG], h->phase_deps[SA_PHASE_RUNTIME]);
		fputc('\n', f);
	}
	if (m->boot_deps.n)
		text_rows(f, m, "DEPENDENTS BY BOOT PHASE", &m->boot_deps, bh, b4, 4, wb);
}

static void print_text(FILE *f, const struct sa_merged *m)
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
	fputc('\n', f);
	for (size_t i = 0; i < m->nskipped; i++) {
		fputs("skipped ", f);
		sa_esc_fputs(f, m->skipped[i].file, SA_ESC_TEXT);
		fprintf(f, " (exit %d): ", m->skipped[i].status);
		sa_esc_fputs(f, m->skipped[i].reason, SA_ESC_TEXT);
		fputc('\n', f);
	}
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
	fprintf(f, "would have carried: PHYSDEVPATH %llu, PHYSDEVBUS %llu, PHYSDEVDRIVER %llu\n",
		m->keys[0], m->keys[1], m->keys[2]);
	fprintf(f, "legacy links needed: device %llu, <class>:<name> %llu, class directory %llu, "
		"bus %llu\n", m->links[SA_LK_DEVICE], m->links[SA_LK_CLASSNAME],
		m->links[SA_LK_CLASSDIR], m->links[SA_LK_BUS]);
	fprintf(f, "dependents: %llu (%llu confirmed, %llu suspect), static findings: %llu\n",
		m->ndependents, m->nconfirmed, m->nsuspects, m->nfindings);
	text_rows(f, m, "PHYSDEV KEYS THE EVENTS WOULD HAVE CARRIED", &m->keyrows, kh, k2, 2,
		  wk);
	text_rows(f, m, "LEGACY PATHS THE EVENTS NEEDED", &m->paths, ph, p2, 2, wp);
	text_rows(f, m, "DEPENDENTS BY EXECUTABLE", &m->dep_exec, dh, d4, 4, wd);
	text_rows(f, m, "PACKAGES THAT STILL NEED THE OLD LAYOUT (CONFIRMED)", &m->dep_pkg, gh, k2, 2, wg);
	text_rows(f, m, "STATIC FINDINGS", &m->findings, fh, f5, 5, wf);
	text_boot(f, m);
}

int sa_merged_print(FILE *f, const struct sa_merged *m, enum sa_format fmt)
{
	json_object *o;

	switch (fmt) {
	case SA_FMT_JSON:
		o = sa_merged_json(m);
		sa_json_write_pretty(f, o);
		json_object_put(o);
		break;
	case SA_FMT_MARKDOWN:
		print_markdown(f, m);
		break;
	default:
		print_text(f, m);
	}
	return fflush(f) || ferror(f) ? -EIO : 0;
}
