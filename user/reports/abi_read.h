/* SPDX-License-Identifier: GPL-2.0 */
/* A report's "obsolete_abi" section (format 1.6): read strictly and bounded. */
#ifndef SYSFS_AUDIT_REPORTS_ABI_READ_H
#define SYSFS_AUDIT_REPORTS_ABI_READ_H

#include <stddef.h>

#include "model/abi_use.h"
#include "reports/json_budget.h"

/*
 * Read the section @o (NULL: absent or null, *out NULL) into a new
 * *out. 0, or -EBADMSG (a bad member, a verdict not in sa_abi_states[]),
 * -E2BIG (beyond a bound of LIMITS), -ENOMEM, with a reason in @err.
 */
int sa_abi_section_parse(const struct sa_jnode *o, struct sa_abi_use **out, char *err,
			 size_t errlen);

#endif
