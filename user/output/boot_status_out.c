// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "model/report.h"
#include "output/boot_status_out.h"
#include "output/escape.h"

static void subject_text(FILE *f, const struct sa_check *c)
{
	sa_esc_fputs(f, c->subject, SA_ESC_TEXT);
	fputs(": ", f);
	sa_esc_fputs(f, c->text, SA_ESC_TEXT);
}

void sa_boot_status_print_checks(FILE *f, const struct sa_boot_status *s)
{
	for (int i = 0; i < s->n; i++) {
		const struct sa_check *c = &s->checks[i];

		fprintf(f, "%-5s ", sa_check_state_names[c->state]);
		subject_text(f, c);
		fputc('\n', f);
		if (c->fix[0] && (c->state == SA_CHECK_NO || c->state == SA_CHECK_WARN)) {
			fputs("      fix: ", f);
			sa_esc_fputs(f, c->fix, SA_ESC_TEXT);
			fputc('\n', f);
		}
	}
}

static void last_result(FILE *f, const struct sa_boot_status *s)
{
	char when[32];

	fputs("last result: ", f);
	if (!s->have_report) {
		fputs("none kept yet (", f);
		sa_esc_fputs(f, s->report, SA_ESC_TEXT);
		fputs(")\n", f);
		return;
	}
	sa_esc_fputs(f, s->report, SA_ESC_TEXT);
	if (s->report_err[0]) {
		fputs(": cannot be read: ", f);
		sa_esc_fputs(f, s->report_err, SA_ESC_TEXT);
		fputc('\n', f);
		return;
	}
	if (s->when) {
		sa_time_format(s->when, when, sizeof(when));
		fprintf(f, " (%s)", when);
	}
	fprintf(f, ": %s\n", s->verdict);
	fputs("      details: sysfs-audit report ", f);
	sa_esc_fputs(f, s->report, SA_ESC_TEXT);
	fputc('\n', f);
}

void sa_boot_status_print_end(FILE *f, const struct sa_boot_status *s)
{
	const struct sa_check *no = sa_boot_status_first(s, SA_CHECK_NO);
	int warn = sa_boot_status_count(s, SA_CHECK_WARN);

	last_result(f, s);
	if (no) {
		fputs("NOT armed: ", f);
		subject_text(f, no);
		fputc('\n', f);
	} else if (warn) {
		fprintf(f, "armed for the next boot (%d warning%s)\n", warn, warn > 1 ? "s" : "");
	} else {
		fputs("armed for the next boot\n", f);
	}
}
