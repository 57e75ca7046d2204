// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit rules: udev rules that rely on the deprecated sysfs layout or
 * on the keys removed with it, each with its modern replacement.
 */
#define _GNU_SOURCE
#include <dirent.h>
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
#include "model/gate.h"
#include "audit/rules_dirs.h"

static const char doc[] =
"Report udev rules that rely on the deprecated sysfs layout or on the udev keys\n"
"removed with it (PHYSDEV*, BUS, ID, SYSFS{}, WAIT_FOR_SYSFS, $sysfs{}, legacy\n"
"DEVPATHs and sysfs paths), one line per construct with its replacement;\n"
"and rules that name a path of obsolete or removed kernel ABI (ATTR{}, ATTRS{},\n"
"TEST on the devices SUBSYSTEM and KERNEL select, paths in RUN and PROGRAM),\n"
"as suspects, counted apart and gated by --fail-on=obsolete.\n"
"\n"
"USAGE: sysfs-audit rules [--json] [--abi PATH|--no-abi] [PATH...]\n"
"\n"
"PATH is a rules file or a directory of *.rules files; the default is\n"
"/etc/udev/rules.d /run/udev/rules.d /lib/udev/rules.d /usr/lib/udev/rules.d,\n"
"where a file masks a same-named one in a later directory, as in udev.\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit rules                   # the rules udev would read\n"
"    sysfs-audit rules old/50-udev.rules # one file\n"
"    sysfs-audit rules --json /mnt/etc/udev/rules.d\n"
"\n"
"Exit status: 0 nothing found, 9 something found, 10 some input unreadable,\n"
"19 a bound on work hit (the input read up to it), 18 with -F findings,\n"
"30 with -F obsolete, 28 an --abi unreadable or not understood, 2 usage,\n"
"1 other error.";

static const struct argp_option opts[] = {
	SA_AUDIT_OPTIONS,
	{},
};

static struct sa_audit_opts env;

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	return sa_audit_opt(&env, "rules", key, arg, state);
}

int cmd_rules(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct sa_audit a = { .command = "rules" };
	struct sa_abi abi = {};
	struct sa_abi_strings *abim;
	struct sa_rules_walk w;
	int rc;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	rc = sa_audit_abi_load(&env, &abi, &abim);
	if (rc) {
		sa_abi_free(&abi);
		return rc;
	}
	a.abi = abim;
	a.fmt = env.fmt;
	a.fail_on = env.fail_on;
	a.dpkg = sa_dpkg_load("/");
	sa_audit_walk_init(&w, &a);
	if (!env.npaths) {
		sa_rules_walk_defaults(&w, "/");
	} else {
		for (int i = 0; i < env.npaths; i++)
			sa_rules_walk_path(&w, env.paths[i]);
	}
	sa_rules_walk_free(&w);
	sa_dpkg_free(a.dpkg);
	if (sa_totals_print(stdout, a.fmt, "rules", &a.tot) || fflush(stdout))
		a.write_failed = true;
	sa_abi_strings_free(abim);
	rc = sa_exit_of_audit(sa_audit_end(&a), abi.nerr);
	sa_abi_free(&abi);
	return rc;
}
