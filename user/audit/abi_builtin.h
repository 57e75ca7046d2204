/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The obsolete and removed Documentation/ABI of Debian's linux-source-6.1
 * and -6.12, built into the tool (scripts/gen-abi-builtin.sh writes the
 * texts into build/ when the project builds; they are parsed at run time
 * by audit/abi_parse.c, as a tree given with --abi is).
 */
#ifndef SYSFS_AUDIT_AUDIT_ABI_BUILTIN_H
#define SYSFS_AUDIT_AUDIT_ABI_BUILTIN_H

#include "audit/abi_parse.h"

/*
 * The series of the table for kernel release @release ("6.12.57+deb13-amd64":
 * "6.12"), or the newest the table has; NULL when it has none.
 */
const char *sa_abi_builtin_series(const char *release);

/* The source package version of @series' table ("6.1.192-3"), or NULL. */
const char *sa_abi_builtin_version(const char *series);

/* Parse the table of @series (NULL: the newest) into @abi. -ENOENT: no such table. */
int sa_abi_builtin_load(struct sa_abi *abi, const char *series);

#endif
