/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the legacy fixtures (the C files of tests/guest/legacy/): the test's own
 * plumbing, never a legacy program's behaviour. Nothing here may carry a
 * string the static audit reads as evidence (the uevent keys, a BusyBox
 * banner, a sysfs path of the old layout): each fixture's strings are those
 * of the program it models, and the tests rely on that.
 */
#ifndef SA_FIXTURE_H
#define SA_FIXTURE_H

#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Line-buffered "did KIND PATH ..." lines, for the test to compare with the trace. */
static inline void fx_init(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
}

/* Tell the test that the fixture is ready (a listener bound, say). */
static inline void fx_ready(const char *file)
{
	if (file)
		close(open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

/* The parent of a path, textually. */
static inline void fx_dirname(char *p)
{
	char *s = strrchr(p, '/');

	if (s && s != p)
		*s = '\0';
}

/*
 * The device that holds block device @disk (its bus device, today's path
 * with /sys): what the kernel sent as PHYSDEVPATH, found the way the test
 * can (the fixtures that model a consumer of the key get it from there).
 */
static inline int fx_disk_parent(const char *disk, char *out, size_t len)
{
	char path[PATH_MAX], real[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/class/%s/%s", "block", disk);
	if (!realpath(path, real) || strlen(real) >= len) {
		perror(path);
		return -1;
	}
	strcpy(out, real);
	fx_dirname(out);	/* .../virtio0/block */
	fx_dirname(out);	/* .../virtio0 */
	return 0;
}

#endif
