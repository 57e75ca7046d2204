// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit record: the coldplug view of /sys at start, then the trace
 * until the duration ends or SIGINT/SIGTERM, aggregated into one versioned
 * report (docs/report-format.md) written atomically: a killed run leaves
 * the previous file or none, never a half one.
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd/abi_load.h"
#include "cmd/cmd_deps.h"
#include "cmd/cmd_opts.h"
#include "cmd/cmd_record.h"
#include "cmd/exit_status.h"
#include "common/atomic_file.h"
#include "common/cmdline.h"
#include "common/common.h"
#include "deps/abi_watch.h"
#include "deps/dependents.h"
#include "loader/pin.h"
#include "cmd/pin_claim.h"
#include "model/legacy.h"
#include "model/phase.h"
#include "output/json_out.h"
#include "output/prometheus.h"
#include "output/stream.h"
#include "reports/boot_rec.h"
#include "reports/boot_why.h"
#include "reports/report_deps.h"
#include "reports/report_merge.h"
#include "reports/report_audit.h"
#include "reports/report_model.h"
#include "model/sysfs_tree.h"
#include "trace/tracer.h"

/*
 * A report counts what it read: at the stop, the rest is drained for this
 * long at most (the units allow 60 s to stop), not the trace's 100 ms.
 */
#define DRAIN_ALL_MS	40000
/*
 * A salvage (sysfs-audit boot --save/--cleanup after a recorder that wrote
 * nothing) runs in the unit's ExecStopPost, inside the same 60 s: less.
 */
#define SALVAGE_DRAIN_MS	15000

static struct {
	struct sa_tracer_opts t;
	const char *out, *prometheus, *sysfs;
	unsigned int fail_on;
	bool no_deps, rules, scan, adopt;
	bool salvage;			/* sa_record_salvage(): drain what is pinned, stop */
	unsigned int why;		/* --adopt: boot.incomplete's reasons (1 << sa_gap_reason) */
	struct sa_boot_rec boot;	/* --adopt: the boot's phases and where losses fell */
	bool abi;			/* --abi: watch the obsolete ABI too */
	const char *abi_paths[8];	/* --abi=PATH; none: the built-in table */
	int nabi;
	struct sa_abi abi_tab;		/* --abi: the entries, read before anything attaches */
	struct sa_abi_watch_opts abi_opts;
} env = {
	.sysfs = "/sys",
	.t.drain_ms = DRAIN_ALL_MS,
};

static const char doc[] =
"Record one host's report: the legacy view of the devices present at start\n"
"(coldplug), then every device uevent until the duration ends or SIGINT or\n"
"SIGTERM arrives, aggregated by subsystem, bus and driver, with a sample of\n"
"events, and the running dependents. The report is written atomically (BPF;\n"
"needs root and BTF).\n"
"\n"
"USAGE: sysfs-audit record -o FILE [-d SEC] [--prometheus FILE] [--adopt]\n"
"                          [-F WHAT] [-a MODE] [-b MIB] [-s DIR] [-N] [-v]\n"
"                          [--abi[=PATH]]\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit record -o /var/lib/sysfs-audit/report.json -d 3600\n"
"    sysfs-audit record -o r.json --prometheus \\\n"
"        /var/lib/prometheus/node-exporter/sysfs_audit.prom\n"
"    sysfs-audit record -o r.json -d 600 -F keys  # exit 15: keys were needed\n"
"    sysfs-audit record -o - -d 60 | jq .needs    # the report to stdout\n"
"    sysfs-audit record -o r.json --adopt  # boot audit, early in the real root\n"
"    sysfs-audit record -o r.json -d 86400 --abi -F obsolete  # exit 30: in use\n";

enum { OPT_PROMETHEUS = 0x100, OPT_RULES, OPT_SCAN, OPT_ADOPT, OPT_ABI };

static const struct argp_option opts[] = {
	{ "output", 'o', "FILE", 0, "write the report to FILE (required)", 0 },
	SA_OPT_DURATION("", " (default: at SIGINT/SIGTERM)"),
	{ "prometheus", OPT_PROMETHEUS, "FILE", 0,
	  "also write node_exporter textfile metrics to FILE (atomically)", 0 },
	{ "fail-on", 'F', "WHAT", 0,
	  "exit non-zero if the report has WHAT: keys, paths, dependents (breaks), findings, "
	  "suspects, obsolete (an obsolete ABI entry in use: --abi)", 0 },
	SA_OPT_ATTACH(""),
	SA_OPT_BUFFER("", " (default as trace)"),
	SA_OPT_INTERVAL,
	{ "sysfs", 's', "DIR", 0, "the sysfs tree of the coldplug view (default /sys)", 0 },
	{ "rules", OPT_RULES, NULL, 0, "add the findings of 'sysfs-audit rules' on this machine", 0 },
	{ "scan", OPT_SCAN, NULL, 0, "add the findings of 'sysfs-audit scan' on this machine", 0 },
	{ "no-dependents", 'N', NULL, 0, "keys only: do not trace the running dependents", 0 },
	{ "adopt", OPT_ADOPT, NULL, 0,
	  "a boot audit: take over what 'boot --start' pinned in the initramfs (else attach "
	  "now), give every event and dependent its boot phase, unpin everything at the end", 0 },
	{ "abi", OPT_ABI, "PATH", OPTION_ARG_OPTIONAL,
	  "also watch who opens the obsolete sysfs ABI (as `abi watch`) and put a verdict per "
	  "entry into the report: the built-in table of this kernel's series, or PATH (a "
	  "Documentation/ABI directory or one file; repeatable). Off by default: resolving the "
	  "entries walks /sys", 0 },
	SA_OPT_VERBOSE,
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'o':
		env.out = arg;
		break;
	case 's':
		env.sysfs = arg;
		break;
	case 'N':
		env.no_deps = true;
		break;
	case OPT_PROMETHEUS:
		env.prometheus = arg;
		break;
	case 'F':
		sa_fail_on_arg("record", arg, SA_FAIL_ALL | SA_FAIL_OBSOLETE, state, &env.fail_on);
		break;
	case OPT_RULES:
		env.rules = true;
		break;
	case OPT_SCAN:
		env.scan = true;
		break;
	case OPT_ADOPT:
		env.adopt = env.t.adopt = true;
		break;
	case OPT_ABI:
		env.abi = true;
		if (!arg)
			break;
		if (env.nabi == (int)(sizeof(env.abi_paths) / sizeof(env.abi_paths[0])))
			argp_error(state, "at most %zu --abi=PATH",
				   sizeof(env.abi_paths) / sizeof(env.abi_paths[0]));
		env.abi_paths[env.nabi++] = arg;
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		break;
	case ARGP_KEY_END:
		if (!env.out)
			argp_error(state, "-o FILE is required");
		if ((env.fail_on & SA_FAIL_OBSOLETE) && !env.abi)
			argp_error(state, "--fail-on=obsolete needs --abi (the watch gives the verdicts)");
		break;
	default:
		return sa_tracer_parse_opt(key, arg, state, &env.t);
	}
	return 0;
}

/* An hour of tracing must not end in "cannot write": check the directory first. */
static int check_writable(const char *path, const char *what)
{
	char *copy = strdup(path);
	int err = 0;

	if (!copy)
		return -ENOMEM;
	if (!strcmp(path, "-")) {
		free(copy);
		return 0;	/* standard output */
	}
	err = sa_atomic_target(path);
	if (!err && access(dirname(copy), W_OK | X_OK))
		err = -errno;
	if (err)
		sa_warn("%s: cannot write the %s there: %s", path, what, sa_atomic_strerror(err));
	free(copy);
	return err;
}

/* The snapshot's summary object: the coldplug side, in the stream's shape. */
static int coldplug(struct sa_report *r)
{
	struct sa_summary sum = {};
	struct sa_tree tree;
	int err = sa_tree_load(env.sysfs, &tree);

	if (err) {
		sa_warn("cannot read sysfs tree '%s' (%s): the report has no coldplug view",
			env.sysfs, err == -ENOTDIR ? "not a sysfs tree" : strerror(-err));
		return 0;
	}
	for (size_t i = 0; i < tree.n && !err; i++) {
		const struct sa_dev *d = tree.devs[i];
		struct sa_legacy l;
		struct sa_ctx c = sa_ctx_of_dev(d);

		err = sa_legacy_compute(d, &l);
		if (!err)
			sa_summary_add(&sum, &c, &l);
		sa_legacy_free(&l);
	}
	sa_tree_free(&tree);
	if (err)
		return err;
	r->coldplug = sum;
	r->have_coldplug = true;
	return 0;
}

struct rec_state {
	struct sa_report *r;
	struct sa_abi_watch *abi;	/* --abi: the watch, polled every tick */
	int abi_err;
	struct sa_deps_run *run;	/* NULL: --no-dependents, or unavailable */
	struct sa_deps *deps;
	struct sa_tracer *t;
};

/* A boot audit: the loss counters now, for the phase they grew in. */
static void note_losses(struct rec_state *st)
{
	unsigned long long dep[SA_DLOST_N] = { 0 };
	struct sa_trace_stats ts;

	if (!env.adopt)
		return;
	sa_tracer_stats(st->t, &ts);
	if (st->deps)
		sa_deps_losses(st->deps, dep);
	sa_boot_rec_losses(&env.boot, st->r, ts.lost, dep);
}

static int on_event(void *ctx, const struct sa_ctx *c, const struct sa_legacy *l)
{
	struct rec_state *st = ctx;

	if (st->deps)
		sa_deps_note_event(st->deps, l->key[SA_KEY_PHYSDEVPATH]);
	if (env.adopt)
		sa_boot_rec_event(&env.boot, st->r, c->ts_ns, c->seqnum);
	return sa_report_add_event(st->r, c, l);
}

/* Runs every interval, before the drain of what waited in the rings. */
static void record_tick(void *ctx)
{
	struct rec_state *st = ctx;

	if (env.adopt)
		sa_boot_rec_tick(&env.boot);
	note_losses(st);
	if (st->deps)
		sa_deps_tick(st->deps);
	if (st->abi && !st->abi_err && (st->abi_err = sa_abi_watch_poll(st->abi, 0)))
		sa_warn("abi watch: %s: the report will have no obsolete_abi section",
			strerror(-st->abi_err));
}

static int write_report(FILE *f, void *ctx)
{
	return sa_report_write(f, ctx) ? -EIO : 0;
}

/* The boot audit ends with this recorder: nothing stays pinned after it. */
static void unpin_all(struct sa_report *r)
{
	int n;

	sa_boot_rec_finish(&env.boot, r);	/* the final boundaries */
	n = sa_pin_walk(SA_PIN_ROOT, NULL, true);
	if (n == -EROFS)	/* the unit's sandbox: its ExecStopPost unpins */
		fprintf(stderr, "sysfs-audit: %s is read-only here: `sysfs-audit boot "
			"--cleanup` unpins it\n", SA_PIN_ROOT);
	else if (n < 0)
		sa_warn("%s: cannot unpin: %s (sysfs-audit boot --cleanup)", SA_PIN_ROOT,
			strerror(-n));
	else if (n)
		fprintf(stderr, "sysfs-audit: unpinned %d object(s) under %s\n", n, SA_PIN_ROOT);
}

/* The report as a merged picture of one host: for --prometheus and --fail-on. 0 or -errno. */
static int gate_and_export(const struct sa_report *r, int *status)
{
	struct sa_merged m;
	int err;

	sa_merged_init(&m);
	err = sa_merged_add(&m, env.out, r);
	if (!err) {
		sa_merged_finish(&m);
		*status = sa_exit_of_merged(&m, env.fail_on);
		if (env.prometheus && (err = sa_prometheus_write(env.prometheus, &m)))
			sa_warn("%s: cannot write the metrics: %s", env.prometheus, sa_atomic_strerror(err));
	}
	sa_merged_free(&m);
	return err;
}

/*
 * --adopt, before anything reads /sys: claim the pins, or refuse them
 * (another build's, or stopped at their deadline): then the tracer and the
 * dependents attach fresh, the report says the initramfs was not adopted,
 * and the pins go (here, or in a read-only sandbox at the unit's
 * ExecStopPost `boot --cleanup`).
 */
static int claim_pins(void)
{
	char why[512];
	int err = sa_pin_claim(SA_PIN_ROOT, why, sizeof(why));

	if (!err || err == -ENOENT)
		return err;
	if (err != -ESTALE && err != -ETIME) {
		sa_warn("%s: cannot claim the pinned boot audit: %s", SA_PIN_ROOT, strerror(-err));
		return 0;	/* the adoption says what it can */
	}
	sa_warn("%s: refusing the pinned boot audit: %s; recording from now", SA_PIN_ROOT, why);
	env.t.adopt = false;
	err = sa_pin_walk(SA_PIN_ROOT, NULL, true);
	if (err < 0 && err != -EROFS)
		sa_warn("%s: cannot remove it: %s (sysfs-audit boot --cleanup)", SA_PIN_ROOT,
			strerror(-err));
	return -ESTALE;
}

/*
 * --adopt, before anything is claimed: whether a stop came already. The adoption goes
 * on after a stop: the rings hold the initramfs's records, and the drain at
 * the stop is what saves them.
 */
static void adopt_begins(void)
{
	int err;

	if (sa_tracer_stopping() && !env.salvage)
		env.why |= 1u << SA_GAP_STOPPED_BEFORE;
	/* For the watchdog and a later salvage: a recorder is on it (pid). */
	if (!env.salvage && (err = sa_mark_write(SA_MARK_DIR, SA_MARK_ADOPTING, getpid())))
		sa_warn("%s/%s: %s", SA_MARK_DIR, SA_MARK_ADOPTING, strerror(-err));
}

/*
 * The boot's own reasons (the scripts that had to stop us), read at the
 * end: the file only grows, and a mark's timeout may come after our start.
 */
static void boot_reasons(void)
{
	unsigned int why = 0;
	int err = sa_boot_why_read(SA_MARK_DIR "/" SA_BOOT_WHY, &why);

	if (err && err != -ENOENT)
		sa_warn("%s/%s: %s (its reasons are not in the report)", SA_MARK_DIR, SA_BOOT_WHY,
			strerror(-err));
	env.why |= why;
}

/* --adopt, once the tracer and the dependents adopted (or attached): say so. */
static void adopt_ends(void)
{
	int err;

	if (sa_tracer_stopping() && !env.salvage && !(env.why & 1u << SA_GAP_STOPPED_BEFORE))
		env.why |= 1u << SA_GAP_STOPPED_DURING;
	if (!env.salvage && (err = sa_mark_write(SA_MARK_DIR, SA_MARK_ADOPTED, sa_mono_ns())))
		sa_warn("%s/%s: %s", SA_MARK_DIR, SA_MARK_ADOPTED, strerror(-err));
}

/*
 * --abi, before anything attaches: the entries. One that is not understood
 * refuses the run (exit 28) now rather than after an hour of tracing.
 * Returns an exit status.
 */
static int abi_load(void)
{
	int err;

	if (!env.abi)
		return EXIT_OK;
	err = sa_abi_load_cmd(&env.abi_tab, env.abi_paths, env.nabi, NULL);
	for (size_t i = 0; !err && i < env.abi_tab.nerr; i++)
		sa_warn("%s:%d: %s", env.abi_tab.err[i].file, env.abi_tab.err[i].line,
			env.abi_tab.err[i].what);
	if (!err && !env.abi_tab.nerr && env.abi_tab.n)
		return EXIT_OK;
	if (!err && !env.abi_tab.n)
		sa_warn("--abi: no ABI entry read");
	sa_abi_free(&env.abi_tab);
	return err == -ENOENT && !env.nabi ? EXIT_USAGE : EXIT_ABI;
}

/*
 * --abi, once the tracer is attached: the watch starts (its first resolve
 * walks /sys), polled from the tick. Unable, the report goes without the
 * section and says nothing false: a reader sees no watch, not "unused".
 */
static void abi_begin(struct rec_state *rs, struct sa_report *r)
{
	int err;

	if (!env.abi)
		return;
	env.abi_opts = (struct sa_abi_watch_opts){ .abi = &env.abi_tab, .root = "" };
	r->abi = calloc(1, sizeof(*r->abi));
	err = r->abi ? sa_abi_watch_start(&env.abi_opts, r->abi, &rs->abi) : -ENOMEM;
	if (err) {
		sa_warn("abi watch: %s: the report will have no obsolete_abi section",
			strerror(-err));
		free(r->abi);
		r->abi = NULL;
	} else {
		fprintf(stderr, "sysfs-audit: record: watching %zu obsolete ABI entries\n",
			env.abi_tab.n);
	}
}

/* The watch's last records and the verdicts into the report. */
static void abi_end(struct rec_state *rs, struct sa_report *r)
{
	int err;

	if (!rs->abi)
		return;
	err = sa_abi_watch_stop(rs->abi, rs->abi_err);
	rs->abi = NULL;
	if (err) {
		if (!rs->abi_err)
			sa_warn("abi watch: %s: the report will have no obsolete_abi section",
				strerror(-err));
		free(r->abi);
		r->abi = NULL;
	}
}

/* Detach every program (once). */
static void detach(struct rec_state *rs, struct sa_tracer **t)
{
	sa_deps_run_stop(rs->run);
	rs->run = NULL;
	rs->deps = NULL;
	sa_tracer_close(*t);
	*t = NULL;
}

static int record(void)
{
	struct sa_trace_stats st;
	struct rec_state rs = {};
	struct sa_tracer *t;
	struct sa_report r;
	int rc, err, status = 0, claim = 0;

	if (env.adopt) {
		/* Stopped at any moment from here on, it writes what it saw. */
		sa_tracer_catch_stop();
		if (env.salvage)
			sa_tracer_stop_now();
		else if (sa_boot_switched_off()) {
			fprintf(stderr, "sysfs-audit: the boot audit is off (%s= on the kernel "
				"command line): nothing attached\n", SA_CMDLINE_BOOT);
			return EXIT_OK;
		}
		env.t.quiet_unable = true;
		/* Before any mark is written: one line, whatever cannot be done. */
		rc = sa_tracer_precheck();
		if (rc) {
			fprintf(stderr, "sysfs-audit: boot audit skipped: %s\n", sa_tracer_unable(rc));
			return env.salvage ? EXIT_FAIL : EXIT_OK;
		}
	}
	/* Early in the boot a separate /var is not mounted yet: checked at the end. */
	if ((rc = abi_load()))
		return rc;
	if (!env.adopt && ((err = check_writable(env.out, "report")) ||
			   (env.prometheus && (err = check_writable(env.prometheus, "metrics")))))
		return err == SA_ATOMIC_NOT_REGULAR ? EXIT_USAGE : EXIT_FAIL;
	rs.r = &r;
	if (sa_report_init(&r, SA_VERSION) || sa_report_identify(&r)) {
		sa_warn("cannot identify this host: %s", strerror(errno));
		sa_report_free(&r);
		return EXIT_FAIL;
	}
	if (!r.machine_id)
		sa_warn("no /etc/machine-id: merged reports cannot tell this host's reports apart");
	if (env.adopt) {
		adopt_begins();
		claim = claim_pins();
		/* A boot audit configured (the scripts made their file), nothing pinned. */
		if (claim == -ENOENT && !access(SA_MARK_DIR "/" SA_BOOT_WHY, F_OK))
			env.why |= 1u << SA_GAP_NOT_PINNED;
		if (env.salvage && claim) {
			sa_warn("%s: nothing this build can adopt: no report", SA_PIN_ROOT);
			sa_report_free(&r);
			return EXIT_FAIL;
		}
	}
	/* Attach first, so that no event falls between the snapshot and the trace. */
	rc = sa_tracer_open(&env.t, &t);
	if (rc && env.adopt && sa_tracer_unable(rc)) {
		/* A kernel that cannot trace is skipped: the boot goes on, the unit does not fail. */
		fprintf(stderr, "sysfs-audit: boot audit skipped: %s\n", sa_tracer_unable(rc));
		sa_report_free(&r);
		return EXIT_OK;
	}
	if (rc) {
		sa_report_free(&r);
		return sa_exit_of_tracer(rc);
	}
	r.start = time(NULL);
	if (env.adopt)
		sa_boot_rec_begin(&env.boot, SA_MARK_DIR, sa_tracer_adopted(t));
	r.attach = strdup(sa_tracer_attach_name(t));
	/* Stopped already: the rings first, not a walk of /sys (the stop is bounded). */
	if (!r.attach || (!(env.adopt && sa_tracer_stopping()) && coldplug(&r))) {
		sa_warn("out of memory");
		sa_tracer_close(t);
		sa_report_free(&r);
		return EXIT_FAIL;
	}
	if (!env.no_deps)
		rs.run = sa_deps_run_start(t, SA_FMT_JSON, NULL, env.sysfs,
					   env.adopt ? &env.boot.phases : NULL, "the report has keys only");
	rs.deps = sa_deps_run_deps(rs.run);
	if (env.adopt)
		adopt_ends();
	abi_begin(&rs, &r);
	/* After the dependents' tick was set: ours calls theirs. */
	sa_tracer_set_tick(t, record_tick, &rs);
	rs.t = t;
	rc = sa_tracer_run(t, on_event, &rs) ? EXIT_FAIL : EXIT_OK;
	if (rs.deps)
		sa_deps_count_unread(rs.deps, sa_tracer_stop_ns(t));
	note_losses(&rs);	/* the last drain's */
	abi_end(&rs, &r);
	sa_tracer_stats(t, &st);
	if (rs.deps)
		sa_deps_finish(rs.deps);
	if (rs.deps && sa_report_add_live_deps(&r, sa_deps_totals(rs.deps), sa_deps_found(rs.deps),
					       sa_deps_next, rs.deps)) {
		sa_warn("the dependents could not be put into the report: out of memory");
		rc = EXIT_FAIL;
	}
	/* The final phase boundaries go into the report; the links stay until detached. */
	if (env.adopt) {
		boot_reasons();
		r.boot.incomplete |= env.why;
		unpin_all(&r);
	}
	/*
	 * Detaching waits for the kernel (an RCU-tasks grace period per
	 * fentry/fexit hook, one after the other: about a second with the
	 * dependents): the report goes out first, unless a static audit
	 * follows, which must not run inside the trace.
	 */
	if (env.rules || env.scan)
		detach(&rs, &t);
	r.end = time(NULL);
	r.seen = st.seen;
	r.emitted = st.emitted;
	r.lost = st.lost;
	/* 1.2: the dependents' losses, and a boot audit's by phase. */
	if (rs.deps) {
		sa_deps_losses(rs.deps, r.dep_lost.deps);
		for (int c = 0; c < SA_DC_N; c++)
			r.dep_lost.store_full_by[c] = sa_deps_dropped_by(rs.deps, c);
		r.dep_lost.known = true;
	}
	r.unread = st.unread;
	r.skipped = st.skipped;
	r.malformed = st.malformed;
	/* The stream's summary, with every counter of the tracer (BPF run time too). */
	r.stats = st;
	r.have_stats = true;
	if (st.lost || st.unread)
		sa_warn("%llu events lost, %llu unread: the report counts only what was read",
			st.lost, st.unread);
	/* After the trace: the audit reads files and must not run inside it. */
	if ((env.rules || env.scan) && sa_report_static_audit(&r, env.rules, env.scan)) {
		sa_warn("the static audit failed: out of memory");
		rc = EXIT_FAIL;
	}

	/* Whatever ended the trace, what was seen is written. */
	err = sa_atomic_write(env.out, write_report, &r);
	if (err) {
		sa_warn("%s: cannot write the report: %s", env.out, sa_atomic_strerror(err));
		rc = EXIT_FAIL;
	} else {
		fprintf(stderr, "sysfs-audit: report written to %s (%llu events)\n", env.out,
			r.summary.events);
		if (gate_and_export(&r, &status))
			rc = EXIT_FAIL;
	}
	detach(&rs, &t);
	sa_report_free(&r);
	return rc ? rc : status;
}

int cmd_record(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };

	int rc;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	rc = record();
	sa_abi_free(&env.abi_tab);	/* --abi's entries, on every path out */
	return rc;
}

int sa_record_salvage(const char *out, enum sa_gap_reason why)
{
	env.out = out;
	env.adopt = env.t.adopt = true;
	env.salvage = true;
	env.why = 1u << why;
	env.t.drain_ms = SALVAGE_DRAIN_MS;
	return record();
}
