// SPDX-License-Identifier: GPL-2.0
/*
 * mdev-16 - models "mdev -s" of BusyBox 1.6.1 (util-linux/mdev.c at tag
 * 1_6_0/1_6_1): find_dev() walks /sys/block and /sys/class, descends only
 * where lstat() says S_ISDIR and makes a node where it finds "dev". See
 * /work/shared/research-dependents.md, A. (tests/realhost/mdev16.c is the
 * same stand-in for the real-host boot test.)
 *
 * Strings it carries that the static audit reads: what the BusyBox 1.6.1
 * binary carries, its version banner and the applet name "mdev" in the
 * NUL-separated applet table. None of the uevent keys: mdev 1.6 took the
 * node type from the path ("/sys/class" or "/sys/block"), not from a key.
 *
 *   mdev-16 walk
 */
#include <dirent.h>
#include <sys/stat.h>

#include "fixture.h"

/* As in the BusyBox 1.6.1 binary: the banner, and the applet names, NUL-separated. */
static const char banner[] = "BusyBox v1.6.1 (2007-06-30 15:36:53 UTC) multi-call binary";
static const char applets[] = "\0mdev\0sh\0";

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

int main(int argc, char **argv)
{
	char path[PATH_MAX];
	int n;

	fx_init();
	if (argc == 2 && !strcmp(argv[1], "--help")) {
		printf("%s\n\nCurrently defined functions:\n\t%s\n", banner, applets + 1);
		return 0;
	}
	if (argc != 2 || strcmp(argv[1], "walk")) {
		fprintf(stderr, "usage: mdev-16 walk\n");
		return 2;
	}
	snprintf(path, sizeof(path), "/sys/block");
	n = find_dev(path, sizeof(path), 0);
	snprintf(path, sizeof(path), "/sys/class");
	n += find_dev(path, sizeof(path), 0);
	printf("did walk /sys/block /sys/class devices=%d\n", n);
	return 0;
}
