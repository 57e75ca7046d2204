// SPDX-License-Identifier: GPL-2.0
/*
 * pathstorm - what a path lookup costs with whatever is attached: COUNT
 * lstat() of PATH, or COUNT open() (and close() when it opened) of PATH,
 * or COUNT open(), read() of up to 4 KiB and close(), in a tight loop, as
 * a build, a find(1) or a backup does on files that have nothing to do
 * with sysfs, and a daemon polling an attribute does on one that has.
 * For make bench's system-wide case.
 *
 *   pathstorm [-o|-r] -n COUNT PATH
 *
 * COUNT/10 untimed calls come first (dentries cached, caches warm).
 * Prints one line: "op=lstat|open|read n=COUNT found=F ns=TOTAL ns_per_call=X".
 * A missing PATH is a valid case (found=0). Exit status: 0, 2 on bad usage.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void usage(void)
{
	fprintf(stderr, "usage: pathstorm [-o|-r] -n COUNT PATH\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long count = -1, found = 0;
	int opt, do_open = 0, do_read = 0;
	char buf[4096];
	long long t0 = 0, t1;
	const char *path;
	struct stat st;
	char *end;

	while ((opt = getopt(argc, argv, "orn:")) != -1) {
		switch (opt) {
		case 'o':
			do_open = 1;
			break;
		case 'r':
			do_open = do_read = 1;
			break;
		case 'n':
			count = strtol(optarg, &end, 10);
			if (*end)
				usage();
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1 || count <= 0)
		usage();
	path = argv[optind];
	for (long i = -count / 10; i < count; i++) {
		if (!i) {
			found = 0;
			t0 = now_ns();
		}
		if (do_open) {
			int fd = open(path, O_RDONLY | O_CLOEXEC);

			if (fd >= 0) {
				/* found: the calls that did all they were asked to. */
				if (!do_read || read(fd, buf, sizeof(buf)) >= 0)
					found++;
				close(fd);
			}
		} else if (!lstat(path, &st)) {
			found++;
		}
	}
	t1 = now_ns();
	printf("op=%s n=%ld found=%ld ns=%lld ns_per_call=%lld\n",
	       do_read ? "read" : do_open ? "open" : "lstat",
	       count, found, t1 - t0, (t1 - t0) / count);
	return 0;
}
