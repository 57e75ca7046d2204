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

/*
 * The same, and every path on a line that names an entry of @abi
 * (audit/abi_strings.h; NULL: none), comment lines skipped as above; each
 * (entry, path) once, at most SA_ABI_NAMES_MAX, then one SA_KIND_ABI_MORE
 * hit that counts the rest.
 */
struct sa_abi_strings;
int sa_scan_script_abi(const char *buf, size_t len, unsigned long first_line,
		       const struct sa_abi_strings *abi, sa_hit_cb cb, void *ctx);

#endif
