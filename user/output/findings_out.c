// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>

#include <json-c/json.h>

#include "output/escape.h"
#include "output/findings_out.h"
#include "output/json_out.h"

static int print_json(FILE *f, const struct sa_finding *x)
{
	json_object *o = json_object_new_object();
	int ret;

	if (!o)
		return -1;
	sa_json_add_str(o, "type", "finding");
	sa_json_add_str(o, "file", x->file);
	sa_json_add_str(o, "member", x->member);
	sa_json_add_opt_i64(o, "line", x->line, x->line);
	sa_json_add_opt_i64(o, "col", x->col, x->col);
	sa_json_add_opt_i64(o, "offset", x->offset, x->offset >= 0);
	sa_json_add_str(o, "kind", x->kind);
	sa_json_add_str(o, "key", x->key);
	sa_json_add_str(o, "severity", sa_sev_name(x->severity));
	sa_json_add_str(o, "message", x->message);
	sa_json_add_str(o, "replacement", x->replacement);
	sa_json_add_str(o, "package", x->package);
	ret = sa_json_print_line(f, o);
	json_object_put(o);
	return ret;
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
	json_object *o;
	int ret;

	if (fmt != SA_FMT_JSON) {
		fprintf(stderr, "sysfs-audit %s: %lu files, %lu findings (%lu errors, "
			"%lu warnings, %lu notes), %lu unreadable, %lu special files skipped, "
			"%lu skipped as sysfs-audit itself, %lu cut at a limit\n", command,
			t->files, t->findings, t->by_sev[SA_SEV_ERROR], t->by_sev[SA_SEV_WARNING],
			t->by_sev[SA_SEV_NOTE], t->unreadable, t->special, t->self, t->limited);
		return 0;
	}
	o = json_object_new_object();
	if (!o)
		return -1;
	sa_json_add_str(o, "type", "summary");
	sa_json_add_str(o, "command", command);
	json_object_object_add(o, "files", json_object_new_int64(t->files));
	json_object_object_add(o, "findings", json_object_new_int64(t->findings));
	json_object_object_add(o, "errors", json_object_new_int64(t->by_sev[SA_SEV_ERROR]));
	json_object_object_add(o, "warnings", json_object_new_int64(t->by_sev[SA_SEV_WARNING]));
	json_object_object_add(o, "notes", json_object_new_int64(t->by_sev[SA_SEV_NOTE]));
	json_object_object_add(o, "unreadable", json_object_new_int64(t->unreadable));
	json_object_object_add(o, "special", json_object_new_int64(t->special));
	json_object_object_add(o, "self", json_object_new_int64(t->self));
	json_object_object_add(o, "limited", json_object_new_int64(t->limited));
	ret = sa_json_print_line(f, o);
	json_object_put(o);
	return ret;
}
