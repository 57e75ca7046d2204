// SPDX-License-Identifier: GPL-2.0
/*
 * The writers of user/output/, by the bytes they write through their
 * public functions: the stream's rows and summary (stream.c), the JSON
 * string writer (json_out.c), the streamed pretty JSON (json_pretty.c),
 * a dependent's lines (dep_out.c) and a finding's line (findings_out.c).
 * The bytes, not the code's shape, so that a rewrite of the writers is
 * held to the same output.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/boot_status.h"
#include "model/ctx.h"
#include "model/dependent.h"
#include "model/finding.h"
#include "model/legacy.h"
#include "output/boot_status_out.h"
#include "output/dep_out.h"
#include "output/escape.h"
#include "output/findings_out.h"
#include "output/stream.h"
#include "tap.h"

static char *buf;
static size_t blen;
static FILE *mem;

static FILE *open_out(void)
{
	free(buf);
	buf = NULL;
	mem = open_memstream(&buf, &blen);
	if (!mem)
		exit(2);
	return mem;
}

/* What was written since open_out(). */
static const char *out(void)
{
	fclose(mem);
	return buf;
}

/* @s without its trailing newline, for a check's description. */
static const char *line_of(const char *s)
{
	static char l[512];

	snprintf(l, sizeof(l), "%.*s", (int)strcspn(s, "\n"), s);
	return l;
}

static char dp[] = "/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda";
static char ldp[] = "/block/sda";
static char lpp[] = "/devices/pci0000:00/0000:00:1f.2/host0/target0:0:0/0:0:0:0";
static char lbus[] = "scsi", ldrv[] = "sd";

/* The table's columns of keys added after these three: unset, "  -" each. */
static const char *more_keys(void)
{
	static char s[256];
	size_t n = 0;

	s[0] = '\0';
	for (int k = SA_KEY_PHYSDEVDRIVER + 1; k < SA_KEY_N; k++)
		n += snprintf(s + n, sizeof(s) - n, "  -");
	return s;
}

static void test_stream_rows(void)
{
	struct sa_legacy l = { .exists = true, .devpath = ldp,
			       .key = { [SA_KEY_PHYSDEVPATH] = lpp, [SA_KEY_PHYSDEVBUS] = lbus,
					[SA_KEY_PHYSDEVDRIVER] = ldrv } };
	struct sa_ctx c = { .subsystem = "block", .devpath = dp, .plain = true };
	char action[1001], want[2048];
	const char *got;
	int n;

	open_out();
	sa_print_row(mem, SA_FMT_TEXT, &c, &l);
	snprintf(want, sizeof(want), "block        scsi       sd             %s -> /block/sda  %s%s\n",
		 dp, lpp, more_keys());
	is(out(), want, "stream: a device's table row, no [truncated] tag");
	c.trunc = 1;
	open_out();
	sa_print_row(mem, SA_FMT_TEXT, &c, &l);
	snprintf(want, sizeof(want), "block        scsi       sd             %s [truncated] -> "
		 "/block/sda  %s%s\n", dp, lpp, more_keys());
	is(out(), want, "stream: a truncated one's row says so after its DEVPATH");
	c.trunc = 0;
	l.exists = false;
	open_out();
	sa_print_row(mem, SA_FMT_TEXT, &c, &l);
	snprintf(want, sizeof(want), "block        scsi       sd             %s -> (none)  %s%s\n",
		 dp, lpp, more_keys());
	is(out(), want, "stream: a device without a legacy counterpart: (none)");
	l.exists = true;

	/* a device (no attach point) is a "device" row with today's facts */
	c.class = "block";
	open_out();
	sa_print_row(mem, SA_FMT_JSON, &c, &l);
	got = out();
	snprintf(want, sizeof(want), "{\"type\":\"device\",\"subsystem\":\"block\","
		 "\"devpath\":\"%s\",\"devname\":null,\"class\":\"block\",\"bus\":null,"
		 "\"driver\":null,\"legacy\":{", dp);
	ok(!strncmp(got, want, strlen(want)), "stream: a snapshot's JSON row is a device's (%s)",
	   line_of(got));

	/*
	 * A traced event's row, put together from kept parts (view ids): the
	 * parts are the view's own. Views 1 and 4097 share a slot of the
	 * memo; each row still names its own device.
	 */
	c = (struct sa_ctx){ .action = "add", .subsystem = "block", .devpath = dp,
			     .source = "fexit", .seqnum = 7, .sent = true, .view = 1 };
	open_out();
	sa_print_row(mem, SA_FMT_JSON, &c, &l);
	/* the keys in the key table's order: a key added there is one more member */
	n = snprintf(want, sizeof(want), "{\"type\":\"event\",\"seqnum\":7,\"action\":\"add\","
		     "\"subsystem\":\"block\",\"devpath\":\"%s\",\"devname\":null,\"sent\":true,"
		     "\"ret\":0,\"source\":\"fexit\",\"legacy\":{\"exists\":true,\"devpath\":"
		     "\"/block/sda\"", dp);
	for (int k = 0; k < SA_KEY_N; k++)
		n += snprintf(want + n, sizeof(want) - n, l.key[k] ? ",\"%s\":\"%s\"" : ",\"%s\":null",
			      sa_keys[k].name, l.key[k]);
	snprintf(want + n, sizeof(want) - n, ",\"links\":[]}}\n");
	is(out(), want, "stream: a traced event's JSON row, view 1");
	c.devpath = "/devices/virtual/block/loop0";
	c.view = 4097;
	c.seqnum = 8;
	open_out();
	sa_print_row(mem, SA_FMT_JSON, &c, &l);
	got = out();
	ok(strstr(got, "\"devpath\":\"/devices/virtual/block/loop0\",") && !strstr(got, dp),
	   "stream: view 4097 (view 1's slot): its own device, not view 1's (%.120s)", got);
	c.view = 4097;
	c.devpath = dp;	/* the same view: its kept parts, by definition unchanged */
	open_out();
	sa_print_row(mem, SA_FMT_JSON, &c, &l);
	got = out();
	ok(strstr(got, "\"devpath\":\"/devices/virtual/block/loop0\",") != NULL,
	   "stream: the same view again: its kept parts reused");

	/*
	 * An action longer than 64 characters is written the long way: the
	 * quick path's line has room for the kept parts and short strings
	 * only (ASan stops a 1000-character one written there).
	 */
	for (size_t n = 70; n <= 1000; n += 930) {
		memset(action, 'a', n);
		action[n] = '\0';
		c = (struct sa_ctx){ .action = action, .subsystem = "block", .devpath = dp,
				     .source = "fexit", .seqnum = 9, .view = 2 };
		open_out();
		sa_print_row(mem, SA_FMT_JSON, &c, &l);
		got = out();
		snprintf(want, sizeof(want), "{\"type\":\"event\",\"seqnum\":9,\"action\":\"%s\",",
			 action);
		ok(!strncmp(got, want, strlen(want)), "stream: a %zu-character action, written whole",
		   n);
	}
}

static void test_stream_summary(void)
{
	struct sa_summary s = { .events = 3, .truncated = 2 };
	char want[512];
	const char *got;
	int n;

	open_out();
	sa_print_summary(mem, SA_FMT_JSON, &s, NULL, NULL);
	got = out();
	ok(strstr(got, "\"devices\":3,") && !strstr(got, "\"events\""),
	   "summary JSON of a snapshot: \"devices\": 3, no \"events\" (%.80s)", got);
	open_out();
	sa_print_summary(mem, SA_FMT_JSON, &s, "fexit", NULL);
	got = out();
	ok(strstr(got, "\"events\":3,") && !strstr(got, "\"devices\""),
	   "summary JSON of a trace: \"events\", no \"devices\"");

	open_out();
	sa_print_summary(mem, SA_FMT_TEXT, &s, NULL, NULL);
	/* the keys in the key table's order: a key added there is one more count */
	n = snprintf(want, sizeof(want), "\n3 devices\nSUBSYSTEM            DEVICES\n"
		     "would have carried:");
	for (int k = 0; k < SA_KEY_N; k++)
		n += snprintf(want + n, sizeof(want) - n, "%s %s 0", k ? "," : "", sa_keys[k].name);
	snprintf(want + n, sizeof(want) - n, "\nlegacy links needed: device 0, <class>:<name> 0, "
		 "class directory 0, bus 0\nwith truncated fields: 2\n");
	is(out(), want, "summary table of a snapshot: devices, and the truncated count");
	open_out();
	sa_print_summary(mem, SA_FMT_TEXT, &s, "fexit", NULL);
	ok(!strncmp(out(), "\n3 events\nSUBSYSTEM            EVENTS\n", 38),
	   "summary table of a trace: events");
}

/* JSON strings as the stream writes them: a snapshot row's DEVNAME. */
static void test_json_str(void)
{
	struct sa_legacy l = { .devpath = ldp };
	struct sa_ctx c = { .subsystem = "block", .devpath = "/d" };
	const char *got;

	c.devname = "a\x01z\x1f\x7f\"\\\n";
	open_out();
	sa_print_row(mem, SA_FMT_JSON, &c, &l);
	got = out();
	ok(strstr(got, ",\"devname\":\"a\\u0001z\\u001f\x7f\\\"\\\\\\n\",") != NULL,
	   "JSON string: C0 controls as \\u00XX, DEL as is (valid JSON), quote, backslash, "
	   "newline (%s)", line_of(got));
	c.devname = "\xc3\xa9\xff";
	open_out();
	sa_print_row(mem, SA_FMT_JSON, &c, &l);
	got = out();
	ok(strstr(got, ",\"devname\":\"\xc3\xa9\\\\xff\",") != NULL,
	   "JSON string: UTF-8 as is, an invalid byte as the text \\xff (%s)", line_of(got));
	c.devname = NULL;
	open_out();
	sa_print_row(mem, SA_FMT_JSON, &c, &l);
	got = out();
	ok(strstr(got, ",\"devname\":null,") != NULL, "JSON string: none is null");
}

/* sa_esc_dup(@s, @how), compared with @want and freed. */
static void esc_is(const char *s, enum sa_esc how, const char *want, const char *what)
{
	char *got = sa_esc_dup(s, how);

	is(got, want, what);
	free(got);
}

static void test_escape(void)
{
	static const unsigned char sur[] = { 0xed, 0xa0, 0x80 }, over3[] = { 0xe0, 0x9f, 0xbf },
				   past[] = { 0xf4, 0x90, 0x80, 0x80 }, e9[] = { 0xc3, 0xa9 },
				   top[] = { 0xf4, 0x8f, 0xbf, 0xbf }, lo3[] = { 0xe0, 0xa0, 0x80 },
				   ed[] = { 0xed, 0x9f, 0xbf }, cut[] = { 0xe2, 0x82, 0xac };
	const char *got;

	ok(sa_utf8_len(sur, 3) == 0 && sa_utf8_len(ed, 3) == 3,
	   "utf8: a surrogate (U+D800) is invalid, U+D7FF is not");
	ok(sa_utf8_len(over3, 3) == 0 && sa_utf8_len(lo3, 3) == 3,
	   "utf8: an overlong 3-byte form (E0 9F BF) is invalid, U+0800 is not");
	ok(sa_utf8_len(past, 4) == 0 && sa_utf8_len(top, 4) == 4,
	   "utf8: past U+10FFFF is invalid, U+10FFFF is not");
	ok(sa_utf8_len(cut, 2) == 0 && sa_utf8_len(cut, 3) == 3 && sa_utf8_len(e9, 2) == 2,
	   "utf8: a sequence cut by the end of the buffer is invalid (not read past it)");
	ok(sa_utf8_is_control((const unsigned char *)"\x7f", 1) &&
	   sa_utf8_is_control((const unsigned char *)"\xe2\x81\xa6", 3) &&
	   sa_utf8_is_control((const unsigned char *)"\xe2\x81\xa9", 3) &&
	   !sa_utf8_is_control((const unsigned char *)"\xe2\x81\xaa", 3),
	   "utf8: DEL and the isolates U+2066..U+2069 are controls, U+206A is not");
	esc_is("a\x7f" "b\x01", SA_ESC_TEXT, "a\\x7fb\\x01", "text: DEL and C0 as \\xNN");
	esc_is("\xe2\x81\xa6x", SA_ESC_TEXT, "\\xe2\\x81\\xa6x", "text: an isolate (U+2066) as \\xNN");
	esc_is("", SA_ESC_PROM, "\\\\e", "prometheus: an empty value is \\e, escaped again");
	esc_is("a\\b", SA_ESC_PROM, "a\\\\\\\\b", "prometheus: a backslash as \\\\, escaped again");
	esc_is("a\x01\x7f", SA_ESC_PROM, "a\\\\x01\\\\x7f",
	       "prometheus: C0 and DEL as \\xNN, escaped again");
	esc_is("a|b", SA_ESC_MARKDOWN, "a\\|b", "markdown: a cell's end | escaped");
	open_out();
	sa_esc_line(mem, "%s|%d\n", "x\x1b[2Jy", 5);
	got = out();
	is(got, "x\\x1b[2Jy|5\n", "sa_esc_line: the formatted line escaped, its newline kept");
}

static void test_boot_status(void)
{
	struct sa_boot_status s = { 0 };
	struct sa_check *c;

	sa_check_add(&s, SA_CHECK_OK, "a", "fine");
	c = sa_check_add(&s, SA_CHECK_WARN, "/boot/initrd.img-6.1", "older");
	sa_check_fix(c, "update-initramfs -u -k 6.1");
	c = sa_check_add(&s, SA_CHECK_SKIP, "b", "skipped");
	sa_check_fix(c, "not shown");
	snprintf(s.report, sizeof(s.report), "/var/lib/sysfs-audit/boot-report.json");
	open_out();
	sa_boot_status_print_checks(mem, &s);
	is(out(), "ok    a: fine\nwarn  /boot/initrd.img-6.1: older\n"
	   "      fix: update-initramfs -u -k 6.1\nskip  b: skipped\n",
	   "boot status: a warning's fix shown, a skipped check's not");
	open_out();
	sa_boot_status_print_end(mem, &s);
	is(out(), "last result: none kept yet (/var/lib/sysfs-audit/boot-report.json)\n"
	   "armed for the next boot (1 warning)\n", "boot status: armed, 1 warning (singular)");
	sa_check_add(&s, SA_CHECK_WARN, "c", "also");
	open_out();
	sa_boot_status_print_end(mem, &s);
	ok(strstr(out(), "\narmed for the next boot (2 warnings)\n") != NULL,
	   "boot status: 2 warnings (plural)");
}

static struct sa_dependent dep;

static const struct sa_dependent *one(void *ctx, size_t *it)
{
	(void)ctx;
	return (*it)++ ? NULL : &dep;
}

static void test_dep_out(void)
{
	struct sa_dep_totals t = { .start_ns = 1000000000, .programs = 1,
				   .by_conf = { [SA_DC_SUSPECT] = 1 } };
	const char *got;

	dep.kind = SA_DK_LEGACY_NAME;
	dep.conf = SA_DC_SUSPECT;
	snprintf(dep.id.exe, sizeof(dep.id.exe), "/bin/busybox");
	snprintf(dep.id.script, sizeof(dep.id.script), "/etc/mdev/hotplug.sh");
	snprintf(dep.id.comm, sizeof(dep.id.comm), "hotplug.sh");
	snprintf(dep.examples[0], sizeof(dep.examples[0]), "/sys/class/net/eth0/device\xff");
	dep.nexamples = 1;
	dep.first_ns = dep.last_ns = 1500000000;
	open_out();
	sa_dep_print_live(mem, SA_FMT_TEXT, &dep, &t, false);
	got = out();
	ok(strstr(got, " /bin/busybox script /etc/mdev/hotplug.sh pid=0") != NULL,
	   "dep_out: a script's program is 'EXE script SCRIPT' (%.90s)", got);
	dep.id.script[0] = '\0';
	open_out();
	sa_dep_print_live(mem, SA_FMT_TEXT, &dep, &t, false);
	got = out();
	ok(strstr(got, " /bin/busybox pid=0") != NULL, "dep_out: a binary's is its path alone");
	open_out();
	sa_dep_print_summary(mem, SA_FMT_JSON, &t, one, NULL);
	got = out();
	ok(strstr(got, ",\"examples\":[\"/sys/class/net/eth0/device\\\\xff\"]") != NULL,
	   "dep_out: an example's invalid UTF-8 as the text \\xNN in the JSON");
	ok(strstr(got, ",\"first_s\":0.5,") != NULL, "dep_out: first_s is seconds since the start (0.5)");
	ok(sa_dep_rel_s(&t, 999999999) == 0.0 && sa_dep_rel_s(&t, 1000000000) == 0.0 &&
	   sa_dep_rel_s(&t, 3000000000) == 2.0,
	   "dep_out: before the start or at it: 0 s; 2 s after: 2");
	open_out();
	sa_dep_print_summary(mem, SA_FMT_TEXT, &t, one, NULL);
	got = out();
	ok(strstr(got, "\n                             e.g. /sys/class/net/eth0/device\\xff\n") !=
	   NULL, "dep_out: the summary's example line, escaped");
}

static void test_findings(void)
{
	struct sa_finding x = { .file = "/boot/initrd.img-6.1", .member = "scripts/x\n",
				.line = 3, .col = 9, .offset = -1, .kind = "physdev-key",
				.key = "PHYSDEVBUS", .severity = SA_SEV_WARNING, .message = "reads it" };
	const char *got;

	open_out();
	sa_finding_print(mem, SA_FMT_TEXT, &x);
	is(out(), "/boot/initrd.img-6.1(scripts/x\\x0a):3:9: warning: reads it [PHYSDEVBUS]\n",
	   "findings: IMAGE(MEMBER):LINE:COL, the member escaped");
	x.member = NULL;
	x.line = x.col = 0;
	open_out();
	sa_finding_print(mem, SA_FMT_TEXT, &x);
	is(out(), "/boot/initrd.img-6.1: warning: reads it [PHYSDEVBUS]\n",
	   "findings: a file's finding without a line: no member, no :0:0");
	open_out();
	sa_finding_print(mem, SA_FMT_JSON, &x);
	got = out();
	ok(strstr(got, "\"line\":null,\"col\":null,\"offset\":null") != NULL,
	   "findings: JSON, no line or offset: null, not 0 (%s)", line_of(got));
}

int main(void)
{
	test_stream_rows();
	test_stream_summary();
	test_json_str();
	test_dep_out();
	test_findings();
	test_escape();
	test_boot_status();
	free(buf);
	return tap_done();
}
