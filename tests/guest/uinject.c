// SPDX-License-Identifier: GPL-2.0
/*
 * uinject - inject a uevent through the uevent netlink socket, as
 * systemd-udevd's tests and container managers do: the kernel appends a
 * SEQNUM and broadcasts the message to the listeners of the sender's
 * network namespace (uevent_net_rcv_skb() in lib/kobject_uevent.c).
 *
 *   uinject HEADER [KEY=VALUE...]
 *
 * The message is HEADER ("ACTION@DEVPATH"), then each KEY=VALUE, each
 * followed by a NUL, as the kernel's own uevents are. uinject listens on
 * the same socket and prints the broadcast it gets back, one NUL-separated
 * string per line (HEADER first, SEQNUM last).
 *
 * Exit: 0 broadcast received; 4 the kernel refused the message (its errno
 * is printed as "error -N"); 3 nothing came back within 5 s; 1 other
 * errors; 2 usage.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/netlink.h>

#define UINJECT_MAX	(64 << 10)

static char msg[NLMSG_SPACE(UINJECT_MAX)];
static char rbuf[UINJECT_MAX + 1];

int main(int argc, char **argv)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct nlmsghdr *nlh = (struct nlmsghdr *)msg;
	size_t len = 0, hlen;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: uinject ACTION@DEVPATH [KEY=VALUE...]\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		size_t n = strlen(argv[i]) + 1;

		if (len + n > UINJECT_MAX) {
			fprintf(stderr, "uinject: message longer than %d bytes\n", UINJECT_MAX);
			return 2;
		}
		memcpy(NLMSG_DATA(nlh) + len, argv[i], n);
		len += n;
	}
	hlen = strlen(argv[1]) + 1;
	/* The kernel hands the callback only requests of a non-control type. */
	nlh->nlmsg_len = NLMSG_LENGTH(len);
	nlh->nlmsg_type = NLMSG_MIN_TYPE;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("uinject: socket");
		return 1;
	}
	if (sendto(fd, msg, nlh->nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0) {
		perror("uinject: sendto");
		return 1;
	}
	/*
	 * Two things come back: the netlink ack (unicast, an NLMSG_ERROR with
	 * the callback's result) and, if it succeeded, the broadcast (group 1,
	 * no netlink header). Either may come first.
	 */
	for (int acked = 0, got = 0; !(acked && got);) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		struct sockaddr_nl from;
		socklen_t fl = sizeof(from);
		ssize_t n;

		if (poll(&pfd, 1, 5000) <= 0) {
			fprintf(stderr, "uinject: nothing back within 5 s (ack %d, broadcast %d)\n",
				acked, got);
			return 3;
		}
		n = recvfrom(fd, rbuf, sizeof(rbuf) - 1, 0, (struct sockaddr *)&from, &fl);
		if (n < 0) {
			perror("uinject: recv");
			return 1;
		}
		rbuf[n] = '\0';
		if (!from.nl_groups) {
			struct nlmsghdr *r = (struct nlmsghdr *)rbuf;
			struct nlmsgerr *e = NLMSG_DATA(r);

			if (n < (ssize_t)NLMSG_LENGTH(sizeof(*e)) || r->nlmsg_type != NLMSG_ERROR)
				continue;
			if (e->error) {
				printf("error %d\n", e->error);
				return 4;
			}
			acked = 1;
			continue;
		}
		/* Another event, not ours: the header must match. */
		if ((size_t)n < hlen || memcmp(rbuf, argv[1], hlen))
			continue;
		for (ssize_t off = 0; off < n; off += strlen(rbuf + off) + 1)
			printf("%s\n", rbuf + off);
		got = 1;
	}
	return 0;
}
