// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the content scanners of 'scan' (user/audit/scan_script.c,
 * user/audit/scan_elf.c, user/audit/scan_initramfs.c) and the dpkg owner lookup
 * (user/common/dpkg_owner.c). TAP output. The initramfs fixtures are written here
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
#include <sha2.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"

#include "common/dpkg_owner.h"
#include "audit/fingerprint.h"
#include "deps/dep_classify.h"
#include "audit/initramfs_find.h"
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

static char last_msg[512];	/* the message of the last hit */

static int on_hit(const struct sa_hit *h, void *ctx)
{
	(void)ctx;
	snprintf(last_msg, sizeof(last_msg), "%s", h->message);
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

/* ---- crafted ELF files ------------------------------------------------------ */

#include <elf.h>

struct span {
	size_t off, len;	/* in the data, which starts at file offset 64 */
};

/*
 * An ELF64 file: header, @data, then section headers (a null one plus one
 * read-only PROGBITS section per span; extended numbering past 0xff00).
 */
static char *mk_elf(const char *data, size_t dlen, const struct span *sp, size_t nsp,
		    size_t repeat, size_t *len)
{
	size_t nsec = nsp * repeat, shoff = (sizeof(Elf64_Ehdr) + dlen + 7) & ~(size_t)7;
	char *b;
	Elf64_Ehdr *eh;
	Elf64_Shdr *sh;

	*len = shoff + (nsec + 1) * sizeof(Elf64_Shdr);
	b = calloc(1, *len);
	if (!b)
		return NULL;
	eh = (Elf64_Ehdr *)b;
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = ET_EXEC;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	eh->e_ehsize = sizeof(Elf64_Ehdr);
	eh->e_shentsize = sizeof(Elf64_Shdr);
	eh->e_shoff = shoff;
	eh->e_shnum = nsec + 1 < SHN_LORESERVE ? nsec + 1 : 0;
	memcpy(b + sizeof(Elf64_Ehdr), data, dlen);
	sh = (Elf64_Shdr *)(b + shoff);
	if (!eh->e_shnum)
		sh[0].sh_size = nsec + 1;
	for (size_t i = 0; i < nsec; i++) {
		sh[i + 1].sh_type = SHT_PROGBITS;
		sh[i + 1].sh_flags = SHF_ALLOC;
		sh[i + 1].sh_offset = sizeof(Elf64_Ehdr) + sp[i % nsp].off;
		sh[i + 1].sh_size = sp[i % nsp].len;
		sh[i + 1].sh_addralign = 1;
	}
	return b;
}

/* Scan a crafted ELF: the hits in out[], the return value, the work done. */
static int elf_case(const char *data, size_t dlen, const struct span *sp, size_t nsp,
		    size_t repeat, struct sa_elf_stats *st)
{
	const char *why = NULL;
	size_t len;
	char *b = mk_elf(data, dlen, sp, nsp, repeat, &len);
	int err;

	outn = 0;
	out[0] = '\0';
	if (!b)
		return -ENOMEM;
	err = sa_scan_elf(b, len, on_hit, NULL, &why);
	sa_scan_elf_stats(st);
	free(b);
	return err;
}

/*
 * BusyBox 1.7-1.10 with mdev, read from a file: evidence for a uevent
 * helper only. A BusyBox 1.9.2 stand-in with only what the real binary
 * carries (its banner, the applet name): as the configured helper it
 * breaks, naming the version; the same file doing anything else stays
 * suspect; a 1.12.0 one is evidence of nothing.
 */
static void helper_fingerprint_tests(void)
{
	static const char bb192[] = "BusyBox v1.9.2 (2008-04-16) multi-call\0ash\0mdev\0sh";
	static const char bb1120[] = "BusyBox v1.12.0 (2008-09-28) multi-call\0ash\0mdev\0sh";
	struct sa_hit h = {
		.offset = 0, .kind = SA_KIND_MDEV_HOTPLUG, .key = "mdev", .sev = SA_SEV_WARNING,
		.message = "BusyBox 1.9.2 has mdev, ...", .version = "1.9.2",
	};
	char text[400] = "", path[] = "/tmp/test_scan_fp.XXXXXX", fp[512];
	struct sa_dep_verdict v;
	struct sa_fp_cache *c;
	size_t len;
	char *b;
	unsigned int scope;
	int fd;

	sa_fp_evidence(&h, text, sizeof(text));
	ok(!strcmp(text, "BusyBox 1.9.2 has mdev, which types nodes by the DEVPATH text "
		   "(busybox-mdev-hotplug)"), "fingerprint: the helper-only mdev is written, "
	   "with its version (%s)", text);
	ok(sa_fp_scope_of(&h) == SA_FP_HELPER, "fingerprint: the helper-only mdev alone is "
	   "evidence for the uevent helper only");
	h = (struct sa_hit){ .kind = "physdev-key", .key = "PHYSDEVBUS", .sev = SA_SEV_ERROR };
	sa_fp_evidence(&h, text, sizeof(text));
	ok(sa_fp_scope_of(&h) == (SA_FP_ANY | SA_FP_HELPER | SA_FP_KEYS),
	   "fingerprint: a PHYSDEV key is evidence whatever the program does, and of "
	   "code that reads the keys (%s)", text);
	ok(sa_fp_scope_of(&(struct sa_hit){ .kind = "busybox-mdev", .key = "mdev",
					    .sev = SA_SEV_ERROR }) & SA_FP_ANY &&
	   sa_fp_scope_of(&(struct sa_hit){ .kind = "legacy-path", .key = "device/bus",
					    .sev = SA_SEV_ERROR, .line = 3 }) & SA_FP_ANY &&
	   sa_fp_scope_of(&(struct sa_hit){ .kind = "physdev-key", .key = "PHYSDEVBUS",
					    .sev = SA_SEV_WARNING }) == SA_FP_NONE,
	   "fingerprint: the old mdev and a script line are evidence; a warning is not");

	b = mk_elf(bb192, sizeof(bb192), &(struct span){ 0, sizeof(bb192) }, 1, 1, &len);
	fd = mkstemp(path);
	ok(b && fd >= 0 && write(fd, b, len) == (ssize_t)len, "a BusyBox 1.9.2 ELF written");
	if (fd >= 0)
		close(fd);
	free(b);
	c = sa_fp_cache_new();
	scope = sa_fingerprint(c, path, fp, sizeof(fp));
	ok(!strncmp(fp, path, strlen(path)) &&
	   !strcmp(fp + strlen(path), ": BusyBox 1.9.2 has mdev, which types nodes by the "
		   "DEVPATH text (busybox-mdev-hotplug)") && scope == SA_FP_HELPER,
	   "fingerprint of the 1.9.2 file, for the helper only: %s", fp);

	sa_dep_classify_helper(false, "/etc/sysctl.conf", &v);
	sa_dep_apply_fingerprint(&v, fp, scope);
	ok(v.kind == SA_DK_HELPER && v.conf == SA_DC_BREAKS && v.rule == SA_DR_FINGERPRINT &&
	   strstr(v.why, "BusyBox 1.9.2 has mdev") && strstr(v.why, "/devices/"),
	   "BusyBox 1.9.2 mdev as the configured uevent helper: breaks, the version and "
	   "why (%s)", v.why);
	sa_dep_classify_helper(true, NULL, &v);
	sa_dep_apply_fingerprint(&v, fp, scope);
	ok(v.conf == SA_DC_BREAKS, "... as the live uevent helper: breaks");
	memset(&v, 0, sizeof(v));
	v.kind = SA_DK_SYMLINK_DIR;
	v.conf = SA_DC_SUSPECT;
	v.rule = SA_DR_LSTAT_LEGACY_DIR;
	sa_dep_apply_fingerprint(&v, fp, scope);
	ok(v.conf == SA_DC_SUSPECT && v.rule == SA_DR_LSTAT_LEGACY_DIR,
	   "the same BusyBox lstat-ing /sys/class entries (mdev -s, ls): stays suspect");
	v.kind = SA_DK_LISTENER;
	v.rule = SA_DR_LISTEN_KERNEL;
	sa_dep_apply_fingerprint(&v, fp, scope);
	ok(v.conf == SA_DC_SUSPECT, "the same BusyBox listening to uevents: stays suspect");

	unlink(path);
	strcpy(path, "/tmp/test_scan_fp.XXXXXX");
	b = mk_elf(bb1120, sizeof(bb1120), &(struct span){ 0, sizeof(bb1120) }, 1, 1, &len);
	fd = mkstemp(path);
	ok(b && fd >= 0 && write(fd, b, len) == (ssize_t)len, "a BusyBox 1.12.0 ELF written");
	if (fd >= 0)
		close(fd);
	free(b);
	scope = sa_fingerprint(c, path, fp, sizeof(fp));
	sa_dep_classify_helper(false, "/etc/sysctl.conf", &v);
	sa_dep_apply_fingerprint(&v, fp, scope);
	ok(!*fp && !scope && v.conf == SA_DC_SUSPECT, "BusyBox 1.12.0 mdev as the helper: no fingerprint, "
	   "suspect (%s)", fp);
	sa_fp_cache_free(c);
	unlink(path);
}

/*
 * The fingerprint's evidence of an old BusyBox comes from the version in
 * the hit, not from the message's wording: a message with a comma before
 * the version must still give "BusyBox 1.6.1 has mdev".
 */
static void fingerprint_tests(void)
{
	static const char bb161[] = "BusyBox v1.6.1 (2007) multi-call\0ash\0mdev\0sh";
	struct sa_hit h = {
		.offset = 0, .kind = "busybox-mdev", .key = "mdev", .sev = SA_SEV_ERROR,
		.message = "mdev, the device manager of BusyBox 1.6.1, found devices with "
			   "lstat() + S_ISDIR",
		.version = "1.6.1",
	};
	char text[400] = "", path[] = "/tmp/test_scan_fp.XXXXXX", fp[512];
	struct sa_fp_cache *c;
	size_t len;
	char *b;
	int fd;

	sa_fp_evidence(&h, text, sizeof(text));
	ok(!strcmp(text, "BusyBox 1.6.1 has mdev (busybox-mdev)"),
	   "fingerprint: a comma before the version in the message: the hit's version (%s)",
	   text);
	h.key = "PHYSDEVBUS";
	h.kind = "physdev-key";
	h.version = NULL;
	sa_fp_evidence(&h, text, sizeof(text));
	ok(!strcmp(text, "BusyBox 1.6.1 has mdev (busybox-mdev), PHYSDEVBUS (physdev-key)"),
	   "fingerprint: the next error appended (%s)", text);
	sa_fp_evidence(&h, text, 5);
	ok(strlen(text) == sizeof("BusyBox 1.6.1 has mdev (busybox-mdev), PHYSDEVBUS "
				  "(physdev-key)") - 1, "fingerprint: a full buffer is left alone");

	/* end to end: scan_elf sets the version where it reads it */
	b = mk_elf(bb161, sizeof(bb161), &(struct span){ 0, sizeof(bb161) }, 1, 1, &len);
	fd = mkstemp(path);
	ok(b && fd >= 0 && write(fd, b, len) == (ssize_t)len, "a BusyBox 1.6.1 ELF written");
	if (fd >= 0)
		close(fd);
	c = sa_fp_cache_new();
	ok(sa_fingerprint(c, path, fp, sizeof(fp)) & SA_FP_ANY &&
	   !strncmp(fp, path, strlen(path)) &&
	   !strcmp(fp + strlen(path), ": BusyBox 1.6.1 has mdev (busybox-mdev)"),
	   "fingerprint of the file, evidence whatever it does: %s", fp);
	sa_fp_cache_free(c);
	unlink(path);
	free(b);
	helper_fingerprint_tests();
}

/*
 * BusyBox with mdev, by version: what a real binary carries, its banner and
 * the applet name. Before 1.7 the old walker (an error); 1.7 to 1.10 types
 * nodes by the DEVPATH text (a warning: it breaks as the uevent helper);
 * 1.11 and later nothing (1.11 unsettled, see scan_elf.c).
 */
static void bb_case(const char *ver, const char *want, const char *type)
{
	char bb[96];
	int n = snprintf(bb, sizeof(bb), "BusyBox v%s (2008) multi-call", ver);
	struct sa_elf_stats st;
	int err;

	memcpy(bb + n + 1, "ash\0mdev\0sh", 12);
	n += 1 + 12;
	last_msg[0] = '\0';
	err = elf_case(bb, n, &(struct span){ 0, n }, 1, 1, &st);
	ok(!err && !strcmp(out, want) && (!type || strstr(last_msg, type)),
	   "BusyBox %s with mdev: %s%s (%s; %s)", ver, *want ? want : "nothing",
	   type ? type : "", out, last_msg);
}

static void busybox_tests(void)
{
	static const char nomdev[] = "BusyBox v1.9.2 (2008) multi-call\0ash\0sh";
	struct sa_elf_stats st;
	int err;

	bb_case("1.6.1", "error busybox-mdev mdev|", "lstat()");
	bb_case("1.7.0", "warning busybox-mdev-hotplug mdev|", "every node a block device");
	bb_case("1.9.2", "warning busybox-mdev-hotplug mdev|", "every node a block device");
	bb_case("1.10.1", "warning busybox-mdev-hotplug mdev|", "every node a block device");
	bb_case("1.10.2", "warning busybox-mdev-hotplug mdev|", "every node a character device");
	bb_case("1.10.4", "warning busybox-mdev-hotplug mdev|", "every node a character device");
	bb_case("1.11.0", "", NULL);
	bb_case("1.11.3", "", NULL);
	bb_case("1.12.0", "", NULL);
	bb_case("1.13.2", "", NULL);
	bb_case("1.35.0", "", NULL);
	err = elf_case(nomdev, sizeof(nomdev), &(struct span){ 0, sizeof(nomdev) }, 1, 1, &st);
	ok(!err && !out[0], "BusyBox 1.9.2 without the mdev applet: nothing (%s)", out);
}

static void elf_hostile_tests(void)
{
	size_t big = 1 << 20, n;
	char *d = malloc(big);
	struct sa_elf_stats st;
	struct span all, two[2];
	int err;

	if (!d)
		return;
	/* 1 MiB of "device/.." without a NUL or /sys: 116 508 hits, none reported */
	for (n = 0; n + 9 <= big; n += 9)
		memcpy(d + n, "device/..", 9);
	all = (struct span){ 0, n };
	err = elf_case(d, n, &all, 1, 1, &st);
	ok(!err && !out[0] && st.bytes == n,
	   "1 MiB NUL-free string of device/.. hits: nothing reported, %llu bytes scanned "
	   "once (%zu)", st.bytes, n);
	/* the companion /sys in the last bytes of that one string: found */
	memcpy(d + n - 4, "/sys", 4);
	err = elf_case(d, n, &all, 1, 1, &st);
	ok(!err && !strcmp(out, "note legacy-path device/..|") && st.bytes == n,
	   "... with /sys in its last 4 bytes: the note, still one pass (%s)", out);
	busybox_tests();
	/* 60 000 sections over the same data: merged, every byte scanned once */
	err = elf_case(d, n, &all, 1, 60000, &st);
	ok(!err && st.bytes == n && st.regions == 1 && st.headers == 60000,
	   "60 000 sections over one range: %zu headers, %zu region, %llu bytes", st.headers,
	   st.regions, st.bytes);
	/* headers: exactly at the limit is read whole, one past it is reported */
	err = elf_case("PHYSDEVBUS", 10, &(struct span){ 0, 10 }, 1, SA_ELF_MAX_HEADERS, &st);
	ok(!err && !strcmp(out, "error physdev-key PHYSDEVBUS|"),
	   "%d sections (the limit): scanned, no limit reported (%d)", SA_ELF_MAX_HEADERS, err);
	err = elf_case("PHYSDEVBUS", 10, &(struct span){ 0, 10 }, 1, SA_ELF_MAX_HEADERS + 1, &st);
	ok(err == -E2BIG && !strcmp(out, "error physdev-key PHYSDEVBUS|") &&
	   st.headers == SA_ELF_MAX_HEADERS,
	   "one section past the limit: -E2BIG, the first ones still scanned (%d)", err);
	/* boundaries: a key in the first and in the last bytes of a section */
	memcpy(d, "PHYSDEVPATH\0xxxxxxxxxxxxPHYSDEVBUS", 34);
	err = elf_case(d, 34, &(struct span){ 0, 34 }, 1, 1, &st);
	ok(!err && !strcmp(out, "error physdev-key PHYSDEVPATH|error physdev-key PHYSDEVBUS|"),
	   "keys at the first byte and ending at the last byte, no NUL after (%s)", out);
	err = elf_case(d, 34, &(struct span){ 1, 32 }, 1, 1, &st);
	ok(!err && !out[0], "the same keys cut by one byte at either end: nothing (%s)", out);
	/* touching sections are one range; a key across the seam is found */
	two[0] = (struct span){ 0, 28 };
	two[1] = (struct span){ 28, 6 };
	err = elf_case(d, 34, two, 2, 1, &st);
	ok(!err && st.regions == 1 && st.bytes == 34 && strstr(out, "PHYSDEVBUS|"),
	   "touching sections merged into one range (%zu regions)", st.regions);
	two[0] = (struct span){ 12, 22 };
	two[1] = (struct span){ 0, 30 };
	err = elf_case(d, 34, two, 2, 1, &st);
	ok(!err && st.regions == 1 && st.bytes == 34 && strstr(out, "PHYSDEVPATH|") &&
	   strstr(out, "PHYSDEVBUS|"), "overlapping sections: one range, each byte once");
	/* zero-length and empty: nothing scanned, nothing reported */
	err = elf_case(d, 34, &(struct span){ 5, 0 }, 1, 3, &st);
	ok(!err && !out[0] && st.bytes == 0 && st.regions == 0,
	   "zero-length sections: no region, no bytes");
	err = elf_case("", 0, NULL, 0, 0, &st);
	ok(!err && !out[0], "no sections but the null one: nothing (%d)", err);
	free(d);
}

/* ---- initramfs fixtures --------------------------------------------------- */

struct member {
	const char *name, *data;
	size_t len;	/* 0: strlen(data) */
};

/* g gzip, x xz, z zstd, j bzip2, l lzma; anything else: none */
static void add_filter(struct archive *a, int filter)
{
	if (filter == 'g')
		archive_write_add_filter_gzip(a);
	else if (filter == 'x')
		archive_write_add_filter_xz(a);
	else if (filter == 'z')
		archive_write_add_filter_zstd(a);
	else if (filter == 'j')
		archive_write_add_filter_bzip2(a);
	else if (filter == 'l')
		archive_write_add_filter_lzma(a);
}

static size_t write_cpio(char *buf, size_t cap, int filter, const struct member *m, size_t n)
{
	struct archive *a = archive_write_new();
	size_t used = 0;

	archive_write_set_format_cpio_newc(a);
	add_filter(a, filter);
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

static void on_limit(const char *member, const char *msg, void *ctx)
{
	size_t n = strlen(errors);

	(void)ctx;
	snprintf(errors + n, sizeof(errors) - n, "LIMIT %s: %s|", member ? member : "-", msg);
}

static const struct sa_initramfs_ops ops = { on_member, on_error, on_limit };

/* ---- crafted cpio streams: any entry type, any size, compressed ------------ */

struct craft {
	struct archive *a;
	char *buf;
	size_t cap, used;
	unsigned long ino;
};

static void craft_open(struct craft *c, int gzip)
{
	c->cap = 16 << 20;
	c->buf = malloc(c->cap);
	c->used = 0;
	c->ino = 1;
	c->a = archive_write_new();
	archive_write_set_format_raw(c->a);
	if (gzip)
		archive_write_add_filter_gzip(c->a);
	archive_write_set_bytes_in_last_block(c->a, 1);
	archive_write_open_memory(c->a, c->buf, c->cap, &c->used);
	{
		struct archive_entry *e = archive_entry_new();

		archive_entry_set_filetype(e, AE_IFREG);
		archive_write_header(c->a, e);
		archive_entry_free(e);
	}
}

static void craft_zeros(struct craft *c, unsigned long long n)
{
	static const char z[65536];

	while (n) {
		size_t k = n < sizeof(z) ? n : sizeof(z);

		archive_write_data(c->a, z, k);
		n -= k;
	}
}

/* One newc entry: header, name, its data (@data or zeros), padding. */
static void craft_entry_cut(struct craft *c, const char *name, unsigned int mode,
			    unsigned long size, const char *data, unsigned long long cut)
{
	char h[111 + 256];
	size_t nl = strlen(name) + 1, hl;

	snprintf(h, sizeof(h), "070701%08lX%08X%08X%08X%08X%08X%08lX%08X%08X%08X%08X%08zX%08X",
		 c->ino++, mode, 0, 0, 1, 0, size, 0, 0, 0, 0, nl, 0);
	memcpy(h + 110, name, nl);
	hl = (110 + nl + 3) & ~3UL;
	memset(h + 110 + nl, 0, hl - 110 - nl);
	archive_write_data(c->a, h, hl);
	if (data)
		archive_write_data(c->a, data, size);
	else
		craft_zeros(c, size < cut ? size : cut);
	if (size <= cut)
		craft_zeros(c, (4 - size % 4) % 4);
}

static void craft_entry(struct craft *c, const char *name, unsigned int mode,
			unsigned long size, const char *data)
{
	craft_entry_cut(c, name, mode, size, data, ~0ULL);
}

static size_t craft_close(struct craft *c)
{
	craft_entry(c, "TRAILER!!!", 0, 0, "");
	archive_write_close(c->a);
	archive_write_free(c->a);
	return c->used;
}

/*
 * Uncompressed archives, where only the reader's own count guards the
 * image's budget (a compressed stream's callback counts what it hands out
 * too): the data of a directory, the tail of an oversized member, and the
 * sum over several archives, each under the limit, all count.
 */
static void plain_budget_tests(void)
{
	const unsigned long long lim = 4 << 20;
	struct sa_initramfs_limits saved = sa_initramfs_limits;
	size_t n, k = 0, cap = 8 << 20;
	char *img = malloc(cap);
	struct craft c;
	int r;

	sa_initramfs_limits = (struct sa_initramfs_limits){ 1 << 20, lim, 1000 };
	craft_open(&c, 0);
	craft_entry(&c, "etc", 040755, 5 << 20, NULL);
	n = craft_close(&c);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	ok(strstr(errors, "LIMIT 1:cpio:etc: image decompresses to more than") != NULL,
	   "plain cpio, a directory with 5 MiB of data, the last entry: its data counted, "
	   "the 4 MiB limit named (%d, %s)", r, errors);
	free(c.buf);
	craft_open(&c, 0);
	craft_entry(&c, "big", 0100644, 5 << 20, NULL);
	n = craft_close(&c);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	ok(strstr(errors, "LIMIT 1:cpio:big: member larger") &&
	   strstr(errors, "LIMIT 1:cpio:big: image decompresses"),
	   "plain cpio, a 5 MiB member, the last entry: its tail counted, the image limit "
	   "named (%d, %s)", r, errors);
	free(c.buf);
	/* three archives of 1.6 MiB each: 4.8 MiB in all */
	for (int i = 0; img && i < 3; i++) {
		craft_open(&c, 0);
		craft_entry(&c, "part", 0100644, 1600 << 10, NULL);
		n = craft_close(&c);
		if (k + n <= cap)
			memcpy(img + k, c.buf, n);
		k += n;
		free(c.buf);
	}
	members[0] = errors[0] = '\0';
	r = img && k <= cap ? sa_initramfs_read(img, k, &ops, NULL) : -1;
	ok(strstr(errors, "LIMIT 3:cpio:part: image decompresses") != NULL,
	   "three plain archives of 1.6 MiB: the budget is the image's, stopped in the third "
	   "(%d, %s)", r, errors);
	free(img);
	sa_initramfs_limits = saved;
}

/* Lower bounds, so the crafted images that cross them stay small and quick. */
#define T_MEMBER (1ULL << 20)
#define T_IMAGE (16ULL << 20)
#define T_ENTRIES 1000UL

/*
 * A gzip'd archive of one entry that claims 4 GiB - 4 and is cut, with no
 * trailer, after 2 * T_IMAGE of zeros: only the image limit stops a reader.
 */
static size_t craft_claims_4g(struct craft *c, const char *name, unsigned int mode)
{
	craft_open(c, 1);
	craft_entry_cut(c, name, mode, 0xfffffffcUL, NULL, 2ULL * T_IMAGE);
	archive_write_close(c->a);
	archive_write_free(c->a);
	return c->used;
}

static void initramfs_hostile_tests(void)
{
	struct sa_initramfs_limits saved = sa_initramfs_limits;
	struct sa_initramfs_stats st;
	struct craft c;
	size_t n;
	int r;

	sa_initramfs_limits = (struct sa_initramfs_limits){ T_MEMBER, T_IMAGE, T_ENTRIES };
	/* a directory entry whose size is 4 GiB - 4: its data is counted */
	n = craft_claims_4g(&c, "etc", 040755);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	sa_initramfs_stats(&st);
	ok(c.used < c.cap && strstr(errors, "LIMIT 1:gzip:etc: image decompresses to more than") &&
	   st.decompressed <= T_IMAGE + (4 << 20),
	   "a directory with 4 GiB of data (%zu bytes gzip'd): stopped at the limit, %llu bytes "
	   "decompressed (%d, %s)", n, st.decompressed, r, errors);
	free(c.buf);
	/* an oversized member is skipped with its tail counted; the next one is read */
	craft_open(&c, 1);
	craft_entry(&c, "big", 0100644, T_MEMBER + 1, NULL);
	craft_entry(&c, "init", 0100755, 12, "echo $PHYSDEV");
	n = craft_close(&c);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	sa_initramfs_stats(&st);
	ok(r == 1 && strstr(errors, "LIMIT 1:gzip:big: member larger than the limit") &&
	   !strcmp(members, "1:gzip:init:12:echo $PHYSDE|") && st.decompressed > T_MEMBER,
	   "a member one byte past T_MEMBER: skipped as a limit, its tail read and counted "
	   "(%llu), the next member read (%s %s)", st.decompressed, members, errors);
	free(c.buf);
	/* a member claiming 4 GiB - 4: its tail is read, counted, and stops at the image limit */
	n = craft_claims_4g(&c, "huge", 0100644);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	sa_initramfs_stats(&st);
	ok(strstr(errors, "LIMIT 1:gzip:huge: member larger") &&
	   strstr(errors, "LIMIT 1:gzip:huge: image decompresses") &&
	   st.decompressed <= T_IMAGE + (4 << 20),
	   "a member claiming 4 GiB: skipped, its tail counted up to the image limit (%llu; %s)",
	   st.decompressed, errors);
	free(c.buf);
	craft_open(&c, 1);
	craft_entry(&c, "big", 0100644, T_MEMBER, NULL);
	n = craft_close(&c);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	ok(r == 1 && !errors[0] && strstr(members, "1:gzip:big:"),
	   "a member of exactly T_MEMBER bytes: read (%s)", errors);
	free(c.buf);
	/* many oversized members: the whole image stops at T_IMAGE */
	craft_open(&c, 1);
	for (int i = 0; i < 8; i++)
		craft_entry(&c, "huge", 0100644, T_IMAGE / 4, NULL);
	n = craft_close(&c);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	sa_initramfs_stats(&st);
	ok(strstr(errors, "LIMIT 1:gzip:huge: image decompresses") &&
	   st.decompressed <= T_IMAGE + (4 << 20),
	   "8 members of T_IMAGE/4: stopped at the image limit, %llu bytes decompressed",
	   st.decompressed);
	free(c.buf);
	/* entries: exactly the limit, then one past it */
	for (int extra = 0; extra < 2; extra++) {
		craft_open(&c, 0);
		for (unsigned long i = 0; i < T_ENTRIES + extra - 1; i++)
			craft_entry(&c, "d", 040755, 0, "");
		craft_entry(&c, "last", 0100644, 5, "PHYSD");
		n = craft_close(&c);
		members[0] = errors[0] = '\0';
		r = sa_initramfs_read(c.buf, n, &ops, NULL);
		sa_initramfs_stats(&st);
		if (!extra)
			ok(r == 1 && !errors[0] && !strcmp(members, "1:cpio:last:5:PHYSD|") &&
			   st.entries == T_ENTRIES,
			   "%lu entries (the limit): all read (%s)", st.entries, errors);
		else
			ok(strstr(errors, "LIMIT -: more entries than the limit") && !members[0],
			   "%lu entries, one past the limit: stopped, named (%s)", T_ENTRIES + 1,
			   errors);
		free(c.buf);
	}
	/* symlinks and devices with data: never members, their data counted */
	craft_open(&c, 0);
	craft_entry(&c, "lnk", 0120777, 11, "/etc/shadow");
	craft_entry(&c, "fifo", 010644, 100, NULL);
	craft_entry(&c, "x", 0100644, 0, "");
	n = craft_close(&c);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(c.buf, n, &ops, NULL);
	ok(r == 1 && !errors[0] && !strcmp(members, "1:cpio:x:0:|"),
	   "a symlink, a FIFO with data, an empty file: only the file is a member (%s %s)",
	   members, errors);
	free(c.buf);
	plain_budget_tests();
	sa_initramfs_limits = saved;
}

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
	static const char *const names[] = { "gzip", "xz", "zstd" };
	char want[512];
	size_t cap = 1 << 20;
	char *img = malloc(cap);

	if (!img)
		return;
	for (size_t f = 0; f < sizeof(filters); f++) {
		size_t n = write_cpio(img, cap, 0, early, 1);
		int r;

		n += write_cpio(img + n, cap - n, 0, early2, 1);
		n += write_cpio(img + n, cap - n, filters[f], main_, 2);
		snprintf(want, sizeof(want), "1:cpio:kernel/x86/microcode/GenuineIntel.bin:9:"
			 "MICROCODE|2:cpio:kernel/firmware/acpi/ssdt.aml:4:SSDT|3:%s:init:27:"
			 "#!/bin/sh.ec|3:%s:etc/udev/rules.d/50-old.rules:11:BUS==\"usb\".|",
			 names[f], names[f]);
		members[0] = errors[0] = '\0';
		r = sa_initramfs_read(img, n, &ops, NULL);
		ok(r == 3 && !errors[0] &&
		   !strcmp(members, want),
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
	ok(sa_initramfs_read("\x1f\x8bjunkjunk", 10, &ops, NULL) == 0 &&
	   strstr(errors, "gzip data by its magic"),
	   "gzip magic then junk: the kernel would try it, so it is named unreadable (%s)", errors);
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

/*
 * sa_initramfs_find(): a file's presence and SHA-256 across the archives of
 * an image (the last one of a path wins, as the kernel unpacks), "./" and
 * "/" prefixes ignored, a directory prefix, and a path that is absent.
 */
static void initramfs_find_tests(void)
{
	static const struct member early[] = {
		{ "kernel/x86/microcode/GenuineIntel.bin", "MICROCODE", 0 },
		{ "usr/sbin/sysfs-audit", "old build", 0 },
	};
	static const struct member main_[] = {
		{ "./usr/sbin/sysfs-audit", "new build", 0 },
		{ "/scripts/init-top/sysfs-audit", "#!/bin/sh\n", 0 },
		{ "usr/lib/dracut/modules.txt", "x", 0 },
	};
	struct sa_initramfs_want w[] = {
		{ .path = "usr/sbin/sysfs-audit" },
		{ .path = "scripts/init-top/sysfs-audit" },
		{ .path = "usr/lib/dracut/", .prefix = true },
		{ .path = "scripts/init-top/udev" },
	};
	char want[SHA256_DIGEST_STRING_LENGTH], err[256];
	size_t cap = 1 << 16, n;
	char *img = malloc(cap);
	int r;

	if (!img)
		return;
	n = write_cpio(img, cap, 0, early, 2);
	n += write_cpio(img + n, cap - n, 'g', main_, 3);
	r = sa_initramfs_find(img, n, w, 4, err, sizeof(err));
	SHA256Data((const uint8_t *)"new build", 9, want);
	ok(r == 2 && !err[0] && w[0].found && w[0].size == 9 && !strcmp(w[0].sha256, want),
	   "find: the main archive's sysfs-audit replaces the early one's (%d archives, %s)", r,
	   err);
	ok(w[1].found && w[2].found && !w[2].sha256[0] && !w[3].found,
	   "find: a '/'-prefixed path, a directory prefix; an absent path is not found");
	r = sa_initramfs_find(img, n - 20, w, 4, err, sizeof(err));
	ok(r >= 1 && err[0], "find: an image cut short says so (%s)", err);
	ok(!strcmp(sa_initramfs_member_path("3:gzip:./a:b"), "a:b") &&
	   !strcmp(sa_initramfs_member_path("plain"), "plain"),
	   "find: member names lose the archive's prefix, not a ':' of their own");
	free(img);
}

/* @n bytes compressed as one stream (g gzip, x xz, z zstd, j bzip2, l lzma) */
static size_t compress(int filter, const char *in, size_t n, char *out, size_t cap)
{
	struct archive *a = archive_write_new();
	struct archive_entry *e = archive_entry_new();
	size_t used = 0;

	archive_write_set_format_raw(a);
	add_filter(a, filter);
	archive_write_set_bytes_in_last_block(a, 1);
	archive_write_open_memory(a, out, cap, &used);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_size(e, n);
	archive_write_header(a, e);
	archive_write_data(a, in, n);
	archive_entry_free(e);
	archive_write_close(a);
	archive_write_free(a);
	return used;
}

/*
 * The kernel unpacks every archive of an image (init/initramfs.c): cpio
 * archives one after another inside one compressed stream, compressed
 * segments one after another, uncompressed ones after compressed ones.
 * Only the first cpio of a stream and the first compressed segment were
 * read: gzip(benign + evil) and gzip(benign) + xz(evil) gave nothing.
 */
static void initramfs_segment_tests(void)
{
	static const struct member benign[] = { { "bin/ok", "fine", 0 } };
	static const struct member evil[] = { { "bin/nash", "PHYSDEVBUS", 0 } };
	static const char *const names[] = { "gzip", "xz", "zstd", "bzip2", "lzma" };
	const char filters[] = { 'g', 'x', 'z', 'j', 'l' };
	size_t cap = 1 << 20, n, m;
	char *img = malloc(cap), *tmp = malloc(cap), want[256];
	int r;

	if (!img || !tmp)
		goto out;
	for (size_t f = 0; f < sizeof(filters); f++) {
		/* two cpio archives, NUL-padded as cpio -H newc pads them, in one stream */
		m = write_cpio(tmp, cap, 0, benign, 1);
		memset(tmp + m, 0, 512 - m % 512);
		m += 512 - m % 512;
		m += write_cpio(tmp + m, cap - m, 0, evil, 1);
		n = compress(filters[f], tmp, m, img, cap);
		members[0] = errors[0] = '\0';
		r = sa_initramfs_read(img, n, &ops, NULL);
		snprintf(want, sizeof(want), "1:%s:bin/ok:4:fine|2:%s:bin/nash:10:PHYSDEVBUS|",
			 names[f], names[f]);
		ok(r == 2 && !errors[0] && !strcmp(members, want),
		   "%s(benign.cpio + evil.cpio): both archives read (%d: %s %s)", names[f], r,
		   members, errors);
		/* two compressed segments: this one, then each other one, then plain cpio */
		for (size_t g = 0; g < sizeof(filters); g++) {
			size_t k = compress(filters[f], tmp, m, img, cap);

			k += write_cpio(img + k, cap - k, filters[g], evil, 1);
			k += write_cpio(img + k, cap - k, 0, benign, 1);
			members[0] = errors[0] = '\0';
			r = sa_initramfs_read(img, k, &ops, NULL);
			snprintf(want, sizeof(want), "1:%s:bin/ok:4:fine|2:%s:bin/nash:10:PHYSDEVBUS|"
				 "3:%s:bin/nash:10:PHYSDEVBUS|4:cpio:bin/ok:4:fine|",
				 names[f], names[f], names[g]);
			ok(r == 4 && !errors[0] && !strcmp(members, want),
			   "%s(benign + evil) + %s(evil) + cpio(benign): every archive, named with "
			   "its segment (%d: %s %s)", names[f], names[g], r, members, errors);
		}
	}
	/* junk after the trailer inside a compressed stream: named, not skipped silently */
	m = write_cpio(tmp, cap, 0, benign, 1);
	memcpy(tmp + m, "junk", 4);
	n = compress('g', tmp, m + 4, img, cap);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(img, n, &ops, NULL);
	ok(r == 1 && strstr(errors, "junk after archive 1") && !strcmp(members, "1:gzip:bin/ok:4:fine|"),
	   "junk after a trailer in a gzip stream: the archive read, the junk named (%s)", errors);
	/* an uncompressed early cpio, then gzip(benign) + xz(evil): the image */
	n = write_cpio(img, cap, 0, benign, 1);
	n += write_cpio(img + n, cap - n, 'g', benign, 1);
	n += write_cpio(img + n, cap - n, 'x', evil, 1);
	members[0] = errors[0] = '\0';
	r = sa_initramfs_read(img, n, &ops, NULL);
	ok(r == 3 && !errors[0] && strstr(members, "3:xz:bin/nash:10:PHYSDEVBUS|"),
	   "early cpio + gzip(benign) + xz(evil): the xz segment read (%s %s)", members, errors);
out:
	free(img);
	free(tmp);
}

/* ---- common/root.c: the fallback walk resolves as openat2 does ------------- */

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>

#include "common/root.h"

static int by_openat2(int rootfd, const char *rest, bool beneath)
{
	struct open_how how = { .flags = O_RDONLY | O_CLOEXEC,
				.resolve = RESOLVE_NO_MAGICLINKS |
					   (beneath ? RESOLVE_BENEATH : RESOLVE_IN_ROOT) };
	int fd = syscall(SYS_openat2, rootfd, *rest ? rest : ".", &how, sizeof(how));

	return fd < 0 ? -errno : fd;
}

/* The same file (device, inode) or the same error. */
static bool same(int a, int b)
{
	struct stat x, y;
	bool eq;

	if (a < 0 || b < 0) {
		eq = a == b;
	} else {
		eq = !fstat(a, &x) && !fstat(b, &y) && x.st_dev == y.st_dev &&
		     x.st_ino == y.st_ino;
	}
	if (a >= 0)
		close(a);
	if (b >= 0)
		close(b);
	return eq;
}

/*
 * sa_root_scandir() on a directory of 3 000 short names: readdir's buffer
 * ends with a short record, and copying a whole struct dirent from it read
 * past the buffer (ASan aborted on any large directory, e.g. dpkg/info).
 */
static void scandir_tests(const char *top)
{
	struct dirent **ents = NULL;
	char path[512];
	struct sa_root r;
	int n, bad = 0;

	snprintf(path, sizeof(path), "mkdir %s/many && cd %s/many && seq 3000 | xargs touch",
		 top, top);
	if (system(path)) {
		ok(0, "3 000 files made");
		return;
	}
	ok(!sa_root_init(&r, top, false), "root opened for scandir");
	snprintf(path, sizeof(path), "%s/many", top);
	n = sa_root_scandir(&r, path, &ents, NULL);
	ok(n == 3002, "scandir of 3 000 short names: every entry copied, no over-read (%d)", n);
	for (int i = 0; i < n; i++) {
		if (strlen(ents[i]->d_name) > 4)
			bad++;
		free(ents[i]);
	}
	free(ents);
	ok(!bad, "their names copied whole");
	sa_root_fini(&r);
}

static void root_tests(void)
{
	static const char *const paths[] = {
		"a/b/file", "/a/b/file", "abs", "up", "loop1", "dirlink/file", "chain", "out",
		"a/../a/b/file", "../../a/b/file", "a/b/file/", "", ".", "a/b/../../abs", "missing",
		"dirlink/../b/file", "a/b/file/x", "rel-out", "dotdot/b/file",
	};
	char top[] = "/tmp/sa-root-XXXXXX", path[512];
	struct sa_root r;
	int rootfd, fd, bad = 0, probe;

	if (!mkdtemp(top)) {
		ok(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "mkdir -p %s/a/b && echo B >%s/a/b/file && cd %s && "
		 "ln -s /a/b/file abs && ln -s ../../../a/b/file up && ln -s loop2 loop1 && "
		 "ln -s loop1 loop2 && ln -s a/b dirlink && ln -s abs chain && "
		 "ln -s /etc/passwd out && ln -s ../../../../etc/passwd rel-out && "
		 "ln -s .. a/dotdot-dummy && ln -s a/b/.. dotdot", top, top, top);
	if (system(path)) {
		ok(0, "tree of symlinks built");
		return;
	}
	rootfd = open(top, O_PATH | O_DIRECTORY | O_CLOEXEC);
	probe = by_openat2(rootfd, "a", false);
	if (probe == -ENOSYS) {
		ok(1, "# SKIP no openat2 here: the walk is what runs");
	} else {
		close(probe);
		for (int beneath = 0; beneath < 2; beneath++)
			for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
				int w = sa_root_walk(rootfd, paths[i] + (paths[i][0] == '/'),
						     O_RDONLY, beneath);
				int o = by_openat2(rootfd, paths[i] + (paths[i][0] == '/'),
						   beneath);

				if (!same(w, o)) {
					printf("# %s (beneath %d): walk %d, openat2 %d\n", paths[i],
					       beneath, w, o);
					bad++;
				}
			}
		ok(!bad, "the O_NOFOLLOW walk resolves %zu paths x 2 modes as openat2 does "
		   "(absolute, .., loops, chains, links out)", sizeof(paths) / sizeof(paths[0]));
	}
	/* sa_root_open: only paths under the root's own path are confined */
	ok(!sa_root_init(&r, top, false), "root opened");
	snprintf(path, sizeof(path), "%s/out", top);
	fd = sa_root_open(&r, path, O_RDONLY);
	ok(fd == -ENOENT, "TOP/out -> /etc/passwd: the tree's /etc/passwd, absent (%d)", fd);
	snprintf(path, sizeof(path), "%s/abs", top);
	fd = sa_root_open(&r, path, O_RDONLY);
	ok(fd >= 0, "TOP/abs -> /a/b/file: the tree's file");
	if (fd >= 0)
		close(fd);
	snprintf(path, sizeof(path), "mkdir -p %sX && echo S >%sX/sib", top, top);
	if (system(path))
		printf("# could not make %sX\n", top);
	snprintf(path, sizeof(path), "%sX/sib", top);
	fd = sa_root_open(&r, path, O_RDONLY);
	ok(fd >= 0, "a sibling path sharing the prefix (TOPX/sib) is opened as given (%d)", fd);
	if (fd >= 0)
		close(fd);
	fd = sa_root_open(&r, top, O_RDONLY | O_DIRECTORY);
	ok(fd >= 0, "the root's own path opens the root");
	if (fd >= 0)
		close(fd);
	sa_root_fini(&r);
	scandir_tests(top);
	ok(!sa_root_init(&r, "/", false) && r.fd == -1, "\"/\" confines nothing");
	close(rootfd);
	snprintf(path, sizeof(path), "rm -rf '%s' '%sX'", top, top);
	if (system(path))
		printf("# could not remove %s\n", top);
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
	fputs("/sbin/nash\n/lib/udev/hal.sh\n", f);	/* hal.sh in two lists */
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
	ok(d && sa_dpkg_owner(d, "/lib/udev/hal.sh") &&
	   !strcmp(sa_dpkg_owner(d, "/lib/udev/hal.sh"), "hal"),
	   "a path in two lists: the first package in sorted order owns it (hal, not nash)");
	ok(d && sa_dpkg_owner(d, "/usr/sbin/nash"), "merged /usr: /usr/sbin/x found as /sbin/x");
	ok(d && !sa_dpkg_owner(d, "/not/a/list") && !sa_dpkg_owner(d, "/etc/passwd"),
	   "files in no list (and *.md5sums ignored)");
	sa_dpkg_free(d);
	ok(!sa_dpkg_load("/nonexistent-root") && errno == ENOENT, "no dpkg database: NULL, ENOENT");
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	if (system(path))
		printf("# could not remove %s\n", root);
}

/* One budget over a whole run (issue 49, item 11): bytes and CPU time. */
static void budget_tests(void)
{
	static const struct member m[] = { { "init", "#!/bin/sh\necho $PHYSDEVBUS\n", 0 } };
	struct sa_work_budget wb = { .max_cpu = 1e-9 };
	struct sa_initramfs_stats st;
	size_t cap = 1 << 16, n;
	char *img = malloc(cap);

	ok(sa_work_budget_spent(&wb, 0) && wb.spent && strstr(wb.msg, "CPU time"),
	   "a CPU budget already used up: spent, the message says CPU (%s)", wb.msg);
	wb = (struct sa_work_budget){ .max_bytes = 100, .used = 60 };
	ok(!sa_work_budget_spent(&wb, 40) && sa_work_budget_spent(&wb, 41) &&
	   strstr(wb.msg, "decompressed over all images"),
	   "a byte budget: 60 + 40 of 100 fits, 60 + 41 is spent (%s)", wb.msg);
	ok(!sa_work_budget_spent(NULL, ~0ULL), "no budget: never spent");
	if (!img)
		return;
	n = write_cpio(img, cap, 'g', m, 1);
	wb = (struct sa_work_budget){ .max_bytes = 1 << 20 };
	members[0] = errors[0] = '\0';
	ok(sa_initramfs_read_budget(img, n, &ops, NULL, &wb) == 1 && strstr(members, "init") &&
	   !errors[0], "an image within the budget: read (%s)", errors);
	sa_initramfs_stats(&st);
	ok(wb.used == st.decompressed && wb.used > 0, "... and charged to it (%llu bytes)",
	   wb.used);
	wb.max_bytes = wb.used + 1;
	members[0] = errors[0] = '\0';
	ok(sa_initramfs_read_budget(img, n, &ops, NULL, &wb) == 0 && !members[0] &&
	   strstr(errors, "LIMIT -: the run's budget") && wb.spent,
	   "the next image past the budget: stopped at the bound, no member (%s)", errors);
	members[0] = errors[0] = '\0';
	ok(sa_initramfs_read_budget(img, n, &ops, NULL, &wb) == 0 && !members[0] &&
	   strstr(errors, "LIMIT -: the run's budget"),
	   "once spent, no image after it is read (%s)", errors);
	free(img);
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
	script("echo /sbin/mdev > /proc/sys/kernel/hotplug\n"
	       "echo /bin/mdev >\"/proc/sys/kernel/hotplug\"\n"
	       "cat /proc/sys/kernel/hotplug\n"
	       "# echo /sbin/mdev > /proc/sys/kernel/hotplug\n",
	       "1:19 warning uevent-helper /proc/sys/kernel/hotplug|"
	       "2:18 warning uevent-helper /proc/sys/kernel/hotplug|",
	       "an init script that sets the uevent helper (BusyBox's mdev setup); reading "
	       "it or a comment is not");
	script("", "", "empty script");
	script("echo $PHYSDEVPATH", "1:7 error physdev-key PHYSDEVPATH|",
	       "a key in the very last bytes of a file, no newline");
	script("x=$PHYSDEVBUS\nPHYSDEVDRIVER=1\n",
	       "1:4 error physdev-key PHYSDEVBUS|2:1 error physdev-key PHYSDEVDRIVER|",
	       "a key at the end of a line and at the start of one");
	script("PHYSDEVBUSX PHYSDEVBUS_ XPHYSDEVBUS\n", "", "a key inside a longer word: nothing");
	ok(sa_is_text("#!\0", 3) && sa_is_text("abc", 3) && !sa_is_text("a\0b", 3),
	   "text detection");
	elf_tests();
	elf_hostile_tests();
	fingerprint_tests();
	initramfs_tests();
	initramfs_find_tests();
	initramfs_hostile_tests();
	initramfs_segment_tests();
	root_tests();
	dpkg_tests();
	budget_tests();
	return tap_done();
}
