// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/rules_dirs.h"
#include "audit/scan_file.h"
#include "audit/scan_places.h"
#include "common/root.h"
#include "common/slurp.h"
#include "common/str_set.h"

#define CONF_MAX (16UL << 20)

struct places {
	struct sa_audit *a;
	const char *root;	/* "" for "/" */
	struct sa_strset progs;	/* absolute paths under the root, deduplicated */
	struct stat dirs[16];	/* conf directories read (merged /usr: /lib is /usr/lib) */
	size_t ndirs;
};

static bool dir_seen(struct places *p, const char *dir)
{
	struct stat st;

	if (sa_root_stat(p->a->rootfs, dir, &st))
		return true;	/* missing: nothing to read */
	for (size_t i = 0; i < p->ndirs; i++)
		if (p->dirs[i].st_dev == st.st_dev && p->dirs[i].st_ino == st.st_ino)
			return true;
	if (p->ndirs < sizeof(p->dirs) / sizeof(p->dirs[0]))
		p->dirs[p->ndirs++] = st;
	return false;
}

/* Every path here is under the root: resolved inside it (common/root.h). */
static bool exists(struct places *p, const char *path)
{
	struct stat st;

	return !sa_root_stat(p->a->rootfs, path, &st);
}

/* ---- programs named by the rules ------------------------------------------ */

static int add_prog(const char *prog, size_t len, void *ctx)
{
	struct places *p = ctx;
	char path[4096];

	if (prog[0] == '/') {
		snprintf(path, sizeof(path), "%s%.*s", p->root, (int)len, prog);
	} else {
		/* a bare name runs from /lib/udev (merged /usr: /usr/lib/udev) */
		snprintf(path, sizeof(path), "%s/lib/udev/%.*s", p->root, (int)len, prog);
		if (!exists(p, path))
			snprintf(path, sizeof(path), "%s/usr/lib/udev/%.*s", p->root, (int)len,
				 prog);
	}
	sa_strset_add(&p->progs, path);	/* out of memory: one program fewer */
	return 0;
}

static int rule_progs(const struct sa_rule *r, void *ctx)
{
	return sa_rule_programs(r, add_prog, ctx);
}

static int on_rules_file(const char *path, const struct sa_root *root, void *ctx)
{
	struct places *p = ctx;
	char *buf;
	size_t len;
	int err;

	if (sa_rules_masked(root, path))
		return 0;
	/* The rules themselves are the 'rules' command's; here only their programs. */
	err = sa_slurp_at(root, path, SA_RULES_MAX, &buf, &len);
	if (err) {
		sa_audit_unread(p->a, path, err);
		return 0;
	}
	sa_rules_parse(buf, len, rule_progs, p);
	free(buf);
	return 0;
}

static void on_rules_error(const char *path, int err, void *ctx)
{
	struct places *p = ctx;

	sa_audit_bad_input(p->a, path, NULL, "%s", strerror(err));
}

static void rules_programs(struct places *p)
{
	struct sa_rules_walk w = { .on_file = on_rules_file, .on_error = on_rules_error, .ctx = p,
				   .root = p->a->rootfs };

	sa_rules_walk_defaults(&w, p->root[0] ? p->root : "/");
	sa_rules_walk_free(&w);
	for (size_t i = 0; i < p->progs.n; i++)
		/* a rule for a program that is not installed is not ours to report */
		if (exists(p, p->progs.s[i]))
			sa_scan_path(p->a, p->progs.s[i]);
	sa_strset_free(&p->progs);
}

/* ---- hotplug: /etc/hotplug*, /sbin/hotplug, /etc/mdev.conf -------------------- */

/* A file, or a whole tree (sa_scan_dir); a missing one is not an error. */
static void scan_tree(struct places *p, const char *path)
{
	struct stat st;

	if (sa_root_stat(p->a->rootfs, path, &st))
		return;
	if (S_ISDIR(st.st_mode))
		sa_scan_dir(p->a, path);
	else
		sa_scan_path(p->a, path);
}

static void hotplug(struct places *p)
{
	char dir[4096], path[4096 + 256];
	struct dirent **ents;
	int n;

	snprintf(dir, sizeof(dir), "%s/etc", p->root);
	n = sa_root_scandir(p->a->rootfs, dir, &ents, NULL);
	for (int i = 0; i < n; i++) {
		if (!strncmp(ents[i]->d_name, "hotplug", 7)) {
			snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
			scan_tree(p, path);
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	snprintf(path, sizeof(path), "%s/sbin/hotplug", p->root);
	scan_tree(p, path);
	snprintf(path, sizeof(path), "%s/etc/mdev.conf", p->root);
	scan_tree(p, path);
}

/* ---- *.conf directories: modprobe.d, sysctl.d ----------------------------------- */

static int is_conf(const struct dirent *d)
{
	size_t l = strlen(d->d_name);

	return l > 5 && !strcmp(d->d_name + l - 5, ".conf");
}

typedef void (*conf_line_fn)(struct places *p, const char *file, const char *s, size_t n,
			     unsigned long line);

static void conf_file(struct places *p, const char *file, conf_line_fn fn)
{
	char *buf;
	size_t len, pos = 0;
	unsigned long line = 0;
	int err;

	if (!exists(p, file))
		return;
	err = sa_slurp_at(p->a->rootfs, file, CONF_MAX, &buf, &len);
	if (err) {
		sa_audit_unread(p->a, file, err);
		return;
	}
	p->a->tot.files++;
	while (pos < len) {
		const char *s = buf + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;

		fn(p, file, s, n, ++line);
		pos += n + 1;
	}
	free(buf);
}

static void conf_dirs(struct places *p, const char *const *dirs, size_t ndirs,
		      const char *const *files, size_t nfiles, conf_line_fn fn)
{
	char path[4096 + 256];

	for (size_t i = 0; i < nfiles; i++) {
		snprintf(path, sizeof(path), "%s%s", p->root, files[i]);
		conf_file(p, path, fn);
	}
	for (size_t i = 0; i < ndirs; i++) {
		char dir[4096];
		struct dirent **ents;
		int n;

		snprintf(dir, sizeof(dir), "%s%s", p->root, dirs[i]);
		if (dir_seen(p, dir))
			continue;
		n = sa_root_scandir(p->a->rootfs, dir, &ents, is_conf);
		for (int j = 0; j < n; j++) {
			snprintf(path, sizeof(path), "%s/%s", dir, ents[j]->d_name);
			conf_file(p, path, fn);
			free(ents[j]);
		}
		if (n >= 0)
			free(ents);
	}
}

static size_t skip_space(const char *s, size_t n, size_t i)
{
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return i;
}

static size_t skip_word(const char *s, size_t n, size_t i)
{
	while (i < n && !isspace((unsigned char)s[i]))
		i++;
	return i;
}

/* "install MODULE COMMAND...": the command text, and its program. */
static void modprobe_line(struct places *p, const char *file, const char *s, size_t n,
			  unsigned long line)
{
	size_t i = skip_space(s, n, 0), c, w;

	if (n - i < 8 || memcmp(s + i, "install", 7) || !isspace((unsigned char)s[i + 7]))
		return;
	i = skip_word(s, n, skip_space(s, n, i + 7));	/* the module */
	c = skip_space(s, n, i);
	if (c >= n)
		return;
	sa_scan_text(p->a, file, s, n, line);
	w = skip_word(s, n, c);
	if (s[c] == '/' && w - c < 4000) {
		char prog[4096 + 256];

		snprintf(prog, sizeof(prog), "%s%.*s", p->root, (int)(w - c), s + c);
		if (exists(p, prog))
			sa_scan_path(p->a, prog);
	}
}

/* "kernel.hotplug = /sbin/helper": a uevent helper, reported and scanned. */
static void sysctl_line(struct places *p, const char *file, const char *s, size_t n,
			unsigned long line)
{
	size_t i = skip_space(s, n, 0), v, e;
	char prog[4096 + 256];

	if (i < n && s[i] == '-')	/* "-key = value": ignore errors */
		i++;
	if (n - i < 14 ||
	    (memcmp(s + i, "kernel.hotplug", 14) && memcmp(s + i, "kernel/hotplug", 14)))
		return;
	v = skip_space(s, n, i + 14);
	if (v >= n || s[v] != '=')
		return;
	v = skip_space(s, n, v + 1);
	e = skip_word(s, n, v);
	{
		char msg[256];
		struct sa_finding f = {
			.file = file,
			.line = line,
			.col = i + 1,
			.offset = -1,
			.kind = "uevent-helper",
			.key = "kernel.hotplug",
			.severity = SA_SEV_WARNING,
			.message = msg,
		};

		if (e == v)
			return;	/* "kernel.hotplug =" disables the helper */
		snprintf(msg, sizeof(msg), "names a uevent helper (%.*s), the /sbin/hotplug "
			 "mechanism of the old layout's era; Debian kernels build without "
			 "CONFIG_UEVENT_HELPER: use a udev rule", (int)(e - v > 100 ? 100 : e - v),
			 s + v);
		sa_audit_report(p->a, &f);
	}
	if (s[v] == '/' && e - v < 4000) {
		snprintf(prog, sizeof(prog), "%s%.*s", p->root, (int)(e - v), s + v);
		if (exists(p, prog))
			sa_scan_path(p->a, prog);
	}
}

static void modprobe(struct places *p)
{
	static const char *const dirs[] = { "/etc/modprobe.d", "/run/modprobe.d",
					    "/lib/modprobe.d", "/usr/lib/modprobe.d" };
	static const char *const files[] = { "/etc/modprobe.conf" };

	conf_dirs(p, dirs, 4, files, 1, modprobe_line);
}

static void sysctl(struct places *p)
{
	static const char *const dirs[] = { "/etc/sysctl.d", "/run/sysctl.d", "/lib/sysctl.d",
					    "/usr/lib/sysctl.d" };
	static const char *const files[] = { "/etc/sysctl.conf" };

	conf_dirs(p, dirs, 4, files, 1, sysctl_line);
}

/* ---- initramfs images ---------------------------------------------------------- */

static int is_image(const struct dirent *d)
{
	return !fnmatch("initrd.img-*", d->d_name, 0) || !fnmatch("initramfs-*", d->d_name, 0);
}

static void boot(struct places *p)
{
	char dir[4096], path[4096 + 256];
	struct dirent **ents;
	int n;

	snprintf(dir, sizeof(dir), "%s/boot", p->root);
	n = sa_root_scandir(p->a->rootfs, dir, &ents, is_image);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
		sa_scan_path(p->a, path);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

void sa_scan_places(struct sa_audit *a, const char *root)
{
	struct places p = { .a = a, .root = strcmp(root, "/") ? root : "" };

	rules_programs(&p);
	hotplug(&p);
	modprobe(&p);
	sysctl(&p);
	boot(&p);
}
