// SPDX-License-Identifier: GPL-2.0
/*
 * mdev16 - a stand-in for BusyBox 1.6.1's "mdev -s", the coldplug of
 * initramfs images built around 2007, for the real-host boot test. It
 * carries only the evidence BusyBox 1.6.1 itself carries: the version
 * banner and the applet name in its string table (what the static audit's
 * BusyBox rule reads), none of the uevent keys.
 *
 * What it does is what mdev 1.6's find_dev() did: walk /sys/block and
 * /sys/class, descending only where lstat() says S_ISDIR, and read "dev"
 * where it finds one. On a kernel without the deprecated layout every
 * /sys/class/<c>/<name> is a symlink: it descends into nothing and makes
 * no device node (exit status 0: the walk itself worked).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* As in the BusyBox 1.6.1 binary: the banner, and the applet names, NUL-separated. */
static const char banner[] = "BusyBox v1.6.1 (2007-06-30 15:36:53 UTC) multi-call binary";
static const char applets[] = "\0mdev\0sh\0";

static int found;

static void find_dev(const char *path, int depth)
{
	char sub[512];
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (depth > 3)
		return;
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		if (!strcmp(de->d_name, "dev")) {
			found++;
			continue;
		}
		/* mdev 1.6: only real directories are devices to descend into. */
		if (!lstat(sub, &st) && S_ISDIR(st.st_mode))
			find_dev(sub, depth + 1);
	}
	closedir(d);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--help")) {
		printf("%s\n\nCurrently defined functions:\n\t%s\n", banner, applets + 1);
		return 0;
	}
	find_dev("/sys/block", 0);
	find_dev("/sys/class", 0);
	printf("mdev: %d device nodes\n", found);
	return 0;
}
