// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit trace: attach a CO-RE BPF program to the uevent path and
 * print, for every device uevent, what CONFIG_SYSFS_DEPRECATED would have
 * produced.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/capability.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "common.h"
#include "dependents.h"
#include "event.h"
#include "legacy.h"
#include "report.h"
#include "sysfs_audit.h"
#include "sysfs_audit.skel.h"

enum attach_mode { ATTACH_AUTO, ATTACH_TP, ATTACH_FEXIT, ATTACH_KPROBE };

static struct {
	bool json, verbose, fail_on_lost, no_header;
	bool no_deps;		/* dependents hook (issue 8) */
	long duration_s;
	long interval_ms;
	enum attach_mode attach;
} env = {
	.interval_ms = 100,
};

static const char doc[] =
"For every device uevent, print what the deprecated layout would have\n"
"produced: the legacy DEVPATH, PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER and\n"
"the legacy links (BPF; needs root and a kernel with BTF).\n"
"\n"
"USAGE: sysfs-audit trace [--json] [-d SEC] [-a MODE] [-L] [--no-dependents] [-v]\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit trace                   # live table, Ctrl-C for the summary\n"
"    sysfs-audit trace --json -d 60      # JSON lines for 60 s, then a summary\n"
"    sysfs-audit trace -a fexit -v       # force fexit/dev_uevent, libbpf log\n";

static const struct argp_option opts[] = {
	{ "json", 'j', NULL, 0, "JSON lines instead of a table", 0 },
	{ "duration", 'd', "SEC", 0, "stop after SEC seconds", 0 },
	{ "interval", 'i', "MS", 0, "drain the ring buffer every MS ms (default 100)", 0 },
	{ "attach", 'a', "MODE", 0, "auto (default), tracepoint, fexit or kprobe", 0 },
	{ "fail-on-lost", 'L', NULL, 0, "exit 8 if any event was lost", 0 },
	{ "no-header", 'H', NULL, 0, "no column header in table output", 0 },
	{ "verbose", 'v', NULL, 0, "libbpf debug output, the verifier log", 0 },
	{ "no-dependents", 'N', NULL, 0, "keys only: do not name dependent processes", 0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'j':
		env.json = true;
		break;
	case 'v':
		env.verbose = true;
		break;
	case 'H':
		env.no_header = true;
		break;
	case 'L':
		env.fail_on_lost = true;
		break;
	case 'N':
		env.no_deps = true;
		break;
	case 'd':
		env.duration_s = sa_parse_long(arg, 1, 365L * 24 * 3600, state, "duration");
		break;
	case 'i':
		env.interval_ms = sa_parse_long(arg, 1, 10000, state, "interval");
		break;
	case 'a':
		if (!strcmp(arg, "auto"))
			env.attach = ATTACH_AUTO;
		else if (!strcmp(arg, "tracepoint"))
			env.attach = ATTACH_TP;
		else if (!strcmp(arg, "fexit"))
			env.attach = ATTACH_FEXIT;
		else if (!strcmp(arg, "kprobe"))
			env.attach = ATTACH_KPROBE;
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

static int libbpf_print_fn(enum libbpf_print_level level, const char *format, va_list args)
{
	(void)level;
	if (!env.verbose)
		return 0;	/* failures get one clear line from us instead */
	return vfprintf(stderr, format, args);
}

static volatile sig_atomic_t exiting;

static void sig_handler(int sig)
{
	(void)sig;
	exiting = 1;
}

struct trace_state {
	struct sa_summary sum;
	int write_err;
	unsigned long long malformed;
	struct sa_deps *deps;	/* NULL: --no-dependents, or unavailable */
};

static int handle_event(void *ctx, void *data, size_t len)
{
	struct trace_state *st = ctx;
	struct sa_event e;
	struct sa_legacy l;
	struct sa_ctx c;
	int err;

	if (len < sizeof(e)) {
		st->malformed++;
		return 0;
	}
	/* A private copy, every string terminated, whatever the record says. */
	memcpy(&e, data, sizeof(e));
	e.devpath[SA_PATH_LEN - 1] = e.subsystem[SA_SUBSYS_LEN - 1] = '\0';
	e.devname[SA_NAME_LEN - 1] = e.bus[SA_BUS_LEN - 1] = '\0';
	e.driver[SA_DRIVER_LEN - 1] = e.ownbus[SA_BUS_LEN - 1] = '\0';
	for (int i = 0; i < SA_MAX_CHAIN; i++) {
		e.chain[i].name[SA_NAME_LEN - 1] = '\0';
		e.chain[i].class[SA_CLASS_LEN - 1] = '\0';
	}
	if (e.nchain > SA_MAX_CHAIN)
		e.nchain = SA_MAX_CHAIN;

	if (getenv("SYSFS_AUDIT_DEBUG")) {
		fprintf(stderr, "debug: nchain=%u physdev=%d devlink=%d flags=%#x links=%#x trunc=%#x:",
			e.nchain, e.physdev, e.devlink, e.flags, e.links, e.trunc);
		for (int i = 0; i < e.nchain; i++)
			fprintf(stderr, " [%d k%u p%d d%u %s %s]", i, e.chain[i].kind, e.chain[i].lparent,
				e.chain[i].kdepth, e.chain[i].name, e.chain[i].class);
		fputc('\n', stderr);
	}
	c = (struct sa_ctx){
		.action = sa_action_name(e.action),
		.subsystem = e.subsystem,
		.devpath = e.devpath,
		.devname = e.devname,
		.source = sa_source_name(e.source),
		.seqnum = e.seqnum,
		.sent = e.flags & SA_F_SENT,
		.ret = e.ret,
		.trunc = e.trunc,
	};
	err = sa_event_legacy(&e, &l);
	if (err == -ENOMEM) {
		sa_legacy_free(&l);
		return -ENOMEM;
	}
	if (err)
		st->malformed++;
	if (sa_print_row(stdout, env.json, &c, &l))
		st->write_err = errno ? errno : EIO;
	sa_summary_add(&st->sum, &c, &l);
	sa_deps_note_event(st->deps, l.physdevpath);
	sa_legacy_free(&l);
	return st->write_err ? -st->write_err : 0;
}

static bool have_caps(void)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2] = {};
	unsigned long long eff;

	if (geteuid() == 0)
		return true;
	if (syscall(SYS_capget, &hdr, data))
		return false;
	eff = data[0].effective | (unsigned long long)data[1].effective << 32;
#define CAPBIT(c) (1ULL << (c))
	return (eff & CAPBIT(CAP_SYS_ADMIN)) ||
	       ((eff & CAPBIT(38 /* CAP_PERFMON */)) && (eff & CAPBIT(39 /* CAP_BPF */)));
}

static const char *mode_name(enum attach_mode m)
{
	switch (m) {
	case ATTACH_TP: return "tracepoint kobject:kobject_uevent";
	case ATTACH_FEXIT: return "fexit dev_uevent";
	case ATTACH_KPROBE: return "kprobe+kretprobe dev_uevent";
	default: return "auto";
	}
}

/*
 * Open, load and attach with only MODE's programs. Returns 0, or EXIT_*
 * explaining why this mode cannot be used.
 */
static int try_mode(enum attach_mode mode, struct sysfs_audit_bpf **out)
{
	struct sysfs_audit_bpf *skel;
	int err;

	skel = sysfs_audit_bpf__open();
	if (!skel)
		return EXIT_FAIL;
	bpf_program__set_autoload(skel->progs.on_tracepoint, mode == ATTACH_TP);
	bpf_program__set_autoload(skel->progs.on_fexit, mode == ATTACH_FEXIT);
	bpf_program__set_autoload(skel->progs.on_kprobe, mode == ATTACH_KPROBE);
	bpf_program__set_autoload(skel->progs.on_kretprobe, mode == ATTACH_KPROBE);

	err = sysfs_audit_bpf__load(skel);
	if (err) {
		sysfs_audit_bpf__destroy(skel);
		if (err == -EPERM)
			return EXIT_PERM;
		/* -EACCES/-EINVAL from BPF_PROG_LOAD: the verifier said no. */
		if (err == -EACCES || err == -EINVAL || err == -E2BIG)
			return EXIT_VERIFIER;
		return EXIT_NO_ATTACH;
	}
	err = sysfs_audit_bpf__attach(skel);
	if (err) {
		sysfs_audit_bpf__destroy(skel);
		return err == -EPERM ? EXIT_PERM : EXIT_NO_ATTACH;
	}
	*out = skel;
	return 0;
}

static int attach_best(struct sysfs_audit_bpf **skel, enum attach_mode *used)
{
	enum attach_mode order[3];
	int n = 0, rc = EXIT_NO_ATTACH, worst = 0;
	struct btf *vmlinux;

	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux)
		return EXIT_NO_BTF;
	if (env.attach != ATTACH_AUTO) {
		order[n++] = env.attach;
	} else {
		/* Best first: the tracepoint sees SEQNUM and the send result. */
		if (btf__find_by_name_kind(vmlinux, "btf_trace_kobject_uevent", BTF_KIND_TYPEDEF) > 0)
			order[n++] = ATTACH_TP;
		if (btf__find_by_name_kind(vmlinux, "dev_uevent", BTF_KIND_FUNC) > 0)
			order[n++] = ATTACH_FEXIT;
		order[n++] = ATTACH_KPROBE;
	}
	btf__free(vmlinux);

	for (int i = 0; i < n; i++) {
		rc = try_mode(order[i], skel);
		if (!rc) {
			*used = order[i];
			return 0;
		}
		if (env.verbose || env.attach == ATTACH_AUTO)
			sa_warn("%s: not usable (%s)", mode_name(order[i]),
			     rc == EXIT_VERIFIER ? "rejected by the verifier" :
			     rc == EXIT_PERM ? "not permitted" : "cannot attach");
		if (rc == EXIT_PERM)
			return rc;
		if (rc == EXIT_VERIFIER)
			worst = rc;
	}
	return worst ? worst : rc;
}

static unsigned long long read_stat(struct sysfs_audit_bpf *skel, __u32 which)
{
	int ncpu = libbpf_num_possible_cpus();
	unsigned long long total = 0;
	__u64 *vals;

	if (ncpu <= 0 || !(vals = calloc(ncpu, sizeof(*vals))))
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(skel->maps.stats), &which, vals))
		for (int i = 0; i < ncpu; i++)
			total += vals[i];
	free(vals);
	return total;
}

int cmd_trace(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct sysfs_audit_bpf *skel = NULL;
	struct ring_buffer *rb = NULL;
	struct trace_state st = {};
	enum attach_mode used = ATTACH_AUTO;
	unsigned long long lost, seen;
	struct timespec start, now;
	int rc, err = 0;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	if (!have_caps()) {
		sa_warn("not permitted: trace needs root (or CAP_BPF and CAP_PERFMON)");
		return EXIT_PERM;
	}
	if (access("/sys/kernel/btf/vmlinux", R_OK)) {
		sa_warn("this kernel has no BTF (/sys/kernel/btf/vmlinux): CO-RE needs CONFIG_DEBUG_INFO_BTF=y");
		return EXIT_NO_BTF;
	}
	libbpf_set_print(libbpf_print_fn);

	rc = attach_best(&skel, &used);
	switch (rc) {
	case 0:
		break;
	case EXIT_NO_BTF:
		sa_warn("cannot load the kernel's BTF");
		return rc;
	case EXIT_PERM:
		sa_warn("not permitted to load BPF programs");
		return rc;
	case EXIT_VERIFIER:
		sa_warn("the kernel's verifier rejected the program%s",
		     env.verbose ? "" : " (run with -v for the verifier log)");
		return rc;
	default:
		sa_warn("no usable attach point on this kernel (tried %s)%s",
		     env.attach == ATTACH_AUTO ? "tracepoint, fexit and kprobe" : mode_name(env.attach),
		     env.verbose ? "" : "; run with -v for details");
		return EXIT_NO_ATTACH;
	}

	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), handle_event, &st, NULL);
	if (!rb) {
		sa_warn("cannot create the ring buffer consumer: %s", strerror(errno));
		sysfs_audit_bpf__destroy(skel);
		return EXIT_FAIL;
	}
	/* --- dependents hook (issue 8): everything else is in user/dependents.c --- */
	if (!env.no_deps) {
		struct sa_deps_opts dopts = { .json = env.json };

		st.deps = sa_deps_open(&dopts);
		if (!st.deps || sa_deps_attach(st.deps) || sa_deps_add_rings(st.deps, rb)) {
			sa_warn("dependents not traced (%s): keys only", strerror(errno));
			sa_deps_close(st.deps);
			st.deps = NULL;
		}
	}
	/* --- end of the dependents hook --- */
	signal(SIGINT, sig_handler);
	signal(SIGTERM, sig_handler);
	fprintf(stderr, "sysfs-audit: tracing device uevents via %s%s\n", mode_name(used),
		env.duration_s ? "" : "; Ctrl-C to end");
	if (!env.json && !env.no_header)
		sa_print_header(stdout, true);
	fflush(stdout);

	clock_gettime(CLOCK_MONOTONIC, &start);
	while (!exiting) {
		/*
		 * Records are submitted without a wake-up; the program forces one
		 * only when a storm fills the buffer. Draining on this timer bounds
		 * the latency of live output by the interval.
		 */
		err = ring_buffer__poll(rb, env.interval_ms);
		if (err >= 0)
			err = ring_buffer__consume(rb);
		if (err < 0 && err != -EINTR) {
			sa_warn("reading events failed: %s", strerror(-err));
			break;
		}
		if (st.deps)
			sa_deps_tick(st.deps);	/* dependents hook */
		fflush(stdout);
		if (env.duration_s) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			if (now.tv_sec - start.tv_sec >= env.duration_s)
				break;
		}
	}
	ring_buffer__consume(rb);
	lost = read_stat(skel, SA_STAT_LOST);
	seen = read_stat(skel, SA_STAT_SEEN);
	if (st.deps)
		sa_deps_summary(st.deps, stdout, env.json);	/* dependents hook */
	sa_print_summary(stdout, env.json, &st.sum,
			 used == ATTACH_TP ? "tracepoint" : used == ATTACH_FEXIT ? "fexit" : "kprobe",
			 lost, seen);
	if (st.malformed)
		sa_warn("%llu records could not be decoded", st.malformed);
	if (lost)
		sa_warn("%llu events lost (ring buffer full)", lost);
	fflush(stdout);
	ring_buffer__free(rb);
	sa_deps_close(st.deps);		/* dependents hook */
	sysfs_audit_bpf__destroy(skel);
	if (st.write_err) {
		sa_warn("writing the report failed: %s", strerror(st.write_err));
		return EXIT_FAIL;
	}
	if (err < 0 && err != -EINTR)
		return EXIT_FAIL;
	return lost && env.fail_on_lost ? EXIT_LOST : EXIT_OK;
}
