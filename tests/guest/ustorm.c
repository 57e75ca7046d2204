// SPDX-License-Identifier: GPL-2.0
/*
 * ustorm - a uevent storm: write ACTION to the uevent files listed in FILE,
 * round-robin, COUNT times, and print how long the writes took. Each write
 * makes the kernel send one uevent synchronously (kobject_uevent_env()), so
 * the time per write is the cost of one uevent with whatever is attached.
 *
 *   ustorm -f FILE -n COUNT [-a ACTION]
 *
 * Prints one line: "n=COUNT devices=D ns=TOTAL ns_per_event=X errors=E".
 * Exit status: 0, 1 if a write failed, 2 on bad usage or input.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_DEVICES 4096

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void usage(void)
{
	fprintf(stderr, "usage: ustorm -f FILE -n COUNT [-a ACTION]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static int fds[MAX_DEVICES];
	const char *list = NULL, *action = "change";
	char path[4096];
	long count = -1, errors = 0;
	long long t0, t1;
	size_t alen;
	int opt, n = 0;
	FILE *f;

	while ((opt = getopt(argc, argv, "f:n:a:")) != -1) {
		switch (opt) {
		case 'f': list = optarg; break;
		case 'n': count = strtol(optarg, NULL, 10); break;
		case 'a': action = optarg; break;
		default: usage();
		}
	}
	if (!list || count <= 0)
		usage();
	f = fopen(list, "r");
	if (!f) {
		fprintf(stderr, "ustorm: %s: %s\n", list, strerror(errno));
		return 2;
	}
	while (n < MAX_DEVICES && fgets(path, sizeof(path), f)) {
		path[strcspn(path, "\n")] = '\0';
		if (!path[0])
			continue;
		fds[n] = open(path, O_WRONLY);
		if (fds[n] < 0) {
			fprintf(stderr, "ustorm: %s: %s\n", path, strerror(errno));
			return 2;
		}
		n++;
	}
	fclose(f);
	if (!n) {
		fprintf(stderr, "ustorm: %s lists no uevent file\n", list);
		return 2;
	}
	alen = strlen(action);
	t0 = now_ns();
	for (long i = 0; i < count; i++)
		if (pwrite(fds[i % n], action, alen, 0) != (ssize_t)alen)
			errors++;
	t1 = now_ns();
	printf("n=%ld devices=%d ns=%lld ns_per_event=%lld errors=%ld\n", count, n, t1 - t0,
	       (t1 - t0) / count, errors);
	return errors ? 1 : 0;
}
