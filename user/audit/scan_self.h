/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is this file sysfs-audit itself? Our own binary holds every string scan
 * looks for (the PHYSDEV* keys, the legacy paths), so a boot-audit
 * initramfs, which carries /usr/sbin/sysfs-audit, would report it as a
 * legacy consumer. A file is "itself" only when it is byte for byte the
 * running executable (/proc/self/exe), whatever its name: a legacy program
 * renamed to /usr/sbin/sysfs-audit, or our binary with one byte changed,
 * is scanned like any other file (docs/design.md, "scan and sysfs-audit
 * itself").
 */
#ifndef SYSFS_AUDIT_SCAN_SELF_H
#define SYSFS_AUDIT_SCAN_SELF_H

#include <stdbool.h>
#include <stddef.h>

/*
 * True when the @len bytes at @buf are the running executable's. Its size
 * is taken once (stat); it is read and hashed (SHA-256) once, when a file
 * of that size first comes, and each such file is hashed to compare; a
 * file of another size costs one comparison. False when the executable
 * cannot be read (no /proc): then nothing is "itself".
 */
bool sa_scan_is_self(const char *buf, size_t len);

#endif
