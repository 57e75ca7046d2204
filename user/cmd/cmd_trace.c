// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit trace: print, for every device uevent, what the deprecated
 * layout (CONFIG_SYSFS_DEPRECATED) would have produced, live, and a
 * summary at the end.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd_deps.h"
#include "cmd/cmd_opts.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "deps/dependents.h"
#include "output/stream.h"
#include "model/gate.h"
#include "trace/tracer.h"

static struct {
	struct sa_tracer_opts t;
	struct sa_row_opts row;
	bool fail_on_lost, no_deps;
	unsigned int fail_on;		/* SA_FAIL_* */
} env;

static const char doc[] =
"For every device uevent, print what the deprecated layout would have\n"
"produced: the legacy DEVPATH, PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER and\n"
"the legacy links (BPF; needs root and a kernel with BTF).\n"
"\n"
"Unless --no-dependents is given, it also names the running programs that\n"
"depend on the old layout: uevent listeners, lookups of legacy-only sysfs\n"
"names, link-text parsers (see DEPENDENTS in sysfs-audit(8)).\n"
"\n"
"USAGE: sysfs-audit trace [--json] [-d SEC] [-a MODE] [-b MIB] [-L] [-N] [-v]\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit trace                   # live table, Ctrl-C for the summary\n"
"    sysfs-audit trace --json -d 60      # JSON lines for 60 s, then a summary\n"
"    sysfs-audit trace -a fexit -v       # force fexit/dev_uevent, libbpf log\n"
"    sysfs-audit trace -L -b 64 >log     # a storm: 64 MiB ring, exit 8 on loss\n";

static const struct argp_option opts[] = {
	SA_ROW_OPTIONS,
	SA_OPT_DURATION("", ""),
	SA_OPT_INTERVAL,
	SA_OPT_ATTACH(""),
	SA_OPT_BUFFER("", " (default 2)"),
	{ "fail-on-lost", 'L', NULL, 0, "exit 8 if any event was lost", 0 },
	{ "fail-on", 'F', "WHAT", 0, "exit 15/16/17/22 if the trace saw WHAT: keys, paths, "
	  "dependents (breaks), suspects (comma-separated)", 0 },
	{ "count-only", 'C', NULL, 0, "count uevents, record nothing (the hook's cost floor, "
	  "for benchmarks)", 0 },
	{ "no-dependents", 'N', NULL, 0, "keys only: do not name dependent processes", 0 },
	SA_OPT_VERBOSE,
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'L':
		env.fail_on_lost = true;
		break;
	case 'C':
		env.t.count_only = true;
		break;
	case 'F':
		/* findings come from rules and scan */
		sa_fail_on_arg("trace", arg, SA_FAIL_ALL & ~SA_FAIL_FINDINGS, state, &env.fail_on);
		break;
	case 'N':
		env.no_deps = true;
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		break;
	default:
		if (sa_row_opt(&env.row, key) == 0)
			return 0;
		return sa_tracer_parse_opt(key, arg, state, &env.t);
	}
	return 0;
}

struct trace_state {
	struct sa_summary sum;
	struct sa_deps_run *run;	/* NULL: --no-dependents, or unavailable */
	struct sa_deps *deps;
	/* dependents named, and dropped by a full store (never a silent pass), by verdict */
	unsigned long long by_conf[SA_DC_N];
};

/* --fail-on, in report's order: keys, paths, dependents (breaks), suspects. */
static int gate(const struct trace_state *ts)
{
	const struct sa_summary *s = &ts->sum;
	const struct sa_gate_counts c = {
		/* saturating: a wrapped sum would pass the gate */
		.keys = sa_sat_sum(s->keys, SA_KEY_N),
		.paths = sa_sat_sum(s->links, SA_LK_N),
		.dependents = ts->by_conf[SA_DC_BREAKS],
		.suspects = ts->by_conf[SA_DC_SUSPECT],
	};

	return sa_exit_of_gate(sa_gate(&c, env.fail_on));
}

static int print_event(void *ctx, const struct sa_ctx *c, const struct sa_legacy *l)
{
	struct trace_state *st = ctx;

	sa_summary_add(&st->sum, c, l);
	if (st->deps)
		sa_deps_note_event(st->deps, l->key[SA_KEY_PHYSDEVPATH]);
	return sa_print_row(stdout, env.row.fmt, c, l) ? -(errno ? errno : EIO) : 0;
}

int cmd_trace(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	static char outbuf[1 << 16];
	struct trace_state ts = {};
	struct sa_trace_stats st;
	struct sa_tracer *t;
	int rc, err;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	/* Live output goes out every drain; a file or pipe gets large writes. */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	rc = sa_tracer_open(&env.t, &t);
	if (rc)
		return sa_exit_of_tracer(rc);
	if (!env.no_deps && !env.t.count_only)
		ts.run = sa_deps_run_start(t, env.row.fmt, stdout, NULL, NULL, "keys only");
	ts.deps = sa_deps_run_deps(ts.run);
	if (env.row.fmt != SA_FMT_JSON && !env.row.no_header)
		sa_print_header(stdout, true);
	fflush(stdout);

	rc = sa_tracer_run(t, print_event, &ts) ? EXIT_FAIL : EXIT_OK;
	sa_tracer_stats(t, &st);
	if (ts.deps) {
		sa_deps_count_unread(ts.deps, sa_tracer_stop_ns(t));
		/* Before the summary, so that "type":"summary" stays the last line. */
		err = sa_deps_summary(ts.deps, stdout, env.row.fmt);
		if (!err)
			err = sa_deps_write_error(ts.deps);
		if (!rc)
			rc = sa_exit_of_output(err);
	}
	sa_print_summary(stdout, env.row.fmt, &ts.sum, sa_tracer_attach_name(t), &st);
	/*
	 * Out before detaching: removing each fentry/fexit trampoline waits
	 * for an RCU-tasks grace period, one after the other (ftrace holds its
	 * lock), so with the dependents' hooks the detach takes seconds under
	 * emulation: the summary must not wait for it in the stdio buffer.
	 */
	if (fflush(stdout) && !rc) {
		sa_warn("writing the output failed: %s", strerror(errno));
		rc = EXIT_FAIL;
	}
	if (st.malformed)
		sa_warn("%llu records could not be decoded", st.malformed);
	if (st.lost)
		sa_warn("%llu events lost (ring buffer full; try a larger --buffer)", st.lost);
	if (st.unread)
		sa_warn("%llu events still unread when the trace ended", st.unread);
	for (int c = 0; c < SA_DC_N; c++)
		ts.by_conf[c] = sa_sat_add(sa_deps_with(ts.deps, c), sa_deps_dropped_by(ts.deps, c));
	sa_deps_run_stop(ts.run);
	sa_tracer_close(t);
	if (rc)
		return rc;
	if ((st.lost || st.unread) && env.fail_on_lost)
		return EXIT_LOST;
	return gate(&ts);
}
