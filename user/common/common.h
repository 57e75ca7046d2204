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

/* The saturating sum of @n counts (a count by key, by link kind, ...). */
static inline unsigned long long sa_sat_sum(const unsigned long long *v, int n)
{
	unsigned long long s = 0;

	for (int i = 0; i < n; i++)
		s = sa_sat_add(s, v[i]);
	return s;
}

/* main()'s argv[0]: a child that must outlive a systemd initramfs renames itself. */
extern char *sa_argv0;

/* "sysfs-audit: <message>" on stderr. */
/* "a, b or c": the names at(0) .. at(@n - 1) of a table, for a message. */
const char *sa_or_list(char *buf, size_t len, int n, const char *(*at)(int i));
/* "a, b, c": the same, every name after a comma. */
const char *sa_comma_list(char *buf, size_t len, int n, const char *(*at)(int i));

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
