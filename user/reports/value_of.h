/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a report passes through unread (summary, coldplug, sample), kept as
 * a neutral value (model/value.h) that the writer prints again.
 */
#ifndef SYSFS_AUDIT_REPORTS_VALUE_OF_H
#define SYSFS_AUDIT_REPORTS_VALUE_OF_H

#include "model/value.h"
#include "reports/json_budget.h"

/*
 * @n into @out (cleared first), as json-c read and wrote it before: a
 * double's text kept, integers clamped to 64 bits, of two members with the
 * same name the first's place and the last's value. 0 or -ENOMEM.
 */
int sa_value_of(const struct sa_jnode *n, struct sa_value *out);

/* @len bytes of JSON at @buf (changed in place) into @out. 0, -EINVAL or -ENOMEM. */
int sa_value_parse(char *buf, size_t len, struct sa_value *out);

#endif
