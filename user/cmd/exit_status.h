/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The exit statuses, once: the code (the enum below), a few words for
 * the usage text, and the man page's EXIT STATUS entry. `sysfs-audit help
 * exit-status` prints them; tests/host/31-docs-live.t checks that the man
 * page's section is this table's, byte for byte, and that every status a
 * command's --help names is here.
 */
#ifndef SYSFS_AUDIT_CMD_EXIT_STATUS_H
#define SYSFS_AUDIT_CMD_EXIT_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "audit/audit.h"
#include "model/merged.h"

/*
 * Exit statuses: one per kind of failure, documented in sysfs-audit(8).
 * Only cmd/ chooses them; the layers below return 0 or a negative errno
 * (or a result of their own) and the sa_exit_of_*() below map it once.
 */
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
	EXIT_ABI = 28,		/* abi: the ABI files unreadable, or with entries not understood */
	EXIT_ABI_IN_USE = 29,	/* abi watch --fail-on-use: an obsolete entry in use */
	EXIT_FAIL_OBSOLETE = 30,	/* --fail-on=obsolete: rules/scan: obsolete ABI named; record/report: in use */
};

struct sa_exit_desc {
	int status;
	const char *brief;	/* the usage line's words: "no kernel BTF" */
	const char *roff;	/* the man page's entry, after ".TP" and ".B <status>" */
};

extern const struct sa_exit_desc sa_exit_table[];
extern const size_t sa_exit_table_len;

/* "Exit status: 0 ok, 1 error, ...", wrapped for a terminal. */
void sa_exit_usage(FILE *f);

/* Every status and its meaning; @roff: the man page's section body instead. */
void sa_exit_list(FILE *f, bool roff);

/* The exit status for the tracer's -errno (sa_tracer_open()): 3 to 6, or 1. */
int sa_exit_of_tracer(int err);

/*
 * The exit status for writing the output (0 or the -errno of the first
 * failed write, e.g. sa_deps_write_error()): 0 or 1.
 */
int sa_exit_of_output(int err);

/* The exit status for a report reader's or merge's -errno (report_model.h): 11-14, 19, or 1. */
int sa_exit_of_report_err(int err);

/* The exit status for the --fail-on condition sa_gate() met (0: none, exit 0). */
int sa_exit_of_gate(unsigned int met);

/*
 * The exit status a merged picture earns: the lowest of its skipped
 * inputs' statuses (each also stored in its ->status, for the renderers:
 * call this before rendering), else the first --fail-on condition met.
 */
int sa_exit_of_merged(struct sa_merged *m, unsigned int fail_on);

/*
 * The exit status for how a scan or rules run ended; @abi_errors: entries
 * of the obsolete ABI read (--abi) that were not understood (exit 28,
 * unless the input's own trouble came first).
 */
int sa_exit_of_audit(enum sa_audit_end end, size_t abi_errors);

#endif
