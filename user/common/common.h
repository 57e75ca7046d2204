/* SPDX-License-Identifier: GPL-2.0 */
/* What every sysfs-audit layer shares: messages, parsing, saturating counts. */
#ifndef SYSFS_AUDIT_COMMON_H
#define SYSFS_AUDIT_COMMON_H

#include <argp.h>
#include <stdbool.h>

#define SA_VERSION "0.2"

/* a + b, saturating at the maximum: counters never wrap. */
static inline unsigned long long sa_sat_add(unsigned long long a, unsigned long long b)
{
	unsigned long long s;

	return __builtin_add_overflow(a, b, &s) ? ~0ULL : s;
}

/* main()'s argv[0]: a child that must outlive a systemd initramfs renames itself. */
extern char *sa_argv0;

/* "sysfs-audit: <message>" on stderr. */
void sa_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A decimal in [min, max], or argp_error() naming @what. */
long sa_parse_long(const char *arg, long min, long max, struct argp_state *state,
		   const char *what);

/*
 * Run a command's argp parser over argv[1..] with "sysfs-audit <name>" as
 * the program name, so errors and --help name the command. 0 or -EINVAL.
 */
int sa_argp_parse(const struct argp *argp, int argc, char **argv, void *input);

/* The commands; each lives in user/cmd/cmd_<name>.c. */
int cmd_trace(int argc, char **argv);
int cmd_snapshot(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_scan(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_boot(int argc, char **argv);
int cmd_abi(int argc, char **argv);

#endif
