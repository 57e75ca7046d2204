// SPDX-License-Identifier: GPL-2.0
/* The obsolete ABI's verdicts (model/abi_use.h). */
#include <stdlib.h>

#include "model/abi_use.h"

void sa_abi_use_free(struct sa_abi_use *u)
{
	for (size_t i = 0; i < u->n; i++)
		free(u->v[i].users);
	free(u->v);
	u->v = NULL;
	u->n = 0;
}
