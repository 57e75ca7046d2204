// SPDX-License-Identifier: GPL-2.0
/* The legacy link kinds' table (link_kind.h). */
#include <string.h>

#include "model/link_kind.h"

const struct sa_link_kind_desc sa_link_kinds[SA_LK_N] = {
	[SA_LK_CLASSDIR] = { "class_directory", "class directory", 2 },
	[SA_LK_DEVICE] = { "device", "device", 0 },
	[SA_LK_CLASSNAME] = { "class_name", "<class>:<name>", 1 },
	[SA_LK_BUS] = { "bus", "bus", 3 },
};

enum sa_link_kind sa_link_kind_of(const char *n)
{
	if (!strcmp(n, "device"))
		return SA_LK_DEVICE;
	if (!strcmp(n, "bus"))
		return SA_LK_BUS;
	if (strchr(n, ':'))
		return SA_LK_CLASSNAME;
	return SA_LK_CLASSDIR;
}

enum sa_link_kind sa_link_kind_shown(int i)
{
	for (int k = 0; k < SA_LK_N; k++)
		if (sa_link_kinds[k].shown == i)
			return k;
	return i;
}
