// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the content scanners of 'scan' (user/scan_script.c,
 * user/scan_elf.c, user/scan_initramfs.c) and the dpkg owner lookup
 * (user/dpkg_owner.c). TAP output. The initramfs fixtures are written here
 * with libarchive's writer: an uncompressed early cpio followed by a
 * compressed main one, as initramfs-tools and dracut lay them out.
 */
#define _GNU_SOURCE
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"

#include "common/dpkg_owner.h"
#include "audit/scan_elf.h"
#include "audit/scan_initramfs.h"
#include "audit/scan_script.h"
#include "common/slurp.h"


static char out[8192];
static size_t outn;

static void add(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	outn += vsnprintf(out + outn, sizeof(out) - outn, fmt, ap);
	va_end(ap);
	if (outn >= sizeof(out))
		outn = sizeof(out) - 1;
}

static int on_hit(const struct sa_hit *h, void *ctx)
{
	(void)ctx;
	if (h->line)
		add("%lu:%lu %s %s %s|", h->line, h->col, sa_sev_name(h->sev), h->kind, h->key);
	else
		add("%s %s %s|", sa_sev_name(h->sev), h->kind, h->key);
	return 0;
}

static void script(const char *text, const char *want, const char *what)
{
	outn = 0;
	out[0] = '\0';
	sa_scan_script(text, strlen(text), 1, on_hit, NULL);
	ok(!strcmp(out, want), "%s", what);
	if (strcmp(out, want))
		printf("#   got:  %s\n#   want: %s\n", out, want);
}

static int count(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s++;
	}
	return n;
}

/* Strings the ELF test finds in this very binary's .rodata. */
static const char marker[] = "sysfs-audit-test: PHYSDEVDRIVER=%s";
static const char marker2[] = "/sys/class/net/%s/device/bus";

static void elf_tests(void)
{
	char *self, junk[256];
	size_t len;
	const char *why = NULL;
	int err;

	err = sa_slurp("/proc/self/exe", 64UL << 20, &self, &len);
	ok(!err, "read our own ELF");
	if (err)
		return;
	outn = 0;
	out[0] = '\0';
	err = sa_scan_elf(self, len, on_hit, NULL, &why);
	/* this binary holds every key (the script tests' literals): each is reported once */
	ok(!err && strstr(out, "error physdev-key PHYSDEVDRIVER|") &&
	   strstr(out, "warning legacy-path device/bus|") &&
	   count(out, "PHYSDEVDRIVER|") == 1 && count(out, "device/bus|") == 1,
	   "strings in .rodata found, once each (%s; markers of %zu, %zu bytes)", out,
	   sizeof(marker), sizeof(marker2));
	why = NULL;
	err = sa_scan_elf(self, 100, on_hit, NULL, &why);
	ok(err == -EINVAL && why, "truncated ELF: an error with a reason (%s)", why ? why : "");
	memset(junk, 0xff, sizeof(junk));
	memcpy(junk, "\177ELF", 4);
	why = NULL;
	err = sa_scan_elf(junk, sizeof(junk), on_hit, NULL, &why);
	ok(err == -EINVAL && why, "ELF magic then junk: an error (%s)", why ? why : "");
	/* section headers pointing past the end: skipped, not read */
	{
		char *cut = malloc(len / 2);

		if (cut) {
			memcpy(cut, self, len / 2);
			why = NULL;
			err = sa_scan_elf(cut, len / 2, on_hit, NULL, &why);
			ok(err == 0 || (err == -EINVAL && why), "ELF cut in half: no crash (%d %s)",
			   err, why ? why : "");
			free(cut);
		}
	}
	free(self);
}

/* ---- initramfs fixtures --------------------------------------------------- */

struct member {
	const char *name, *data;
	size_t len;	/* 0: strlen(data) */
};

static size_t write_cpio(char *buf, size_t cap, int filter, const struct member *m, size_t n)
{
	struct archive *a = archive_write_new();
	size_t used = 0;

	archive_write_set_format_cpio_newc(a);
	if (filter == 'g')
		archive_write_add_filter_gzip(a);
	else if (filter == 'x')
		archive_write_add_filter_xz(a);
	else if (filter == 'z')
		archive_write_add_filter_zstd(a);
	archive_write_set_bytes_in_last_block(a, 1);
	if (archive_write_open_memory(a, buf, cap, &used) != ARCHIVE_OK) {
		printf("# archive_write_open_memory: %s\n", archive_error_string(a));
		archive_write_free(a);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		struct archive_entry *e = archive_entry_new();
		size_t l = m[i].len ? m[i].len : strlen(m[i].data);

		archive_entry_set_pathname(e, m[i].name);
		archive_entry_set_filetype(e, AE_IFREG);
		archive_entry_set_perm(e, 0755);
		archive_entry_set_size(e, l);
		archive_write_header(a, e);
		archive_write_data(a, m[i].data, l);
		archive_entry_free(e);
	}
	archive_write_close(a);
	archive_write_free(a);
	return used;
}

static char members[4096], errors[1024];

static int on_member(const char *name, const char *data, size_t len, void *ctx)
{
	size_t n = strlen(members);
	char preview[13];
	size_t i;

	(void)ctx;
	for (i = 0; i < len && i < 12; i++)
		preview[i] = data[i] >= ' ' && data[i] < 127 ? data[i] : '.';
	preview[i] = '\0';
	snprintf(members + n, sizeof(members) - n, "%s:%zu:%s|", name, len, preview);
	return 0;
}

static void on_error(const char *member, const char *msg, void *ctx)
{
	size_t n = strlen(errors);

	(void)ctx;
	snprintf(errors + n, sizeof(errors) - n, "%s: %s|", member ? member : "-", msg);
}

static const struct sa_initramfs_ops ops = { on_member, on_error };

static void initramfs_tests(void)
{
	static const struct member early[] = {
		{ "kernel/x86/microcode/GenuineIntel.bin", "MICROCODE", 0 },
	};
	static const struct member early2[] = {
		{ "kernel/firmware/acpi/ssdt.aml", "SSDT", 0 },
	};
	static const struct member main_[] = {
		{ "init", "#!/bin/sh\necho $PHYSDEVBUS\n", 0 },
		{ "etc/udev/rules.d/50-old.rules", "BUS==\"usb\"\n", 0 },
	};
	const char filters[] = { 'g', 'x', 'z' };
	size_t cap = 1 << 20;
	char *img = malloc(cap);

	if (!img)
		return;
	for (size_t f = 0; f < sizeof(filters); f++) {
		size_t n = write_cpio(img, cap, 0, early, 1);
		int r;

		n += write_cpio(img + n, cap - n, 0, early2, 1);
		n += write_cpio(img + n, cap - n, filters[f], main_, 2);
		members[0] = errors[0] = '\0';
		r = sa_initramfs_read(img, n, &ops, NULL);
		ok(r == 3 && !errors[0] &&
		   !strcmp(members, "kernel/x86/microcode/GenuineIntel.bin:9:MICROCODE|"
			   "kernel/firmware/acpi/ssdt.aml:4:SSDT|init:27:#!/bin/sh.ec|"
			   "etc/udev/rules.d/50-old.rules:11:BUS==\"usb\".|"),
		   "two early cpios + %c-compressed main: every member (%d archives) %s %s",
		   filters[f], r, members, errors);
		/* the same image cut short inside the compressed part */
		members[0] = errors[0] = '\0';
		r = sa_initramfs_read(img, n - 20, &ops, NULL);
		ok(errors[0] != '\0', "%c image truncated: an error reported (%s)", filters[f],
		   errors);
	}
	/* garbage after a valid archive */
	{
		size_t n = write_cpio(img, cap, 0, early, 1);
		int r;

		memcpy(img + n, "garbage!", 8);
		members[0] = errors[0] = '\0';
		r = sa_initramfs_read(img, n + 8, &ops, NULL);
		ok(r == 1 && strstr(errors, "not an archive"), "trailing garbage reported (%s)",
		   errors);
	}
	/* a header that claims a huge member: newc size field 0x7fffffff */
	{
		size_t n = write_cpio(img, cap, 0, early, 1);
		char *size = memmem(img, n, "00000009", 8);
		int r;

		if (size)
			memcpy(size, "7FFFFFFF", 8);
		members[0] = errors[0] = '\0';
		r = sa_initramfs_read(img, n, &ops, NULL);
		ok(size && r >= 0 && errors[0] && !members[0],
		   "a member claiming 2 GiB in a tiny image: an error, no allocation (%s)", errors);
	}
	members[0] = errors[0] = '\0';
	ok(sa_initramfs_read("\x1f\x8bjunkjunk", 10, &ops, NULL) == 0 && !errors[0],
	   "gzip magic then junk: not an archive (libarchive's gzip bidder refuses it)");
	/* a compressed file that is not a cpio archive (a gzip'd text) is not an image */
	{
		struct archive *a = archive_write_new();
		size_t used = 0;

		archive_write_set_format_raw(a);
		archive_write_add_filter_gzip(a);
		archive_write_open_memory(a, img, cap, &used);
		{
			struct archive_entry *e = archive_entry_new();

			archive_entry_set_filetype(e, AE_IFREG);
			archive_entry_set_size(e, 12);
			archive_write_header(a, e);
			archive_write_data(a, "hello world\n", 12);
			archive_entry_free(e);
		}
		archive_write_close(a);
		archive_write_free(a);
		members[0] = errors[0] = '\0';
		ok(used > 2 && sa_initramfs_read(img, used, &ops, NULL) == 0 && !errors[0],
		   "gzip'd text: no archive, no error (%s)", errors);
	}
	ok(!sa_is_archive("hello", 5) && sa_is_archive("070701", 6), "archive magic detection");
	free(img);
}

static void dpkg_tests(void)
{
	char root[] = "/tmp/sa-dpkg-XXXXXX", path[512];
	struct sa_dpkg *d;
	FILE *f;

	if (!mkdtemp(root)) {
		ok(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/var/lib/dpkg/info", root);
	for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/var/lib/dpkg/info/hal.list", root);
	f = fopen(path, "w");
	fputs("/.\n/usr\n/usr/lib/hal/hald-addon\n/lib/udev/hal.sh\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/var/lib/dpkg/info/nash:i386.list", root);
	f = fopen(path, "w");
	fputs("/sbin/nash\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/var/lib/dpkg/info/hal.md5sums", root);
	f = fopen(path, "w");
	fputs("/not/a/list\n", f);
	fclose(f);
	d = sa_dpkg_load(root);
	ok(d && sa_dpkg_count(d) == 5, "fake dpkg database: 5 paths from 2 lists");
	ok(d && sa_dpkg_owner(d, "/usr/lib/hal/hald-addon") &&
	   !strcmp(sa_dpkg_owner(d, "/usr/lib/hal/hald-addon"), "hal"), "owner of a listed file");
	ok(d && sa_dpkg_owner(d, "/sbin/nash") && !strcmp(sa_dpkg_owner(d, "/sbin/nash"), "nash"),
	   "package name without its :arch");
	ok(d && sa_dpkg_owner(d, "/usr/lib/udev/hal.sh") &&
	   !strcmp(sa_dpkg_owner(d, "/usr/lib/udev/hal.sh"), "hal"),
	   "merged /usr: /usr/lib/udev/x found as /lib/udev/x");
	ok(d && sa_dpkg_owner(d, "/usr/sbin/nash"), "merged /usr: /usr/sbin/x found as /sbin/x");
	ok(d && !sa_dpkg_owner(d, "/not/a/list") && !sa_dpkg_owner(d, "/etc/passwd"),
	   "files in no list (and *.md5sums ignored)");
	sa_dpkg_free(d);
	ok(!sa_dpkg_load("/nonexistent-root") && errno == ENOENT, "no dpkg database: NULL, ENOENT");
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	if (system(path))
		printf("# could not remove %s\n", root);
}

int main(void)
{
	script("#!/bin/sh\n"
	       "# PHYSDEVBUS in a comment is not a dependency\n"
	       "case \"$PHYSDEVBUS\" in usb) ;; esac\n"
	       "echo ${PHYSDEVDRIVER:-none} $PHYSDEVPATH_X\n",
	       "3:8 error physdev-key PHYSDEVBUS|4:8 error physdev-key PHYSDEVDRIVER|",
	       "PHYSDEV keys as words, comments skipped, PHYSDEVPATH_X is another word");
	script("for d in $(find /sys/block -type d -maxdepth 1); do :; done\n"
	       "find -L /sys/class -type d\n",
	       "1:12 warning dir-walk find -type d|", "find -type d on sysfs; find -L is fine");
	script("if [ -L /sys/block/$d ]; then :; fi\n"
	       "[ -d \"/sys/class/net/$i\" ] && echo\n"
	       "test -d /sys/bus/usb\n"
	       "[ -d /tmp/x ]\n"
	       "[ -d /sys/class/ ] || [ -d /sys/class/power_supply ] || [ -d /sys/block ]\n"
	       "[ -d /sys/class/mem/null -a ! -L /sys/class/mem/null ]\n",
	       "1:6 warning link-test -L|2:3 note dir-test -d|6:31 warning link-test -L|"
	       "6:3 note dir-test -d|",
	       "-L and -d tests on entries of /sys/block and /sys/class only, not on the "
	       "directories themselves");
	script("bus=$(readlink /sys/class/net/$dev/device/bus)\n"
	       "cd /sys/class/net/$i/device/../..\n",
	       "1:36 error legacy-path device/bus|2:22 note legacy-path device/..|",
	       "the bus link; device/.. arithmetic");
	script("echo 'ENV{PHYSDEVBUS}==\"usb\", WAIT_FOR_SYSFS=\"bus\"' > /etc/udev/rules.d/x\n",
	       "1:11 error physdev-key PHYSDEVBUS|1:31 warning removed-key WAIT_FOR_SYSFS|",
	       "a script that writes a legacy rule");
	script("", "", "empty script");
	ok(sa_is_text("#!\0", 3) && sa_is_text("abc", 3) && !sa_is_text("a\0b", 3),
	   "text detection");
	elf_tests();
	initramfs_tests();
	dpkg_tests();
	return tap_done();
}
