/* SPDX-License-Identifier: GPL-2.0 */
/* One file of 'scan': pick the scanner by content, report what it finds. */
#ifndef SYSFS_AUDIT_SCAN_FILE_H
#define SYSFS_AUDIT_SCAN_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/audit.h"

#define SA_SCAN_MAX (1UL << 30)	/* bytes of one file we read */

/*
 * Scan @path: an ELF file, an initramfs image (its members: ELF files,
 * scripts, *.rules), a rules file (by its name), or a script. A file
 * already scanned in this run (same device and inode) is skipped. Returns
 * true when it was read.
 */
bool sa_scan_path(struct sa_audit *a, const char *path);

/* Every regular file below @dir; symlinks are not followed (no loops). */
void sa_scan_dir(struct sa_audit *a, const char *dir);

/* Scan text that is part of a file (a modprobe "install" command). */
void sa_scan_text(struct sa_audit *a, const char *file, const char *text, size_t len,
		  unsigned long line);

void sa_scan_forget(struct sa_audit *a);	/* drop the set of files already scanned */

#endif
