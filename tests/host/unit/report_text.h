/* SPDX-License-Identifier: GPL-2.0 */
/* A report as the line record writes, for the unit tests to read or match. */
#ifndef SYSFS_AUDIT_TEST_REPORT_TEXT_H
#define SYSFS_AUDIT_TEST_REPORT_TEXT_H

#include <stdio.h>
#include <stdlib.h>

#include "reports/report_model.h"

/* The report's JSON without the final newline (free() it); NULL on no memory. */
static inline char *report_text(const struct sa_report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	sa_report_write(f, r);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	if (len && buf[len - 1] == '\n')
		buf[len - 1] = '\0';
	return buf;
}

#endif
