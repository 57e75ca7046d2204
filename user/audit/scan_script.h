/* SPDX-License-Identifier: GPL-2.0 */
/* Shell scripts and config text (hotplug, mdev.conf, modprobe install lines). */
#ifndef SYSFS_AUDIT_SCAN_SCRIPT_H
#define SYSFS_AUDIT_SCAN_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/scan_hit.h"

/* Text we should read as a script: a #! line, or no NUL in the first 8 KiB. */
bool sa_is_text(const char *buf, size_t len);

/*
 * Report the PHYSDEV keys and the sysfs idioms that assumed the old layout,
 * line by line (comment lines skipped). @first_line numbers the first line
 * of @buf. Returns 0 or the first non-zero value of @cb.
 */
int sa_scan_script(const char *buf, size_t len, unsigned long first_line, sa_hit_cb cb,
		   void *ctx);

#endif
