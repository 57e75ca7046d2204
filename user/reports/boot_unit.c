// SPDX-License-Identifier: GPL-2.0
/*
 * boot --status: the real root's recorder, sysfs-audit-boot.service. It
 * must be enabled (`systemctl enable` links it into the .wants directory
 * of each target its [Install] section names) and not masked (a link to
 * /dev/null, or an empty file, in /etc/systemd/system). Read from the
 * tree, not asked of systemd: a mounted image has no systemd to ask.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/slurp.h"
#include "reports/boot_unit.h"

#define ETC_UNITS "/etc/systemd/system"
#define TARGETS_MAX 4

/* lstat() of @name in @dir under the tree, and its link text (""); 0 or -errno. */
static int peek(const struct sa_root *r, const char *pfx, const char *dir, const char *name,
		struct stat *st, char *link, size_t len)
{
	char full[SA_ARMED_PATH];
	ssize_t n;
	int fd, err = 0;

	snprintf(full, sizeof(full), "%s%s", pfx, dir);
	fd = sa_root_open(r, full, O_PATH | O_DIRECTORY);
	if (fd < 0)
		return fd;
	link[0] = '\0';
	if (fstatat(fd, name, st, AT_SYMLINK_NOFOLLOW)) {
		err = -errno;
	} else if (S_ISLNK(st->st_mode)) {
		n = readlinkat(fd, name, link, len - 1);
		link[n > 0 ? n : 0] = '\0';
	}
	close(fd);
	return err;
}

/* The targets of the [Install] section's WantedBy= and RequiredBy= of @text. */
static int install_targets(char *text, char targets[][128], int max)
{
	bool install = false;
	char *save = NULL;
	int n = 0;

	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *v = NULL;

		l += strspn(l, " \t");
		if (*l == '[')
			install = !strncmp(l, "[Install]", 9);
		else if (install && !strncmp(l, "WantedBy=", 9))
			v = l + 9;
		else if (install && !strncmp(l, "RequiredBy=", 11))
			v = l + 11;
		while (v && *v && n < max) {
			size_t k;

			v += strspn(v, " \t");
			k = strcspn(v, " \t");
			if (k && k < 128)
				snprintf(targets[n++], 128, "%.*s", (int)k, v);
			v += k;
		}
	}
	return n;
}

/* Does the tree hold the unit file? Its targets into @targets. */
static bool unit_file(const struct sa_root *r, const char *pfx, char targets[][128],
		      int *ntargets)
{
	static const char *const dirs[] = { "/lib/systemd/system", "/usr/lib/systemd/system" };

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char path[128], *buf = NULL;
		size_t len;

		snprintf(path, sizeof(path), "%s/" SA_BOOT_UNIT, dirs[i]);
		if (sa_armed_slurp(r, pfx, path, 1UL << 20, &buf, &len))
			continue;
		*ntargets = install_targets(buf, targets, TARGETS_MAX);
		free(buf);
		return true;
	}
	return false;
}

void sa_armed_unit(const struct sa_root *r, const char *pfx, struct sa_boot_status *s)
{
	char targets[TARGETS_MAX][128], dir[TARGETS_MAX * 128 + 64], link[256];
	struct sa_check *c;
	struct stat st;
	int ntargets = 0;
	bool enabled = false;

	if (!unit_file(r, pfx, targets, &ntargets)) {
		c = sa_check_add(s, SA_CHECK_NO, SA_BOOT_UNIT, "not installed (no "
				 "/lib/systemd/system/" SA_BOOT_UNIT ")");
		sa_check_fix(c, "apt install sysfs-audit");
	}
	if (!ntargets) {
		/* the unit as shipped: [Install] WantedBy=multi-user.target ... */
		snprintf(targets[0], sizeof(targets[0]), "multi-user.target");
		ntargets = 1;
	}
	/* systemctl enable links WantedBy= into TARGET.wants, RequiredBy= into TARGET.requires. */
	for (int i = 0; i < ntargets * 2 && !enabled; i++) {
		snprintf(dir, sizeof(dir), ETC_UNITS "/%s.%s", targets[i / 2],
			 i % 2 ? "requires" : "wants");
		enabled = !peek(r, pfx, dir, SA_BOOT_UNIT, &st, link, sizeof(link));
	}
	if (enabled) {
		sa_check_add(s, SA_CHECK_OK, SA_BOOT_UNIT, "enabled (%s)", dir);
	} else {
		c = sa_check_add(s, SA_CHECK_NO, SA_BOOT_UNIT, "not enabled (nothing in "
				 ETC_UNITS "/%s.wants)", targets[0]);
		sa_check_fix(c, "systemctl enable " SA_BOOT_UNIT);
	}
	if (!peek(r, pfx, ETC_UNITS, SA_BOOT_UNIT, &st, link, sizeof(link)) &&
	    (!strcmp(link, "/dev/null") || (S_ISREG(st.st_mode) && !st.st_size))) {
		c = sa_check_add(s, SA_CHECK_NO, SA_BOOT_UNIT, "masked (" ETC_UNITS "/"
				 SA_BOOT_UNIT " is %s)", link[0] ? "a link to /dev/null" :
				 "empty");
		sa_check_fix(c, "systemctl unmask " SA_BOOT_UNIT);
	} else {
		sa_check_add(s, SA_CHECK_OK, SA_BOOT_UNIT, "not masked");
	}
}
