/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where 'scan' looks by default, under a root directory: the programs the
 * udev rules run, the hotplug and mdev configuration, modprobe "install"
 * commands, kernel.hotplug in sysctl files, and the initramfs images in /boot.
 */
#ifndef SYSFS_AUDIT_SCAN_PLACES_H
#define SYSFS_AUDIT_SCAN_PLACES_H

#include "audit/audit.h"

void sa_scan_places(struct sa_audit *a, const char *root);

#endif
