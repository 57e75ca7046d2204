/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The script a shell runs, from its argv: `sh script`, `bash -e script`,
 * and `#!/usr/bin/env sh`, whose env execs `sh script` (the kernel's #!
 * record names only env's script, in env's exec). The program that looks
 * up sysfs is then the script, not /bin/sh.
 */
#ifndef SYSFS_AUDIT_SHELL_SCRIPT_H
#define SYSFS_AUDIT_SHELL_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * @exe: the executable's path; @args, @n: argv, NUL-separated. Writes the
 * script operand to @out and returns true when @exe (or argv[0], for a
 * multi-call BusyBox) is a shell that runs a script file, read by that
 * shell's own option grammar (bash, dash, BusyBox ash; shell_script.c):
 * an option's operand (bash's --rcfile FILE, -o NAME) is never the
 * script. None for -c (a command string), -s or no operand (standard
 * input), or a command line the shell refuses.
 */
bool sa_shell_script(const char *exe, const char *args, size_t n, char *out, size_t len);

#endif
