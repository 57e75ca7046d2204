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
#include "cmd/abi_load.h"
#include "cmd/cmd_opts.h"
#include "output/findings_out.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "common/root.h"
#include "model/gate.h"
#include "audit/scan_file.h"
#include "audit/scan_initramfs.h"
#include "audit/scan_places.h"

static const char doc[] =
"Find programs, scripts and initramfs images that depend on the deprecated\n"
"sysfs layout: the PHYSDEV* keys and WAIT_FOR_SYSFS in ELF read-only data and\n"
"in scripts, sysfs idioms that assumed directories, BusyBox mdev older than\n"
"1.7, and the same inside initramfs images (read in memory, never unpacked).\n"
"Each finding names the Debian package owning the file when dpkg knows it.\n"
"Paths of obsolete or removed kernel ABI (Documentation/ABI, the built-in\n"
"tables or --abi) are named too, as suspects (string evidence): counted apart,\n"
"gated by --fail-on=obsolete.\n"
"\n"
"USAGE: sysfs-audit scan [--json] [--root DIR] [--abi PATH|--no-abi] [PATH...]\n"
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
"One budget bounds the whole run's work on images: bytes decompressed over all\n"
"of them (--max-decompressed) and CPU time (--max-cpu). Once spent, the image\n"
"being read stops, the images after it are named and not read, exit 26.\n"
"\n"
"Exit status: 0 nothing found, 9 something found, 10 some input unreadable,\n"
"19 a bound on work hit (the input read up to it), 26 the run's budget spent\n"
"(images left unread), 18 with -F findings, 30 with -F obsolete, 28 an --abi\n"
"unreadable or not understood, 2 usage, 1 other error.";

enum { OPT_MAX_DECOMPRESSED = 0x300, OPT_MAX_CPU };

static const struct argp_option opts[] = {
	SA_AUDIT_OPTIONS,
	{ "root", 'r', "DIR", 0, "the system to audit (default /)", 0 },
	{ "max-decompressed", OPT_MAX_DECOMPRESSED, "MIB", 0,
	  "the run's budget of bytes decompressed over all images (default 4096 MiB; 0: none)",
	  0 },
	{ "max-cpu", OPT_MAX_CPU, "SECONDS", 0,
	  "the run's budget of CPU time while images remain to read (default 60; 0: none)", 0 },
	{},
};

static struct {
	struct sa_audit_opts o;
	char *root;
	struct sa_work_budget budget;
} env = { .budget = { .max_bytes = SA_RUN_DECOMPRESS_MAX, .max_cpu = SA_RUN_CPU_MAX } };

/* A non-negative whole number of at most @max; false if @arg is not one. */
static bool whole(const char *arg, unsigned long long max, unsigned long long *v)
{
	char *end;

	if (*arg < '0' || *arg > '9')
		return false;
	errno = 0;
	*v = strtoull(arg, &end, 10);
	return !errno && !*end && *v <= max;
}

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	unsigned long long v;

	switch (key) {
	case 'r':
		env.root = arg;
		return 0;
	case OPT_MAX_DECOMPRESSED:
		if (!whole(arg, 1ULL << 40, &v))
			argp_error(state, "--max-decompressed: a number of MiB, 0 to 1099511627776: '%s'",
				   arg);
		env.budget.max_bytes = v << 20;
		return 0;
	case OPT_MAX_CPU:
		if (!whole(arg, 1ULL << 30, &v))
			argp_error(state, "--max-cpu: a number of seconds: '%s'", arg);
		env.budget.max_cpu = (double)v;
		return 0;
	default:
		return sa_audit_opt(&env.o, "scan", key, arg, state);
	}
}

int cmd_scan(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct sa_audit a = { .command = "scan" };
	struct sa_abi abi = {};
	struct sa_abi_strings *abim;
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
	rc = sa_audit_abi_load(&env.o, &abi, &abim);
	if (rc) {
		sa_abi_free(&abi);
		return rc;
	}
	a.abi = abim;
	rc = sa_root_init(&rootfs, root, false);
	if (rc) {
		sa_warn("--root %s: %s", root, strerror(-rc));
		sa_abi_strings_free(abim);
		sa_abi_free(&abi);
		return EXIT_USAGE;
	}
	a.rootfs = &rootfs;
	a.budget = &env.budget;
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
	sa_abi_strings_free(abim);
	rc = sa_exit_of_audit(sa_audit_end(&a), abi.nerr);
	sa_abi_free(&abi);
	return rc;
}
