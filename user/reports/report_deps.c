// SPDX-License-Identifier: GPL-2.0
/*
 * The running dependents into a report (report_deps.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/phase.h"
#include "reports/report_deps.h"
#include "reports/report_model.h"

static int dup_str(char **dst, const char *src)
{
	*dst = NULL;
	if (!src || !*src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
}

/* Seconds since the trace's start (monotonic) as wall-clock time. */
static time_t wall(const struct sa_dep_totals *t, unsigned long long ns, time_t start)
{
	return start + (time_t)(ns > t->start_ns ? (ns - t->start_ns) / 1000000000ULL : 0);
}

int sa_report_add_live_deps(struct sa_report *r, const struct sa_dep_totals *t, size_t n,
			    sa_dep_next_fn next, void *ctx)
{
	const struct sa_dependent *e;
	struct sa_report_dependent *v;
	size_t it = 0;
	int err = 0;

	if (n > SA_REPORT_MAX_LIST)
		n = SA_REPORT_MAX_LIST;
	v = realloc(r->deps, (r->ndeps + n + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	r->deps = v;
	memset(v + r->ndeps, 0, (n + 1) * sizeof(*v));
	while (!err && r->ndeps < SA_REPORT_MAX_LIST && (e = next(ctx, &it))) {
		struct sa_report_dependent *x = &r->deps[r->ndeps++];

		err = dup_str(&x->executable, e->id.exe) ?: dup_str(&x->comm, e->id.comm) ?:
		      dup_str(&x->package, e->id.exe_pkg) ?:
		      dup_str(&x->package_via, e->id.exe_pkg_via > SA_PV_PATH &&
					      e->id.exe_pkg_via < SA_PV_N ?
					      sa_pkg_vias[e->id.exe_pkg_via].name : NULL) ?:
		      dup_str(&x->kind, sa_dep_kind_name(e->kind)) ?:
		      dup_str(&x->confidence, sa_dep_conf_name(e->conf)) ?:
		      dup_str(&x->path, e->path) ?: dup_str(&x->legacy, e->artifact) ?:
		      dup_str(&x->replacement, e->replacement) ?:
		      dup_str(&x->script, e->id.script) ?:
		      dup_str(&x->script_package, e->id.script_pkg) ?:
		      dup_str(&x->rule, sa_dep_rule_name(e->rule)) ?: dup_str(&x->why, e->why) ?:
		      dup_str(&x->unit, e->id.unit) ?: dup_str(&x->cgroup, e->id.cgroup) ?:
		      dup_str(&x->namespaces, e->id.ns) ?: dup_str(&x->argv, e->id.args);
		for (int k = 0; !err && k < e->nexamples && k < SA_REPORT_DEP_EXAMPLES; k++)
			err = dup_str(&x->examples[k], e->examples[k]);
		if (!x->executable && !err)
			err = dup_str(&x->executable, "?");
		if (!err && e->phase)
			err = dup_str(&x->phase, sa_phases[e->phase - 1].name);
		x->count = e->count;
		x->processes = e->nprocs;
		x->first = wall(t, e->first_ns, r->start);
		x->last = wall(t, e->last_ns, r->start);
		if (!err && e->npids && !(x->pids = calloc(e->npids, sizeof(*x->pids))))
			err = -ENOMEM;
		for (int k = 0; !err && k < e->npids; k++)
			if (e->pids[k])
				x->pids[x->npids++] = e->pids[k];
	}
	return err;
}
