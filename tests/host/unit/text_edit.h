/* SPDX-License-Identifier: GPL-2.0 */
/* Fixtures made from fixtures: one text with one change, for the report tests. */
#ifndef SYSFS_AUDIT_TEST_TEXT_EDIT_H
#define SYSFS_AUDIT_TEST_TEXT_EDIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* @t with its first @from replaced by @to (malloc'd); NULL: no @from, or no memory. */
static inline char *edit_first(const char *t, const char *from, const char *to)
{
	const char *at = strstr(t, from);
	char *v;

	if (!at || !(v = malloc(strlen(t) - strlen(from) + strlen(to) + 1)))
		return NULL;
	sprintf(v, "%.*s%s%s", (int)(at - t), t, to, at + strlen(from));
	return v;
}

#endif
