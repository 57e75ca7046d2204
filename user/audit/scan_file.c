// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit/abi_readers.h"
#include "audit/abi_strings.h"
#include "audit/scan_elf.h"
#include "audit/scan_file.h"
#include "audit/scan_initramfs.h"
#include "audit/scan_script.h"
#include "audit/scan_self.h"
#include "common/hash_index.h"
#include "common/root.h"
#include "common/slurp.h"

struct file_id {
	dev_t dev;
	ino_t ino;
};

/* The files already scanned in one audit run: a hash set by device and inode. */
struct sa_scan_seen {
	struct file_id *ids;
	size_t n, cap;
	struct sa_hindex index;
};

struct seen_probe {
	struct file_id k;
	const struct sa_scan_seen *s;
};

static bool probe_eq(const void *ctx, size_t row)
{
	const struct seen_probe *p = ctx;

	return p->s->ids[row].dev == p->k.dev && p->s->ids[row].ino == p->k.ino;
}

/* Whether @st was scanned before in @a's run; remembers it if not. */
static bool already(struct sa_audit *a, const struct stat *st)
{
	uint64_t h = (SA_HASH_INIT ^ (uint64_t)st->st_dev) * 1099511628211ULL;
	struct sa_scan_seen *s = a->seen;
	struct seen_probe p;

	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s)
			return false;
		a->seen = s;
	}
	p = (struct seen_probe){ { st->st_dev, st->st_ino }, s };
	h = (h ^ (uint64_t)st->st_ino) * 1099511628211ULL;
	if (sa_hindex_find(&s->index, h, probe_eq, &p) >= 0)
		return true;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		void *q = realloc(s->ids, cap * sizeof(*s->ids));

		if (!q)
			return false;
		s->ids = q;
		s->cap = cap;
	}
	if (sa_hindex_add(&s->index, h, s->n))
		return false;
	s->ids[s->n++] = p.k;
	return false;
}

void sa_scan_forget(struct sa_audit *a)
{
	if (!a->seen)
		return;
	free(a->seen->ids);
	sa_hindex_free(&a->seen->index);
	free(a->seen);
	a->seen = NULL;
}

struct hit_ctx {
	struct sa_audit *a;
	const char *file, *member;
};

static int on_hit(const struct sa_hit *h, void *ctx)
{
	struct hit_ctx *c = ctx;

	sa_audit_hit(c->a, c->file, c->member, h);
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

static void on_image_limit(const char *member, const char *msg, void *ctx)
{
	struct hit_ctx *c = ctx;

	sa_audit_limit(c->a, c->file, member, "%s", msg);
}

static void scan_content(struct sa_audit *a, const char *file, const char *member,
			 const char *buf, size_t len, bool top)
{
	struct hit_ctx c = { a, file, member };
	const char *name = member ? member : file, *why = NULL;
	size_t z = 0;

	/* the kernel skips NUL padding before an image's first archive */
	while (top && z < len && !buf[z])
		z++;
	if (z == len)
		z = 0;

	if (sa_is_elf(buf, len) && sa_scan_is_self(buf, len)) {
		sa_audit_self(a, file, member);
	} else if (sa_is_elf(buf, len)) {
		int err = sa_scan_elf_abi(buf, len, a->abi, on_hit, &c, &why);

		if (err == -E2BIG)
			sa_audit_limit(a, file, member, "%s", why);
		else if (err)
			sa_audit_bad_input(a, file, member, "%s", why ? why : "cannot read ELF");
	} else if (top && (sa_is_cpio(buf + z, len - z) ||
			   (sa_is_archive(buf + z, len - z) &&
			    (!sa_is_text(buf, len) || image_name(file))))) {
		/* a text file that happens to start "BZ" is a script, unless named as an image */
		static const struct sa_initramfs_ops ops = { on_member, on_image_error,
							     on_image_limit };
		unsigned long bad = a->tot.unreadable, limited = a->tot.limited;
		const char *comp = sa_kernel_compression(buf + z, len - z);

		/* errors are reported by the reader; 0 archives and no word yet: say so */
		if (!sa_initramfs_read_budget(buf, len, &ops, &c, a->budget) &&
		    bad == a->tot.unreadable && limited == a->tot.limited)
			sa_audit_bad_input(a, file, NULL, "%s%s data that holds no cpio archive: not "
					   "an initramfs image, not searched", comp ? comp : "",
					   comp ? "" : "compressed");
	} else if (top && image_name(file) && !sa_is_text(buf, len)) {
		/* an initrd.img-* that is no archive the kernel unpacks: never skipped silently */
		sa_audit_bad_input(a, file, NULL, "named as an initramfs image, but no format the "
				   "kernel unpacks (cpio, gzip, bzip2, lzma, xz, lzo, lz4, zstd): not "
				   "read");
	} else if (udev_rules_name(name)) {
		sa_audit_rules(a, file, member, buf, len, NULL, NULL);
	} else if (sa_is_text(buf, len)) {
		sa_scan_script_abi(buf, len, 1, a->abi, on_hit, &c);
	} else if (top) {
		/* a file scan met and cannot search: named, counted (exit 10) */
		sa_audit_bad_input(a, file, NULL, "binary data that is neither ELF, text nor an "
				   "initramfs image: not searched");
	}
	/* a member that is other binary data (firmware, compressed modules): nothing to look for */
}

/*
 * A file that a Debian package known to read obsolete ABI installs
 * (audit/abi_readers.h): said whatever its strings show, as some build
 * the path from a variable no string catches.
 */
static void known_reader(struct sa_audit *a, const char *file)
{
	size_t rl = a->root ? strlen(a->root) : 0;
	const struct sa_abi_reader *r;
	const char *path = file;
	char msg[640];

	if (!a->abi)
		return;
	while (rl && a->root[rl - 1] == '/')
		rl--;
	if (rl && !strncmp(path, a->root, rl) && path[rl] == '/')
		path += rl;
	r = sa_abi_reader_of(path);
	if (!r)
		return;
	snprintf(msg, sizeof(msg), "a known reader of %s ABI (Documentation/ABI/%s): %s %s %s",
		 strncmp(r->entry, "removed/", 8) ? "obsolete" : "removed", r->entry, r->package,
		 r->version, r->reads);
	sa_audit_report(a, &(struct sa_finding){
		.file = file,
		.offset = -1,
		.kind = SA_KIND_ABI_READER,
		.key = r->package,
		.severity = SA_SEV_NOTE,
		.message = msg,
		.abi_file = r->entry,
		.confidence = SA_ABI_READER_CONFIDENCE,
	});
}

/* Scan the file open at @fd (closed here), named @path. */
static bool scan_fd(struct sa_audit *a, const char *path, int fd)
{
	struct stat st;
	char *buf;
	size_t len;
	int err;

	if (!fstat(fd, &st) && already(a, &st)) {
		close(fd);
		return false;
	}
	err = sa_slurp_fd(fd, SA_SCAN_MAX, &buf, &len);
	if (err) {
		sa_audit_unread(a, path, err);
		return false;
	}
	a->tot.files++;
	scan_content(a, path, NULL, buf, len, true);
	known_reader(a, path);
	free(buf);
	return true;
}

bool sa_scan_path(struct sa_audit *a, const char *path)
{
	/* its type is checked before it is opened: no device's open, no FIFO's wait */
	int fd = sa_open_regular(a->rootfs, -1, path);

	if (fd < 0) {
		sa_audit_unread(a, path, fd);
		return false;
	}
	return scan_fd(a, path, fd);
}

void sa_scan_text(struct sa_audit *a, const char *file, const char *text, size_t len,
		  unsigned long line)
{
	struct hit_ctx c = { a, file, NULL };

	sa_scan_script_abi(text, len, line, a->abi, on_hit, &c);
}

#define DIR_DEPTH_MAX 256

/*
 * Every regular file below the directory open at @dfd: entries are looked
 * at without following (a symlink is skipped, as nftw's FTW_PHYS did) and
 * opened relative to their directory with O_NOFOLLOW, so a symlink swapped
 * in during the walk is not followed either.
 */
static void walk(struct sa_audit *a, int dfd, char *path, size_t plen, int depth)
{
	DIR *d;
	struct dirent *e;

	/* a tree's /proc, /sys, /dev bind mounts: counted, never entered */
	if (sa_fd_on_kernel_fs(dfd) == -EMEDIUMTYPE) {
		sa_audit_unread(a, path, -EMEDIUMTYPE);
		close(dfd);
		return;
	}
	d = fdopendir(dfd);
	if (!d) {
		sa_audit_bad_input(a, path, NULL, "cannot read: %s", strerror(errno));
		close(dfd);
		return;
	}
	if (depth > DIR_DEPTH_MAX) {
		sa_audit_limit(a, path, NULL, "more than %d directory levels, not entered",
			       DIR_DEPTH_MAX);
		closedir(d);
		return;
	}
	while ((e = readdir(d))) {
		size_t nl = strlen(e->d_name);
		struct stat st;
		int fd;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (plen + 1 + nl >= PATH_MAX) {
			sa_audit_bad_input(a, path, NULL, "a name too long below it, skipped");
			continue;
		}
		path[plen] = '/';
		memcpy(path + plen + 1, e->d_name, nl + 1);
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
			sa_audit_bad_input(a, path, NULL, "cannot read: %s", strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			fd = openat(dirfd(d), e->d_name,
				    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (fd < 0)
				sa_audit_bad_input(a, path, NULL, "cannot read: %s", strerror(errno));
			else
				walk(a, fd, path, plen + 1 + nl, depth + 1);
		} else if (S_ISREG(st.st_mode)) {
			/* checked again on the descriptor: the entry may have been swapped */
			fd = sa_open_regular(NULL, dirfd(d), e->d_name);
			if (fd < 0)
				sa_audit_unread(a, path, fd);
			else
				scan_fd(a, path, fd);
		} else if (!S_ISLNK(st.st_mode)) {
			/* a device node, FIFO or socket: counted, never opened */
			sa_audit_unread(a, path, S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ?
					-ENODEV : -ENXIO);
		}
		path[plen] = '\0';
	}
	closedir(d);
}

void sa_scan_dir(struct sa_audit *a, const char *dir)
{
	char path[PATH_MAX];
	size_t len = strlen(dir);
	int fd;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len >= sizeof(path)) {
		sa_audit_bad_input(a, dir, NULL, "%s", strerror(ENAMETOOLONG));
		return;
	}
	memcpy(path, dir, len);
	path[len] = '\0';
	fd = sa_root_open(a->rootfs, path, O_RDONLY | O_DIRECTORY);
	if (fd < 0) {
		sa_audit_bad_input(a, dir, NULL, "%s", strerror(-fd));
		return;
	}
	walk(a, fd, path, len, 0);
}
