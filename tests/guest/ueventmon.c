// SPDX-License-Identifier: GPL-2.0
/*
 * ueventmon - print kernel uevents received on the netlink socket, one line
 * per event, as space-separated KEY=VALUE pairs. Runs in the test guest as
 * an oracle that is independent of tracefs and BPF.
 *
 *   ueventmon [-r READY_FILE] [-n COUNT] [-t SECONDS] [-m NAME]
 *
 * READY_FILE is created once the socket is bound, so a test can start the
 * monitor in the background and only then trigger events. With -m, only
 * events whose DEVPATH ends in /NAME are printed and counted: devices that
 * probe asynchronously at boot must not be mistaken for the one a test
 * poked.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <linux/netlink.h>

static void usage(void)
{
	fprintf(stderr, "usage: ueventmon [-r READY_FILE] [-n COUNT] [-t SECONDS] [-m NAME]\n");
	exit(2);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	const char *ready = NULL, *match = NULL;
	long count = -1, seconds = -1, seen = 0;
	int bufsz = 8 << 20;
	static char buf[16384];
	long long deadline;
	int opt, fd;

	while ((opt = getopt(argc, argv, "r:n:t:m:")) != -1) {
		switch (opt) {
		case 'r': ready = optarg; break;
		case 'm': match = optarg; break;
		case 'n': count = strtol(optarg, NULL, 10); break;
		case 't': seconds = strtol(optarg, NULL, 10); break;
		default: usage();
		}
	}
	if (optind != argc)
		usage();

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0) {
		perror("ueventmon: socket");
		return 1;
	}
	/* A storm must not overflow us silently: ask for a large buffer. */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &bufsz, sizeof(bufsz)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bufsz, sizeof(bufsz));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("ueventmon: bind");
		return 1;
	}
	if (ready) {
		int rfd = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (rfd < 0) {
			perror("ueventmon: ready file");
			return 1;
		}
		close(rfd);
	}

	setvbuf(stdout, NULL, _IOLBF, 0);
	deadline = seconds >= 0 ? now_ms() + seconds * 1000 : -1;
	while (count < 0 || seen < count) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int timeout = -1;
		ssize_t len, off;

		if (deadline >= 0) {
			long long left = deadline - now_ms();

			if (left <= 0)
				break;
			timeout = (int)left;
		}
		if (poll(&pfd, 1, timeout) <= 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		len = recv(fd, buf, sizeof(buf) - 1, 0);
		if (len < 0) {
			if (errno == ENOBUFS) {
				fprintf(stderr, "ueventmon: events lost (ENOBUFS)\n");
				return 3;
			}
			perror("ueventmon: recv");
			return 1;
		}
		buf[len] = '\0';
		/* "ACTION@DEVPATH" header, then NUL-separated KEY=VALUE pairs. */
		off = strlen(buf) + 1;
		if (!strchr(buf, '@'))
			continue;
		if (match) {
			/* The header is ACTION@DEVPATH. */
			const char *last = strrchr(buf, '/');

			if (!last || strcmp(last + 1, match))
				continue;
		}
		for (int first = 1; off < len; off += strlen(buf + off) + 1) {
			printf("%s%s", first ? "" : " ", buf + off);
			first = 0;
		}
		putchar('\n');
		seen++;
	}
	return 0;
}
