/* SPDX-License-Identifier: GPL-2.0 */
/* What every sysfs-audit command shares: exit statuses, messages, parsing. */
#ifndef SYSFS_AUDIT_COMMON_H
#define SYSFS_AUDIT_COMMON_H

#include <argp.h>
#include <stdbool.h>

#define SA_VERSION "0.2"

/* Exit statuses: one per kind of failure, documented in sysfs-audit(8). */
enum sa_exit {
	EXIT_OK = 0,
	EXIT_FAIL = 1,		/* unexpected error (I/O, memory) */
	EXIT_USAGE = 2,		/* bad arguments */
	EXIT_PERM = 3,		/* not root / missing CAP_BPF+CAP_PERFMON */
	EXIT_NO_BTF = 4,	/* kernel has no BTF (/sys/kernel/btf/vmlinux) */
	EXIT_NO_ATTACH = 5,	/* no usable attach point */
	EXIT_VERIFIER = 6,	/* the verifier rejected the program */
	EXIT_SYSFS = 7,		/* the sysfs tree cannot be read */
	EXIT_LOST = 8,		/* --fail-on-lost and events were lost */
	EXIT_FOUND = 9,		/* rules/scan: a dependent on the old layout was found */
	EXIT_INPUT = 10,	/* rules/scan: some input could not be read or parsed */
	EXIT_REPORT_UNREADABLE = 11,	/* a report file cannot be opened or read */
	EXIT_REPORT_INVALID = 12,	/* empty, malformed, truncated, too large, bad schema */
	EXIT_REPORT_VERSION = 13,	/* a report of a newer major version */
	EXIT_REPORT_DUPLICATE = 14,	/* the same host's report twice */
	EXIT_FAIL_KEYS = 15,		/* --fail-on=keys: events would have carried PHYSDEV keys */
	EXIT_FAIL_PATHS = 16,		/* --fail-on=paths: events needed legacy links */
	EXIT_FAIL_DEPENDENTS = 17,	/* --fail-on=dependents: dependents that break named */
	EXIT_FAIL_FINDINGS = 18,	/* --fail-on=findings: static findings present */
	EXIT_LIMIT = 19,	/* rules/scan: a bound on work was hit, the input read in part */
	EXIT_PINNED = 20,		/* boot --start: a boot audit is pinned already */
	EXIT_NO_BPFFS = 21,		/* boot --start: no bpffs on /sys/fs/bpf */
	EXIT_FAIL_SUSPECTS = 22,	/* --fail-on=suspects: suspect dependents named */
	EXIT_FAIL_BOOT = 23,		/* report --fail-on=boot: a host would not boot */
	EXIT_FAIL_INCOMPLETE = 24,	/* report --fail-on=incomplete: a boot audit is incomplete */
	EXIT_NOT_ARMED = 25,		/* boot --status: the next boot will not be audited */
	EXIT_BUDGET = 26,	/* scan: the run's budget (bytes, CPU) was spent, images left unread */
	EXIT_START_TIMEOUT = 27,	/* boot --start: stopped at its --timeout, nothing pinned */
};

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

void sa_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A decimal in [min, max], or argp_error() naming @what. */
long sa_parse_long(const char *arg, long min, long max, struct argp_state *state,
		   const char *what);

/*
 * Run a command's argp parser over argv[1..] with "sysfs-audit <name>" as
 * the program name, so errors and --help name the command.
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

#endif
