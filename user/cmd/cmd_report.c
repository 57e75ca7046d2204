// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit report: read one or many hosts' reports and print the merged
 * picture; a bad file is skipped with a message naming it, the rest still
 * merged, and the exit status says what happened (sysfs-audit(8)).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomic_file.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "output/boot_svg.h"
#include "output/escape.h"
#include "output/format.h"
#include "output/prometheus.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"
#include "output/report_out.h"

static struct {
	const struct sa_format_desc *format;	/* NULL: the table's first */
	unsigned int fail_on;
	bool details;
	const char *prometheus;
	const char *svg;
	char **files;
	int nfiles;
} env;

/* The usage text; @FORMATS@ is the format table's names (output/format.h). */
static const char doc_template[] =
"Merge reports written by 'sysfs-audit record' on one or many hosts: which\n"
"PHYSDEV keys and legacy paths would have been needed, how often and on how\n"
"many hosts; the dependents by executable and by Debian package.\n"
"\n"
"Text and markdown lead with what to act on: for boot audits, per host the\n"
"verdict (would not boot, incomplete, no boot-path dependent) and the\n"
"dependents by phase; then the dependents by program and package. The keys\n"
"and legacy-path tables show their top 10 rows unless --details.\n"
"\n"
"HTML (-f html) is one self-contained page for a fleet: the verdicts as a\n"
"chart, the dependents by program and package, the kernels, the incomplete\n"
"hosts, and the first hosts, worst first (--details: every row and host).\n"
"--svg draws one host's boot audit as a timeline.\n"
"\n"
"USAGE: sysfs-audit report FILE... [-f @FORMATS@] [-F WHAT]\n"
"                          [--details] [--prometheus FILE] [--svg FILE]\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit report host1.json host2.json     # the merged picture\n"
"    sysfs-audit report -f markdown reports/*.json >>\"$GITHUB_STEP_SUMMARY\"\n"
"    sysfs-audit report --fail-on=dependents reports/*.json   # a CI gate\n"
"    sysfs-audit report --fail-on=boot,incomplete boot-reports/*.json\n"
"    sysfs-audit report --prometheus sa.prom r.json  # node_exporter textfile\n"
"    sysfs-audit report -f html reports/*.json >fleet.html\n"
"    sysfs-audit report --svg boot.svg /var/lib/sysfs-audit/boot-report.json\n"
"\n"
"Exit status: 11 a file unreadable, 12 a file invalid, 13 a file of a newer\n"
"format version, 14 the same host's report twice (the other files are still\n"
"merged); else with --fail-on, the first met of: 23 boot (a host would not\n"
"boot: a dependent that breaks in its initramfs or coldplug), 24 incomplete (a\n"
"host's boot audit missed part of its boot path and found no such dependent),\n"
"15 keys, 16 paths, 17 dependents, 18 findings, 22 suspects, 30 obsolete (an\n"
"obsolete ABI entry in use on a host: reports recorded with --abi).\n";

enum { OPT_PROMETHEUS = 0x100, OPT_DETAILS, OPT_SVG };

static struct argp_option opts[] = {
	{ "format", 'f', "FORMAT", 0, NULL, 0 },	/* doc: set_docs() */
	{ "fail-on", 'F', "WHAT", 0,
	  "exit non-zero if the merged reports have WHAT: boot, incomplete, keys, paths, "
	  "dependents, findings, suspects, obsolete (comma-separated, or repeated)", 0 },
	{ "details", OPT_DETAILS, NULL, 0,
	  "text, markdown, html: every row of every table and every host name", 0 },
	{ "prometheus", OPT_PROMETHEUS, "FILE", 0,
	  "also write node_exporter textfile metrics to FILE (atomically)", 0 },
	{ "svg", OPT_SVG, "FILE", 0,
	  "also draw the one report FILE's boot audit as an SVG timeline into FILE (atomically)",
	  0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'f':
		env.format = sa_format_by_name(arg);
		if (!env.format)
			argp_error(state, "invalid format: '%s' (%s)", arg,
				   sa_format_list(", ", " or "));
		break;
	case 'F':
		sa_fail_on_arg("report", arg, SA_FAIL_ALL | SA_FAIL_BOOT_VERDICTS | SA_FAIL_OBSOLETE, state,
			       &env.fail_on);
		break;
	case OPT_DETAILS:
		env.details = true;
		break;
	case OPT_PROMETHEUS:
		env.prometheus = arg;
		break;
	case OPT_SVG:
		env.svg = arg;
		break;
	case ARGP_KEY_ARG:
		env.files[env.nfiles++] = arg;
		break;
	case ARGP_KEY_END:
		if (!env.nfiles)
			argp_error(state, "at least one report FILE is required");
		if (env.prometheus && sa_atomic_target(env.prometheus) == SA_ATOMIC_NOT_REGULAR)
			argp_error(state, "--prometheus %s: %s", env.prometheus,
				   sa_atomic_strerror(SA_ATOMIC_NOT_REGULAR));
		if (env.svg && env.nfiles != 1)
			argp_error(state, "--svg draws one host's boot audit: give one report FILE, "
				   "not %d", env.nfiles);
		if (env.svg && sa_atomic_target(env.svg) == SA_ATOMIC_NOT_REGULAR)
			argp_error(state, "--svg %s: %s", env.svg,
				   sa_atomic_strerror(SA_ATOMIC_NOT_REGULAR));
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* "sysfs-audit: FILE: REASON; skipped", the file name and reason escaped. */
static void warn_skipped(const char *file, const char *reason)
{
	fputs("sysfs-audit: ", stderr);
	sa_esc_fputs(stderr, file, SA_ESC_TEXT);
	fputs(": ", stderr);
	sa_esc_fputs(stderr, reason, SA_ESC_TEXT);
	fputs("; skipped\n", stderr);
}

/* The one report --svg draws, and its host merged alone (the verdict, the gaps). */
struct svg_ctx {
	const struct sa_report *r;
	const struct sa_mhost *h;
};

static int write_svg(FILE *f, void *ctx)
{
	const struct svg_ctx *c = ctx;

	return sa_boot_svg(f, c->r, c->h);
}

/* The option's and the usage's lists of formats, from the format table. */
static const char *set_docs(void)
{
	static char fdoc[128], doc[sizeof(doc_template) + 128];
	const char *at = strstr(doc_template, "@FORMATS@");

	snprintf(fdoc, sizeof(fdoc), "%s (default), %s", sa_formats[0].name,
		 strchr(sa_format_list(", ", " or "), ' ') + 1);
	opts[0].doc = fdoc;
	snprintf(doc, sizeof(doc), "%.*s%s%s", (int)(at - doc_template), doc_template,
		 sa_format_list("|", "|"), at + strlen("@FORMATS@"));
	return doc;
}

int cmd_report(int argc, char **argv)
{
	struct argp argp = { .options = opts, .parser = parse_arg, .doc = set_docs(),
			     .args_doc = "FILE..." };
	struct sa_report_reader rd = {};
	struct sa_merged m;
	struct sa_report svg_r;
	bool have_svg = false;
	char err[512];
	int rc, status;

	memset(&env, 0, sizeof(env));
	env.files = calloc(argc, sizeof(*env.files));
	if (!env.files)
		return EXIT_FAIL;
	if (sa_argp_parse(&argp, argc, argv, NULL)) {
		free(env.files);
		return EXIT_USAGE;
	}
	sa_merged_init(&m);
	rd.verbatim = env.svg != NULL;	/* the sample's events are the timeline's ticks */
	for (int i = 0; i < env.nfiles; i++) {
		const char *file = env.files[i];
		struct sa_report r;

		rc = sa_report_reader_read(&rd, file, &r, err, sizeof(err));
		if (rc == -ENOMEM)
			goto fail;
		if (rc) {
			warn_skipped(file, err);
			if (sa_merged_skip(&m, file, err, rc))
				goto fail;
			continue;
		}
		rc = sa_merged_add(&m, file, &r);
		if (env.svg && !rc) {
			svg_r = r;
			have_svg = true;
		} else {
			sa_report_free(&r);
		}
		if (rc == -EEXIST)
			warn_skipped(file, m.skipped[m.nskipped - 1].reason);
		else if (rc)
			goto fail;
	}
	sa_report_reader_free(&rd);
	sa_merged_finish(&m);
	status = sa_exit_of_merged(&m, env.fail_on);	/* the skipped rows' statuses too */
	rc = sa_merged_print_as(stdout, &m, env.format ? env.format : &sa_formats[0],
				env.details);
	if (rc) {
		sa_warn("writing the report to standard output failed: %s", strerror(-rc));
		goto fail;
	}
	if (env.prometheus && (rc = sa_prometheus_write(env.prometheus, &m))) {
		sa_warn("%s: cannot write the metrics: %s", env.prometheus, sa_atomic_strerror(rc));
		goto fail;
	}
	if (env.svg && !have_svg)
		sa_warn("%s: not written: the report was not read", env.svg);
	if (have_svg) {
		struct svg_ctx c = { &svg_r, &m.hosts[0] };

		rc = sa_atomic_write(env.svg, write_svg, &c);
		sa_report_free(&svg_r);
		have_svg = false;
		if (rc) {
			sa_warn("%s: cannot write the picture: %s", env.svg, sa_atomic_strerror(rc));
			goto fail;
		}
	}
	if (m.nskipped)
		sa_warn("%zu of %d report(s) skipped", m.nskipped, env.nfiles);
	sa_merged_free(&m);
	free(env.files);
	return status;
fail:
	if (have_svg)
		sa_report_free(&svg_r);
	sa_report_reader_free(&rd);
	sa_merged_free(&m);
	free(env.files);
	return EXIT_FAIL;
}
