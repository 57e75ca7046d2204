/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --fail-on: one vocabulary and one gate for every command. A command
 * fills the counts it has; the gate says which condition it met, and
 * cmd/ maps that to the exit status (sa_exit_of_gate()).
 */
#ifndef SYSFS_AUDIT_MODEL_GATE_H
#define SYSFS_AUDIT_MODEL_GATE_H

#include <argp.h>

/*
 * What --fail-on gates on; the gate tests boot, incomplete, then keys,
 * paths, dependents, findings, suspects, obsolete.
 */
enum sa_fail_on {
	SA_FAIL_KEYS = 1 << 0,		/* events would have carried PHYSDEV keys */
	SA_FAIL_PATHS = 1 << 1,		/* events needed legacy links */
	SA_FAIL_DEPENDENTS = 1 << 2,	/* running dependents that break named */
	SA_FAIL_FINDINGS = 1 << 3,	/* static findings */
	SA_FAIL_SUSPECTS = 1 << 4,	/* suspect running dependents (opt-in) */
	SA_FAIL_ALL = (1 << 5) - 1,	/* what every report gates on */
	SA_FAIL_BOOT = 1 << 5,		/* report: a host would not boot (boot audits) */
	SA_FAIL_INCOMPLETE = 1 << 6,	/* report: a host's boot audit is incomplete */
	SA_FAIL_BOOT_VERDICTS = SA_FAIL_BOOT | SA_FAIL_INCOMPLETE,
	SA_FAIL_OBSOLETE = 1 << 7,	/* rules, scan: obsolete ABI named; record, report: in use */
};

struct sa_gate_counts {
	unsigned long long keys;	/* events with any PHYSDEV key */
	unsigned long long paths;	/* legacy links needed */
	unsigned long long dependents;	/* that break */
	unsigned long long findings;
	unsigned long long suspects;	/* suspect dependents */
	unsigned long long boot;	/* hosts that would not boot */
	unsigned long long incomplete;	/* hosts whose boot audit is incomplete */
	unsigned long long obsolete;	/* rules, scan: names of obsolete ABI; reports: entries in use */
};

/*
 * Parse "keys,paths,..." into @out, accepting only the conditions in
 * @allowed. Returns 0 or -EINVAL.
 */
int sa_fail_on_parse(const char *arg, unsigned int allowed, unsigned int *out);

/* The same for an argp option: argp_error() naming what @cmd accepts. */
void sa_fail_on_arg(const char *cmd, const char *arg, unsigned int allowed,
		    struct argp_state *state, unsigned int *out);

/* The SA_FAIL_* bit of the first condition of @fail_on that @c meets, else 0. */
int sa_gate(const struct sa_gate_counts *c, unsigned int fail_on);

#endif
