/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a boot audit is incomplete, as the boot's own steps said it: the
 * initramfs scripts and units append a reason per line (`start-timeout`,
 * `mark-timeout`) to SA_MARK_DIR/SA_BOOT_WHY when they had to stop our
 * binary, and create it empty when they configure a boot audit. The
 * recorder (and `boot --save`) read it into the report's boot.incomplete.
 * Written by scripts of an initramfs: read as hostile.
 */
#ifndef SYSFS_AUDIT_REPORTS_BOOT_WHY_H
#define SYSFS_AUDIT_REPORTS_BOOT_WHY_H

#include "model/merged.h"

#define SA_BOOT_WHY		"boot-incomplete"	/* under SA_MARK_DIR */
#define SA_BOOT_WHY_MAX		4096	/* bytes read; a longer file adds SA_GAP_OTHER */
#define SA_BOOT_WHY_LINE	64	/* a longer line is not a reason: SA_GAP_OTHER */

/*
 * The reasons in @path, OR-ed into *@mask (1 << enum sa_gap_reason): a
 * known one by name, anything else (junk, a NUL, an overlong line or file)
 * as SA_GAP_OTHER; blank lines are nothing. 0; -ENOENT: no such file (no
 * boot audit was configured); another -errno (not a regular file, ...).
 */
int sa_boot_why_read(const char *path, unsigned int *mask);

/*
 * Add the reasons of @mask that the boot report @report lacks to its
 * boot.incomplete, rewriting it atomically; a report that is no boot
 * audit is left alone. 0 (nothing to add included), or -errno (-EINVAL:
 * not a report this build can read).
 */
int sa_boot_why_add(const char *report, unsigned int mask);

/* Append reason @r as a line to @path (created). 0 or -errno. */
int sa_boot_why_append(const char *path, enum sa_gap_reason r);

#endif
