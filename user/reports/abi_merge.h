/* SPDX-License-Identifier: GPL-2.0 */
/* The obsolete ABI of many reports merged (model/abi_merged.h). */
#ifndef SYSFS_AUDIT_REPORTS_ABI_MERGE_H
#define SYSFS_AUDIT_REPORTS_ABI_MERGE_H

#include "model/abi_merged.h"
#include "model/report.h"

/* Add @r's obsolete_abi (if it has one) for @host. 0 or -ENOMEM. */
int sa_abi_merge_add(struct sa_merged *m, const struct sa_report *r, size_t host);
/* One line per entry (m->abi->e), from the tables; after the last add. */
void sa_abi_merged_finish(struct sa_merged *m);
void sa_abi_merged_free(struct sa_merged *m);

#endif
