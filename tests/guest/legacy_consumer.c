// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_consumer - behaves like the programs that needed the deprecated
 * sysfs layout (udev 095, nash, mdev 1.6, early Android init; see
 * /work/shared/research-dependents.md), so the dependents tracer has
 * something real to name. Test fixture: each mode does one behaviour and
 * prints what it did, one "did KIND PATH" line per act, for the test to
 * compare with the trace.
 *
 *   legacy_consumer listen SECONDS [READY]  group-1 uevent listener (udevd 095,
 *                                           nash's firmware loader)
 *   legacy_consumer join SECONDS [READY]    the same, subscribed with
 *                                           NETLINK_ADD_MEMBERSHIP
 *   legacy_consumer probe DISK              readlink <dev>/bus, stat
 *                                           <parent>/<class>:<name>, lstat
 *                                           /sys/block/DISK requiring a
 *                                           directory, readlink of 'device'
 *                                           parsed textually, DT_DIR-only
 *                                           readdir of /sys/class/net
 *   legacy_consumer poll PATH COUNT         stat() a missing legacy path COUNT
 *                                           times in a tight loop
 *   legacy_consumer walk                    mdev 1.6's "mdev -s": find_dev() over
 *                                           /sys/block and /sys/class, descending
 *                                           only where lstat() says S_ISDIR
 *
 * Exit status 0 when every act was carried out (a legacy name being absent
 * is the expected outcome on a modern kernel), 1 on a setup failure.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <linux/netlink.h>

/* join: bind without groups, then NETLINK_ADD_MEMBERSHIP (how libnl-based tools subscribe). */
static int listen_mode(long seconds, const char *ready, unsigned int groups, bool join)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = join ? 0 : groups };
	int group = 1;
	static char buf[16384];
	long physdev = 0, events = 0;
	time_t end = time(NULL) + seconds;
	int fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    (join && setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group, sizeof(group)))) {
		perror("legacy_consumer: uevent socket");
		return 1;
	}
	printf("did listener groups=%#x pid=%d%s\n", groups, getpid(), join ? " (joined)" : "");
	fflush(stdout);
	if (ready)
		close(open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	while (time(NULL) < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n;

		if (poll(&p, 1, 200) <= 0)
			continue;
		n = recv(fd, buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		events++;
		/* udevd 095: get_msg_from_envbuf() looked for the keys. */
		for (char *k = buf; k < buf + n; k += strlen(k) + 1)
			if (!strncmp(k, "PHYSDEVPATH=", 12))
				physdev++;
	}
	printf("listened events=%ld physdev=%ld\n", events, physdev);
	return 0;
}

/* The parent of a path, textually. */
static void dirname_of(char *p)
{
	char *s = strrchr(p, '/');

	if (s && s != p)
		*s = '\0';
}

static int probe_mode(const char *disk)
{
	char path[PATH_MAX], real[PATH_MAX], parent[PATH_MAX], link[PATH_MAX], *up;
	struct stat st;
	struct dirent *de;
	DIR *d;
	ssize_t n;
	int dirs = 0;

	/* nash nashBdevIterNext / mdev 1.6 find_dev: a disk is a directory. */
	snprintf(path, sizeof(path), "/sys/block/%s", disk);
	if (lstat(path, &st)) {
		perror(path);
		return 1;
	}
	printf("did symlink-where-dir %s %s\n", path, S_ISDIR(st.st_mode) ? "dir" : "skipped");

	/* HAL/udev 095: readlink 'device', then strip one component per "../". */
	snprintf(path, sizeof(path), "/sys/block/%s/device", disk);
	n = readlink(path, link, sizeof(link) - 1);
	if (n < 0) {
		perror(path);
		return 1;
	}
	link[n] = '\0';
	snprintf(parent, sizeof(parent), "/sys/block/%s", disk);
	for (up = link; !strncmp(up, "../", 3); up += 3)
		dirname_of(parent);
	printf("did link-text %s %s/%s\n", path, parent, up);

	/* The bus device that holds the disk, the way the test can find it. */
	snprintf(path, sizeof(path), "/sys/class/block/%s", disk);
	if (!realpath(path, real)) {
		perror(path);
		return 1;
	}
	strcpy(parent, real);
	dirname_of(parent);	/* .../virtio0/block */
	dirname_of(parent);	/* .../virtio0 */

	/* udev 095 sysfs_device_get: readlink of <dev>/bus for the subsystem. */
	snprintf(path, sizeof(path), "%s/bus", parent);
	n = readlink(path, link, sizeof(link) - 1);
	printf("did legacy-name %s %s\n", path, n < 0 ? strerror(errno) : "found");

	/* nash load_firmware: <PHYSDEVPATH>/<class>:<name>. */
	snprintf(path, sizeof(path), "%s/block:%s", parent, disk);
	printf("did legacy-name %s %s\n", path, stat(path, &st) ? strerror(errno) : "found");

	/* Android init do_coldboot: only DT_DIR entries are devices. */
	d = opendir("/sys/class/net");
	if (!d) {
		perror("/sys/class/net");
		return 1;
	}
	while ((de = readdir(d)))
		if (de->d_type == DT_DIR && de->d_name[0] != '.')
			dirs++;
	closedir(d);
	printf("did legacy-readdir /sys/class/net dirs=%d\n", dirs);
	return 0;
}

static int poll_mode(const char *path, long count)
{
	struct timespec t0, t1;
	struct stat st;
	long missing = 0;

	/* udev 095 wait_for_sysfs: stat() until the link appears. */
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

/* BusyBox 1.6 util-linux/mdev.c find_dev(): a "dev" file makes a device node. */
static int find_dev(char *path, size_t cap, int depth)
{
	size_t len = strlen(path);
	struct dirent *de;
	struct stat st;
	int found = 0;
	DIR *d;

	if (depth > 4 || !(d = opendir(path)))
		return 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path + len, cap - len, "/%s", de->d_name);
		if (!strcmp(de->d_name, "dev"))
			found++;
		else if (!lstat(path, &st) && S_ISDIR(st.st_mode))
			found += find_dev(path, cap, depth + 1);
		path[len] = '\0';
	}
	closedir(d);
	return found;
}

static int walk_mode(void)
{
	char path[PATH_MAX];
	int n;

	snprintf(path, sizeof(path), "/sys/block");
	n = find_dev(path, sizeof(path), 0);
	snprintf(path, sizeof(path), "/sys/class");
	n += find_dev(path, sizeof(path), 0);
	printf("did walk /sys/block /sys/class devices=%d\n", n);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: legacy_consumer listen|join SECONDS [READY] | probe DISK | "
		"poll PATH COUNT | walk\n");
	exit(2);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && !strcmp(argv[1], "listen"))
		return listen_mode(strtol(argv[2], NULL, 10), argc > 3 ? argv[3] : NULL, 1, false);
	if (argc >= 3 && !strcmp(argv[1], "join"))
		return listen_mode(strtol(argv[2], NULL, 10), argc > 3 ? argv[3] : NULL, 1, true);
	if (argc == 3 && !strcmp(argv[1], "probe"))
		return probe_mode(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "poll"))
		return poll_mode(argv[2], strtol(argv[3], NULL, 10));
	if (argc == 2 && !strcmp(argv[1], "walk"))
		return walk_mode();
	usage();
	return 2;
}
