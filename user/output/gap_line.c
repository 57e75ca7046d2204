// SPDX-License-Identifier: GPL-2.0
/* What a boot audit did not see, as one line (gap_line.h). */
#include "common/common.h"
#include "output/gap_line.h"

void sa_gap_line(FILE *f, const struct sa_boot_gaps *g)
{
	const char *sep = "";

	for (int slot = 0; slot < SA_GAP_SLOTS; slot++) {
		const char *sep2 = "";

		if (!g->why[slot])
			continue;
		fprintf(f, "%s%s: ", sep, slot < SA_PHASE_N ? sa_phases[slot].name : "unknown");
		sep = "; ";
		for (int w = 0; w < SA_GAP_N; w++) {
			unsigned long long n = 0;

			if (!(g->why[slot] & 1u << w))
				continue;
			fprintf(f, "%s%s", sep2, sa_gap_names[w]);
			sep2 = ", ";
			if (w == SA_GAP_EVENTS_LOST)
				fprintf(f, " (%llu)", g->events_lost[slot]);
			if (w == SA_GAP_DEPS_LOST) {
				for (int k = 0; k < SA_DLOST_N; k++)
					n = sa_sat_add(n, g->deps_lost[slot][k]);
				fprintf(f, " (%llu)", n);
			}
		}
	}
}

bool sa_gap_any(const struct sa_boot_gaps *g)
{
	for (int slot = 0; slot < SA_GAP_SLOTS; slot++)
		if (g->why[slot])
			return true;
	return false;
}
