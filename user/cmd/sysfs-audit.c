// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit - find who still depends on the deprecated sysfs layout.
 *
 * One binary, one command per user/cmd/cmd_<name>.c; this file only picks
 * the command and answers --help, help exit-status and --version.
 */
#include <stdio.h>
#include <string.h>

#include "cmd/exit_status.h"
#include "common/common.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *what;
} commands[] = {
	{ "trace", cmd_trace, "for every device uevent, what the deprecated layout would have produced (BPF)" },
	{ "snapshot", cmd_snapshot, "the same for every device present in a sysfs tree (no BPF)" },
	{ "boot", cmd_boot, "audit the boot: start in the initramfs, survive switch_root (BPF)" },
	{ "record", cmd_record, "trace into one versioned JSON report of this host (BPF)" },
	{ "report", cmd_report, "merge the reports of one or many hosts; gate CI on them (no BPF)" },
	{ "rules", cmd_rules, "udev rules that rely on the old layout or its removed keys (static)" },
	{ "scan", cmd_scan, "programs, scripts and initramfs images that rely on it (static)" },
	{ "abi", cmd_abi, "who uses the kernel's obsolete sysfs ABI (list: no BPF; watch: BPF)" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	fputs("Usage: sysfs-audit COMMAND [OPTION...]\n"
	      "Find who still depends on the deprecated sysfs layout.\n\n"
	      "Commands:\n", f);
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].what);
	fputs("\n'sysfs-audit COMMAND --help' shows a command's options.\n\n"
	      "EXAMPLES:\n"
	      "    sysfs-audit trace                   # live table, Ctrl-C for the summary\n"
	      "    sysfs-audit trace --json -d 60      # JSON lines for 60 s, then a summary\n"
	      "    sysfs-audit snapshot                # the coldplug view of /sys\n"
	      "    sysfs-audit rules                   # legacy constructs in udev rules\n"
	      "    sysfs-audit scan --root /mnt        # programs, scripts, initramfs images\n"
	      "    sysfs-audit record -o r.json -d 3600  # one host's report\n"
	      "    sysfs-audit report -f markdown --fail-on=keys hosts/*.json\n"
	      "    sysfs-audit abi watch -d 600        # who opens obsolete ABI files\n"
	      "    sysfs-audit help exit-status        # what each exit status means\n\n", f);
	sa_exit_usage(f);
	fputs("See sysfs-audit(8).\n", f);
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	sa_argv0 = argv[0];
	argp_err_exit_status = EXIT_USAGE;
	if (!cmd) {
		fputs("sysfs-audit: a command is required\n", stderr);
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(cmd, "help") && argc > 2 && !strcmp(argv[2], "exit-status")) {
		if (argc > 4 || (argc == 4 && strcmp(argv[3], "--roff"))) {
			fputs("usage: sysfs-audit help exit-status [--roff]\n", stderr);
			return EXIT_USAGE;
		}
		sa_exit_list(stdout, argc == 4);
		return EXIT_OK;
	}
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout);
		return EXIT_OK;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
		puts("sysfs-audit " SA_VERSION);
		return EXIT_OK;
	}
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(cmd, commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "sysfs-audit: unknown command '%s'\n", cmd);
	usage(stderr);
	return EXIT_USAGE;
}
