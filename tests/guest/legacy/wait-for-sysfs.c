// SPDX-License-Identifier: GPL-2.0
/*
 * wait-for-sysfs - models udev 095's wait_for_sysfs() (udev_rules.c), the
 * WAIT_FOR_SYSFS rule key: stat() a name below the device until it
 * appears. udev 095 stat()ed 50 times a second for 3 s; the fixture does
 * COUNT stat()s in a tight loop, a storm of one missing name for the
 * de-duplication in the kernel and for the cost figures.
 *
 * Strings it carries that the static audit reads: none. In udev 095 the
 * loop runs in udevd's event worker, whose executable carries
 * "PHYSDEVPATH=" (see udevd-095.c); this binary is the loop alone, so its
 * verdict comes from the name it asks for and from nothing else.
 *
 *   wait-for-sysfs poll PATH COUNT
 */
#include <sys/stat.h>
#include <time.h>

#include "fixture.h"

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct stat st;
	long missing = 0, count;
	const char *path;

	fx_init();
	if (argc != 4 || strcmp(argv[1], "poll")) {
		fprintf(stderr, "usage: wait-for-sysfs poll PATH COUNT\n");
		return 2;
	}
	path = argv[2];
	count = strtol(argv[3], NULL, 10);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < count; i++)
		if (stat(path, &st))
			missing++;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("did poll %s count=%ld missing=%ld pid=%d ns_per_call=%lld\n", path, count, missing,
	       getpid(), ((t1.tv_sec - t0.tv_sec) * 1000000000LL + t1.tv_nsec - t0.tv_nsec) /
	       (count ? count : 1));
	return 0;
}
