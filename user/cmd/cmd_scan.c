// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit scan: the files other than udev rules that depend on the
 * deprecated sysfs layout: programs, scripts, initramfs images.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit/audit.h"
#include "cmd/cmd_opts.h"
#include "output/findings_out.h"
#include "common/common.h"
#include "common/root.h"
#include "model/gate.h"
#include "audit/scan_file.h"
#include "audit/scan_places.h"

static const char doc[] =
"Find programs, scripts and initramfs images that depend on the deprecated\n"
"sysfs layout: the PHYSDEV* keys and WAIT_FOR_SYSFS in ELF read-only data and\n"
"in scripts, sysfs idioms that assumed directories, BusyBox mdev older than\n"
"1.7, and the same inside initramfs images (read in memory, never unpacked).\n"
"Each finding names the Debian package owning the file when dpkg knows it.\n"
"\n"
"USAGE: sysfs-audit scan [--json] [--root DIR] [PATH...]\n"
"\n"
"Without PATH, under DIR (default /): the programs that RUN+=, PROGRAM= and\n"
"IMPORT{program} name in the udev rules, /etc/hotplug*, /sbin/hotplug,\n"
"/etc/mdev.conf, 'install' commands in modprobe.d, kernel.hotplug in sysctl\n"
"files, and /boot/initrd.img-* and /boot/initramfs-*. A PATH (file, or a\n"
"directory scanned whole) is read as given.\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit scan                    # this system\n"
"    sysfs-audit scan --root /mnt/img    # an unpacked image, its dpkg data\n"
"    sysfs-audit scan --json /boot/initrd.img-6.1.0-28-amd64\n"
"\n"
"Exit status: 0 nothing found, 9 something found, 10 some input unreadable,\n"
"19 a bound on work hit (the input read up to it), 18 with -F findings,\n"
"2 usage, 1 other error.";

static const struct argp_option opts[] = {
	SA_AUDIT_OPTIONS,
	{ "root", 'r', "DIR", 0, "the system to audit (default /)", 0 },
	{},
};

static struct {
	struct sa_audit_opts o;
	char *root;
} env;

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'r':
		env.root = arg;
		return 0;
	default:
		return sa_audit_opt(&env.o, "scan", key, arg, state);
	}
}

int cmd_scan(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct sa_audit a = { .command = "scan" };
	struct sa_root rootfs;
	char root[4096];
	struct stat st;
	size_t rl;
	int rc;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	snprintf(root, sizeof(root), "%s", env.root ? env.root : "/");
	rl = strlen(root);
	while (rl > 1 && root[rl - 1] == '/')
		root[--rl] = '\0';
	/* a --root that is not a directory is a bad argument, not bad input */
	if (stat(root, &st)) {
		sa_warn("--root %s: %s", root, strerror(errno));
		return EXIT_USAGE;
	}
	if (!S_ISDIR(st.st_mode)) {
		sa_warn("--root %s: not a directory", root);
		return EXIT_USAGE;
	}
	rc = sa_root_init(&rootfs, root, false);
	if (rc) {
		sa_warn("--root %s: %s", root, strerror(-rc));
		return EXIT_USAGE;
	}
	a.rootfs = &rootfs;
	a.fmt = env.o.fmt;
	a.fail_on = env.o.fail_on;
	a.root = root;
	a.dpkg = sa_dpkg_load(root);
	if (!a.dpkg && errno != ENOENT)
		sa_warn("%s/var/lib/dpkg/info: %s; packages are not named", root, strerror(errno));
	if (!env.o.npaths)
		sa_scan_places(&a, root);
	for (int i = 0; i < env.o.npaths; i++) {
		const char *p = env.o.paths[i];

		if (!stat(p, &st) && S_ISDIR(st.st_mode))
			sa_scan_dir(&a, p);
		else
			sa_scan_path(&a, p);
	}
	sa_scan_forget(&a);
	sa_root_fini(&rootfs);
	sa_dpkg_free(a.dpkg);
	if (sa_totals_print(stdout, a.fmt, "scan", &a.tot) || fflush(stdout))
		a.write_failed = true;
	return sa_audit_exit(&a);
}
