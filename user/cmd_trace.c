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

#include "common.h"
#include "report.h"
#include "tracer.h"

static struct {
	struct sa_tracer_opts t;
	bool json, fail_on_lost, no_header;
} env = {
	.t = { .interval_ms = 100, .buffer_mb = SA_DEFAULT_BUFFER_MB },
};

static const char doc[] =
"For every device uevent, print what the deprecated layout would have\n"
"produced: the legacy DEVPATH, PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER and\n"
"the legacy links (BPF; needs root and a kernel with BTF).\n"
"\n"
"USAGE: sysfs-audit trace [--json] [-d SEC] [-a MODE] [-b MIB] [-L] [-v]\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit trace                   # live table, Ctrl-C for the summary\n"
"    sysfs-audit trace --json -d 60      # JSON lines for 60 s, then a summary\n"
"    sysfs-audit trace -a fexit -v       # force fexit/dev_uevent, libbpf log\n"
"    sysfs-audit trace -L -b 64 >log     # a coldplug storm: 64 MiB ring, exit 8 on loss\n";

static const struct argp_option opts[] = {
	{ "json", 'j', NULL, 0, "JSON lines instead of a table", 0 },
	{ "duration", 'd', "SEC", 0, "stop after SEC seconds", 0 },
	{ "interval", 'i', "MS", 0, "drain the ring buffer every MS ms (default 100)", 0 },
	{ "attach", 'a', "MODE", 0, "auto (default), tracepoint, fexit or kprobe", 0 },
	{ "buffer", 'b', "MIB", 0, "ring buffer size in MiB, a power of two (default 32)", 0 },
	{ "fail-on-lost", 'L', NULL, 0, "exit 8 if any event was lost", 0 },
	{ "no-header", 'H', NULL, 0, "no column header in table output", 0 },
	{ "verbose", 'v', NULL, 0, "libbpf debug output, the verifier log", 0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	long v;

	switch (key) {
	case 'j':
		env.json = true;
		break;
	case 'v':
		env.t.verbose = true;
		break;
	case 'H':
		env.no_header = true;
		break;
	case 'L':
		env.fail_on_lost = true;
		break;
	case 'd':
		env.t.duration_s = sa_parse_long(arg, 1, 365L * 24 * 3600, state, "duration");
		break;
	case 'i':
		env.t.interval_ms = sa_parse_long(arg, 1, 10000, state, "interval");
		break;
	case 'b':
		v = sa_parse_long(arg, 1, 1024, state, "buffer size");
		if (v & (v - 1))
			argp_error(state, "invalid buffer size: '%s' (a power of two)", arg);
		env.t.buffer_mb = v;
		break;
	case 'a':
		if (!strcmp(arg, "auto"))
			env.t.attach = SA_ATTACH_AUTO;
		else if (!strcmp(arg, "tracepoint"))
			env.t.attach = SA_ATTACH_TP;
		else if (!strcmp(arg, "fexit"))
			env.t.attach = SA_ATTACH_FEXIT;
		else if (!strcmp(arg, "kprobe"))
			env.t.attach = SA_ATTACH_KPROBE;
		else
			argp_error(state, "invalid attach mode: '%s'", arg);
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static int print_event(void *ctx, const struct sa_ctx *c, const struct sa_legacy *l)
{
	struct sa_summary *sum = ctx;

	sa_summary_add(sum, c, l);
	return sa_print_row(stdout, env.json, c, l) ? -(errno ? errno : EIO) : 0;
}

int cmd_trace(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	static char outbuf[1 << 16];
	struct sa_summary sum = {};
	struct sa_trace_stats st;
	struct sa_tracer *t;
	int rc;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	/* Live output goes out every drain; a file or pipe gets large writes. */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	rc = sa_tracer_open(&env.t, &t);
	if (rc)
		return rc;
	if (!env.json && !env.no_header)
		sa_print_header(stdout, true);
	fflush(stdout);

	rc = sa_tracer_run(t, print_event, &sum);
	sa_tracer_stats(t, &st);
	sa_print_summary(stdout, env.json, &sum, sa_tracer_attach_name(t), &st);
	if (st.malformed)
		sa_warn("%llu records could not be decoded", st.malformed);
	if (st.lost)
		sa_warn("%llu events lost (ring buffer full; try a larger --buffer)", st.lost);
	if (st.unread)
		sa_warn("%llu events still unread when the trace ended", st.unread);
	sa_tracer_close(t);
	if (fflush(stdout) && !rc) {
		sa_warn("writing the output failed: %s", strerror(errno));
		rc = EXIT_FAIL;
	}
	if (rc)
		return rc;
	return (st.lost || st.unread) && env.fail_on_lost ? EXIT_LOST : EXIT_OK;
}
