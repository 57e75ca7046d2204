// SPDX-License-Identifier: GPL-2.0
/*
 * boot --status's readers of a tree, each called on a fake root written
 * here: which unit links mean "enabled" (reports/boot_unit.c), which
 * kernels' images the next boot may use and which generator's fix is
 * given (reports/boot_initrd.c), and when the last audit ran
 * (reports/boot_last.c). 45-boot-status.t runs the whole command on one
 * kernel and the shipped unit; the choices among several are pinned
 * here, each by the input only that choice handles, with the exact text.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "common/root.h"
#include "reports/boot_armed.h"
#include "reports/boot_initrd.h"
#include "reports/boot_last.h"
#include "reports/boot_unit.h"
#include "tap.h"

static char top[] = "/tmp/sa-armed-XXXXXX";
static char tree[64];		/* the current fake root, under top */
static int ntrees;

/* A fresh empty root; its path in tree. */
static void new_tree(void)
{
	snprintf(tree, sizeof(tree), "%s/%d", top, ntrees++);
	mkdir(tree, 0755);
}

/* mkdir -p of the directories of @path (under the tree), then the path itself if @dir. */
static void mkdirs(const char *path, int dir)
{
	char p[512];

	snprintf(p, sizeof(p), "%s%s", tree, path);
	for (char *s = p + strlen(tree) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	if (dir)
		mkdir(p, 0755);
}

static void put(const char *path, const char *text)
{
	char p[512];
	FILE *f;

	mkdirs(path, 0);
	snprintf(p, sizeof(p), "%s%s", tree, path);
	f = fopen(p, "w");
	if (!f)
		exit(2);
	fputs(text, f);
	fclose(f);
}

/* systemctl enable's link: @dir/sysfs-audit-boot.service -> the unit. */
static void enable_in(const char *dir)
{
	char p[512];

	snprintf(p, sizeof(p), "%s%s/" SA_BOOT_UNIT, tree, dir);
	mkdirs(dir, 1);
	if (symlink("/lib/systemd/system/" SA_BOOT_UNIT, p))
		exit(2);
}

/* The checks of @s as "STATE SUBJECT: TEXT [fix: FIX]|" lines, into @buf. */
static const char *checks(const struct sa_boot_status *s, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->n && n < len; i++) {
		const struct sa_check *c = &s->checks[i];

		n += snprintf(buf + n, len - n, "%s %s: %s%s%s|", sa_check_state_names[c->state],
			      c->subject, c->text, c->fix[0] ? " fix: " : "", c->fix);
	}
	return buf;
}

/* sa_armed_unit() on the tree, the unit file holding @unit; its checks. */
static const char *unit(const char *text, char *buf, size_t len)
{
	struct sa_boot_status s = { 0 };
	struct sa_root r;

	put("/lib/systemd/system/" SA_BOOT_UNIT, text);
	if (sa_root_init(&r, tree, false))
		exit(2);
	sa_armed_unit(&r, tree, &s);
	sa_root_fini(&r);
	return checks(&s, buf, len);
}

#define ETC "/etc/systemd/system/"
#define NOT_MASKED "ok " SA_BOOT_UNIT ": not masked|"

static void test_unit(void)
{
	char buf[2048];

	/* RequiredBy=: systemctl enable links it into TARGET.requires */
	new_tree();
	enable_in(ETC "graphical.target.requires");
	is(unit("[Unit]\nDescription=x\n[Install]\nRequiredBy=graphical.target\n",
		buf, sizeof(buf)),
	   "ok " SA_BOOT_UNIT ": enabled (" ETC "graphical.target.requires)|" NOT_MASKED,
	   "unit: RequiredBy=graphical.target, linked in graphical.target.requires: enabled there");

	/* WantedBy= outside [Install] names nothing systemctl enables */
	new_tree();
	enable_in(ETC "a.target.wants");
	is(unit("[Unit]\nWantedBy=a.target\n[Install]\nWantedBy=multi-user.target\n",
		buf, sizeof(buf)),
	   "NO " SA_BOOT_UNIT ": not enabled (nothing in " ETC "multi-user.target.wants) "
	   "fix: systemctl enable " SA_BOOT_UNIT "|" NOT_MASKED,
	   "unit: a WantedBy= in [Unit] is not a target: its link does not enable");

	/* ... nor in a section after [Install] */
	new_tree();
	enable_in(ETC "b.target.wants");
	is(unit("[Install]\nWantedBy=multi-user.target\n[X-Later]\nWantedBy=b.target\n",
		buf, sizeof(buf)),
	   "NO " SA_BOOT_UNIT ": not enabled (nothing in " ETC "multi-user.target.wants) "
	   "fix: systemctl enable " SA_BOOT_UNIT "|" NOT_MASKED,
	   "unit: a WantedBy= in a section after [Install] is not a target either");

	/* several targets on one line, indented: the link of any of them enables */
	new_tree();
	enable_in(ETC "multi-user.target.wants");
	is(unit("[Install]\n  WantedBy=a.target \tmulti-user.target\n", buf, sizeof(buf)),
	   "ok " SA_BOOT_UNIT ": enabled (" ETC "multi-user.target.wants)|" NOT_MASKED,
	   "unit: WantedBy=a.target multi-user.target, the second linked: enabled there");

	/* a WantedBy= unit's link in .requires is not where systemctl puts it: still found */
	new_tree();
	enable_in(ETC "multi-user.target.wants");
	is(unit("[Install]\nRequiredBy=a.target\nWantedBy=multi-user.target\n", buf, sizeof(buf)),
	   "ok " SA_BOOT_UNIT ": enabled (" ETC "multi-user.target.wants)|" NOT_MASKED,
	   "unit: RequiredBy= and WantedBy= both read, the WantedBy= target's link found");
}

/* sa_armed_releases() on the tree with @running; "A,B" into @buf. */
static const char *releases(const char *running, char *buf, size_t len)
{
	struct sa_armed_opts o = { .root = tree, .running = running };
	struct sa_root r;
	char *out[2];
	size_t n = 0;
	int k;

	if (sa_root_init(&r, tree, false))
		exit(2);
	k = sa_armed_releases(&o, &r, tree, out, 2);
	sa_root_fini(&r);
	buf[0] = '\0';
	for (int i = 0; i < k; i++) {
		n += snprintf(buf + n, len - n, "%s%s", i ? "," : "", out[i]);
		free(out[i]);
	}
	return buf;
}

static void test_releases(void)
{
	char buf[256];

	/* by version, not by name: alphasort puts -9 last, strverscmp -100 */
	new_tree();
	put("/boot/vmlinuz-6.1.0-9-amd64", "");
	put("/boot/vmlinuz-6.1.0-100-amd64", "");
	put("/boot/vmlinuz-6.1.0-10-amd64", "");
	put("/boot/vmlinuz-", "");
	is(releases(NULL, buf, sizeof(buf)), "6.1.0-100-amd64",
	   "releases: of -9, -10, -100 (no running kernel) the newest by version, -100");
	is(releases("6.1.0-9-amd64", buf, sizeof(buf)), "6.1.0-9-amd64,6.1.0-100-amd64",
	   "releases: the running -9 (installed), then the newest");
	is(releases("6.1.0-100-amd64", buf, sizeof(buf)), "6.1.0-100-amd64",
	   "releases: the running kernel is the newest: once");
	is(releases("5.10.0-1-amd64", buf, sizeof(buf)), "6.1.0-100-amd64",
	   "releases: the running kernel gone from /boot: only the newest");
}

/* The fix sa_armed_images() gives for --kernel 6.1.0-9-amd64 without its image. */
static const char *missing_fix(char *buf, size_t len)
{
	struct sa_armed_opts o = { .root = tree, .kernel = "6.1.0-9-amd64" };
	struct sa_boot_status s = { 0 };
	struct sa_root r;

	if (sa_root_init(&r, tree, false))
		exit(2);
	sa_armed_images(&o, &r, tree, &s);
	sa_root_fini(&r);
	return checks(&s, buf, len);
}

#define MISSING "NO /boot/initrd.img-6.1.0-9-amd64: missing: the next boot of this kernel " \
	"has no initramfs fix: "

static void test_generator(void)
{
	char buf[1024];

	new_tree();
	is(missing_fix(buf, sizeof(buf)), MISSING "update-initramfs -c -k 6.1.0-9-amd64|",
	   "images: neither generator installed: initramfs-tools's fix (Debian's default)");
	put("/usr/bin/dracut", "");
	is(missing_fix(buf, sizeof(buf)),
	   MISSING "dracut -f /boot/initrd.img-6.1.0-9-amd64 6.1.0-9-amd64|",
	   "images: dracut alone installed: dracut's fix");
	put("/usr/sbin/update-initramfs", "");
	is(missing_fix(buf, sizeof(buf)), MISSING "update-initramfs -c -k 6.1.0-9-amd64|",
	   "images: dracut and update-initramfs both installed: initramfs-tools builds the images");
}

/* sa_boot_last() on the tree, boot-clean.json kept with its span's @end. */
static void last(const char *end, struct sa_boot_status *s)
{
	char cmd[512];
	struct sa_root r;

	new_tree();
	mkdirs("/var/lib/sysfs-audit", 1);
	snprintf(cmd, sizeof(cmd), "sed 's/\"end\": \"[^\"]*\"/\"end\": \"%s\"/' "
		 "tests/host/reports/boot-clean.json >%s/var/lib/sysfs-audit/boot-report.json",
		 end, tree);
	if (system(cmd) || sa_root_init(&r, tree, false))
		exit(2);
	sa_boot_last(&r, tree, s);
	sa_root_fini(&r);
}

static void test_last(void)
{
	struct sa_boot_status s = { 0 };
	/* boot-clean.json's span.start, 2026-12-04T09:00:02Z */
	const time_t start = 1796374802;

	last("2026-12-04T09:10:00Z", &s);
	ok(s.have_report && !s.report_err[0], "last: the kept report read (%s)", s.report_err);
	is(s.verdict, "no boot-path dependent", "last: its verdict, as report gives it");
	ok(s.when == start + 598, "last: when is the span's end, not its start (%lld)",
	   (long long)s.when);
	/*
	 * An end before the start is refused by the reader, so the end is
	 * never 0 while the start is not: the start as a fallback
	 * (boot_last.c) is never what is shown.
	 */
	memset(&s, 0, sizeof(s));
	last("1970-01-01T00:00:00Z", &s);
	is(s.report_err, "span: end is before start",
	   "last: an end before the start: why it cannot be read");
	ok(s.have_report && !s.verdict && !s.when, "... no verdict, no time");
	memset(&s, 0, sizeof(s));
	new_tree();
	{
		struct sa_root r;

		if (sa_root_init(&r, tree, false))
			exit(2);
		sa_boot_last(&r, tree, &s);
		sa_root_fini(&r);
	}
	ok(!s.have_report && !s.verdict && !s.when, "last: none kept: no report, no verdict, no time");
}

/*
 * /etc/default/sysfs-audit as the hooks source it: "export BOOT_AUDIT=yes"
 * arms the audit as "BOOT_AUDIT=yes" does, and the last assignment counts.
 */
static const char *defaults(const char *text, char *buf, size_t len)
{
	struct sa_armed_opts o = { 0 };
	struct sa_boot_status s = { 0 };
	const char *line, *end;

	new_tree();
	put(SA_DEFAULTS, text);
	o.root = tree;
	if (sa_boot_armed(&o, &s))
		exit(2);
	/* only the line of the settings file */
	checks(&s, buf, len);
	line = strstr(buf, SA_DEFAULTS ": ");
	if (!line)
		return "";
	line = memrchr(buf, '|', line - buf) ? (const char *)memrchr(buf, '|', line - buf) + 1 : buf;
	end = strchr(line, '|');
	memmove(buf, line, end ? (size_t)(end - line) : strlen(line));
	buf[end ? (size_t)(end - line) : strlen(line)] = '\0';
	return buf;
}

static void test_defaults(void)
{
	char buf[4096];

	is(defaults("export BOOT_AUDIT=yes\n", buf, sizeof(buf)),
	   "ok " SA_DEFAULTS ": BOOT_AUDIT=yes", "defaults: export BOOT_AUDIT=yes arms it");
	is(defaults("\texport\tBOOT_AUDIT=\"yes\"\n", buf, sizeof(buf)),
	   "ok " SA_DEFAULTS ": BOOT_AUDIT=yes", "defaults: tabs and quotes too");
	is(defaults("BOOT_AUDIT=yes\nexport BOOT_AUDIT=no\n", buf, sizeof(buf)),
	   "NO " SA_DEFAULTS ": BOOT_AUDIT=no fix: sed -i "
	   "'s/^[[:space:]]*\\(export[[:space:]]\\+\\)\\?BOOT_AUDIT=.*/BOOT_AUDIT=yes/' "
	   SA_DEFAULTS, "defaults: an export after it counts, the last one");
	is(defaults("exportBOOT_AUDIT=yes\n", buf, sizeof(buf)),
	   "NO " SA_DEFAULTS ": no BOOT_AUDIT= line (the hooks take no) fix: echo BOOT_AUDIT=yes >>"
	   SA_DEFAULTS, "defaults: exportBOOT_AUDIT= is no assignment");
}

int main(void)
{
	char cmd[128];

	if (!mkdtemp(top))
		return 2;
	test_unit();
	test_releases();
	test_generator();
	test_last();
	test_defaults();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	if (system(cmd))
		return 2;
	return tap_done();
}
