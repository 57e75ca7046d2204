// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit abi: who uses the kernel's obsolete ABI on this host.
 * `abi list` (no BPF): which Documentation/ABI obsolete and removed
 * entries this host's /sys has; `abi watch` (BPF): who opens them, with
 * a verdict per entry.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/abi_parse.h"
#include "cmd/abi_load.h"
#include "cmd/cmd_opts.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "deps/abi_watch.h"
#include "output/abi_out.h"

static struct {
	bool watch, json, fail_on_use, fail_on_lost;
	const char *abi[8], *root, *series;
	int nabi;
	unsigned int duration;
} env;

static const char doc[] =
"Who uses the kernel's obsolete ABI (Documentation/ABI/obsolete and removed).\n"
"\n"
"USAGE: sysfs-audit abi list [--abi PATH] [--root DIR] [--json]\n"
"       sysfs-audit abi watch [--abi PATH] [-d SEC] [--json] [--fail-on-use]\n"
"\n"
"list reads /sys only (no BPF): each entry present or absent on this host.\n"
"watch names every process that opens a file of an entry, until SEC seconds\n"
"have passed or SIGINT/SIGTERM, then prints a verdict per entry: in use (by\n"
"whom), present and unused while watched, or absent on this host.\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit abi list                       # the built-in table, this kernel's series\n"
"    sysfs-audit abi watch -d 3600 --json       # an hour, one JSON document\n"
"    sysfs-audit abi watch --abi /usr/src/linux/Documentation/ABI\n"
"    sysfs-audit abi watch --abi proposed-obsolete.txt --fail-on-use\n";

enum { OPT_FAIL_ON_USE = 0x100, OPT_FAIL_ON_LOST, OPT_SERIES, OPT_ABI };

static const struct argp_option opts[] = {
	{ "abi", OPT_ABI, "PATH", 0, "a kernel tree's Documentation/ABI (its obsolete/ and removed/), "
	  "or one file in its format; repeatable (default: the table built in)", 0 },
	{ "series", OPT_SERIES, "6.1|6.12", 0, "the built-in table's kernel series "
	  "(default: the running kernel's, else the newest)", 0 },
	{ "root", 'r', "DIR", 0, "list: the tree standing for / (default /)", 0 },
	SA_OPT_DURATION("watch: ", " (default: at SIGINT/SIGTERM)"),
	{ "json", 'j', NULL, 0, "one JSON document instead of text", 0 },
	{ "fail-on-use", OPT_FAIL_ON_USE, NULL, 0, "watch: exit 29 when an entry is in use", 0 },
	{ "fail-on-lost", OPT_FAIL_ON_LOST, NULL, 0, "watch: exit 8 when records were lost", 0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case OPT_ABI:
		if (env.nabi == (int)(sizeof(env.abi) / sizeof(env.abi[0])))
			argp_error(state, "at most %zu --abi", sizeof(env.abi) / sizeof(env.abi[0]));
		env.abi[env.nabi++] = arg;
		break;
	case OPT_SERIES:
		env.series = arg;
		break;
	case 'r':
		env.root = arg;
		break;
	case 'd':
		env.duration = sa_parse_long(arg, 1, 365L * 86400, state, "duration");
		break;
	case 'j':
		env.json = true;
		break;
	case OPT_FAIL_ON_USE:
		env.fail_on_use = true;
		break;
	case OPT_FAIL_ON_LOST:
		env.fail_on_lost = true;
		break;
	case ARGP_KEY_ARG:
		if (state->arg_num > 0)
			argp_error(state, "unexpected argument '%s'", arg);
		else if (!strcmp(arg, "watch"))
			env.watch = true;
		else if (strcmp(arg, "list"))
			argp_error(state, "unknown subcommand '%s' (list or watch)", arg);
		break;
	case ARGP_KEY_END:
		if (state->arg_num < 1)
			argp_error(state, "list or watch is required");
		if (env.watch && env.root)
			argp_error(state, "--root is for list: watch sees this host's kernel");
		if (!env.watch && (env.duration || env.fail_on_use || env.fail_on_lost))
			argp_error(state, "-d, --fail-on-use and --fail-on-lost are for watch");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* The hooks are in: a workload may start (tests wait for this line). */
static void say_ready(void *ctx)
{
	(void)ctx;
	fprintf(stderr, "sysfs-audit: abi watch: attached\n");
}

/* The ABI to watch into @abi: the --abi paths, or the built-in table. */
static int load_abi(struct sa_abi *abi)
{
	return sa_abi_load_cmd(abi, env.abi, env.nabi, env.series);
}

int cmd_abi(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct sa_abi abi = {};
	struct sa_abi_use use = {};
	struct sa_abi_watch_opts o = { .abi = &abi, .root = "", .stop = &stop };
	struct sigaction sa = { .sa_handler = on_signal };
	int err, st = EXIT_OK;
	bool in_use = false;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	err = load_abi(&abi);
	if (err) {
		sa_abi_free(&abi);
		return err == -ENOENT && !env.nabi ? EXIT_USAGE : EXIT_ABI;
	}
	/* Named and counted, never dropped: the entries read are still watched. */
	for (size_t i = 0; i < abi.nerr; i++)
		sa_warn("%s:%d: %s", abi.err[i].file, abi.err[i].line, abi.err[i].what);
	if (!abi.n) {
		sa_warn("%s: no ABI entry read", env.nabi ? "--abi" : "the built-in table");
		sa_abi_free(&abi);
		return EXIT_ABI;
	}
	if (env.root)
		o.root = env.root;
	o.duration_s = env.duration;
	if (env.watch) {
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		fprintf(stderr, "sysfs-audit: abi watch: %zu entries%s\n", abi.n,
			env.duration ? "" : ", until SIGINT or SIGTERM");
		o.ready = say_ready;
		err = sa_abi_watch(&o, &use);
	} else {
		err = sa_abi_list(&o, &use);
	}
	if (err) {
		sa_abi_free(&abi);
		if (err == -ENOMEM)
			return EXIT_FAIL;
		return env.watch ? sa_exit_of_tracer(err) : EXIT_FAIL;
	}
	if (sa_abi_print(stdout, env.json ? SA_FMT_JSON : SA_FMT_TEXT, &use) || fflush(stdout))
		st = EXIT_FAIL;
	for (size_t i = 0; i < use.n; i++)
		in_use |= use.v[i].state == SA_ABI_IN_USE;
	if (st == EXIT_OK && abi.nerr)
		st = EXIT_ABI;
	else if (st == EXIT_OK && env.fail_on_lost && (use.lost || use.map_full))
		st = EXIT_LOST;
	else if (st == EXIT_OK && env.fail_on_use && in_use)
		st = EXIT_ABI_IN_USE;
	sa_abi_use_free(&use);
	sa_abi_free(&abi);
	return st;
}
