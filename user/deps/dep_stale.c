// SPDX-License-Identifier: GPL-2.0
/* A breaks verdict judged again after a device change (dep_stale.h). */
#include <stdio.h>

#include "deps/dep_stale.h"

void sa_dep_rejudge(struct sa_dep_verdict *v, const struct sa_dep_verdict *fresh,
		    bool change_first)
{
	/* Any verdict on the fresh model, breaks included; or the fresh nothing. */
	if (change_first || fresh->kind != SA_DK_NONE) {
		*v = *fresh;
		return;
	}
	/* The old model is the only one that explains it: not evidence enough. */
	v->conf = SA_DC_SUSPECT;
	snprintf(v->why, sizeof(v->why), "%s",
		 "a device was added, removed or renamed around this lookup, and only "
		 "the model of /sys before that change makes it a legacy name; "
		 "breaks if it recurs on a steady tree");
}
