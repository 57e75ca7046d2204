// SPDX-License-Identifier: GPL-2.0
#include "model/finding.h"

const char *sa_sev_name(enum sa_sev s)
{
	static const char *const names[] = { "note", "warning", "error" };

	return (unsigned int)s < 3 ? names[s] : "error";
}

void sa_totals_add(struct sa_totals *t, const struct sa_finding *x)
{
	if (x->confidence) {
		t->obsolete++;
		return;
	}
	t->findings++;
	if ((unsigned int)x->severity < 3)
		t->by_sev[x->severity]++;
}
