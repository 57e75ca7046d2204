/* SPDX-License-Identifier: GPL-2.0 */
/* TAP for the host unit tests: one line per check, the plan at the end. */
#ifndef SYSFS_AUDIT_TEST_TAP_H
#define SYSFS_AUDIT_TEST_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int ntests, nfailed;

static inline __attribute__((format(printf, 2, 3))) void ok(int cond, const char *fmt, ...)
{
	va_list ap;

	ntests++;
	nfailed += !cond;
	printf("%sok %d - ", cond ? "" : "not ", ntests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* Two strings (NULL: none) are the same, or both are printed. */
static inline void is(const char *got, const char *want, const char *what)
{
	int same = (!got && !want) || (got && want && !strcmp(got, want));

	ok(same, "%s", what);
	if (!same)
		printf("#   got:  %s\n#   want: %s\n", got ? got : "(none)", want ? want : "(none)");
}

/* The plan; the exit status. */
static inline int tap_done(void)
{
	printf("1..%d\n", ntests);
	return nfailed ? 1 : 0;
}

#endif
