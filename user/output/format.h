/* SPDX-License-Identifier: GPL-2.0 */
/* The forms every command writes in: -f/--json choose one. */
#ifndef SYSFS_AUDIT_OUTPUT_FORMAT_H
#define SYSFS_AUDIT_OUTPUT_FORMAT_H

enum sa_format {
	SA_FMT_TEXT,		/* fixed-width tables and lines for people */
	SA_FMT_JSON,		/* one JSON object per line, or one document */
	SA_FMT_MARKDOWN,	/* tables for CI pages (report) */
};

#endif
