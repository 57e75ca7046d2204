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

/*
 * The device that holds block device @disk (its bus device, today's path
 * with /sys): what the kernel sent as PHYSDEVPATH, found the way the test
 * can. By chdir() through the links and getcwd(): a path walk that follows
 * links makes no record, where lstat() or readlink() of
 * /sys/class/block/<disk> would be the modern name of the lookups the
 * fixtures make, and the tracer would rightly call them a fallback.
 */
static inline int fx_disk_parent(const char *disk, char *out, size_t len)
{
	char path[PATH_MAX];
	int err = 0;

	if (snprintf(path, sizeof(path), "/sys/%s/%s/device", "block", disk) >= (int)sizeof(path) ||
	    chdir(path) || !getcwd(out, len)) {
		perror(path);
		err = -1;
	}
	if (chdir("/"))
		err = -1;
	return err;
}

#endif
