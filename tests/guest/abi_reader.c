// SPDX-License-Identifier: GPL-2.0
/*
 * Guest fixture of the obsolete-ABI watch (tests/guest/cases/abi-watch.sh):
 * a program that reads a sysfs attribute the
 * old way, as rfkill tools did before /dev/rfkill (`abi-reader PATH`), and
 * one that uses only the replacement (`abi-reader --dev /dev/rfkill`: one
 * event per switch, read without blocking).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[64];
	ssize_t n;
	int fd;

	if (argc == 3 && !strcmp(argv[1], "--dev")) {
		fd = open(argv[2], O_RDONLY | O_NONBLOCK);
		if (fd < 0) {
			fprintf(stderr, "%s: %s\n", argv[2], strerror(errno));
			return 1;
		}
		n = read(fd, buf, sizeof(buf));
		printf("%s: %zd bytes of events\n", argv[2], n);
		return n > 0 ? 0 : 1;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: abi-reader PATH | --dev DEVICE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0)
		return 1;
	buf[n] = '\0';
	printf("%s: %s", argv[1], buf);
	return 0;
}
