/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The obsolete ABI a command reads: --abi paths (a kernel tree's
 * Documentation/ABI, its obsolete/ and removed/, or one file in that
 * format), or the tables built in (audit/abi_builtin.h). Written once
 * for `abi`, `record --abi` and the static audit (rules, scan).
 */
#ifndef SYSFS_AUDIT_CMD_ABI_LOAD_H
#define SYSFS_AUDIT_CMD_ABI_LOAD_H

#include "audit/abi_parse.h"
#include "audit/abi_strings.h"
#include "cmd/cmd_opts.h"

/* One --abi PATH into @abi: 0, or -errno after a message naming it. */
int sa_abi_load_path(struct sa_abi *abi, const char *path);

/*
 * Read @npaths --abi @paths into @abi, or with none the built-in table of
 * @series (NULL: the running kernel's, else the newest). 0, or a negative
 * errno after a warning naming the path (-ENOENT with no path: this build
 * has no built-in table). Entries not understood are in abi->err, for the
 * caller to name.
 */
int sa_abi_load_cmd(struct sa_abi *abi, const char *const *paths, int npaths,
		    const char *series);

/*
 * The paths the static audit looks for (@o->abi, else both built-in
 * series, newest first), into @abi and, compiled, *@m; *@m NULL with
 * --no-abi or when nothing is built in (said on stderr). The entries not
 * understood are named on stderr. Returns 0, or an exit status.
 */
int sa_audit_abi_load(const struct sa_audit_opts *o, struct sa_abi *abi,
		      struct sa_abi_strings **m);

#endif
