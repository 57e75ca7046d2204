/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The obsolete ABI over the merged reports (model/abi_merged.h) in each
 * format of `report`: the maintainer's table. Each writes nothing when no
 * report had a watch (m->abi NULL): reports without the section render
 * byte for byte as before.
 */
#ifndef SYSFS_AUDIT_OUTPUT_ABI_REPORT_OUT_H
#define SYSFS_AUDIT_OUTPUT_ABI_REPORT_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "model/abi_merged.h"
#include "output/json_out.h"

/* Entries absent on every host are counted, listed only with @details. */
void sa_abi_merged_text(FILE *f, const struct sa_merged *m, bool details);
void sa_abi_merged_markdown(FILE *f, const struct sa_merged *m, bool details);
/* The member "obsolete_abi" of the merged document (always whole). */
void sa_abi_merged_json(struct sa_jw *w, const struct sa_merged *m);
/* A <section> of the fleet page, its strings escaped for HTML. */
void sa_abi_merged_html(FILE *f, const struct sa_merged *m, bool details);

#endif
