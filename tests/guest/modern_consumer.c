// SPDX-License-Identifier: GPL-2.0
/*
 * modern_consumer - the work of the legacy fixtures (tests/guest/legacy/),
 * done the way today's udev/libudev does it: subsystem links, following
 * symlinks, the udev group (2) for uevents, /sys/class/block rather than
 * /sys/block. The dependents tracer must never say it "breaks".
 *
 *   modern_consumer listen SECONDS [READY]  group-2 uevent listener
 *   modern_consumer probe DISK              the disk's bus, parent and
 *                                           class siblings, all modern
 */
#define _GNU_SOURCE
#include <dirent.h>
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

static int listen_mode(long seconds, const char *ready)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 2 };
	static char buf[16384];
	time_t end = time(NULL) + seconds;
	long events = 0;
	int fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("modern_consumer: uevent socket");
		return 1;
	}
	printf("did listener groups=%#x pid=%d\n", 2, getpid());
	if (ready)
		close(open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	while (time(NULL) < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, 200) > 0 && recv(fd, buf, sizeof(buf), 0) > 0)
			events++;
	}
	printf("listened events=%ld\n", events);
	return 0;
}

/* The last component of a symlink's target: what libudev takes from it. */
static int link_base(const char *path, char *out, size_t len)
{
	char buf[PATH_MAX], *b;
	ssize_t n = readlink(path, buf, sizeof(buf) - 1);

	if (n < 0)
		return -1;
	buf[n] = '\0';
	b = strrchr(buf, '/');
	b = b ? b + 1 : buf;
	if (strlen(b) >= len)
		return -1;
	memcpy(out, b, strlen(b) + 1);
	return 0;
}

static int probe_mode(const char *disk)
{
	char path[PATH_MAX], bus[64], class[64];
	struct stat st;
	struct dirent *de;
	DIR *d;
	int dirs = 0;

	/* The disk follows the class link: a directory either way. */
	snprintf(path, sizeof(path), "/sys/class/block/%s", disk);
	if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
		perror(path);
		return 1;
	}
	printf("did stat-follow %s\n", path);

	/* Subsystem links, not 'bus'; the parent by following 'device'. */
	snprintf(path, sizeof(path), "/sys/class/block/%s/subsystem", disk);
	if (link_base(path, class, sizeof(class)))
		return perror(path), 1;
	snprintf(path, sizeof(path), "/sys/class/block/%s/device/subsystem", disk);
	if (link_base(path, bus, sizeof(bus)))
		return perror(path), 1;
	printf("did subsystem %s class=%s bus=%s\n", disk, class, bus);

	snprintf(path, sizeof(path), "/sys/class/block/%s/device/uevent", disk);
	if (access(path, R_OK))
		return perror(path), 1;

	/* Enumerate by class, following every entry. */
	d = opendir("/sys/class/block");
	if (!d)
		return perror("/sys/class/block"), 1;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/block/%s", de->d_name);
		if (!stat(path, &st) && S_ISDIR(st.st_mode))
			dirs++;
	}
	closedir(d);
	printf("did readdir-follow /sys/class/block dirs=%d\n", dirs);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && !strcmp(argv[1], "listen"))
		return listen_mode(strtol(argv[2], NULL, 10), argc > 3 ? argv[3] : NULL);
	if (argc == 3 && !strcmp(argv[1], "probe"))
		return probe_mode(argv[2]);
	fprintf(stderr, "usage: modern_consumer listen SECONDS [READY] | probe DISK\n");
	return 2;
}
