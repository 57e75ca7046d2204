/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot audits kept per boot. The boot unit records to /run (there from the
 * start, before any other filesystem is mounted) and, when it stops, keeps
 * the report in the state directory as boot-<boot_id>.json, the newest also
 * as boot-report.json; the oldest beyond the last @keep are removed, so one
 * boot never overwrites another's report and the directory does not grow.
 */
#ifndef SYSFS_AUDIT_REPORT_KEEP_H
#define SYSFS_AUDIT_REPORT_KEEP_H

#define SA_KEEP_DIR	"/var/lib/sysfs-audit"
#define SA_KEEP_LATEST	"boot-report.json"
#define SA_KEEP_BOOTS	8

/*
 * Keep @src in @dir (created 0755 if missing) for boot @boot_id (a UUID;
 * NULL: this boot's). Returns 0 or -errno (-ENOENT: no @src, nothing kept).
 */
int sa_report_keep(const char *src, const char *dir, const char *boot_id, int keep);

#endif
