/* SPDX-License-Identifier: GPL-2.0 */
/*
 * boot --status: is the boot audit armed for the next boot? Its own
 * options (--root, --kernel) are an argp child of boot's parser, so
 * cmd_boot.c holds only the entry and the call.
 */
#ifndef SYSFS_AUDIT_CMD_BOOT_STATUS_H
#define SYSFS_AUDIT_CMD_BOOT_STATUS_H

#include <argp.h>

extern const struct argp_child sa_boot_status_children[];

/* The checklist, what is pinned, the last result. EXIT_OK, EXIT_NOT_ARMED or EXIT_USAGE. */
int cmd_boot_status(void);

/* --kernel RELEASE as given, or NULL (boot --core-btf reads it too). */
const char *sa_boot_status_kernel(void);

#endif
