/* SPDX-License-Identifier: GPL-2.0 */
/* The merged picture as JSON: the "sysfs-audit-merged" object (docs/report-format.md). */
#ifndef SYSFS_AUDIT_OUTPUT_MERGED_JSON_H
#define SYSFS_AUDIT_OUTPUT_MERGED_JSON_H

#include <stdio.h>

#include "model/merged.h"

/*
 * Write it to @f as it is walked, never as a tree: a fleet's rows name
 * every host behind them, and a json-c tree of 100 000 hosts' rows took
 * more time to build and free than the merge itself. Returns 0 or -1.
 */
int sa_merged_write_json(FILE *f, const struct sa_merged *m);

#endif
