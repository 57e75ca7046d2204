// SPDX-License-Identifier: GPL-2.0
/*
 * android-init - models the coldboot of Android's init in 2008
 * (platform/system/core init/devices.c at 4f6e8d7a0, do_coldboot()): list
 * /sys/class and /sys/block and descend into the entries whose d_type is
 * DT_DIR only. See /work/shared/research-dependents.md, A. The real
 * do_coldboot() also writes "add" to each directory's uevent file; the
 * fixture does not, so that it adds no uevent to the test's trace.
 *
 * Strings it carries that the static audit reads: none; init sorted
 * devices by DEVPATH prefix and never read a PHYSDEV key.
 *
 *   android-init coldboot
 */
#include <dirent.h>

#include "fixture.h"

static int do_coldboot(char *path, size_t cap, int depth)
{
	size_t len = strlen(path);
	struct dirent *de;
	int dirs = 0;
	DIR *d;

	if (depth > 2 || !(d = opendir(path)))
		return 0;
	while ((de = readdir(d))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		dirs++;
		snprintf(path + len, cap - len, "/%s", de->d_name);
		dirs += do_coldboot(path, cap, depth + 1);
		path[len] = '\0';
	}
	closedir(d);
	return dirs;
}

int main(int argc, char **argv)
{
	char path[PATH_MAX];
	int n;

	fx_init();
	if (argc != 2 || strcmp(argv[1], "coldboot")) {
		fprintf(stderr, "usage: android-init coldboot\n");
		return 2;
	}
	snprintf(path, sizeof(path), "/sys/class");
	n = do_coldboot(path, sizeof(path), 0);
	snprintf(path, sizeof(path), "/sys/block");
	n += do_coldboot(path, sizeof(path), 0);
	printf("did coldboot /sys/class /sys/block dirs=%d\n", n);
	return 0;
}
