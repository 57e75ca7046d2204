/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whose code a read of a device's uevent file is judged by: the reader's,
 * or, when the reader's own code has no keys (grep, cat, sed, udevadm), the
 * parent that ran it -- `grep PHYSDEVPATH= /sys/.../uevent` in a script
 * reads the file in grep, for the script. The parent is read from /proc
 * while it runs; once it has gone, the #! script of the nearest exec'd
 * ancestor that the kernel recorded stands for it (the line then shows
 * the reader's executable with that script).
 */
#ifndef SYSFS_AUDIT_UEVENT_READER_H
#define SYSFS_AUDIT_UEVENT_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "deps/dep_store.h"

/*
 * @id: the reader, from its record; @ppid its parent; @anc_script the
 * kernel's ancestor script or NULL. Writes the code that decides into
 * @code (sa_dep_store_code()) and what it proves into @scope (enum
 * sa_fp_scope: SA_FP_KEYS when it reads the keys). Returns true when that
 * is the parent's: its identity is then in @parent, and @via names the
 * reader ("grep (pid N)"). false: the reader's own, or none.
 */
bool sa_uevent_reader(struct sa_dep_store *s, const struct sa_ident *id, unsigned int ppid,
		      const char *anc_script, const char *proc, struct sa_ident *parent,
		      char *code, size_t len, unsigned int *scope, char *via, size_t vialen);

#endif
