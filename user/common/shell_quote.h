/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A name from a checked tree as one word of a command line a person pastes
 * (boot --status's "fix:" lines): the pasted line names that file and runs
 * nothing else, whatever the name holds ($(...), `...`, ;, quotes, blanks).
 */
#ifndef SYSFS_AUDIT_SHELL_QUOTE_H
#define SYSFS_AUDIT_SHELL_QUOTE_H

#include <stddef.h>

/*
 * @s as one POSIX shell word in @dst: as is when every byte is one of
 * A-Z a-z 0-9 _ . / : = @ % + , - (and @s is not empty), else between single
 * quotes, each ' written as '\''. Returns 0; -EINVAL when @s holds a byte
 * below 0x20, DEL or a byte of 0x80 and above (a newline would end the
 * pasted line, and the diagnostics show such bytes escaped, so the line
 * shown would name another file): no word is safe then; -ENAMETOOLONG when
 * the word does not fit @size.
 */
int sa_sh_quote(char *dst, size_t size, const char *s);

#endif
