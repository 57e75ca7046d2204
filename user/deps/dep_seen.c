// SPDX-License-Identifier: GPL-2.0
/*
 * One sighting of a dependent, from whichever source saw it (the ring's
 * records in dependents.c, the /proc and configuration scans in
 * dep_scan.c): into the store, and onto the live output when it is new or
 * changed. Its own file so that both sources call down to it and neither
 * calls back into the other.
 */
#include <stdio.h>

#include "deps/dep_store.h"
#include "deps/deps_impl.h"
#include "model/phase.h"
#include "output/dep_out.h"

int sa_deps_add_seen(struct sa_deps *d, const struct sa_dep_seen *o)
{
	struct sa_dep_seen x = *o;
	const struct sa_dependent *e;
	int err;

	/* A boot audit: one line per program, kind and the phase it was seen in. */
	if (d->o.phases)
		x.phase = (int)sa_phase_of(d->o.phases, x.ts_ns) + 1;
	e = sa_dep_store_add(d->store, &x, &err);
	if (err)
		return err;
	if (e && d->o.out && !d->write_err) {
		err = sa_dep_print_live(d->o.out, d->o.fmt, e, &d->t, e->objects > 1);
		if (err)
			d->write_err = err;
	}
	return d->write_err;
}
