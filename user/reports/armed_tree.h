/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every check of `boot --status` shares (reports/boot_armed.h): the
 * tree it looks at, the names it looks for, and how it reads a file there.
 * Below the checks, so that each check's file and the one that orders
 * them (boot_armed.c) only point down.
 */
#ifndef SYSFS_AUDIT_REPORTS_ARMED_TREE_H
#define SYSFS_AUDIT_REPORTS_ARMED_TREE_H

#include <limits.h>
#include <stddef.h>

#include "common/root.h"

#define SA_BOOT_UNIT	"sysfs-audit-boot.service"
#define SA_DEFAULTS	"/etc/default/sysfs-audit"
/* A path under the tree: its path (PATH_MAX at most), then one in it. */
#define SA_ARMED_PATH	(PATH_MAX + 512)

struct sa_armed_opts {
	const char *root;	/* the tree: "/" for this host */
	const char *kernel;	/* the release to check; NULL: see sa_armed_releases() */
	const char *running;	/* this host's kernel release (root "/" only), or NULL */
	const char *cmdline;	/* this boot's kernel command line (root "/" only), or NULL */
};

/* Read @path (under the tree) into a NUL-terminated buffer. 0 or -errno. */
int sa_armed_slurp(const struct sa_root *r, const char *pfx, const char *path, size_t max,
		   char **buf, size_t *len);

#endif
