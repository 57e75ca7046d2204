/* SPDX-License-Identifier: GPL-2.0 */
/* The static audit (rules, scan) run for record, its findings into a report. */
#ifndef SYSFS_AUDIT_REPORT_AUDIT_H
#define SYSFS_AUDIT_REPORT_AUDIT_H

#include <stdbool.h>

#include "model/finding.h"
#include "reports/report_model.h"

/*
 * The audit's sink: append a copy of @f to the report @ctx (a struct
 * sa_report), an initramfs member named IMAGE(MEMBER). Past
 * SA_REPORT_MAX_LIST findings it keeps nothing more (the reader refuses a
 * longer list) and returns 0: the audit's totals still count them.
 * Returns 0 or -ENOMEM.
 */
int sa_report_add_finding(void *ctx, const struct sa_finding *f);

/*
 * Audit this machine's udev rules (@rules) and its default places (@scan,
 * as `sysfs-audit scan` with --root /) and append every finding to @r.
 * Unreadable inputs are reported on stderr and skipped. Returns 0 or
 * -ENOMEM.
 */
int sa_report_static_audit(struct sa_report *r, bool rules, bool scan);

#endif
