// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit snapshot: the legacy view of every device present in a sysfs
 * tree, computed in userspace (no BPF): the coldplug side of the audit.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd_opts.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "model/legacy.h"
#include "output/stream.h"
#include "model/sysfs_tree.h"

static struct {
	struct sa_row_opts row;
	const char *sysfs;
} env = {
	.sysfs = "/sys",
};

static const char doc[] =
"The legacy view of every device present in a sysfs tree (no BPF).\n"
"\n"
"USAGE: sysfs-audit snapshot [--json] [-s DIR]\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit snapshot                # the coldplug view of /sys\n"
"    sysfs-audit snapshot -s /mnt/sys --json\n";

static const struct argp_option opts[] = {
	SA_ROW_OPTIONS,
	{ "sysfs", 's', "DIR", 0, "the sysfs tree to read (default /sys)", 0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 's':
		env.sysfs = arg;
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		break;
	default:
		return sa_row_opt(&env.row, key);
	}
	return 0;
}

int cmd_snapshot(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct sa_summary sum = {};
	struct sa_tree tree;
	int err;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	err = sa_tree_load(env.sysfs, &tree);
	if (err) {
		sa_warn("cannot read sysfs tree '%s': %s", env.sysfs,
			err == -ENOTDIR ? "no devices/ directory, not a sysfs tree" : strerror(-err));
		return EXIT_SYSFS;
	}
	if (env.row.fmt != SA_FMT_JSON && !env.row.no_header)
		sa_print_header(stdout, false);
	for (size_t i = 0; i < tree.n; i++) {
		const struct sa_dev *d = tree.devs[i];
		struct sa_legacy l;
		struct sa_ctx c = sa_ctx_of_dev(d);

		err = sa_legacy_compute(d, &l);
		if (!err)
			err = sa_print_row(stdout, env.row.fmt, &c, &l);
		if (!err)
			sa_summary_add(&sum, &c, &l);
		sa_legacy_free(&l);
		if (err) {
			sa_warn("writing the report failed: %s", strerror(errno ? errno : ENOMEM));
			sa_tree_free(&tree);
			return EXIT_FAIL;
		}
	}
	sa_tree_free(&tree);
	sa_print_summary(stdout, env.row.fmt, &sum, NULL, NULL);
	return fflush(stdout) ? EXIT_FAIL : EXIT_OK;
}
