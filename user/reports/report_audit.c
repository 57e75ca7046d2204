// SPDX-License-Identifier: GPL-2.0
/*
 * record --rules/--scan: the same audits as the rules and scan commands,
 * with their findings collected into the report instead of printed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/audit.h"
#include "reports/report_audit.h"
#include "audit/scan_file.h"
#include "audit/scan_places.h"

static char *dup_or_null(const char *s, bool *oom)
{
	char *d;

	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		*oom = true;
	return d;
}

int sa_report_add_finding(void *ctx, const struct sa_finding *f)
{
	struct sa_report *r = ctx;
	struct sa_report_finding *n, *arr;
	bool oom = false;
	char *file = NULL;

	if (r->nfindings >= SA_REPORT_MAX_LIST)
		return 0;	/* the report's bound; the totals still count it */
	arr = realloc(r->findings, (r->nfindings + 1) * sizeof(*arr));
	if (!arr)
		return -ENOMEM;
	r->findings = arr;
	n = &arr[r->nfindings];
	memset(n, 0, sizeof(*n));
	/* An initramfs member is named IMAGE(MEMBER), as in the scan's output. */
	if (f->member && asprintf(&file, "%s(%s)", f->file, f->member) < 0)
		return -ENOMEM;
	n->file = file ? file : dup_or_null(f->file, &oom);
	n->kind = dup_or_null(f->kind, &oom);
	n->key = dup_or_null(f->key, &oom);
	n->severity = dup_or_null(sa_sev_name(f->severity), &oom);
	n->message = dup_or_null(f->message, &oom);
	n->package = dup_or_null(f->package, &oom);
	n->line = f->line;
	r->nfindings++;
	return oom ? -ENOMEM : 0;
}

int sa_report_static_audit(struct sa_report *r, bool rules, bool scan)
{
	struct sa_audit a = { .sink = sa_report_add_finding, .sink_ctx = r };

	a.dpkg = sa_dpkg_load("/");
	if (rules) {
		a.command = "rules";
		sa_audit_rules_defaults(&a, "/");
	}
	if (scan) {
		a.command = "scan";
		a.root = "/";
		sa_scan_places(&a, "/");
		sa_scan_forget(&a);
	}
	sa_dpkg_free(a.dpkg);
	return a.write_failed ? -ENOMEM : 0;
}
