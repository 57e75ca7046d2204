/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is the boot audit armed for the next boot (`boot --status`)? One check
 * per condition, each ok, NO (not armed), warn (armed, but look) or skip
 * (not checked here), with the command that fixes a NO; and the last
 * boot audit's result. reports/boot_armed.c fills it and decides,
 * output/boot_status_out.c prints it.
 */
#ifndef SYSFS_AUDIT_MODEL_BOOT_STATUS_H
#define SYSFS_AUDIT_MODEL_BOOT_STATUS_H

#include <stdbool.h>
#include <time.h>

enum sa_check_state { SA_CHECK_OK, SA_CHECK_NO, SA_CHECK_WARN, SA_CHECK_SKIP, SA_CHECK_N };
extern const char *const sa_check_state_names[SA_CHECK_N];	/* "ok", "NO", "warn", "skip" */

struct sa_check {
	enum sa_check_state state;
	char subject[160];	/* "/etc/default/sysfs-audit", "sysfs-audit-boot.service" */
	char text[320];		/* what was found: "BOOT_AUDIT=no" */
	char fix[200];		/* NO, warn: the command that fixes it ("": none) */
};

#define SA_CHECKS_MAX 24

struct sa_boot_status {
	struct sa_check checks[SA_CHECKS_MAX];
	int n;
	/* The last boot audit kept (reports/report_keep.h). */
	char report[200];	/* its path in the checked tree */
	bool have_report;
	char report_err[200];	/* it exists, but cannot be read: why */
	const char *verdict;	/* sa_boot_verdict_names[], when read */
	time_t when;		/* the report's end (0: unknown) */
};

/*
 * Add a check (printf-style @fmt for its text); a check beyond
 * SA_CHECKS_MAX replaces the last one. Returns it, for a fix.
 */
struct sa_check *sa_check_add(struct sa_boot_status *s, enum sa_check_state state,
			      const char *subject, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The fix of @c, printf-style. */
void sa_check_fix(struct sa_check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The first check in state @state, or NULL. */
const struct sa_check *sa_boot_status_first(const struct sa_boot_status *s,
					    enum sa_check_state state);
/* Armed: no check says NO. */
bool sa_boot_status_armed(const struct sa_boot_status *s);
int sa_boot_status_count(const struct sa_boot_status *s, enum sa_check_state state);

#endif
