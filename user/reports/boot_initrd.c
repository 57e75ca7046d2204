// SPDX-License-Identifier: GPL-2.0
/*
 * boot --status: the initramfs images the next boot may use. Each must
 * hold the installed sysfs-audit (the same file: SHA-256) and the script
 * that starts it, put there by the initramfs-tools hook or the dracut
 * module when BOOT_AUDIT=yes; an image built before that, or before the
 * package was upgraded, is what the next boot runs all the same.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sha2.h>
#include <sys/stat.h>

#include "audit/initramfs_find.h"
#include "audit/scan_file.h"
#include "common/shell_quote.h"
#include "common/slurp.h"
#include "reports/boot_initrd.h"

#define BIN_MAX (256UL << 20)

static int is_vmlinuz(const struct dirent *d)
{
	return !strncmp(d->d_name, "vmlinuz-", 8) && d->d_name[8];
}

static bool exists(const struct sa_root *r, const char *pfx, const char *path)
{
	char full[SA_ARMED_PATH];
	struct stat st;

	snprintf(full, sizeof(full), "%s%s", pfx, path);
	return !sa_root_stat(r, full, &st);
}

int sa_armed_releases(const struct sa_armed_opts *o, const struct sa_root *r, const char *pfx,
		      char **out, int max)
{
	struct dirent **ents = NULL;
	const char *newest = NULL;
	char dir[SA_ARMED_PATH], path[512];
	int n, k = 0;

	if (max < 2)
		return 0;
	if (o->kernel) {
		out[k] = strdup(o->kernel);
		return out[k] ? 1 : 0;
	}
	snprintf(dir, sizeof(dir), "%s/boot", pfx);
	n = sa_root_scandir(r, dir, &ents, is_vmlinuz);
	for (int i = 0; i < n; i++)
		if (!newest || strverscmp(ents[i]->d_name + 8, newest) > 0)
			newest = ents[i]->d_name + 8;
	/* the running kernel's, unless it is gone from /boot (removed: not booted again) */
	if (o->running) {
		snprintf(path, sizeof(path), "/boot/vmlinuz-%s", o->running);
		if (!newest || exists(r, pfx, path))
			out[k++] = strdup(o->running);
	}
	if (newest && (!k || strcmp(newest, o->running)))
		out[k++] = strdup(newest);
	for (int i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	for (int i = 0; i < k; i++) {
		if (!out[i]) {
			for (int j = 0; j < k; j++)
				free(out[j]);
			return 0;
		}
	}
	return k;
}

/* What is looked up in an image; the indices below. */
enum { W_BIN, W_TOP, W_DRACUT_HOOK, W_DRACUT_HOOK_OLD, W_DRACUT, W_DRACUT_OLD, W_N };

static void wants(struct sa_initramfs_want *w)
{
	memset(w, 0, W_N * sizeof(*w));
	w[W_BIN].path = "usr/sbin/sysfs-audit";		/* both generators put it there */
	w[W_TOP].path = "scripts/init-top/sysfs-audit";	/* initramfs-tools */
	/* dracut's inst_hook cmdline 00: usr/lib since dracut 056, var/lib before */
	w[W_DRACUT_HOOK].path = "usr/lib/dracut/hooks/cmdline/00-sysfs-audit-start.sh";
	w[W_DRACUT_HOOK_OLD].path = "var/lib/dracut/hooks/cmdline/00-sysfs-audit-start.sh";
	w[W_DRACUT].path = "usr/lib/dracut/";
	w[W_DRACUT].prefix = true;
	w[W_DRACUT_OLD].path = "var/lib/dracut/";
	w[W_DRACUT_OLD].prefix = true;
}

/* Which generator builds the tree's images: the image says, else the tree. */
static bool is_dracut(const struct sa_root *r, const char *pfx, const struct sa_initramfs_want *w)
{
	if (w && (w[W_DRACUT].found || w[W_DRACUT_OLD].found))
		return true;
	if (w && w[W_TOP].found)
		return false;
	return exists(r, pfx, "/usr/bin/dracut") && !exists(r, pfx, "/usr/sbin/update-initramfs");
}

/* The release comes from the tree's file names, which anyone may write: quoted for the shell. */
static void fix_image(struct sa_check *c, bool dracut, bool missing, const char *rel)
{
	char img[256], qrel[256], qimg[300];

	snprintf(img, sizeof(img), "/boot/initrd.img-%s", rel);
	if (sa_sh_quote(qrel, sizeof(qrel), rel) || sa_sh_quote(qimg, sizeof(qimg), img))
		sa_check_fix(c, "# the release name holds bytes no pasted command carries "
			     "safely (or is too long): rebuild its initramfs by hand");
	else if (dracut)
		sa_check_fix(c, "dracut -f %s %s", qimg, qrel);
	else
		sa_check_fix(c, "update-initramfs -%c -k %s", missing ? 'c' : 'u', qrel);
}

/* The installed binary's SHA-256 and path; false when there is none. */
static bool installed(const struct sa_root *r, const char *pfx, char *sha, const char **where)
{
	/* the hooks copy @SBINDIR@/sysfs-audit: the package's, or make install's */
	static const char *const bins[] = {
		"/usr/sbin/sysfs-audit", "/usr/local/sbin/sysfs-audit",
	};

	for (size_t i = 0; i < sizeof(bins) / sizeof(bins[0]); i++) {
		char *buf = NULL;
		size_t len;

		if (sa_armed_slurp(r, pfx, bins[i], BIN_MAX, &buf, &len))
			continue;
		*where = bins[i];
		if (!SHA256Data((const uint8_t *)buf, len, sha))
			sha[0] = '\0';
		free(buf);
		return true;
	}
	return false;
}

static void check_binary(const struct sa_root *r, const char *pfx, const char *img,
			 const char *rel, const struct sa_initramfs_want *w, bool dracut,
			 struct sa_boot_status *s)
{
	char sha[SHA256_DIGEST_STRING_LENGTH];
	const char *where = "/usr/sbin/sysfs-audit";
	struct sa_check *c;

	if (!w[W_BIN].found) {
		c = sa_check_add(s, SA_CHECK_NO, img, "no /%s in it (built before BOOT_AUDIT=yes?)",
				 w[W_BIN].path);
		fix_image(c, dracut, false, rel);
		return;
	}
	if (!installed(r, pfx, sha, &where)) {
		c = sa_check_add(s, SA_CHECK_NO, img, "holds /%s, but the root has none "
				 "(%s): sysfs-audit-boot.service cannot adopt", w[W_BIN].path,
				 where);
		sa_check_fix(c, "apt install sysfs-audit");
		return;
	}
	if (!strcmp(sha, w[W_BIN].sha256)) {
		sa_check_add(s, SA_CHECK_OK, img, "holds /%s, the installed one (sha256 %.12s)",
			     w[W_BIN].path, sha);
		return;
	}
	c = sa_check_add(s, SA_CHECK_WARN, img, "holds an older sysfs-audit than %s (sha256 %.12s, "
			 "installed %.12s): it starts the audit all the same", where,
			 w[W_BIN].sha256, sha);
	fix_image(c, dracut, false, rel);
}

static void check_start(const char *img, const char *rel, const struct sa_initramfs_want *w,
			bool dracut, struct sa_boot_status *s)
{
	const struct sa_initramfs_want *hook = NULL;
	struct sa_check *c;

	if (w[W_TOP].found)
		hook = &w[W_TOP];
	else if (w[W_DRACUT_HOOK].found)
		hook = &w[W_DRACUT_HOOK];
	else if (w[W_DRACUT_HOOK_OLD].found)
		hook = &w[W_DRACUT_HOOK_OLD];
	if (hook) {
		sa_check_add(s, SA_CHECK_OK, img, "starts it: /%s", hook->path);
		return;
	}
	c = sa_check_add(s, SA_CHECK_NO, img, "no start script in it (/%s)",
			 dracut ? w[W_DRACUT_HOOK].path : w[W_TOP].path);
	fix_image(c, dracut, false, rel);
}

static void check_image(const struct sa_root *r, const char *pfx, const char *rel,
			struct sa_boot_status *s)
{
	struct sa_initramfs_want w[W_N];
	char img[300], why[256], full[SA_ARMED_PATH];
	struct sa_check *c;
	char *buf = NULL;
	size_t len;
	int err, narch;

	snprintf(img, sizeof(img), "/boot/initrd.img-%s", rel);
	snprintf(full, sizeof(full), "%s%s", pfx, img);
	err = sa_slurp_at(r, full, SA_SCAN_MAX, &buf, &len);
	if (err) {
		c = sa_check_add(s, SA_CHECK_NO, img, "%s", err == -ENOENT ?
				 "missing: the next boot of this kernel has no initramfs" :
				 sa_slurp_strerror(err));
		fix_image(c, is_dracut(r, pfx, NULL), err == -ENOENT, rel);
		return;
	}
	wants(w);
	narch = sa_initramfs_find(buf, len, w, W_N, why, sizeof(why));
	free(buf);
	if (narch <= 0) {
		c = sa_check_add(s, SA_CHECK_NO, img, "not an initramfs image%s%s",
				 why[0] ? ": " : "", why);
		fix_image(c, is_dracut(r, pfx, NULL), false, rel);
		return;
	}
	check_binary(r, pfx, img, rel, w, is_dracut(r, pfx, w), s);
	check_start(img, rel, w, is_dracut(r, pfx, w), s);
	if (why[0]) {
		c = sa_check_add(s, SA_CHECK_WARN, img, "read in part: %s", why);
		fix_image(c, is_dracut(r, pfx, w), false, rel);
	}
}

void sa_armed_images(const struct sa_armed_opts *o, const struct sa_root *r, const char *pfx,
		     struct sa_boot_status *s)
{
	char *rel[2];
	int n = sa_armed_releases(o, r, pfx, rel, 2);

	if (!n) {
		struct sa_check *c = sa_check_add(s, SA_CHECK_NO, "/boot",
						  "no installed kernel found (vmlinuz-*)");

		sa_check_fix(c, "sysfs-audit boot --status --kernel RELEASE");
		return;
	}
	for (int i = 0; i < n; i++) {
		check_image(r, pfx, rel[i], s);
		free(rel[i]);
	}
}
