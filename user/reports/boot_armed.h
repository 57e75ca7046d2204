/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is the boot audit armed for the next boot (`boot --status`)? On a tree
 * (this host's "/" or one mounted elsewhere), every condition the
 * initramfs hooks and the boot unit need (sysfs-audit(8), BOOT AUDIT):
 * BOOT_AUDIT=yes, the initramfs the next boot uses holding the installed
 * binary and the start script, the unit enabled and not masked, no
 * sysfs_audit.boot=0 on the kernel command line; then the last result.
 * Each file one job: boot_armed.c (the settings), boot_initrd.c (the
 * images), boot_unit.c (systemd), boot_last.c (the last report).
 */
#ifndef SYSFS_AUDIT_REPORTS_BOOT_ARMED_H
#define SYSFS_AUDIT_REPORTS_BOOT_ARMED_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/root.h"
#include "model/boot_status.h"

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

/* Fill @s. Returns 0, or -errno when the tree cannot be opened. */
int sa_boot_armed(const struct sa_armed_opts *o, struct sa_boot_status *s);

/* The pieces, in the order sa_boot_armed() runs them; @pfx: the tree's path, "" for "/". */
void sa_armed_images(const struct sa_armed_opts *o, const struct sa_root *r, const char *pfx,
		     struct sa_boot_status *s);
void sa_armed_unit(const struct sa_root *r, const char *pfx, struct sa_boot_status *s);
void sa_boot_last(const struct sa_root *r, const char *pfx, struct sa_boot_status *s);

/*
 * The kernel releases whose images the next boot may use, into @out (at
 * most @max): @o->kernel alone; else the running one (if installed) and
 * the newest installed (/boot/vmlinuz-*, by version) if it differs.
 * Returns how many (malloc'd strings, the caller frees).
 */
int sa_armed_releases(const struct sa_armed_opts *o, const struct sa_root *r, const char *pfx,
		      char **out, int max);

/* Does word list @line (a kernel command line) disable the boot audit? The word, or NULL. */
const char *sa_armed_cmdline_off(const char *line, char *word, size_t len);

/* Read @path (under the tree) into a NUL-terminated buffer. 0 or -errno. */
int sa_armed_slurp(const struct sa_root *r, const char *pfx, const char *path, size_t max,
		   char **buf, size_t *len);

#endif
