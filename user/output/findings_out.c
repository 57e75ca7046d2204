// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>

#include "output/escape.h"
#include "output/findings_out.h"
#include "output/json_out.h"

/* @v, or null when @present is false (an unknown number). */
static void opt_i64(struct sa_jw *w, const char *k, long long v, bool present)
{
	if (present)
		sa_jw_i64(w, k, v);
	else
		sa_jw_null(w, k);
}

static int print_json(FILE *f, const struct sa_finding *x)
{
	struct sa_jw w;

	sa_jw_init(&w, f, SA_JW_LINE);
	sa_jw_object(&w, NULL);
	sa_jw_str(&w, "type", "finding");
	sa_jw_str(&w, "file", x->file);
	sa_jw_str(&w, "member", x->member);
	opt_i64(&w, "line", x->line, x->line);
	opt_i64(&w, "col", x->col, x->col);
	opt_i64(&w, "offset", x->offset, x->offset >= 0);
	sa_jw_str(&w, "kind", x->kind);
	sa_jw_str(&w, "key", x->key);
	sa_jw_str(&w, "severity", sa_sev_name(x->severity));
	sa_jw_str(&w, "message", x->message);
	sa_jw_str(&w, "replacement", x->replacement);
	sa_jw_str(&w, "package", x->package);
	/* only on names of obsolete ABI: every other finding's line is as it was */
	if (x->confidence) {
		sa_jw_str(&w, "confidence", x->confidence);
		if (x->abi_file) {
			sa_jw_object(&w, "abi");
			sa_jw_str(&w, "what", x->abi_what);
			sa_jw_str(&w, "file", x->abi_file);
			sa_jw_str(&w, "date", x->abi_date);
			sa_jw_str(&w, "kernel_version", x->abi_kernel);
			sa_jw_end(&w);
		}
	}
	sa_jw_end(&w);
	return sa_jw_finish(&w);
}

int sa_finding_print(FILE *f, enum sa_format fmt, const struct sa_finding *x)
{
	if (fmt == SA_FMT_JSON)
		return print_json(f, x);
	/* every string may come from the input: escaped, so no line can be forged */
	sa_esc_fputs(f, x->file, SA_ESC_TEXT);
	if (x->member) {
		fputc('(', f);
		sa_esc_fputs(f, x->member, SA_ESC_TEXT);
		fputc(')', f);
	}
	if (x->line)
		fprintf(f, ":%lu:%lu", x->line, x->col);
	fprintf(f, ": %s: ", sa_sev_name(x->severity));
	sa_esc_fputs(f, x->message, SA_ESC_TEXT);
	fputs(" [", f);
	sa_esc_fputs(f, x->key, SA_ESC_TEXT);
	fputc(']', f);
	if (x->package) {
		fputs(" [package ", f);
		sa_esc_fputs(f, x->package, SA_ESC_TEXT);
		fputc(']', f);
	}
	return fputc('\n', f) == EOF ? -1 : 0;
}

int sa_totals_print(FILE *f, enum sa_format fmt, const char *command, const struct sa_totals *t)
{
	struct sa_jw w;

	if (fmt != SA_FMT_JSON) {
		fprintf(stderr, "sysfs-audit %s: %lu files, %lu findings (%lu errors, "
			"%lu warnings, %lu notes), %lu unreadable, %lu special files skipped, "
			"%lu skipped as sysfs-audit itself, %lu cut at a limit\n", command,
			t->files, t->findings, t->by_sev[SA_SEV_ERROR], t->by_sev[SA_SEV_WARNING],
			t->by_sev[SA_SEV_NOTE], t->unreadable, t->special, t->self, t->limited);
		if (t->obsolete)
			fprintf(stderr, "sysfs-audit %s: %lu paths of obsolete or removed ABI "
				"named (suspects, string evidence)\n", command, t->obsolete);
		return 0;
	}
	sa_jw_init(&w, f, SA_JW_LINE);
	sa_jw_object(&w, NULL);
	sa_jw_str(&w, "type", "summary");
	sa_jw_str(&w, "command", command);
	sa_jw_i64(&w, "files", t->files);
	sa_jw_i64(&w, "findings", t->findings);
	sa_jw_i64(&w, "errors", t->by_sev[SA_SEV_ERROR]);
	sa_jw_i64(&w, "warnings", t->by_sev[SA_SEV_WARNING]);
	sa_jw_i64(&w, "notes", t->by_sev[SA_SEV_NOTE]);
	sa_jw_i64(&w, "unreadable", t->unreadable);
	sa_jw_i64(&w, "special", t->special);
	sa_jw_i64(&w, "self", t->self);
	sa_jw_i64(&w, "limited", t->limited);
	if (t->obsolete)
		sa_jw_i64(&w, "obsolete", t->obsolete);
	sa_jw_end(&w);
	return sa_jw_finish(&w);
}
