// SPDX-License-Identifier: GPL-2.0
/*
 * boot --status: the last boot audit's result, the report the boot unit
 * kept (reports/report_keep.h), with the verdict `report` would give it:
 * the report is merged as a fleet of one, so the verdict is decided in
 * one place (model/merged.c), never again here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/slurp.h"
#include "reports/boot_last.h"
#include "reports/report_keep.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"

void sa_boot_last(const struct sa_root *r, const char *pfx, struct sa_boot_status *s)
{
	struct sa_report rep;
	struct sa_merged m;
	char *buf = NULL, why[200];
	size_t len;
	int err;

	snprintf(s->report, sizeof(s->report), SA_KEEP_DIR "/" SA_KEEP_LATEST);
	err = sa_armed_slurp(r, pfx, s->report, SA_REPORT_MAX_BYTES, &buf, &len);
	if (err == -ENOENT)
		return;		/* no boot audit kept yet */
	s->have_report = true;
	if (err) {
		snprintf(s->report_err, sizeof(s->report_err), "%s", sa_slurp_strerror(err));
		return;
	}
	err = sa_report_parse(buf, len, &rep, why, sizeof(why));
	free(buf);
	if (err) {
		/* the parser freed what it had read */
		snprintf(s->report_err, sizeof(s->report_err), "%s", why);
		return;
	}
	sa_merged_init(&m);
	if (sa_merged_add(&m, s->report, &rep) || m.nhosts != 1) {
		snprintf(s->report_err, sizeof(s->report_err), "cannot be merged (out of memory)");
	} else {
		s->verdict = sa_boot_verdict_names[sa_mhost_boot(&m.hosts[0])];
		s->when = rep.end ? rep.end : rep.start;
	}
	sa_merged_free(&m);
	sa_report_free(&rep);
}
