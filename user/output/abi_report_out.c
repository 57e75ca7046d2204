// SPDX-License-Identifier: GPL-2.0
/*
 * The maintainer's table of the obsolete ABI (output/abi_report_out.h):
 * one line per entry, hosts by verdict, the programs with their packages,
 * the kernels where it is in use. The cells are written once, here, with
 * each format's escaper; the formats differ only in their frame.
 */
#include <stdio.h>

#include "output/abi_report_out.h"
#include "output/escape.h"
#include "output/markup_esc.h"

typedef void put_fn(FILE *f, const char *s);

static void put_text(FILE *f, const char *s)
{
	sa_esc_fputs(f, s, SA_ESC_TEXT);
}

static void put_md(FILE *f, const char *s)
{
	sa_esc_fputs(f, s, SA_ESC_MARKDOWN);
}

/* Shown without --details: in use or present on some host. */
static bool shown(const struct sa_abi_mentry *e, bool details)
{
	return details || e->hosts[SA_ABI_IN_USE] || e->hosts[SA_ABI_UNUSED] ||
	       e->hosts[SA_ABI_PRESENT];
}

static size_t hidden(const struct sa_abi_merged *a, bool details)
{
	size_t n = 0;

	for (size_t i = 0; i < a->n; i++)
		n += !shown(&a->e[i], details);
	return n;
}

/* "/usr/sbin/x (pkg), 12 opens on 2 hosts; /usr/lib/y.sh (pkg2) via /bin/dash (dash), ..." */
static void programs(FILE *f, const struct sa_abi_merged *a, const struct sa_abi_mentry *e,
		     put_fn *put, const char *sep)
{
	for (size_t i = 0; i < e->nusers; i++) {
		const struct sa_mrow *u = &a->users.v[e->user0 + i];
		const char *exe = u->s[2], *script = u->s[3];
		bool has_script = script && *script;

		fputs(i ? sep : "", f);
		put(f, has_script ? script : exe);
		if ((has_script ? u->s[5] : u->s[4]) && *(has_script ? u->s[5] : u->s[4])) {
			fputs(" (", f);
			put(f, has_script ? u->s[5] : u->s[4]);
			fputc(')', f);
		}
		if (has_script && exe && *exe) {
			fputs(" via ", f);
			put(f, exe);
			if (u->s[4] && *u->s[4]) {
				fputs(" (", f);
				put(f, u->s[4]);
				fputc(')', f);
			}
		}
		fprintf(f, ", %llu open%s on %zu host%s", u->count, u->count == 1 ? "" : "s",
			u->nhosts, u->nhosts == 1 ? "" : "s");
	}
	if (!e->nusers)
		fputs("-", f);
}

/* "6.1.0-31-amd64 (2 hosts), 6.12.57+deb13-amd64 (1 host)" */
static void kernels(FILE *f, const struct sa_abi_merged *a, const struct sa_abi_mentry *e,
		    put_fn *put)
{
	for (size_t i = 0; i < e->nkernels; i++) {
		const struct sa_mrow *k = &a->kernels.v[e->kernel0 + i];

		fputs(i ? ", " : "", f);
		put(f, k->s[2] && *k->s[2] ? k->s[2] : "(unknown)");
		fprintf(f, " (%zu host%s)", k->nhosts, k->nhosts == 1 ? "" : "s");
	}
	if (!e->nkernels)
		fputs("-", f);
}

/* "watched on 3 hosts (4 reports), 7200 s in all; 0 records lost, ..." */
static void summary(FILE *f, const struct sa_abi_merged *a)
{
	fprintf(f, "%zu entr%s in use on some host, of %zu; watched on %zu host%s (%zu report%s), "
		"%llu s in all; %llu records lost, %llu uncounted (map full), %llu opens of a "
		"watched name not confirmed, %llu malformed", a->nin_use,
		a->nin_use == 1 ? "y" : "ies", a->n, a->nhosts, a->nhosts == 1 ? "" : "s",
		a->nreports, a->nreports == 1 ? "" : "s", a->watched_ms / 1000, a->lost,
		a->map_full, a->unconfirmed, a->malformed);
}

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

/* "1 more entry absent on every host watched", between @pre and @post, if any */
static void more(FILE *f, const struct sa_abi_merged *a, bool details, const char *pre,
		 const char *post)
{
	size_t n = hidden(a, details);

	if (n)
		fprintf(f, "%s%zu more entr%s absent on every host watched%s", pre, n,
			n == 1 ? "y" : "ies", post);
}

void sa_abi_merged_text(FILE *f, const struct sa_merged *m, bool details)
{
	const struct sa_abi_merged *a = m->abi;

	if (!a)
		return;
	fputs("\nOBSOLETE ABI (Documentation/ABI obsolete/ and removed/): ", f);
	summary(f, a);
	fprintf(f, "\n%6s %6s %6s  %-11s %-8s %s\n", "IN-USE", "UNUSED", "ABSENT", "DATE",
		"KERNEL", "ENTRY (FILE)");
	for (size_t i = 0; i < a->n; i++) {
		const struct sa_abi_mentry *e = &a->e[i];

		if (!shown(e, details))
			continue;
		fprintf(f, "%6zu %6zu %6zu  ", e->hosts[SA_ABI_IN_USE], e->hosts[SA_ABI_UNUSED],
			e->hosts[SA_ABI_ABSENT]);
		sa_esc_line(f, "%-11s %-8s %s (%s)\n", dash(e->date), dash(e->kernel_version),
			    e->what, e->file);
		if (e->nusers) {
			fputs("    by ", f);
			programs(f, a, e, put_text, "\n    by ");
			fputs("\n    on ", f);
			kernels(f, a, e, put_text);
			fputc('\n', f);
		}
	}
	more(f, a, details, "", ": --details\n");
}

/*
 * The markup of a table format: around the summary, each row, each cell
 * and the "more entries" line. The rows are written once, by table().
 */
struct frame {
	const char *head;		/* before the summary */
	const char *thead;		/* after it: its end and the table's head */
	const char *tr, *td, *td_end, *tr_end;
	const char *foot;		/* after the last row */
	const char *more, *more_end;	/* around "N more entries absent" */
	const char *sep;		/* between two programs in their cell */
	put_fn *put;			/* the escaper of the cells' text */
};

static const struct frame markdown = {
	.head = "\n## Obsolete ABI\n\n",
	.thead = ".\n\n| Entry | ABI file | Date | Kernel version | In use (hosts) "
		 "| Present, unused (hosts) | Absent (hosts) | Programs (packages) "
		 "| Kernels where in use |\n|---|---|---|---|---|---|---|---|---|\n",
	.tr = "", .td = "| ", .td_end = " ", .tr_end = "|\n",
	.foot = "",
	.more = "\n", .more_end = ": --details\n",
	.sep = "; ",
	.put = put_md,
};

static const struct frame html = {
	.head = "<h2 id=\"obsolete-abi\">Obsolete ABI</h2>\n<p>",
	.thead = ".</p>\n<table><tr><th>Entry</th><th>ABI file</th><th>Date</th><th>Kernel "
		 "version</th><th>In use</th><th>Present, unused</th><th>Absent</th><th>Programs "
		 "(packages)</th><th>Kernels where in use</th></tr>\n",
	.tr = "<tr>", .td = "<td>", .td_end = "</td>", .tr_end = "</tr>\n",
	.foot = "</table>\n",
	.more = "<p>", .more_end = " (--details).</p>\n",
	.sep = "<br>",
	.put = sa_markup_fputs,
};

static void cell(FILE *f, const struct frame *fr, const char *s)
{
	fputs(fr->td, f);
	fr->put(f, dash(s));
	fputs(fr->td_end, f);
}

static void count_cell(FILE *f, const struct frame *fr, size_t n)
{
	fprintf(f, "%s%zu%s", fr->td, n, fr->td_end);
}

static void table(FILE *f, const struct sa_merged *m, bool details, const struct frame *fr)
{
	const struct sa_abi_merged *a = m->abi;

	if (!a)
		return;
	fputs(fr->head, f);
	summary(f, a);
	fputs(fr->thead, f);
	for (size_t i = 0; i < a->n; i++) {
		const struct sa_abi_mentry *e = &a->e[i];

		if (!shown(e, details))
			continue;
		fputs(fr->tr, f);
		cell(f, fr, e->what);
		cell(f, fr, e->file);
		cell(f, fr, e->date);
		cell(f, fr, e->kernel_version);
		count_cell(f, fr, e->hosts[SA_ABI_IN_USE]);
		count_cell(f, fr, e->hosts[SA_ABI_UNUSED]);
		count_cell(f, fr, e->hosts[SA_ABI_ABSENT]);
		fputs(fr->td, f);
		programs(f, a, e, fr->put, fr->sep);
		fputs(fr->td_end, f);
		fputs(fr->td, f);
		kernels(f, a, e, fr->put);
		fputs(fr->td_end, f);
		fputs(fr->tr_end, f);
	}
	fputs(fr->foot, f);
	more(f, a, details, fr->more, fr->more_end);
}

void sa_abi_merged_markdown(FILE *f, const struct sa_merged *m, bool details)
{
	table(f, m, details, &markdown);
}

void sa_abi_merged_html(FILE *f, const struct sa_merged *m, bool details)
{
	table(f, m, details, &html);
}

void sa_abi_merged_json(struct sa_jw *w, const struct sa_merged *m)
{
	const struct sa_abi_merged *a = m->abi;

	if (!a)
		return;
	sa_jw_object(w, "obsolete_abi");
	sa_jw_u64(w, "hosts", a->nhosts);
	sa_jw_u64(w, "reports", a->nreports);
	sa_jw_u64(w, "watched_ms", a->watched_ms);
	sa_jw_u64(w, "entries_in_use", a->nin_use);
	sa_jw_object(w, "lost");
	sa_jw_u64(w, "records", a->lost);
	sa_jw_u64(w, "map_full", a->map_full);
	sa_jw_u64(w, "unconfirmed", a->unconfirmed);
	sa_jw_u64(w, "malformed", a->malformed);
	sa_jw_end(w);
	sa_jw_array(w, "entries");
	for (size_t i = 0; i < a->n; i++) {
		const struct sa_abi_mentry *e = &a->e[i];

		sa_jw_object(w, NULL);
		sa_jw_str(w, "file", e->file);
		sa_jw_str(w, "what", e->what);
		sa_jw_str(w, "date", e->date && *e->date ? e->date : NULL);
		sa_jw_str(w, "kernel_version", e->kernel_version && *e->kernel_version ?
			  e->kernel_version : NULL);
		sa_jw_object(w, "hosts");
		for (int o = 0; o < SA_ABI_STATE_N; o++)
			if (sa_abi_states[sa_abi_state_order[o]].in_report)
				sa_jw_u64(w, sa_abi_states[sa_abi_state_order[o]].name,
					  e->hosts[sa_abi_state_order[o]]);
		sa_jw_end(w);
		sa_jw_u64(w, "opens", e->opens);
		sa_jw_array(w, "users");
		for (size_t k = 0; k < e->nusers; k++) {
			const struct sa_mrow *u = &a->users.v[e->user0 + k];

			sa_jw_object(w, NULL);
			sa_jw_str(w, "exe", u->s[2] && *u->s[2] ? u->s[2] : NULL);
			sa_jw_str(w, "exe_package", u->s[4] && *u->s[4] ? u->s[4] : NULL);
			sa_jw_str(w, "script", u->s[3] && *u->s[3] ? u->s[3] : NULL);
			sa_jw_str(w, "script_package", u->s[5] && *u->s[5] ? u->s[5] : NULL);
			sa_jw_u64(w, "opens", u->count);
			sa_jw_u64(w, "hosts", u->nhosts);
			sa_jw_end(w);
		}
		sa_jw_end(w);
		sa_jw_array(w, "kernels");
		for (size_t k = 0; k < e->nkernels; k++) {
			const struct sa_mrow *r = &a->kernels.v[e->kernel0 + k];

			sa_jw_object(w, NULL);
			sa_jw_str(w, "kernel", r->s[2]);
			sa_jw_u64(w, "hosts", r->nhosts);
			sa_jw_end(w);
		}
		sa_jw_end(w);
		sa_jw_end(w);
	}
	sa_jw_end(w);
	sa_jw_end(w);
}
