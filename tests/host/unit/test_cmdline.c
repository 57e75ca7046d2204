// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the kernel command line's boot audit switch and `quiet`
 * (common/cmdline.c), the one parser `boot --start` and `record --adopt`
 * share (issue 43). TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

#include "common/cmdline.h"

static enum sa_switch sw(const char *cmdline)
{
	return sa_cmdline_switch(cmdline, SA_CMDLINE_BOOT);
}

static void test_switch(void)
{
	static const char *const off[] = { "0", "no", "off", "false", "n" };
	static const char *const on[] = { "1", "yes", "on", "true", "y" };
	char buf[128];

	ok(sw("") == SA_SWITCH_UNSET && sw(NULL) == SA_SWITCH_UNSET, "empty: unset");
	ok(sw("root=/dev/vda quiet") == SA_SWITCH_UNSET, "not given: unset");
	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		snprintf(buf, sizeof(buf), "ro sysfs_audit.boot=%s quiet\n", off[i]);
		ok(sw(buf) == SA_SWITCH_OFF, "sysfs_audit.boot=%s: off", off[i]);
		snprintf(buf, sizeof(buf), "sysfs_audit.boot=%s", on[i]);
		ok(sw(buf) == SA_SWITCH_ON, "sysfs_audit.boot=%s: on", on[i]);
	}
	ok(sw("sysfs_audit.boot=0 sysfs_audit.boot=1") == SA_SWITCH_OFF &&
	   sw("sysfs_audit.boot=yes x=1 sysfs_audit.boot=off") == SA_SWITCH_OFF &&
	   sw("sysfs_audit.boot=n sysfs_audit.boot") == SA_SWITCH_OFF,
	   "an off value anywhere wins, as the units' ConditionKernelCommandLine=! reads it");
	ok(sw("sysfs_audit.boot=maybe sysfs_audit.boot=1") == SA_SWITCH_ON,
	   "an on value with no off value anywhere: on");
	ok(sw("sysfs_audit.boot=off sysfs_audit.boot=maybe") == SA_SWITCH_OFF,
	   "an unknown value is ignored (the earlier off stands)");
	ok(sw("sysfs_audit.boot") == SA_SWITCH_ON, "bare: on");
	ok(sw("sysfs_audit.boot=OFF") == SA_SWITCH_UNSET && sw("sysfs_audit.boot= 0") ==
	   SA_SWITCH_UNSET, "values are exact (as the scripts' case patterns)");
	ok(sw("sysfs_audit.booting=0 xsysfs_audit.boot=0 sysfs_audit.boot0") == SA_SWITCH_UNSET,
	   "other parameters that share a prefix or suffix are not it");
	ok(sw("\"sysfs_audit.boot=0\"") == SA_SWITCH_OFF &&
	   sw("sysfs_audit.boot=\"off\"") == SA_SWITCH_OFF, "quotes are dropped, as the kernel does");
	ok(sw("a=\"x sysfs_audit.boot=0\" b") == SA_SWITCH_UNSET,
	   "inside another parameter's quoted value it is not a parameter");
	ok(sw("\tsysfs_audit.boot=0\t\n") == SA_SWITCH_OFF, "tabs and newlines are blanks");
	ok(sw("init=/bin/sh -- sysfs_audit.boot=0") == SA_SWITCH_OFF,
	   "after -- too (the scripts and systemd read all of /proc/cmdline)");
}

static void test_long(void)
{
	char *s = malloc(70000);

	memset(s, 'a', 69990);
	strcpy(s + 69990, " quiet");
	ok(sa_cmdline_has(s, "quiet"), "a 70 000-byte word before it: still found");
	memcpy(s, "sysfs_audit.boot=0", 18);
	s[18] = 'x';
	ok(sw(s) == SA_SWITCH_UNSET, "an overlong word that starts with it: its value is not 0");
	s[18] = ' ';
	ok(sw(s) == SA_SWITCH_OFF, "cut by a blank: off");
	free(s);
}

static void test_quiet_and_read(void)
{
	char path[] = "/tmp/sa-cmdline-XXXXXX", buf[64];
	int fd;

	ok(sa_cmdline_has("ro quiet splash", "quiet") && !sa_cmdline_has("ro quietly", "quiet") &&
	   !sa_cmdline_has("loglevel=quiet", "quiet"), "quiet: the word, nothing else");
	fd = mkstemp(path);
	ok(fd >= 0 && write(fd, "BOOT_IMAGE=/vmlinuz sysfs_audit.boot=no\n", 40) == 40,
	   "a command line file");
	close(fd);
	setenv("SYSFS_AUDIT_CMDLINE", path, 1);
	ok(!sa_cmdline_read(buf, sizeof(buf)) && sw(buf) == SA_SWITCH_OFF &&
	   sa_boot_switched_off(), "read from $SYSFS_AUDIT_CMDLINE: off");
	ok(!sa_cmdline_read(buf, 12) && !strcmp(buf, "BOOT_IMAGE="), "cut to the buffer");
	unlink(path);
	ok(sa_cmdline_read(buf, sizeof(buf)) < 0 && !sa_boot_switched_off(),
	   "unreadable: an error, and not off");
	unsetenv("SYSFS_AUDIT_CMDLINE");
	ok(!sa_cmdline_read(buf, sizeof(buf)), "/proc/cmdline reads");
}

/* One word, as boot --status reads GRUB's defaults: every off value, nothing else. */
static void test_off_word(void)
{
	static const char *const off[] = { "sysfs_audit.boot=0", "sysfs_audit.boot=no",
		"sysfs_audit.boot=off", "sysfs_audit.boot=false", "sysfs_audit.boot=n" };
	static const char *const not[] = { "sysfs_audit.boot=1", "sysfs_audit.boot=yes",
		"sysfs_audit.boot", "sysfs_audit.boot=", "sysfs_audit.boot=offf",
		"sysfs_audit.boot=OFF", "sysfs_audit.bootx=0", "xsysfs_audit.boot=0",
		"sysfs_audit.boot=0000000000" };

	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++)
		ok(sa_cmdline_off_word(off[i], strlen(off[i]), SA_CMDLINE_BOOT), "off word: %s",
		   off[i]);
	for (size_t i = 0; i < sizeof(not) / sizeof(not[0]); i++)
		ok(!sa_cmdline_off_word(not[i], strlen(not[i]), SA_CMDLINE_BOOT),
		   "not an off word: %s", not[i]);
	/* Only the n bytes given: the word ends where the caller's scan ended. */
	ok(sa_cmdline_off_word("sysfs_audit.boot=offset", 20, SA_CMDLINE_BOOT) &&
	   !sa_cmdline_off_word("sysfs_audit.boot=offset", 23, SA_CMDLINE_BOOT),
	   "the word's length bounds it");
}

int main(void)
{
	test_switch();
	test_off_word();
	test_long();
	test_quiet_and_read();
	return tap_done();
}
