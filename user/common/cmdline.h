/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel command line, as the boot audit reads it: the off switch
 * `sysfs_audit.boot=` and `quiet`. One parser, the same words as the
 * initramfs scripts and the units check (sysfs-audit(8), BOOT AUDIT).
 */
#ifndef SYSFS_AUDIT_COMMON_CMDLINE_H
#define SYSFS_AUDIT_COMMON_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

#define SA_CMDLINE_BOOT	"sysfs_audit.boot"

enum sa_switch { SA_SWITCH_UNSET, SA_SWITCH_ON, SA_SWITCH_OFF };

/*
 * What @cmdline says of parameter @name: off if any occurrence has a value
 * of 0, no, off, false or n, wherever it is (an on value after it does not
 * turn it back on: the units' ConditionKernelCommandLine=! reads it so);
 * else on if one has 1, yes, on, true or y, or is a bare @name; any other
 * value is ignored, as if it were not there.
 */
enum sa_switch sa_cmdline_switch(const char *cmdline, const char *name);

/*
 * Whether the @n bytes at @word are @name with an off value: what a
 * systemd unit's ConditionKernelCommandLine=!name=VALUE lines match
 * anywhere on the line (boot --status reads GRUB's defaults so).
 */
bool sa_cmdline_off_word(const char *word, size_t n, const char *name);

/* Whether @cmdline has the word @word (a parameter without a value: "quiet"). */
bool sa_cmdline_has(const char *cmdline, const char *word);

/*
 * /proc/cmdline into @buf (NUL-terminated, cut to @len - 1 bytes); the
 * file $SYSFS_AUDIT_CMDLINE names instead, for tests. 0 or -errno.
 */
int sa_cmdline_read(char *buf, size_t len);

/* The boot audit is switched off on this boot's command line. */
bool sa_boot_switched_off(void);

#endif
