// SPDX-License-Identifier: GPL-2.0
/*
 * nash - models nash, the initrd shell of mkinitrd 5.1 (Fedora Core 6,
 * RHEL5; rhboot/grubby nash/, 2006): the block device scan and the
 * firmware loader's lookup. See /work/shared/research-dependents.md, A.
 *
 * Strings it carries that the static audit reads: "PHYSDEVPATH",
 * "PHYSDEVBUS", "PHYSDEVDRIVER", the names nash/hotplug.c load_firmware()
 * asks envz_get() for (without '=').
 *
 *   nash probe DISK   nashBdevIterNext(): list /sys/block and take only the
 *                     entries lstat() calls directories; then
 *                     load_firmware()'s first place, stat() of
 *                     /sys<PHYSDEVPATH>/<SUBSYSTEM>:<name>, for DISK
 *
 * load_firmware() gives up when a key is missing, as it does on a kernel
 * without the old layout; the test hands the keys in the environment, as
 * the old kernel sent them, and without them the fixture finds DISK's
 * parent itself (the test's stand-in, said on stdout), so that the lookup
 * that only the old layout answered is made.
 */
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

#include "fixture.h"

static int bdev_iter(const char *disk)
{
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	int dirs = 0, seen = 0;
	DIR *d;

	d = opendir("/sys/block");
	if (!d) {
		perror("/sys/block");
		return -1;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path), "/sys/block/%s", de->d_name) >= (int)sizeof(path) ||
		    lstat(path, &st))
			continue;
		if (!strcmp(de->d_name, disk)) {
			seen = 1;
			printf("did symlink-where-dir %s %s\n", path,
			       S_ISDIR(st.st_mode) ? "dir" : "skipped");
		}
		if (S_ISDIR(st.st_mode))
			dirs++;
	}
	closedir(d);
	printf("did bdev-iter /sys/block disks=%d%s\n", dirs, seen ? "" : " (DISK not listed)");
	return 0;
}

static int load_firmware(const char *disk)
{
	const char *physdevpath = getenv("PHYSDEVPATH");
	const char *physdevbus = getenv("PHYSDEVBUS");
	const char *physdevdriver = getenv("PHYSDEVDRIVER");
	char parent[PATH_MAX], path[PATH_MAX];
	struct stat st;

	if (physdevpath && physdevbus && physdevdriver) {
		if (snprintf(parent, sizeof(parent), "/sys%s", physdevpath) >= (int)sizeof(parent))
			return -1;
	} else {
		printf("did note: no uevent keys in the environment; the test finds the parent\n");
		if (fx_disk_parent(disk, parent, sizeof(parent)))
			return -1;
	}
	if (snprintf(path, sizeof(path), "%s/%s:%s", parent, "block", disk) >= (int)sizeof(path))
		return -1;
	printf("did legacy-name %s %s\n", path, stat(path, &st) ? strerror(errno) : "found");
	return 0;
}

int main(int argc, char **argv)
{
	fx_init();
	if (argc == 3 && !strcmp(argv[1], "probe"))
		return bdev_iter(argv[2]) || load_firmware(argv[2]) ? 1 : 0;
	fprintf(stderr, "usage: nash probe DISK\n");
	return 2;
}
