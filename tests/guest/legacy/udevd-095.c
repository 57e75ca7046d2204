// SPDX-License-Identifier: GPL-2.0
/*
 * udevd-095 - models udevd of udev 095 (the udev of Fedora Core 6 and
 * RHEL5, the hosts that broke in 2010): the daemon and its event worker,
 * which in udev 095 are one executable (udevd forks a child per event and
 * runs the rules there). See /work/shared/research-dependents.md, A.
 *
 * Strings it carries that the static audit reads: "PHYSDEVPATH=", as
 * udevd.c's get_msg_from_envbuf() does. Not PHYSDEVBUS or PHYSDEVDRIVER:
 * udev 095 matched those only in its rules files (ENV{PHYSDEVBUS}), which
 * are not part of the executable.
 *
 *   udevd-095 listen SECONDS [READY]  init_uevent_netlink_sock(): bind with
 *                                     nl_groups 0xffffffff, nl_pid getpid();
 *                                     each message's keys read as
 *                                     get_msg_from_envbuf() did
 *   udevd-095 event DEVPATH           the worker's sysfs_device_get(DEVPATH)
 *                                     (udev_sysfs.c): lstat; a link is read
 *                                     and resolved by counting "../"; under
 *                                     /devices the subsystem from the
 *                                     <dev>/bus link, else from
 *                                     <dev>/subsystem; then the driver link
 *
 * Exit status 0 when every act was carried out (a name being absent is the
 * expected outcome on a modern kernel), 1 on a setup failure.
 */
#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <linux/netlink.h>

#include "fixture.h"

static int listen_mode(long seconds, const char *ready)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK, .nl_pid = getpid(), .nl_groups = 0xffffffff,
	};
	static char buf[16384];
	long physdev = 0, events = 0;
	time_t end = time(NULL) + seconds;
	int fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("udevd-095: uevent socket");
		return 1;
	}
	printf("did listener groups=%#x pid=%d\n", sa.nl_groups, getpid());
	fx_ready(ready);
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
		/* get_msg_from_envbuf(): msg->physdevpath = &key[12]. */
		for (char *k = buf; k < buf + n; k += strlen(k) + 1)
			if (!strncmp(k, "PHYSDEVPATH=", 12))
				physdev++;
	}
	printf("listened events=%ld physdev=%ld\n", events, physdev);
	return 0;
}

/* readlink @dir/@name; its last component into @out. */
static ssize_t link_base(const char *dir, const char *name, char *out, size_t len)
{
	char path[PATH_MAX], target[PATH_MAX], *s;
	ssize_t n;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return -1;
	n = readlink(path, target, sizeof(target) - 1);
	printf("did readlink %s %s\n", path, n < 0 ? strerror(errno) : "found");
	if (n <= 0)
		return -1;
	target[n] = '\0';
	s = strrchr(target, '/');
	return snprintf(out, len, "%s", s ? s + 1 : target) < (int)len ? n : -1;
}

static int event_mode(const char *devpath)
{
	char real[PATH_MAX], path[PATH_MAX], target[PATH_MAX], subsys[64] = "", driver[64] = "";
	struct stat st;
	ssize_t n;
	int back;

	if (snprintf(real, sizeof(real), "%s", devpath) >= (int)sizeof(real) ||
	    snprintf(path, sizeof(path), "/sys%s", real) >= (int)sizeof(path))
		return 1;
	if (lstat(path, &st)) {
		perror(path);
		return 1;
	}
	/* A link: resolved by its text, one devpath component per "../" (and one more). */
	if (S_ISLNK(st.st_mode)) {
		n = readlink(path, target, sizeof(target) - 1);
		if (n <= 0) {
			perror(path);
			return 1;
		}
		target[n] = '\0';
		for (back = 0; !strncmp(&target[back * 3], "../", 3); back++)
			;
		for (int i = 0; i <= back; i++) {
			char *s = strrchr(real, '/');

			if (!s)
				return 1;
			*s = '\0';
		}
		if (snprintf(real + strlen(real), sizeof(real) - strlen(real), "/%s",
			     &target[back * 3]) >= (int)(sizeof(real) - strlen(real)))
			return 1;
		printf("did link-text %s %s\n", path, real);
	}
	if (snprintf(path, sizeof(path), "/sys%s", real) >= (int)sizeof(path))
		return 1;
	if (!strncmp(real, "/devices/", 9)) {
		if (link_base(path, "bus", subsys, sizeof(subsys)) < 0)
			link_base(path, "subsystem", subsys, sizeof(subsys));
		link_base(path, "driver", driver, sizeof(driver));
	}
	printf("did event %s subsystem=%s driver=%s\n", real, subsys, driver);
	return 0;
}

int main(int argc, char **argv)
{
	fx_init();
	if (argc >= 3 && !strcmp(argv[1], "listen"))
		return listen_mode(strtol(argv[2], NULL, 10), argc > 3 ? argv[3] : NULL);
	if (argc == 3 && !strcmp(argv[1], "event"))
		return event_mode(argv[2]);
	fprintf(stderr, "usage: udevd-095 listen SECONDS [READY] | event DEVPATH\n");
	return 2;
}
