// SPDX-License-Identifier: GPL-2.0
/* The obsolete ABI's verdicts (model/abi_use.h). */
#include <stdlib.h>

#include <string.h>

#include "model/abi_use.h"

const struct sa_abi_state_desc sa_abi_states[SA_ABI_STATE_N] = {
	[SA_ABI_ABSENT] = { "absent", "absent on this host", true },
	[SA_ABI_UNUSED] = { "present-unused", "present, unused while watched", true },
	[SA_ABI_IN_USE] = { "in-use", "in use", true },
	[SA_ABI_PRESENT] = { "present", "present", false },
};

const enum sa_abi_state sa_abi_state_order[SA_ABI_STATE_N] = {
	SA_ABI_IN_USE, SA_ABI_UNUSED, SA_ABI_PRESENT, SA_ABI_ABSENT,
};

int sa_abi_state_parse(const char *name)
{
	for (int i = 0; i < SA_ABI_STATE_N; i++)
		if (!strcmp(sa_abi_states[i].name, name))
			return i;
	return -1;
}

void sa_abi_use_free(struct sa_abi_use *u)
{
	for (size_t i = 0; i < u->n; i++)
		free(u->v[i].users);
	free(u->v);
	u->v = NULL;
	u->n = 0;
}
