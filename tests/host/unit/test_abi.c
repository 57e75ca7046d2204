// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the Documentation/ABI reader (audit/abi_parse.c) and its
 * What: patterns (audit/abi_pattern.c). TAP output. With SA_ABI_TREES
 * (Documentation/ABI directories, colon-separated), also reads their
 * obsolete and removed sections: 0 errors, every path a pattern, the
 * counts per file as diagnostics (tests/host/64-abi.t passes the kernel
 * trees of 6.1 and 6.12).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#include "audit/abi_parse.h"
#include "audit/abi_pattern.h"

/* Does What: @pat match @path? -1: the pattern does not compile. */
static int m(const char *pat, const char *path)
{
	char why[160];
	struct sa_abi_pattern *p = sa_abi_pattern_new(pat, why, sizeof(why));
	int r;

	if (!p)
		return -1;
	r = sa_abi_pattern_match(p, path);
	sa_abi_pattern_free(p);
	return r;
}

static void test_patterns(void)
{
	ok(m("/sys/fs/selinux/disable", "/sys/fs/selinux/disable") == 1 &&
	   m("/sys/fs/selinux/disable", "/sys/fs/selinux/disabled") == 0 &&
	   m("/sys/fs/selinux/disable", "/sys/fs/selinux") == 0,
	   "a literal path matches itself only");
	ok(m("/sys/class/gpio/", "/sys/class/gpio/export") == 1 &&
	   m("/sys/class/gpio/", "/sys/class/gpio/gpio17/value") == 1 &&
	   m("/sys/class/gpio/", "/sys/class/gpio") == 1 &&
	   m("/sys/class/gpio/", "/sys/class/gpiochip") == 0 &&
	   m("/sys/class/gpio/", "/sys/class/leds/x") == 0,
	   "a trailing /: the directory and everything below it, not a namesake");
	ok(m("/sys/bus/iio/devices/iio:deviceX/buffer/length",
	     "/sys/bus/iio/devices/iio:device0/buffer/length") == 1 &&
	   m("/sys/bus/iio/devices/iio:deviceX/buffer/length",
	     "/sys/bus/iio/devices/iio:device12/buffer/length") == 1 &&
	   m("/sys/bus/iio/devices/iio:deviceX/buffer/length",
	     "/sys/bus/iio/devices/iio:device/buffer/length") == 0 &&
	   m("/sys/bus/iio/devices/iio:deviceX/buffer/length",
	     "/sys/bus/iio/devices/iio:devicea/buffer/length") == 0,
	   "deviceX: one or more digits");
	ok(m("/sys/.../iio:deviceX/scan_elements/in_voltageY-voltageZ_en",
	     "/sys/bus/iio/devices/iio:device1/scan_elements/in_voltage0-voltage1_en") == 1 &&
	   m("/sys/.../iio:deviceX/scan_elements/in_voltageY-voltageZ_en",
	     "/sys/devices/platform/x/iio:device1/scan_elements/in_voltage0-voltage1_en") == 1 &&
	   m("/sys/.../iio:deviceX/scan_elements/in_voltageY-voltageZ_en",
	     "/sys/iio:device1/scan_elements/in_voltage0_en") == 0,
	   "...: one or more components; Y, Z after a letter: numbers");
	ok(m("/sys/bus/platform/devices/INT34D2:00/northpeak",
	     "/sys/bus/platform/devices/INT34D2:00/northpeak") == 1 &&
	   m("/sys/bus/platform/devices/INT34D2:00/northpeak",
	     "/sys/bus/platform/devices/INT3412:00/northpeak") == 0,
	   "a capital letter in an ACPI name is itself, not a number");
	ok(m("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/rfkill3/claim") == 1 &&
	   m("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/rfkill/claim") == 0,
	   "[0-9]+: one or more digits");
	ok(m("/sys/x/roccatkoneplus<minor>/profile[1-5]_buttons",
	     "/sys/x/roccatkoneplus0/profile3_buttons") == 1 &&
	   m("/sys/x/roccatkoneplus<minor>/profile[1-5]_buttons",
	     "/sys/x/roccatkoneplus0/profile6_buttons") == 0 &&
	   m("/sys/x/roccatkoneplus<minor>/profile[1-5]_buttons",
	     "/sys/x/roccatkoneplus/profile1_buttons") == 0,
	   "<name>: one or more characters; [1-5]: one of them");
	ok(m("/sys/bus/usb/devices/<busnum>-<devnum>:<config num>.<interface num>/control",
	     "/sys/bus/usb/devices/1-2:1.0/control") == 1 &&
	   m("/sys/bus/usb/devices/<busnum>-<devnum>:<config num>.<interface num>/control",
	     "/sys/bus/usb/devices/usb1/control") == 0,
	   "named parts with blanks in their names, and the literals between them");
	ok(m("/sys/class/typec/<port|partner|cable>/<dev>/svid",
	     "/sys/class/typec/port0-partner/port0-partner.0/svid") == 1 &&
	   m("/sys/class/typec/<port|partner|cable>/<dev>/svid",
	     "/sys/class/typec/port0/port0.1/svid") == 1 &&
	   m("/sys/class/typec/<port|partner|cable>/<dev>/svid",
	     "/sys/class/typec/plug0/x/svid") == 0,
	   "<a|b|c>: a component holding one of the words");
	ok(m("/sys/bus/usb/devices/.../power/level", "/sys/bus/usb/devices/1-1/power/level") == 1 &&
	   m("/sys/bus/usb/devices/.../power/level", "/sys/bus/usb/devices/power/level") == 0,
	   "...: at least one component");
	ok(m("/sys/kernel/uids/<uid>/cpu_shares", "/sys/kernel/uids/1000/cpu_shares") == 1 &&
	   m("/sys/x/*_en", "/sys/x/in_accel_en") == 1 && m("/sys/x/*_en", "/sys/x/_en") == 1 &&
	   m("/sys/x/*_en", "/sys/x/in_accel") == 0,
	   "*: any characters of one component, none too");
	ok(m("/sys/x/{a,b}", "/sys/x/a") == -1 && m("/sys/x/<open", "/sys/x/y") == -1 &&
	   m("/sys/x/[1-", "/sys/x/1") == -1 && m("/sys/x/a?", "/sys/x/ab") == -1 &&
	   m("sys/x", "/sys/x") == -1 && m("/sys/x/<>", "/sys/x/a") == -1,
	   "wildcards it does not know are refused, not guessed");
}

static void test_parse(void)
{
	static const char text[] =
		"What:\t\t/sys/o2cb symlink\n"
		"What:\t\t/sys/fs/o2cb\n"
		"Date:\t\tDec 2005\n"
		"KernelVersion:\t2.6.16\n"
		"Contact:\tocfs2-devel@lists.linux.dev\n"
		"Description:\n"
		"\t\tThe /sys/o2cb directory was moved.\n"
		"Note: not a field, part of the description\n"
		"Users:\t\to2cb.init\n"
		"\n"
		"What:\t\tip_queue\n"
		"Date:\t\tfinally removed in kernel v3.5.0\n"
		"Description:\tip_queue has been replaced by nfnetlink_queue\n"
		"User:\t\tsomeone\n";
	static const char bad[] =
		"This file describes nothing.\n"
		"Date:\t\t2020\n"
		"What:\t\t/sys/x/{a,b}\n"
		"\tnot a field\n"
		"What:\t\t/sys/y\n"
		"Date:\t\t2021\n"
		"Date:\t\t2022\n";
	struct sa_abi abi = {};
	int err;

	ok(!sa_abi_parse(&abi, "obsolete/o2cb", text, sizeof(text) - 1),
	   "a well-formed file: parsed");
	ok(abi.n == 2 && abi.nerr == 0, "two entries, no error (%zu, %zu)", abi.n, abi.nerr);
	ok(abi.n == 2 && abi.e[0].nwhat == 2 && abi.e[0].line == 1 &&
	   !strcmp(abi.e[0].what[0].text, "/sys/o2cb") &&
	   abi.e[0].what[0].note && !strcmp(abi.e[0].what[0].note, "symlink") &&
	   abi.e[0].what[0].kind == SA_ABI_PATH && abi.e[0].what[0].pattern,
	   "consecutive What: lines are one entry; words after the path are a note");
	ok(abi.n == 2 && abi.e[0].date && !strcmp(abi.e[0].date, "Dec 2005") &&
	   abi.e[0].kernel_version && !strcmp(abi.e[0].kernel_version, "2.6.16") &&
	   abi.e[0].summary && !strcmp(abi.e[0].summary, "The /sys/o2cb directory was moved."),
	   "Date, KernelVersion and the first line of the description");
	ok(abi.n == 2 && abi.e[1].nwhat == 1 && abi.e[1].what[0].kind == SA_ABI_FEATURE &&
	   !abi.e[1].what[0].pattern && abi.e[1].line == 11 && abi.features == 1 &&
	   abi.user_tags == 1 && abi.notes == 1,
	   "a removed feature's name is kept, not matched; User: is read as Users:");
	sa_abi_free(&abi);

	err = sa_abi_parse(&abi, "obsolete/bad", bad, sizeof(bad) - 1);
	ok(!err && abi.nerr == 4, "a bad file: each problem is an error (%zu)", abi.nerr);
	ok(abi.nerr == 4 && abi.err[0].line == 2 && strstr(abi.err[0].what, "before any What") &&
	   abi.err[1].line == 3 && strstr(abi.err[1].what, "{a,b}") &&
	   abi.err[2].line == 4 && strstr(abi.err[2].what, "starts no field") &&
	   abi.err[3].line == 7 && strstr(abi.err[3].what, "second Date") &&
	   abi.preamble_lines == 1,
	   "each error names its line and what was not understood; a preamble is none");
	sa_abi_free(&abi);
}

/* The sections of one kernel tree's Documentation/ABI, its counts as diagnostics. */
static void test_tree(const char *dir)
{
	static const char *const sections[] = { "obsolete", "removed" };

	for (size_t s = 0; s < 2; s++) {
		struct sa_abi abi = {};
		size_t paths = 0, wild = 0;
		int err = sa_abi_load(&abi, dir, sections[s]);

		for (size_t i = 0; i < abi.n; i++)
			for (size_t k = 0; k < abi.e[i].nwhat; k++) {
				paths += abi.e[i].what[k].kind == SA_ABI_PATH;
				wild += abi.e[i].what[k].pattern &&
					sa_abi_pattern_wild(abi.e[i].what[k].pattern);
			}
		for (size_t i = 0; i < abi.nerr; i++)
			printf("#   %s:%d: %s\n", abi.err[i].file, abi.err[i].line, abi.err[i].what);
		ok(!err && abi.nfiles > 0 && abi.n > 0 && abi.nerr == 0,
		   "%s/%s: %zu files, %zu entries, %zu paths (%zu with wildcards), %zu removed "
		   "features, %zu notes, %zu User: tags, %zu lines of file preambles, %zu errors",
		   dir, sections[s], abi.nfiles, abi.n, paths, wild, abi.features, abi.notes,
		   abi.user_tags, abi.preamble_lines, abi.nerr);
		if (s == 0) {
			const struct sa_abi_entry *g = sa_abi_match(&abi, "/sys/class/gpio/gpio5/value");
			const struct sa_abi_entry *i = sa_abi_match(&abi,
				"/sys/bus/iio/devices/iio:device0/buffer/length");
			const struct sa_abi_entry *t = sa_abi_match(&abi,
				"/sys/class/typec/port0-partner/port0-partner.1/mode2/active");

			ok(g && !strcmp(g->file, "obsolete/sysfs-gpio") && i &&
			   !strcmp(i->file, "obsolete/sysfs-bus-iio") && t &&
			   !strcmp(t->file, "obsolete/sysfs-class-typec") &&
			   !sa_abi_match(&abi, "/sys/class/net/eth0/address") &&
			   !sa_abi_match(&abi, "/sys/class/gpiochip"),
			   "%s: real paths find their entries (gpio, iio, typec), others none", dir);
		} else {
			const struct sa_abi_entry *r = sa_abi_match(&abi, "/sys/class/rfkill/rfkill0/claim");

			ok(r && !strcmp(r->file, "removed/sysfs-class-rfkill") &&
			   !sa_abi_match(&abi, "/sys/class/rfkill/rfkill0/state"),
			   "%s: rfkill's claim is removed, its state is not", dir);
		}
		for (size_t i = 0, k; i < abi.n; i = k) {
			size_t w = 0;

			for (k = i; k < abi.n && !strcmp(abi.e[k].file, abi.e[i].file); k++)
				w += abi.e[k].nwhat;
			printf("#   %-44s %3zu entries %4zu What:\n", abi.e[i].file, k - i, w);
		}
		sa_abi_free(&abi);
	}
}

int main(void)
{
	const char *trees = getenv("SA_ABI_TREES");

	test_patterns();
	test_parse();
	if (trees && *trees) {
		char *copy = strdup(trees), *save = NULL;

		for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save))
			test_tree(d);
		free(copy);
	}
	return tap_done();
}
