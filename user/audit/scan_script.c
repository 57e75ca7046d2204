// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <ctype.h>
#include <string.h>

#include "audit/abi_strings.h"
#include "audit/scan_script.h"
#include "model/legacy_key.h"

bool sa_is_text(const char *buf, size_t len)
{
	if (len >= 2 && buf[0] == '#' && buf[1] == '!')
		return true;
	return !memchr(buf, '\0', len < 8192 ? len : 8192);
}

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* @w as a whole word in [s, s+n): the offset, or -1. */
static long find_word(const char *s, size_t n, const char *w)
{
	size_t wl = strlen(w);
	const char *p = s, *hit;

	while ((hit = memmem(p, n - (p - s), w, wl))) {
		bool lb = hit == s || !word_char(hit[-1]);
		bool rb = hit + wl == s + n || !word_char(hit[wl]);

		if (lb && rb)
			return hit - s;
		p = hit + 1;
	}
	return -1;
}

static long find(const char *s, size_t n, const char *w)
{
	const char *hit = memmem(s, n, w, strlen(w));

	return hit ? hit - s : -1;
}

/*
 * The path at @p names an entry that was a directory in the old layout and
 * is a symlink today: /sys/block/<disk>..., /sys/class/<class>/<device>...
 * (not /sys/block or /sys/class/<class> themselves).
 */
static bool sysfs_entry(const char *p, size_t n)
{
	size_t i, comps = 0, need;

	if (n >= 11 && !memcmp(p, "/sys/block/", 11)) {
		i = 11;
		need = 1;
	} else if (n >= 11 && !memcmp(p, "/sys/class/", 11)) {
		i = 11;
		need = 2;
	} else {
		return false;
	}
	/* count non-empty path components up to the end of the word */
	while (i < n && !isspace((unsigned char)p[i]) && p[i] != '"' && p[i] != '\'' &&
	       p[i] != ']' && p[i] != ';') {
		if (p[i] != '/' && (p[i - 1] == '/'))
			comps++;
		i++;
	}
	return comps >= need;
}

/* A test operator (-d, -L, -h) applied to such an entry. */
static long sysfs_test(const char *s, size_t n, char op)
{
	for (size_t i = 0; i + 3 < n; i++) {
		size_t j;

		if (s[i] != '-' || s[i + 1] != op || (i && !isspace((unsigned char)s[i - 1])) ||
		    !isspace((unsigned char)s[i + 2]))
			continue;
		j = i + 2;
		while (j < n && (isspace((unsigned char)s[j]) || s[j] == '"' || s[j] == '\''))
			j++;
		if (sysfs_entry(s + j, n - j))
			return i;
	}
	return -1;
}

struct line_ctx {
	unsigned long lineno;
	sa_hit_cb cb;
	void *ctx;
	const struct sa_abi_strings *abi;	/* NULL: obsolete ABI not looked for */
	struct sa_abi_names *names;
};

static int hit(const struct line_ctx *l, long at, const char *kind, const char *key,
	       enum sa_sev sev, const char *message, const char *replacement)
{
	struct sa_hit h = {
		.line = l->lineno,
		.col = at + 1,
		.offset = -1,
		.kind = kind,
		.key = key,
		.sev = sev,
		.message = message,
		.replacement = replacement,
	};

	return l->cb(&h, l->ctx);
}

/* `find ... /sys/... -type d` without -L or -follow */
static long find_type_d(const char *s, size_t n)
{
	long at = find(s, n, "find ");

	if (at < 0)
		return -1;
	s += at;
	n -= at;
	if (find(s, n, "/sys/") < 0 || find(s, n, "-type d") < 0 || find(s, n, " -L ") >= 0 ||
	    find(s, n, "-follow") >= 0)
		return -1;
	return at;
}

/* the 'bus' link: device/bus as a whole path component, on a /sys path */
static long bus_link(const char *s, size_t n)
{
	long at = find(s, n, "device/bus");

	if (at < 0 || find(s, n, "/sys") < 0)
		return -1;
	if (at + 10 < (long)n && word_char(s[at + 10]))
		return -1;
	return at;
}

/*
 * "echo /sbin/mdev > /proc/sys/kernel/hotplug": the script sets the uevent
 * helper (BusyBox's documented setup), the file the kernel runs per uevent.
 */
static long helper_write(const char *s, size_t n)
{
	long at = find(s, n, "/proc/sys/kernel/hotplug"), j = at;

	while (j > 0 && (isspace((unsigned char)s[j - 1]) || s[j - 1] == '"' ||
			 s[j - 1] == '\''))
		j--;
	return at >= 0 && j > 0 && s[j - 1] == '>' ? at : -1;
}

static int on_abi_name(const struct sa_abi_name *nm, void *ctx)
{
	const struct line_ctx *l = ctx;

	return sa_abi_hit(nm, l->names, l->lineno, nm->at + 1, -1, l->cb, l->ctx);
}

static int line(const char *s, size_t n, const struct line_ctx *l)
{
	size_t i = 0;
	long at;
	int err = 0;

	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (i < n && s[i] == '#')
		return 0;
	/* scripts fill paths in with $VAR and the like, and Python and Perl with %d */
	if (l->abi && sa_abi_strings_maybe(s, n))
		err = sa_abi_strings_find(l->abi, s, n, SA_ABI_SYN_SHELL | SA_ABI_SYN_PRINTF,
					  on_abi_name, (void *)l);
	for (int k = 0; k < SA_KEY_N && !err; k++) {
		at = find_word(s, n, sa_keys[k].name);
		if (at >= 0)
			err = hit(l, at, SA_KIND_PHYSDEV_KEY, sa_keys[k].name, SA_SEV_ERROR,
				  sa_keys[k].script_message, sa_keys[k].replacement);
	}
	at = find_word(s, n, "WAIT_FOR_SYSFS");
	if (!err && at >= 0)
		err = hit(l, at, "removed-key", "WAIT_FOR_SYSFS", SA_SEV_WARNING,
			  "writes or reads the WAIT_FOR_SYSFS udev key, removed in udev 174", NULL);
	at = find_type_d(s, n);
	if (!err && at >= 0)
		err = hit(l, at, "dir-walk", "find -type d", SA_SEV_WARNING,
			  "walks sysfs with 'find -type d', which skips the symlinks that "
			  "/sys/block and /sys/class hold today: use 'find -L' or 'find -type l'",
			  "find -L");
	at = sysfs_test(s, n, 'L');
	if (at < 0)
		at = sysfs_test(s, n, 'h');
	if (!err && at >= 0)
		err = hit(l, at, "link-test", s[at + 1] == 'L' ? "-L" : "-h", SA_SEV_WARNING,
			  "tests whether a /sys/block or /sys/class entry is a symlink: they were "
			  "directories in the old layout and are symlinks today", NULL);
	at = sysfs_test(s, n, 'd');
	if (!err && at >= 0)
		err = hit(l, at, "dir-test", "-d", SA_SEV_NOTE,
			  "review: a directory test on a /sys/block or /sys/class entry; "
			  "'test -d' follows today's symlinks, code that relies on real "
			  "directories (lstat, cd .., nested entries) does not", NULL);
	at = helper_write(s, n);
	if (!err && at >= 0)
		err = hit(l, at, "uevent-helper", "/proc/sys/kernel/hotplug", SA_SEV_WARNING,
			  "sets a uevent helper, the /sbin/hotplug mechanism of the old layout's "
			  "era (a BusyBox 1.7-1.10 mdev there types every node wrong today); "
			  "Debian kernels build without CONFIG_UEVENT_HELPER: use a udev rule",
			  NULL);
	at = bus_link(s, n);
	if (!err && at >= 0) {
		err = hit(l, at, "legacy-path", "device/bus", SA_SEV_ERROR,
			  "reads the 'bus' link, which went with CONFIG_SYSFS_DEPRECATED: "
			  "read device/subsystem", "device/subsystem");
	} else if (!err && find(s, n, "/sys") >= 0) {
		at = find(s, n, "device/..");
		if (at >= 0)
			err = hit(l, at, "legacy-path", "device/..", SA_SEV_NOTE,
				  "review: walks up from a 'device' link by path text; the number "
				  "of levels changed with the sysfs layout", NULL);
	}
	return err;
}

int sa_scan_script(const char *buf, size_t len, unsigned long first_line, sa_hit_cb cb,
		   void *ctx)
{
	return sa_scan_script_abi(buf, len, first_line, NULL, cb, ctx);
}

int sa_scan_script_abi(const char *buf, size_t len, unsigned long first_line,
		       const struct sa_abi_strings *abi, sa_hit_cb cb, void *ctx)
{
	struct sa_abi_names names = { .n = 0 };
	size_t pos = 0;
	unsigned long lineno = first_line;
	int err = 0;

	while (pos < len && !err) {
		const char *s = buf + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;
		struct line_ctx l = { lineno++, cb, ctx, abi, &names };

		err = line(s, n, &l);
		pos += n + 1;
	}
	if (!err)
		err = sa_abi_hit_more(&names, cb, ctx);
	return err;
}
