/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A lookup judged against a model of /sys older than a device change. A
 * remove or a rename takes a name away, and the next lookup of that name
 * (udev reading /sys/class/net/eth0 as eth0 becomes ens3) misses exactly
 * where the old model had the device's legacy path: "breaks", although
 * the program only looked for a device that is gone. Such a verdict is
 * judged again on a model read after the change.
 */
#ifndef SYSFS_AUDIT_DEP_STALE_H
#define SYSFS_AUDIT_DEP_STALE_H

#include <stdbool.h>

#include "deps/dep_classify.h"

/*
 * @v: the breaks verdict on the old model; @fresh: the same lookup on a
 * model read after the change. @change_first: every change since the old
 * model came before the lookup (the kernel's clock says so), so the fresh
 * model is what the lookup saw and its verdict stands, even "nothing".
 * Otherwise a change came after the lookup, or when is unknown: neither
 * model is the lookup's own; a verdict on the fresh one stands (breaks
 * included), and a lookup only the old one explains stays a suspect that
 * says why. @v is updated in place.
 */
void sa_dep_rejudge(struct sa_dep_verdict *v, const struct sa_dep_verdict *fresh,
		    bool change_first);

#endif
