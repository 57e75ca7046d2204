/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running dependents, as the live store holds them, into a report:
 * structs to structs, no text round trip.
 */
#ifndef SYSFS_AUDIT_REPORTS_REPORT_DEPS_H
#define SYSFS_AUDIT_REPORTS_REPORT_DEPS_H

#include <stddef.h>

#include "model/dependent.h"
#include "model/report.h"

/* The next dependent of the store @ctx at iterator @it (0 first); NULL at the end. */
typedef const struct sa_dependent *(*sa_dep_next_fn)(void *ctx, size_t *it);

/*
 * Append the @n dependents that @next yields to @r (at most
 * SA_REPORT_MAX_LIST), each with its phase and wall-clock first and last
 * times (@t: the store's start). 0 or -ENOMEM.
 */
int sa_report_add_live_deps(struct sa_report *r, const struct sa_dep_totals *t, size_t n,
			    sa_dep_next_fn next, void *ctx);

#endif
