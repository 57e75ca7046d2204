/* SPDX-License-Identifier: GPL-2.0 */
/* What `boot --save` and `boot --cleanup` borrow from `record` (cmd_record.c). */
#ifndef SYSFS_AUDIT_CMD_RECORD_H
#define SYSFS_AUDIT_CMD_RECORD_H

#include "model/merged.h"

/*
 * The recorder that never wrote its report, done at the stop: adopt what
 * is pinned, drain it at once (bounded), write the report to @out with
 * boot.incomplete @why (and the boot's own reasons), then unpin. Exit
 * status as record's; nothing adoptable: EXIT_FAIL, no report.
 */
int sa_record_salvage(const char *out, enum sa_gap_reason why);

#endif
