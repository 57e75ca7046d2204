// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit/scan_elf.h"
#include "audit/scan_file.h"
#include "audit/scan_initramfs.h"
#include "audit/scan_script.h"
#include "common/slurp.h"

static struct {
	dev_t dev;
	ino_t ino;
} *seen;
static size_t nseen;

static bool already(const char *path)
{
	struct stat st;
	void *p;

	if (stat(path, &st))
		return false;	/* sa_slurp() reports it */
	for (size_t i = 0; i < nseen; i++)
		if (seen[i].dev == st.st_dev && seen[i].ino == st.st_ino)
			return true;
	p = realloc(seen, (nseen + 1) * sizeof(*seen));
	if (p) {
		seen = p;
		seen[nseen].dev = st.st_dev;
		seen[nseen].ino = st.st_ino;
		nseen++;
	}
	return false;
}

void sa_scan_forget(void)
{
	free(seen);
	seen = NULL;
	nseen = 0;
}

struct hit_ctx {
	struct sa_audit *a;
	const char *file, *member;
};

static int on_hit(const struct sa_hit *h, void *ctx)
{
	struct hit_ctx *c = ctx;
	struct sa_finding f = {
		.file = c->file,
		.member = c->member,
		.line = h->line,
		.col = h->col,
		.offset = h->offset,
		.kind = h->kind,
		.key = h->key,
		.severity = h->sev,
		.message = h->message,
		.replacement = h->replacement,
	};

	sa_audit_report(c->a, &f);
	return 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t l = strlen(s), n = strlen(suffix);

	return l >= n && !strcmp(s + l - n, suffix);
}

/* Named like an initramfs image: then "no cpio inside" is worth a message. */
static bool image_name(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return !strncmp(base, "initrd", 6) || !strncmp(base, "initramfs", 9) ||
	       strstr(base, ".cpio") || ends_with(base, ".img");
}

/* udev rules, not polkit's JavaScript *.rules: the file sits in a udev directory. */
static bool udev_rules_name(const char *path)
{
	return ends_with(path, ".rules") && strstr(path, "udev/");
}

/* Content of a file or of an image member; images are not nested. */
static void scan_content(struct sa_audit *a, const char *file, const char *member,
			 const char *buf, size_t len, bool top);

static int on_member(const char *name, const char *data, size_t len, void *ctx)
{
	struct hit_ctx *c = ctx;

	scan_content(c->a, c->file, name, data, len, false);
	return 0;
}

static void on_image_error(const char *member, const char *msg, void *ctx)
{
	struct hit_ctx *c = ctx;

	sa_audit_bad_input(c->a, c->file, member, "%s", msg);
}

static void scan_content(struct sa_audit *a, const char *file, const char *member,
			 const char *buf, size_t len, bool top)
{
	struct hit_ctx c = { a, file, member };
	const char *name = member ? member : file, *why = NULL;

	if (sa_is_elf(buf, len)) {
		if (sa_scan_elf(buf, len, on_hit, &c, &why))
			sa_audit_bad_input(a, file, member, "%s", why ? why : "cannot read ELF");
	} else if (top && sa_is_archive(buf, len)) {
		static const struct sa_initramfs_ops ops = { on_member, on_image_error };
		unsigned long bad = a->tot.unreadable;

		/* errors are reported by the reader; 0 archives: not an image */
		if (!sa_initramfs_read(buf, len, &ops, &c) && bad == a->tot.unreadable &&
		    image_name(file))
			sa_audit_bad_input(a, file, NULL,
					   "not an initramfs image: no cpio archive");
	} else if (udev_rules_name(name)) {
		sa_audit_rules(a, file, member, buf, len, NULL, NULL);
	} else if (sa_is_text(buf, len)) {
		sa_scan_script(buf, len, 1, on_hit, &c);
	}
	/* other binary data: nothing to look for */
}

bool sa_scan_path(struct sa_audit *a, const char *path)
{
	char *buf;
	size_t len;
	int err;

	if (already(path))
		return false;
	err = sa_slurp(path, SA_SCAN_MAX, &buf, &len);
	if (err) {
		sa_audit_bad_input(a, path, NULL, "%s", sa_slurp_strerror(err));
		return false;
	}
	a->tot.files++;
	scan_content(a, path, NULL, buf, len, true);
	free(buf);
	return true;
}

void sa_scan_text(struct sa_audit *a, const char *file, const char *text, size_t len,
		  unsigned long line)
{
	struct hit_ctx c = { a, file, NULL };

	sa_scan_script(text, len, line, on_hit, &c);
}

static struct sa_audit *walk_audit;

static int on_tree(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	if (type == FTW_F && S_ISREG(st->st_mode))
		sa_scan_path(walk_audit, path);
	else if (type == FTW_DNR || type == FTW_NS)
		sa_audit_bad_input(walk_audit, path, NULL, "cannot read: %s", strerror(errno));
	return 0;
}

void sa_scan_dir(struct sa_audit *a, const char *dir)
{
	walk_audit = a;
	if (nftw(dir, on_tree, 16, FTW_PHYS))
		sa_audit_bad_input(a, dir, NULL, "%s", strerror(errno));
}
