// SPDX-License-Identifier: GPL-2.0
/* Reading a file of the tree `boot --status` looks at (reports/armed_tree.h). */
#include <stdio.h>

#include "common/slurp.h"
#include "reports/armed_tree.h"

int sa_armed_slurp(const struct sa_root *r, const char *pfx, const char *path, size_t max,
		   char **buf, size_t *len)
{
	char full[SA_ARMED_PATH];

	snprintf(full, sizeof(full), "%s%s", pfx, path);
	return sa_slurp_at(r, full, max, buf, len);
}
