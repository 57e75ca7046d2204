/* SPDX-License-Identifier: GPL-2.0 */
/*
 * udev rules that name a path of an obsolete or removed ABI entry
 * (audit/abi_strings.h): a path in any value (RUN, PROGRAM, TEST, IMPORT,
 * an assignment), udev's substitutions (%k, $kernel, $attr{...}) taken as
 * holes; and an attribute that ATTR{}, ATTRS{} or TEST{} names on the
 * devices SUBSYSTEM (SUBSYSTEMS for ATTRS) and KERNEL select, as
 * /sys/class/SUBSYSTEM/KERNEL/ATTR and /sys/bus/SUBSYSTEM/devices/KERNEL/ATTR;
 * and the device's own directory in a value ("/sys%p/value", as Raspberry
 * Pi OS's gpio rules chown them), on the same devices.
 */
#ifndef SYSFS_AUDIT_AUDIT_RULES_ABI_H
#define SYSFS_AUDIT_AUDIT_RULES_ABI_H

#include "audit/abi_strings.h"
#include "audit/rules_parse.h"

/* Report each path of @r that names an entry of @m through @cb, once per @seen. */
int sa_rules_abi(const struct sa_rule *r, const struct sa_abi_strings *m,
		 struct sa_abi_names *seen, sa_hit_cb cb, void *ctx);

#endif
