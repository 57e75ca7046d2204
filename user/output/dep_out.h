/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dependents, rendered: a live line per program when it is found (and
 * when its verdict changes), and the summary (table or JSON). Renders
 * struct sa_dependent only; the store and the loader live elsewhere.
 */
#ifndef SYSFS_AUDIT_DEP_OUT_H
#define SYSFS_AUDIT_DEP_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "model/dependent.h"
#include "output/format.h"
#include "output/json_out.h"

/* Seconds since the trace's start. */
double sa_dep_rel_s(const struct sa_dep_totals *t, unsigned long long ns);

/* One live line ("type": "dependent" in JSON). @again: its verdict changed. */
int sa_dep_print_live(FILE *f, enum sa_format fmt, const struct sa_dependent *d,
		      const struct sa_dep_totals *t, bool again);

/* A dependent as a JSON object (the summary's entries; the live line's with @final false). */
void sa_dep_write(struct sa_jw *w, const struct sa_dependent *d, const struct sa_dep_totals *t,
		  bool final);

/*
 * The summary: "DEPENDENTS" table, or one "type": "dependents" JSON line.
 * @next iterates the dependents (sa_deps_next()/sa_dep_store_next()).
 */
int sa_dep_print_summary(FILE *f, enum sa_format fmt, const struct sa_dep_totals *t,
			 const struct sa_dependent *(*next)(void *ctx, size_t *it), void *ctx);

#endif
