/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether an executable the initramfs ran is a copy of the host's file of
 * the same path, and so that file's Debian package (issue 47).
 *
 * By the adoption the initramfs is gone, and the real root's
 * /usr/bin/udevadm is another file than the one the kernel ran in the
 * initramfs: its package cannot be named by path (deps/dep_store.c reads a
 * package only for the file the process ran). But update-initramfs
 * (copy_exec) and dracut (inst) copy host files byte for byte, and
 * `boot --mark initramfs-end` hashed the initramfs's copy while it
 * existed (deps/early_exes.h). Same size and SHA-256 as the host's file
 * of that path: the same program, whose package is the host file's. A
 * copy that differs (stripped, patched, from another build), or a path
 * the host does not have, is said so instead, never given the namesake's
 * package.
 */
#ifndef SYSFS_AUDIT_EARLY_COPY_H
#define SYSFS_AUDIT_EARLY_COPY_H

#include <stddef.h>

#include "model/dependent.h"
#include "deps/early_exes.h"

struct sa_dpkg;

/*
 * Compare @x (read in the initramfs) with the file at its path under
 * @root ("/": this host), resolved inside @root. SA_PV_COPY: its package
 * (from @dpkg, may be NULL) into @pkg, "" when none owns it; any other
 * result leaves @pkg "". A host file larger than the initramfs reader's
 * limit, or unreadable, is SA_PV_UNREAD, as is a copy whose hash is not
 * known.
 */
enum sa_pkg_via sa_early_host_package(const struct sa_early_exe *x, const char *root,
				      const struct sa_dpkg *dpkg, char *pkg, size_t len);

#endif
