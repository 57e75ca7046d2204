// SPDX-License-Identifier: GPL-2.0
/*
 * nl-join - models a modern group-1 uevent listener that subscribes the way
 * libnl- and libmnl-based programs do: bind with no groups, then
 * NETLINK_ADD_MEMBERSHIP (nl_socket_add_membership(), or setsockopt()
 * after mnl_socket_bind()). No legacy program of
 * /work/shared/research-dependents.md subscribed this way; the fixture is
 * here for the join hook (fexit/netlink_setsockopt) and for the rule that
 * a group-1 listener is only suspect.
 *
 * Strings it carries that the static audit reads: none. It counts the
 * events it receives and reads no key.
 *
 *   nl-join join SECONDS [READY]
 */
#include <poll.h>
#include <sys/socket.h>
#include <time.h>
#include <linux/netlink.h>

#include "fixture.h"

static int join_mode(long seconds, const char *ready)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	static char buf[16384];
	time_t end = time(NULL) + seconds;
	long events = 0;
	int group = 1;
	int fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group, sizeof(group))) {
		perror("nl-join: uevent socket");
		return 1;
	}
	printf("did listener groups=%#x pid=%d (joined)\n", group, getpid());
	fx_ready(ready);
	while (time(NULL) < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, 200) > 0 && recv(fd, buf, sizeof(buf), 0) > 0)
			events++;
	}
	printf("listened events=%ld\n", events);
	return 0;
}

int main(int argc, char **argv)
{
	fx_init();
	if (argc >= 3 && !strcmp(argv[1], "join"))
		return join_mode(strtol(argv[2], NULL, 10), argc > 3 ? argv[3] : NULL);
	fprintf(stderr, "usage: nl-join join SECONDS [READY]\n");
	return 2;
}
