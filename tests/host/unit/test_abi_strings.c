// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the static side of the obsolete ABI: paths with holes
 * against What: patterns (audit/abi_pattern.c), paths out of program
 * strings and script lines (audit/abi_strings.c), and udev rules
 * (audit/rules_abi.c). TAP output. The entries are written here, in the
 * kernel's format, as the kernel's files have them (obsolete/sysfs-gpio,
 * removed/sysfs-class-rfkill, obsolete/procfs-i8k, obsolete/sysfs-bus-usb).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#include "audit/abi_parse.h"
#include "audit/abi_readers.h"
#include "audit/fingerprint.h"
#include "audit/abi_pattern.h"
#include "audit/abi_strings.h"
#include "audit/rules_abi.h"
#include "audit/scan_elf.h"
#include "audit/scan_script.h"

static const char entries[] =
	"What:\t\t/sys/class/gpio/\n"
	"Date:\t\tJuly 2008\n"
	"KernelVersion:\t2.6.27\n"
	"Description:\n"
	"  GPIOs by number.\n"
	"\n"
	"What:\t\t/proc/i8k\n"
	"Date:\t\tJanuary 2001\n"
	"Description:\ti8k\n"
	"\n"
	"What:\t\t/sys/bus/usb/devices/.../power/level\n"
	"Date:\t\tMarch 2007\n"
	"Description:\tlevel\n"
	"\n"
	"What:\t\t/sys/class/typec/<port|partner|cable>/<dev>/mode<index>/active\n"
	"Date:\t\tApril 2017\n"
	"Description:\tactive\n";

static const char removed[] =
	"What:\t\t/sys/class/rfkill/rfkill[0-9]+/claim\n"
	"Date:\t\t09-Jul-2007\n"
	"Description:\tclaim\n";

/* Does @pat match @path, '#' standing for a hole? -1: the pattern does not compile. */
static int mh(const char *pat, const char *path)
{
	char why[160], buf[512];
	struct sa_abi_pattern *p = sa_abi_pattern_new(pat, why, sizeof(why));
	int r;

	if (!p)
		return -1;
	snprintf(buf, sizeof(buf), "%s", path);
	for (char *c = buf; *c; c++)
		if (*c == '#')
			*c = SA_ABI_HOLE;
	r = sa_abi_pattern_match_holes(p, buf);
	sa_abi_pattern_free(p);
	return r;
}

static void test_holes(void)
{
	ok(mh("/sys/class/gpio/", "/sys/class/gpio/gpio#/value") == 1 &&
	   mh("/sys/class/gpio/", "/sys/class/gpio") == 1 &&
	   mh("/sys/class/gpio/", "/sys/class/gpiochip#") == 0,
	   "a hole below a trailing /: matched; a namesake is not");
	ok(mh("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/rfkill#/claim") == 1 &&
	   mh("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/rfkill#/#") == 0 &&
	   mh("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/#/cl#") == 0,
	   "a hole stands for a wildcard, never for the entry's literal text");
	ok(mh("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/rfkill1#/claim") == 1 &&
	   mh("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/rfkill#7/claim") == 1 &&
	   mh("/sys/class/rfkill/rfkill[0-9]+/claim", "/sys/class/rfkill/rfkillx#/claim") == 0,
	   "a hole beside a wildcard's own characters; a character it cannot take is no match");
	ok(mh("/sys/bus/usb/devices/.../power/level", "/sys/bus/usb/devices/#/power/level") == 1 &&
	   mh("/sys/bus/usb/devices/.../power/level", "/sys/bus/usb/devices/#/power/control") == 0,
	   "...: a hole is one of its components");
	ok(mh("/sys/class/typec/<port|partner|cable>/<dev>/mode<index>/active",
	      "/sys/class/typec/#/#/mode#/active") == 1,
	   "<name>, <a|b>: holes for each");
	ok(mh("/sys/kernel/fadump_enabled", "/sys/kernel/fadump_enabled") == 1 &&
	   mh("/sys/kernel/fadump_enabled", "/sys/kernel/fadump_enabled2") == 0,
	   "no hole: the exact match");
}

struct found {
	char names[8][128];
	char files[8][64];
	size_t at[8];
	int n;
};

static int on_name(const struct sa_abi_name *nm, void *ctx)
{
	struct found *f = ctx;

	if (f->n < 8) {
		snprintf(f->names[f->n], sizeof(f->names[0]), "%.*s", (int)nm->len, nm->text);
		snprintf(f->files[f->n], sizeof(f->files[0]), "%s", nm->entry->file);
		f->at[f->n] = nm->at;
	}
	f->n++;
	return 0;
}

static struct found find(const struct sa_abi_strings *m, const char *s, unsigned int syn)
{
	struct found f = { .n = 0 };

	sa_abi_strings_find(m, s, strlen(s), syn, on_name, &f);
	return f;
}

static void test_strings(const struct sa_abi_strings *m)
{
	struct found f;

	f = find(m, "/sys/class/gpio/gpio%d/value", SA_ABI_SYN_PRINTF);
	ok(f.n == 1 && !strcmp(f.names[0], "/sys/class/gpio/gpio%d/value") &&
	   !strcmp(f.files[0], "obsolete/gpio"), "a printf path in a binary names its entry");
	f = find(m, "/sys/class/rfkill/rfkill%u/%s", SA_ABI_SYN_PRINTF);
	ok(f.n == 0, "util-linux rfkill's /sys/class/rfkill/rfkill%%u/%%s names no entry");
	f = find(m, "/sys/class/rfkill/rfkill%u/claim", SA_ABI_SYN_PRINTF);
	ok(f.n == 1 && !strcmp(f.files[0], "removed/rfkill"), "its claim does (removed/)");
	f = find(m, "can't open /proc/i8k", SA_ABI_SYN_PRINTF);
	ok(f.n == 1 && !strcmp(f.names[0], "/proc/i8k") && f.at[0] == 11,
	   "a path inside a message, with its offset");
	f = find(m, "/proc/i8kx /usr/sys/class/gpio $ROOT/sys/class/gpio /sys/class/gpiochip0",
		 SA_ABI_SYN_SHELL);
	ok(f.n == 0, "namesakes and paths inside longer words name nothing");
	f = find(m, "  if [ -n \"$PIN\" -a ! -e /sys/class/gpio/$PIN ]; then", SA_ABI_SYN_SHELL);
	ok(f.n == 1 && !strcmp(f.names[0], "/sys/class/gpio/$PIN"),
	   "a shell variable is a hole, and the path ends at the blank");
	f = find(m, "echo 1 > \"/sys/class/gpio/gpio\"${N}\"/value\"; cat /proc/i8k.",
		 SA_ABI_SYN_SHELL);
	ok(f.n == 2 && !strcmp(f.names[0], "/sys/class/gpio/gpio\"${N}\"/value") &&
	   !strcmp(f.names[1], "/proc/i8k"),
	   "quotes inside a word join it; a full stop after a path is not part of it");
	f = find(m, "my $pinroot = qq(/sys/class/gpio/gpio$params{pinid});", SA_ABI_SYN_SHELL);
	ok(f.n == 1 && !strcmp(f.names[0], "/sys/class/gpio/gpio$params{pinid}"),
	   "a Perl hash element is a hole, the closing parenthesis ends the path");
	f = find(m, "for d in /sys/bus/usb/devices/*/power/level; do", SA_ABI_SYN_SHELL);
	ok(f.n == 1, "a glob is a hole");
	f = find(m, "/sys/class/gpio/../leds/x", SA_ABI_SYN_SHELL);
	ok(f.n == 0, "a path with .. is not what its text says: no match");
	f = find(m, "GPIO_PATH='/sys/class/gpio'", SA_ABI_SYN_SHELL);
	ok(f.n == 1 && !strcmp(f.names[0], "/sys/class/gpio"), "the directory itself");
}

struct hits {
	int n, more;
	unsigned long line[40];
	char key[40][128];
};

static int on_hit(const struct sa_hit *h, void *ctx)
{
	struct hits *x = ctx;

	if (!strcmp(h->kind, SA_KIND_ABI_MORE)) {
		x->more++;
		return 0;
	}
	if (x->n < 40) {
		x->line[x->n] = h->line;
		snprintf(x->key[x->n], sizeof(x->key[0]), "%s", h->key);
	}
	x->n++;
	return 0;
}

static void test_script(const struct sa_abi_strings *m)
{
	static const char script[] =
		"#!/bin/sh\n"
		"# echo 4 > /sys/class/gpio/export  (a comment)\n"
		"echo 4 > /sys/class/gpio/export\n"
		"echo 4 > /sys/class/gpio/export\n"
		"gpioset gpiochip0 4=1\n"
		"cat /proc/i8k\n";
	struct hits h = { 0 };
	char *big;
	size_t len = 0;

	sa_scan_script_abi(script, sizeof(script) - 1, 1, m, on_hit, &h);
	ok(h.n == 2 && h.line[0] == 3 && !strcmp(h.key[0], "/sys/class/gpio/export") &&
	   h.line[1] == 6 && h.more == 0,
	   "a script: each path once, comments skipped (%d)", h.n);
	memset(&h, 0, sizeof(h));
	sa_scan_script(script, sizeof(script) - 1, 1, on_hit, &h);
	ok(h.n == 0, "without a table, nothing of the kind is looked for");

	/* many distinct paths: the first SA_ABI_NAMES_MAX, then one count */
	big = malloc(100 * 64);
	for (int i = 0; big && i < 100; i++)
		len += sprintf(big + len, "echo 1 > /sys/class/gpio/gpio%d/value\n", i);
	memset(&h, 0, sizeof(h));
	if (big)
		sa_scan_script_abi(big, len, 1, m, on_hit, &h);
	ok(h.n == SA_ABI_NAMES_MAX && h.more == 1,
	   "past %d names, one hit counts the rest (%d, %d)", SA_ABI_NAMES_MAX, h.n, h.more);
	free(big);
}

struct rule_hits {
	struct hits h;
	const struct sa_abi_strings *m;
	struct sa_abi_names seen;
};

static int on_rule(const struct sa_rule *r, void *ctx)
{
	struct rule_hits *x = ctx;

	return sa_rules_abi(r, x->m, &x->seen, on_hit, &x->h);
}

static void test_rules(const struct sa_abi_strings *m)
{
	static const char rules[] =
		"SUBSYSTEM==\"gpio\", KERNEL==\"gpio*\", ATTR{direction}=\"out\"\n"
		"ACTION==\"add\", SUBSYSTEM==\"rfkill\", ATTR{claim}=\"1\"\n"
		"ACTION==\"add\", SUBSYSTEM==\"rfkill\", ATTR{state}=\"1\"\n"
		"ACTION==\"add\", SUBSYSTEM==\"usb\", TEST==\"power/level\", ATTR{power/level}=\"auto\"\n"
		"SUBSYSTEM==\"gpiochip\", RUN+=\"/bin/sh -c 'echo 4 > /sys/class/gpio/export'\"\n"
		"KERNEL==\"rfkill*\", ATTR{claim}=\"1\"\n"
		"SUBSYSTEM==\"leds\", ATTR{brightness}=\"1\"\n"
		"SUBSYSTEM==\"gpio\", PROGRAM=\"/bin/sh -c 'chmod 660 /sys%p/value /sys$devpath/edge'\"\n"
		"SUBSYSTEM==\"leds\", RUN+=\"/bin/chmod 660 /sys%p/brightness\"\n";
	struct rule_hits x = { .m = m };

	sa_rules_parse(rules, sizeof(rules) - 1, on_rule, &x);
	ok(x.h.n == 6 && x.h.line[4] == 8 && !strcmp(x.h.key[4], "/sys/class/gpio/*/value") &&
	   x.h.line[5] == 8 && !strcmp(x.h.key[5], "/sys/class/gpio/*/edge"),
	   "rules: /sys%%p and /sys$devpath are the selected devices' directory (%d)", x.h.n);
	ok(x.h.n >= 4 && x.h.line[0] == 1 && !strcmp(x.h.key[0], "/sys/class/gpio/gpio*/direction") &&
	   x.h.line[1] == 2 && !strcmp(x.h.key[1], "/sys/class/rfkill/*/claim") &&
	   x.h.line[2] == 4 && !strcmp(x.h.key[2], "/sys/bus/usb/devices/*/power/level") &&
	   x.h.line[3] == 5 && !strcmp(x.h.key[3], "/sys/class/gpio/export"),
	   "rules: ATTR{} on the selected class or bus, TEST, a path in RUN; state, a rule "
	   "without a subsystem and a current attribute name nothing (%d)", x.h.n);
	for (int i = 0; i < x.h.n && i < 40; i++)
		printf("#   line %lu: %s\n", x.h.line[i], x.h.key[i]);
}

static void test_fingerprint(const struct sa_abi_strings *m)
{
	static const char script[] = "#!/bin/sh\necho 4 > /sys/class/gpio/export\n"
				     "cat /sys/class/gpio/gpio4/value /proc/i8k\n";
	static const char modern[] = "#!/bin/sh\ngpioset gpiochip0 4=1\nrfkill block wifi\n";
	char out[400];
	int n;

	n = sa_fingerprint_abi_buf(m, "/opt/x", script, sizeof(script) - 1, out, sizeof(out));
	ok(n == 3 && !strcmp(out, "/sys/class/gpio/export (obsolete/gpio), "
			     "/sys/class/gpio/gpio4/value (obsolete/gpio), /proc/i8k (obsolete/gpio)"),
	   "fingerprint: the paths a script names, with their entries (%d: %s)", n, out);
	n = sa_fingerprint_abi_buf(m, "/opt/y", modern, sizeof(modern) - 1, out, sizeof(out));
	ok(n == 0 && !*out, "fingerprint: a script of the replacements (gpioset, rfkill): nothing");
	n = sa_fingerprint_abi_buf(m, "/usr/share/laptop-mode-tools/modules/runtime-pm", modern,
				   sizeof(modern) - 1, out, sizeof(out));
	ok(n == 1 && strstr(out, "laptop-mode-tools 1.74-1.2: ") &&
	   strstr(out, "(obsolete/sysfs-bus-usb)"),
	   "fingerprint: a known reader by its path, whatever its strings (%s)", out);
	ok(sa_abi_reader_of("/usr/sbin/kdump-config") && sa_abi_reader_of("/usr/bin/i8kctl") &&
	   !sa_abi_reader_of("/usr/bin/gpioset") && !sa_abi_reader_of("/usr/sbin/rfkill"),
	   "the known readers: kdump-config, i8kctl; never gpioset or rfkill");
	for (size_t i = 0; i < sa_abi_readers_len; i++)
		if (strncmp(sa_abi_readers[i].entry, "obsolete/", 9) &&
		    strncmp(sa_abi_readers[i].entry, "removed/", 8))
			ok(0, "reader %s: an entry of obsolete/ or removed/", sa_abi_readers[i].path);
}

int main(void)
{
	struct sa_abi abi = {};
	struct sa_abi_strings *m;

	test_holes();
	sa_abi_parse(&abi, "obsolete/gpio", entries, sizeof(entries) - 1);
	sa_abi_parse(&abi, "removed/rfkill", removed, sizeof(removed) - 1);
	ok(abi.nerr == 0 && abi.n == 5, "the entries of the test parse (%zu, %zu errors)", abi.n,
	   abi.nerr);
	m = sa_abi_strings_new(&abi);
	ok(m != NULL, "compiled");
	if (m) {
		test_strings(m);
		test_script(m);
		test_rules(m);
		test_fingerprint(m);
	}
	sa_abi_strings_free(m);
	sa_abi_free(&abi);
	return tap_done();
}
