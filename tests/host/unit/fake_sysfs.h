/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fake sysfs trees for the host unit tests, below the directory in root[]:
 * directories, files, symlinks and devices with their subsystem and
 * driver links, as the model's walker reads them.
 */
#ifndef SYSFS_AUDIT_TEST_FAKE_SYSFS_H
#define SYSFS_AUDIT_TEST_FAKE_SYSFS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

/* snprintf that refuses to truncate: a cut path would test the wrong tree. */
#define xsnprintf(buf, ...)						\
	do {								\
		if (snprintf(buf, sizeof(buf), __VA_ARGS__) >= (int)sizeof(buf)) { \
			fprintf(stderr, "path too long\n");		\
			exit(2);					\
		}							\
	} while (0)

static inline void mkdir_p(const char *rel)
{
	char p[1024], *s;

	xsnprintf(p, "%s%s", root, rel);
	for (s = p + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	mkdir(p, 0755);
}

static inline void put(const char *rel, const char *content)
{
	char p[1024];
	FILE *f;

	xsnprintf(p, "%s%s", root, rel);
	f = fopen(p, "w");
	if (!f) {
		perror(p);
		exit(2);
	}
	fputs(content, f);
	fclose(f);
}

static inline void lnk(const char *rel, const char *target)
{
	char p[1024];

	xsnprintf(p, "%s%s", root, rel);
	if (symlink(target, p)) {
		perror(p);
		exit(2);
	}
}

/*
 * A device at PATH (below /devices) with subsystem KIND ("class"/"bus") NAME,
 * an optional driver and extra uevent lines. Link targets are absolute into
 * the fake tree, as the walker only looks at their last components.
 */
static inline void dev(const char *path, const char *kind, const char *name,
		       const char *driver, const char *uevent)
{
	char p[1024], t[1024];

	mkdir_p(path);
	xsnprintf(p, "%s/uevent", path);
	put(p, uevent ? uevent : "");
	if (kind) {
		xsnprintf(t, "%s/%s/%s", root, kind, name);
		xsnprintf(p, "%s/subsystem", path);
		lnk(p, t);
	}
	if (driver) {
		xsnprintf(t, "%s/bus/x/drivers/%s", root, driver);
		xsnprintf(p, "%s/driver", path);
		lnk(p, t);
	}
}

#endif
