// SPDX-License-Identifier: GPL-2.0
/*
 * boot --status [--root DIR] [--kernel RELEASE]: the edge of the check
 * (reports/boot_armed.h decides, output/boot_status_out.h prints). This
 * host's own facts, its kernel release, command line and bpffs, are read
 * only when the tree is this host's root.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "cmd/cmd_boot_status.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "common/slurp.h"
#include "model/boot_status.h"
#include "output/boot_status_out.h"
#include "output/escape.h"
#include "reports/boot_armed.h"
#include "loader/pin.h"

static struct {
	const char *root, *kernel;
} opt = { .root = "/" };

enum { OPT_ROOT = 0x200, OPT_KERNEL };

static const struct argp_option options[] = {
	{ "root", OPT_ROOT, "DIR", 0,
	  "check the host tree at DIR (an image's root) instead of / "
	  "(this boot's command line and bpffs are then not read)", 0 },
	{ "kernel", OPT_KERNEL, "RELEASE", 0,
	  "check /boot/initrd.img-RELEASE only (default: the running kernel's "
	  "and the newest installed)", 0 },
	{},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case OPT_ROOT:
		opt.root = arg;
		break;
	case OPT_KERNEL:
		if (!*arg || strchr(arg, '/'))
			argp_error(state, "invalid kernel release: '%s'", arg);
		opt.kernel = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const char *sa_boot_status_kernel(void)
{
	return opt.kernel;
}

static const struct argp status_argp = { .options = options, .parser = parse };

const struct argp_child sa_boot_status_children[] = {
	{ &status_argp, 0, "With --status:", 0 },
	{},
};

/* Is @dir this host's root? */
static bool is_host_root(const char *dir)
{
	struct stat a, b;

	return !stat(dir, &a) && !stat("/", &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void pinned(void)
{
	int n = sa_pin_walk(SA_PIN_ROOT, NULL, false);

	if (n < 0) {
		printf("pinned now: %s: %s\n", SA_PIN_ROOT, strerror(-n));
		return;
	}
	printf("pinned now: %d object(s) under %s%s\n", n, SA_PIN_ROOT,
	       n ? " (this boot's audit, until its recorder stops)" : "");
	if (n)
		sa_pin_walk(SA_PIN_ROOT, stdout, false);
}

int cmd_boot_status(void)
{
	struct sa_armed_opts o = { .root = opt.root, .kernel = opt.kernel };
	struct sa_boot_status *s = calloc(1, sizeof(*s));
	bool host = is_host_root(opt.root);
	char *cmdline = NULL;
	struct utsname u;
	size_t len;
	int err;

	if (!s) {
		sa_warn("out of memory");
		return EXIT_FAIL;
	}
	if (host) {
		if (!uname(&u))
			o.running = u.release;
		if (!sa_slurp("/proc/cmdline", 1UL << 16, &cmdline, &len))
			o.cmdline = cmdline;
	}
	err = sa_boot_armed(&o, s);
	if (err) {
		sa_warn("--root %s: %s", opt.root, strerror(-err));
		free(cmdline);
		free(s);
		return EXIT_USAGE;
	}
	if (!host) {
		fputs("root: ", stdout);
		sa_esc_fputs(stdout, opt.root, SA_ESC_TEXT);
		fputs(" (not this host's: its bpffs and /proc/cmdline are not read)\n", stdout);
	}
	sa_boot_status_print_checks(stdout, s);
	if (host)
		pinned();
	sa_boot_status_print_end(stdout, s);
	err = sa_boot_status_armed(s) ? EXIT_OK : EXIT_NOT_ARMED;
	free(cmdline);
	free(s);
	return err;
}
