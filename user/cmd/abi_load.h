/* SPDX-License-Identifier: GPL-2.0 */
/* The obsolete ABI a command watches: --abi paths, or the built-in table. */
#ifndef SYSFS_AUDIT_CMD_ABI_LOAD_H
#define SYSFS_AUDIT_CMD_ABI_LOAD_H

#include "audit/abi_parse.h"

/*
 * Read @npaths --abi @paths (a Documentation/ABI directory: its obsolete/
 * and removed/; or one file in the format) into @abi, or with none the
 * built-in table of @series (NULL: the running kernel's, else the newest).
 * 0, or a negative errno after a warning naming the path (-ENOENT with no
 * path: this build has no built-in table). Entries not understood are in
 * abi->err, for the caller to name.
 */
int sa_abi_load_cmd(struct sa_abi *abi, const char *const *paths, int npaths,
		    const char *series);

#endif
