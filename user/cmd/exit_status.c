// SPDX-License-Identifier: GPL-2.0
/*
 * The table of exit statuses (cmd/exit_status.h), and the one place a
 * tracer error becomes one.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/exit_status.h"
#include "common/common.h"
#include "model/gate.h"
#include "reports/report_merge.h"

const struct sa_exit_desc sa_exit_table[] = {
	{ EXIT_OK, "ok",
	  "success\n" },
	{ EXIT_FAIL, "error",
	  "unexpected error (I/O, memory, a reader failure)\n" },
	{ EXIT_USAGE, "usage",
	  "bad arguments, including a\n"
	  ".B scan \\-\\-root\n"
	  "that is not a directory and an output FILE that exists and is not a\n"
	  "regular file\n" },
	{ EXIT_PERM, "not permitted",
	  "not permitted: not root, or missing CAP_BPF and CAP_PERFMON\n" },
	{ EXIT_NO_BTF, "no kernel BTF",
	  "the kernel has no BTF\n"
	  ".RI ( /sys/kernel/btf/vmlinux )\n" },
	{ EXIT_NO_ATTACH, "no usable attach point",
	  "no usable attach point\n" },
	{ EXIT_VERIFIER, "the verifier rejected the program",
	  "the kernel's verifier rejected the program\n" },
	{ EXIT_SYSFS, "the sysfs tree unreadable",
	  "the sysfs tree cannot be read\n" },
	{ EXIT_LOST, "events lost (--fail-on-lost)",
	  "events were lost and\n"
	  ".B \\-\\-fail\\-on\\-lost\n"
	  "was given\n" },
	{ EXIT_FOUND, "rules/scan found something",
	  "rules, scan: something was found\n" },
	{ EXIT_INPUT, "rules/scan could not read some input",
	  "rules, scan: some input could not be read or parsed (a message on standard\n"
	  "error names each file; the rest was scanned), or a device node, FIFO or\n"
	  "socket stood where a file was expected or in a scanned directory, or a\n"
	  "file or directory on a kernel interface filesystem (procfs, sysfs,\n"
	  "debugfs, tracefs, cgroup, bpf, devpts, configfs, securityfs, efivarfs and\n"
	  "the like: an image build bind-mounts\n"
	  ".I /proc\n"
	  "and\n"
	  ".I /sys\n"
	  "into the tree, and a link may lead there;\n"
	  ".I /proc/kmsg\n"
	  "is a regular file whose read consumes the kernel log) (never opened: its\n"
	  "type and filesystem are checked on an\n"
	  ".B O_PATH\n"
	  "descriptor first; counted as\n"
	  ".B special\n"
	  "in the summary), or rules: a rule udev itself would not apply (a\n"
	  "continuation open at the end of the file, a line too long). This takes\n"
	  "precedence over 9:\n"
	  "an incomplete audit is never reported as a clean one.\n" },
	{ EXIT_REPORT_UNREADABLE, "report: a file unreadable",
	  "report: a report file cannot be opened or read (missing, a directory,\n"
	  "permission denied); the other files are still merged\n" },
	{ EXIT_REPORT_INVALID, "report: a file invalid",
	  "report: a report file is invalid: empty, malformed or truncated JSON,\n"
	  "larger than 16 MiB, or a member missing or of the wrong type (the message\n"
	  "names the member); the other files are still merged\n" },
	{ EXIT_REPORT_VERSION, "report: a file of a newer format",
	  "report: a report of a newer major format version than this tool reads\n" },
	{ EXIT_REPORT_DUPLICATE, "report: the same host twice",
	  "report: the same host's report twice (one machine id, one boot,\n"
	  "overlapping time spans); the second is skipped\n" },
	{ EXIT_FAIL_KEYS, "--fail-on=keys",
	  "trace, record, report:\n"
	  ".B \\-\\-fail\\-on=keys\n"
	  "and traced events would have carried PHYSDEV keys\n" },
	{ EXIT_FAIL_PATHS, "--fail-on=paths",
	  "trace, record, report:\n"
	  ".B \\-\\-fail\\-on=paths\n"
	  "and traced events needed legacy links\n" },
	{ EXIT_FAIL_DEPENDENTS, "--fail-on=dependents",
	  "trace, record, report:\n"
	  ".B \\-\\-fail\\-on=dependents\n"
	  "and dependents that break were named (or dropped by a full store)\n" },
	{ EXIT_FAIL_FINDINGS, "--fail-on=findings",
	  "record, report, rules, scan:\n"
	  ".B \\-\\-fail\\-on=findings\n"
	  "and static findings are present\n" },
	{ EXIT_LIMIT, "a bound on work hit",
	  "rules, scan: a bound on work was hit (see\n"
	  ".BR LIMITS );\n"
	  "the input was read up to it, and a message names the file and the bound.\n"
	  "10 takes precedence over it, and it over 9 and 18.\n"
	  "report: a report file holds more JSON values than one report may take in\n"
	  "memory (its objects, arrays and values are counted before it is parsed;\n"
	  "see\n"
	  ".BR LIMITS ),\n"
	  "or a string longer than its bound (a 256-byte name or a 16 KiB text);\n"
	  "it is skipped, the message names the file, the member and the bound, and\n"
	  "the other files are still merged. 11 to 14 take precedence over it.\n" },
	{ EXIT_PINNED, "boot: already pinned",
	  "boot \\-\\-start: a boot audit is pinned already\n"
	  ".RB ( \"boot \\-\\-cleanup\" )\n" },
	{ EXIT_NO_BPFFS, "boot: no bpffs",
	  "boot \\-\\-start: no bpffs is mounted on\n"
	  ".I /sys/fs/bpf\n" },
	{ EXIT_FAIL_SUSPECTS, "--fail-on=suspects",
	  "trace, record, report:\n"
	  ".B \\-\\-fail\\-on=suspects\n"
	  "and suspect dependents were named (none breaks, or\n"
	  ".B dependents\n"
	  "not asked for)\n" },
	{ EXIT_FAIL_BOOT, "--fail-on=boot",
	  "report:\n"
	  ".B \\-\\-fail\\-on=boot\n"
	  "and a host would not boot (a dependent that breaks in its initramfs or\n"
	  "coldplug)\n" },
	{ EXIT_FAIL_INCOMPLETE, "--fail-on=incomplete",
	  "report:\n"
	  ".B \\-\\-fail\\-on=incomplete\n"
	  "and a host's boot audit is incomplete (none of its hosts would not boot,\n"
	  "or\n"
	  ".B boot\n"
	  "not asked for)\n" },
	{ EXIT_NOT_ARMED, "boot --status: not armed",
	  "boot \\-\\-status: the boot audit is not armed for the next boot (a check\n"
	  "says\n"
	  ".BR NO ;\n"
	  "the last line gives the first)\n" },
	{ EXIT_BUDGET, "scan: the run's budget spent",
	  "scan: the run's budget was spent\n"
	  ".RB ( \\-\\-max\\-decompressed ,\n"
	  ".BR \\-\\-max\\-cpu ;\n"
	  "see\n"
	  ".BR LIMITS ):\n"
	  "the image being read was stopped and the images after it were not read,\n"
	  "each named on standard error. It takes precedence over 10, 19, 9 and 18.\n" },
	{ EXIT_START_TIMEOUT, "boot --start: stopped at its -T bound",
	  "boot \\-\\-start: not done within its\n"
	  ".B \\-T\n"
	  "bound; what it pinned was removed\n" },
	{ EXIT_ABI, "abi, rules, scan: the ABI files unreadable or not understood",
	  "abi, rules, scan: the\n"
	  ".B \\-\\-abi\n"
	  "tree or file cannot be read, holds no entry, or has lines the reader does\n"
	  "not understand (each named on standard error with its file and line; the\n"
	  "entries read are still listed, watched or looked for)\n" },
	{ EXIT_ABI_IN_USE, "abi watch --fail-on-use",
	  "abi watch:\n"
	  ".B \\-\\-fail\\-on\\-use\n"
	  "and an obsolete entry was in use\n" },
	{ EXIT_FAIL_OBSOLETE, "--fail-on=obsolete",
	  "rules or scan:\n"
	  ".B \\-\\-fail\\-on=obsolete\n"
	  "and a path of an obsolete or removed ABI entry was named; record, report:\n"
	  ".B \\-\\-fail\\-on=obsolete\n"
	  "and an obsolete ABI entry was in use on a host (reports recorded with\n"
	  ".BR \\-\\-abi )\n" },
};

const size_t sa_exit_table_len = sizeof(sa_exit_table) / sizeof(sa_exit_table[0]);

/* After the last entry: what no single status says. */
static const char roff_trailer[] =
	"When several input problems occur, report exits with the lowest of 11 to\n"
	"14 and 19; every skipped file is listed with its reason on standard error\n"
	"and in the output.\n";

void sa_exit_usage(FILE *f)
{
	char item[96];
	size_t col;

	fputs("Exit status:", f);
	col = strlen("Exit status:");
	for (size_t i = 0; i < sa_exit_table_len; i++) {
		int n = snprintf(item, sizeof(item), "%d %s%s", sa_exit_table[i].status,
				 sa_exit_table[i].brief, i + 1 < sa_exit_table_len ? "," : ".");

		if (col + 1 + (size_t)n > 78) {
			fputc('\n', f);
			col = 0;
		} else {
			fputc(' ', f);
			col++;
		}
		fputs(item, f);
		col += (size_t)n;
	}
	fputc('\n', f);
}

void sa_exit_list(FILE *f, bool roff)
{
	for (size_t i = 0; i < sa_exit_table_len; i++) {
		if (roff)
			fprintf(f, ".TP\n.B %d\n%s", sa_exit_table[i].status, sa_exit_table[i].roff);
		else
			fprintf(f, "%3d  %s\n", sa_exit_table[i].status, sa_exit_table[i].brief);
	}
	if (roff)
		fprintf(f, ".PP\n%s", roff_trailer);
}

int sa_exit_of_tracer(int err)
{
	switch (err) {
	case 0:
		return EXIT_OK;
	case -EPERM:
		return EXIT_PERM;
	case -ENODATA:
		return EXIT_NO_BTF;
	case -ENOENT:
	case -ENOSYS:
		return EXIT_NO_ATTACH;
	case -EACCES:
		return EXIT_VERIFIER;
	default:
		return EXIT_FAIL;
	}
}

int sa_exit_of_output(int err)
{
	return err ? EXIT_FAIL : EXIT_OK;
}

int sa_exit_of_report_err(int err)
{
	switch (err) {
	case 0:
		return EXIT_OK;
	case -EIO:
		return EXIT_REPORT_UNREADABLE;
	case -EBADMSG:
		return EXIT_REPORT_INVALID;
	case -EPROTONOSUPPORT:
		return EXIT_REPORT_VERSION;
	case -EEXIST:
		return EXIT_REPORT_DUPLICATE;
	case -E2BIG:
		return EXIT_LIMIT;
	default:
		return EXIT_FAIL;
	}
}

int sa_exit_of_gate(unsigned int met)
{
	static const struct {
		unsigned int bit;
		int status;
	} map[] = {
		{ SA_FAIL_BOOT, EXIT_FAIL_BOOT },
		{ SA_FAIL_INCOMPLETE, EXIT_FAIL_INCOMPLETE },
		{ SA_FAIL_KEYS, EXIT_FAIL_KEYS },
		{ SA_FAIL_PATHS, EXIT_FAIL_PATHS },
		{ SA_FAIL_DEPENDENTS, EXIT_FAIL_DEPENDENTS },
		{ SA_FAIL_FINDINGS, EXIT_FAIL_FINDINGS },
		{ SA_FAIL_SUSPECTS, EXIT_FAIL_SUSPECTS },
		{ SA_FAIL_OBSOLETE, EXIT_FAIL_OBSOLETE },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (met == map[i].bit)
			return map[i].status;
	return met ? EXIT_FAIL : EXIT_OK;
}

int sa_exit_of_merged(struct sa_merged *m, unsigned int fail_on)
{
	int worst = 0;

	for (size_t i = 0; i < m->nskipped; i++) {
		struct sa_skip *s = &m->skipped[i];

		s->status = sa_exit_of_report_err(s->err);
		if (!worst || s->status < worst)
			worst = s->status;
	}
	return worst ? worst : sa_exit_of_gate(sa_merged_gate(m, fail_on));
}

int sa_exit_of_audit(enum sa_audit_end end, size_t abi_errors)
{
	/* an ABI table partly understood is bad input, after the input's own trouble */
	if (abi_errors && end >= SA_AUDIT_GATED)
		return EXIT_ABI;
	switch (end) {
	case SA_AUDIT_WRITE_FAILED:
		return EXIT_FAIL;
	case SA_AUDIT_BUDGET_SPENT:
		return EXIT_BUDGET;
	case SA_AUDIT_UNREADABLE:
		return EXIT_INPUT;
	case SA_AUDIT_LIMITED:
		return EXIT_LIMIT;
	case SA_AUDIT_GATED:
		return sa_exit_of_gate(SA_FAIL_FINDINGS);
	case SA_AUDIT_GATED_OBSOLETE:
		return sa_exit_of_gate(SA_FAIL_OBSOLETE);
	case SA_AUDIT_FOUND:
		return EXIT_FOUND;
	case SA_AUDIT_CLEAN:
		return EXIT_OK;
	}
	return EXIT_FAIL;
}
