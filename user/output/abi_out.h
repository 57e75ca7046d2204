/* SPDX-License-Identifier: GPL-2.0 */
/* The obsolete ABI's verdicts (model/abi_use.h) as text or one JSON document. */
#ifndef SYSFS_AUDIT_OUTPUT_ABI_OUT_H
#define SYSFS_AUDIT_OUTPUT_ABI_OUT_H

#include <stdio.h>

#include "model/abi_use.h"
#include "output/format.h"
#include "output/json_out.h"

/* The words of a verdict for people: "in use", "present, unused while watched", ... */
const char *sa_abi_state_name(const struct sa_abi_use *u, enum sa_abi_state s);

/*
 * The members of one verdict set (watched_ms, entries, stats) into the
 * object @w is in: `abi watch --json` and a report's "obsolete_abi" are
 * this one writer (docs/report-format.md).
 */
void sa_abi_use_members(struct sa_jw *w, const struct sa_abi_use *u);

/* Every entry, in use first; the counters last. 0, or -EIO. */
int sa_abi_print(FILE *f, enum sa_format fmt, const struct sa_abi_use *u);

#endif
