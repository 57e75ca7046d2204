// SPDX-License-Identifier: GPL-2.0
/*
 * The uevent tracer engine: load and attach the BPF program with the best
 * attach point the kernel offers, consume its packed records and hand each
 * event, decoded and formatted into the legacy view, to a callback.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <linux/capability.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "common.h"
#include "event.h"
#include "record.h"
#include "sysfs_audit.skel.h"
#include "tracer.h"

/*
 * After a stop, what is still on the ring buffer is drained this long at
 * most; the rest is counted as unread. Kept short: a reader that has just
 * drained flat out is owed CPU by the scheduler, and a storm's writer
 * would then hold the CPU while the summary waits.
 */
#define DRAIN_MS 100
/* In a storm, look at the clock and the stop flag every this many records. */
#define CHECK_EVERY 256

struct sa_tracer {
	struct sa_tracer_opts o;
	struct sysfs_audit_bpf *skel;
	struct ring_buffer *rb;
	enum sa_attach_mode used;
	sa_event_fn fn;
	void *ctx;
	int cb_err;
	bool debug;			/* SYSFS_AUDIT_DEBUG: dump each record's chain */
	void (*tick)(void *ctx);	/* after every drain */
	void *tick_ctx;
	unsigned long long consumed, malformed;
	unsigned long long deadline_ns;	/* 0: none */
	/* Loading runs in a thread (attach_in_background()). */
	pthread_mutex_t lock;
	bool attach_done, interrupted;
	int attach_rc;
};

static volatile sig_atomic_t stopping, stats_wanted;

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		stats_wanted = 1;
	else
		stopping = 1;
}

bool sa_tracer_stopping(void)
{
	return stopping;
}

/*
 * Installed before anything slow happens (loading takes seconds under
 * emulation), and whatever the inherited disposition: a background job of
 * a non-interactive shell starts with SIGINT ignored, and a SIGINT that
 * arrived before signal() was called used to be lost, leaving the trace
 * running forever. No SA_RESTART: epoll_wait() returns at once.
 */
static void install_handlers(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
}

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static bool verbose;

error_t sa_tracer_parse_opt(int key, char *arg, struct argp_state *state,
			    struct sa_tracer_opts *o)
{
	long v;

	switch (key) {
	case 'd':
		o->duration_s = sa_parse_long(arg, 1, 365L * 24 * 3600, state, "duration");
		break;
	case 'i':
		o->interval_ms = sa_parse_long(arg, 1, 10000, state, "interval");
		break;
	case 'b':
		v = sa_parse_long(arg, 1, 1024, state, "buffer size");
		if (v & (v - 1))
			argp_error(state, "invalid buffer size: '%s' (a power of two)", arg);
		o->buffer_mb = v;
		break;
	case 'a':
		if (!strcmp(arg, "auto"))
			o->attach = SA_ATTACH_AUTO;
		else if (!strcmp(arg, "tracepoint"))
			o->attach = SA_ATTACH_TP;
		else if (!strcmp(arg, "fexit"))
			o->attach = SA_ATTACH_FEXIT;
		else if (!strcmp(arg, "kprobe"))
			o->attach = SA_ATTACH_KPROBE;
		else
			argp_error(state, "invalid attach mode: '%s'", arg);
		break;
	case 'v':
		o->verbose = true;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static int libbpf_print_fn(enum libbpf_print_level level, const char *format, va_list args)
{
	(void)level;
	if (!verbose)
		return 0;	/* failures get one clear line from us instead */
	return vfprintf(stderr, format, args);
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

static const char *mode_name(enum sa_attach_mode m)
{
	switch (m) {
	case SA_ATTACH_TP: return "tracepoint kobject:kobject_uevent";
	case SA_ATTACH_FEXIT: return "fexit dev_uevent";
	case SA_ATTACH_KPROBE: return "kprobe+kretprobe dev_uevent";
	default: return "auto";
	}
}

const char *sa_tracer_attach_name(const struct sa_tracer *t)
{
	if (t->interrupted)
		return "none";
	switch (t->used) {
	case SA_ATTACH_TP: return "tracepoint";
	case SA_ATTACH_FEXIT: return "fexit";
	case SA_ATTACH_KPROBE: return "kprobe";
	default: return "none";
	}
}

/*
 * Open, load and attach with only MODE's programs. Returns 0, or EXIT_*
 * explaining why this mode cannot be used.
 */
static int try_mode(struct sa_tracer *t, enum sa_attach_mode mode)
{
	struct sysfs_audit_bpf *skel;
	int err;

	skel = sysfs_audit_bpf__open();
	if (!skel)
		return EXIT_FAIL;
	bpf_program__set_autoload(skel->progs.on_tracepoint, mode == SA_ATTACH_TP);
	bpf_program__set_autoload(skel->progs.on_fexit, mode == SA_ATTACH_FEXIT);
	bpf_program__set_autoload(skel->progs.on_kprobe, mode == SA_ATTACH_KPROBE);
	bpf_program__set_autoload(skel->progs.on_kretprobe, mode == SA_ATTACH_KPROBE);
	bpf_map__set_max_entries(skel->maps.events, (__u32)t->o.buffer_mb << 20);
	skel->rodata->count_only = t->o.count_only;
	/* Wake the reader early in a storm: at a quarter of the ring, 1 MiB at most. */
	skel->rodata->wakeup_bytes = t->o.buffer_mb >= 4 ? 1 << 20 : (__u64)t->o.buffer_mb << 18;

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
	t->skel = skel;
	return 0;
}

/*
 * Whether kobject:kobject_uevent has the v3 series' arguments (kobj, action,
 * env, seqnum, stage, ret). The v2 series had (kobj, action, devpath,
 * subsystem, env, seqnum, ret): on_tracepoint would load there too and read
 * devpath as the environment.
 */
static bool tp_is_v3(const struct btf *btf)
{
	const struct btf_param *p;
	const struct btf_type *t;
	int id;

	id = btf__find_by_name_kind(btf, "btf_trace_kobject_uevent", BTF_KIND_TYPEDEF);
	if (id <= 0)
		return false;
	t = btf__type_by_id(btf, btf__resolve_type(btf, id));
	if (!t || !btf_is_ptr(t))
		return false;
	t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_func_proto(t) || btf_vlen(t) != 7)	/* __data + 6 */
		return false;
	p = btf_params(t);
	t = btf__type_by_id(btf, p[3].type);			/* env */
	if (!t || !btf_is_ptr(t))
		return false;
	t = btf__type_by_id(btf, btf__resolve_type(btf, t->type));
	return t && btf_is_struct(t) &&
	       !strcmp(btf__name_by_offset(btf, t->name_off), "kobj_uevent_env");
}

static int attach_best(struct sa_tracer *t)
{
	enum sa_attach_mode order[3];
	int n = 0, rc = EXIT_NO_ATTACH, worst = 0;
	struct btf *vmlinux;

	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux)
		return EXIT_NO_BTF;
	if (t->o.attach == SA_ATTACH_TP && !tp_is_v3(vmlinux) &&
	    btf__find_by_name_kind(vmlinux, "btf_trace_kobject_uevent", BTF_KIND_TYPEDEF) > 0) {
		sa_warn("tracepoint kobject:kobject_uevent: not the v3 series' arguments");
		btf__free(vmlinux);
		return EXIT_NO_ATTACH;
	}
	if (t->o.attach != SA_ATTACH_AUTO) {
		order[n++] = t->o.attach;
	} else {
		/* Best first: the tracepoint sees SEQNUM and the send result. */
		if (tp_is_v3(vmlinux))
			order[n++] = SA_ATTACH_TP;
		if (btf__find_by_name_kind(vmlinux, "dev_uevent", BTF_KIND_FUNC) > 0)
			order[n++] = SA_ATTACH_FEXIT;
		order[n++] = SA_ATTACH_KPROBE;
	}
	btf__free(vmlinux);

	for (int i = 0; i < n; i++) {
		rc = try_mode(t, order[i]);
		if (!rc) {
			t->used = order[i];
			return 0;
		}
		if (t->o.verbose || t->o.attach == SA_ATTACH_AUTO)
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

static unsigned long long read_stat(const struct sa_tracer *t, __u32 which)
{
	int ncpu = libbpf_num_possible_cpus();
	unsigned long long total = 0;
	__u64 *vals;

	if (ncpu <= 0 || !(vals = calloc(ncpu, sizeof(*vals))))
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(t->skel->maps.stats), &which, vals))
		for (int i = 0; i < ncpu; i++)
			total += vals[i];
	free(vals);
	return total;
}

static void dump_record(const struct sa_event *e)
{
	fprintf(stderr, "debug: nchain=%u physdev=%d devlink=%d flags=%#x links=%#x trunc=%#x:",
		e->nchain, e->physdev, e->devlink, e->flags, e->links, e->trunc);
	for (int i = 0; i < e->nchain; i++)
		fprintf(stderr, " [%d k%u p%d d%u %s %s]", i, e->chain[i].kind, e->chain[i].lparent,
			e->chain[i].kdepth, e->chain[i].name, e->chain[i].class);
	fputc('\n', stderr);
}

static int handle_record(void *ctx, void *data, size_t len)
{
	struct sa_tracer *t = ctx;
	struct sa_event e;
	struct sa_legacy l;
	struct sa_ctx c;
	int err;

	t->consumed++;
	if (sa_rec_decode(data, len, &e)) {
		t->malformed++;
		goto check;
	}
	if (t->debug)
		dump_record(&e);
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
		t->cb_err = ENOMEM;
		return -ENOMEM;
	}
	if (err)
		t->malformed++;
	err = t->fn(t->ctx, &c, &l);
	sa_legacy_free(&l);
	if (err) {
		t->cb_err = err < 0 ? -err : EIO;
		return -ECANCELED;
	}
check:
	/*
	 * libbpf consumes for as long as records keep coming; in a storm that
	 * is forever. Stop at a signal or the deadline, whatever is pending.
	 */
	if (t->consumed % CHECK_EVERY == 0 &&
	    (stopping || stats_wanted || (t->deadline_ns && now_ns() >= t->deadline_ns)))
		return -EINTR;
	return 0;
}

static void *attach_thread(void *arg)
{
	struct sa_tracer *t = arg;
	int rc = attach_best(t);

	pthread_mutex_lock(&t->lock);
	t->attach_rc = rc;
	t->attach_done = true;
	pthread_mutex_unlock(&t->lock);
	return NULL;
}

/*
 * Loading takes seconds (tens under emulation) and the verifier does not
 * give way to our signal handler, so it runs in a thread while this one
 * watches for SIGINT/SIGTERM: a stop during loading ends the trace at once.
 * Returns attach_best()'s status, or -EINTR when stopped first.
 */
static int attach_in_background(struct sa_tracer *t)
{
	const struct timespec tick = { .tv_nsec = 20 * 1000000 };
	pthread_t th;
	int rc = 0;

	pthread_mutex_init(&t->lock, NULL);
	if (pthread_create(&th, NULL, attach_thread, t))
		return attach_best(t);
	for (;;) {
		bool done;

		pthread_mutex_lock(&t->lock);
		done = t->attach_done;
		rc = t->attach_rc;
		pthread_mutex_unlock(&t->lock);
		if (done)
			break;
		if (stopping) {
			/* The thread still owns @t: the process is about to end. */
			pthread_detach(th);
			return -EINTR;
		}
		nanosleep(&tick, NULL);
	}
	pthread_join(th, NULL);
	return rc;
}

int sa_tracer_open(const struct sa_tracer_opts *o, struct sa_tracer **out)
{
	struct sa_tracer *t;
	int rc;

	install_handlers();
	if (!have_caps()) {
		sa_warn("not permitted: tracing needs root (or CAP_BPF and CAP_PERFMON)");
		return EXIT_PERM;
	}
	if (access("/sys/kernel/btf/vmlinux", R_OK)) {
		sa_warn("this kernel has no BTF (/sys/kernel/btf/vmlinux): CO-RE needs CONFIG_DEBUG_INFO_BTF=y");
		return EXIT_NO_BTF;
	}
	t = calloc(1, sizeof(*t));
	if (!t)
		return EXIT_FAIL;
	t->o = *o;
	t->debug = getenv("SYSFS_AUDIT_DEBUG");
	if (!t->o.interval_ms)
		t->o.interval_ms = 100;
	if (!t->o.buffer_mb)
		t->o.buffer_mb = SA_DEFAULT_BUFFER_MB;
	verbose = o->verbose;
	libbpf_set_print(libbpf_print_fn);

	rc = attach_in_background(t);
	if (rc == -EINTR) {
		/* Stopped while loading: an empty trace, ended at once. */
		sa_warn("stopped before the program was attached: nothing traced");
		t->interrupted = true;
		*out = t;
		return 0;
	}
	switch (rc) {
	case 0:
		break;
	case EXIT_NO_BTF:
		sa_warn("cannot load the kernel's BTF");
		break;
	case EXIT_PERM:
		sa_warn("not permitted to load BPF programs");
		break;
	case EXIT_VERIFIER:
		sa_warn("the kernel's verifier rejected the program%s",
			o->verbose ? "" : " (run with -v for the verifier log)");
		break;
	default:
		sa_warn("no usable attach point on this kernel (tried %s)%s",
			o->attach == SA_ATTACH_AUTO ? "tracepoint, fexit and kprobe" :
			mode_name(o->attach), o->verbose ? "" : "; run with -v for details");
		rc = EXIT_NO_ATTACH;
	}
	if (rc) {
		free(t);
		return rc;
	}
	t->rb = ring_buffer__new(bpf_map__fd(t->skel->maps.events), handle_record, t, NULL);
	if (!t->rb) {
		sa_warn("cannot create the ring buffer consumer: %s", strerror(errno));
		sysfs_audit_bpf__destroy(t->skel);
		free(t);
		return EXIT_FAIL;
	}
	*out = t;
	return 0;
}

void sa_tracer_set_tick(struct sa_tracer *t, void (*fn)(void *ctx), void *ctx)
{
	t->tick = fn;
	t->tick_ctx = ctx;
}

struct ring_buffer *sa_tracer_ring(struct sa_tracer *t)
{
	return t->interrupted ? NULL : t->rb;
}

/*
 * Stop the events at their source: the program returns at once from now
 * on, so the counters are final (but for runs already past the test, which
 * the drain below picks up). Detaching waits for sa_tracer_close().
 */
static void stop_recording(struct sa_tracer *t)
{
	__atomic_store_n(&t->skel->bss->stopped, true, __ATOMIC_SEQ_CST);
}

static void print_stats(const struct sa_tracer *t)
{
	struct sa_trace_stats st;

	sa_tracer_stats(t, &st);
	fprintf(stderr, "sysfs-audit: stats seen=%llu emitted=%llu lost=%llu consumed=%llu "
		"malformed=%llu bpf_run_ns=%llu bpf_run_cnt=%llu cpu_ms=%llu maxrss_kb=%llu\n",
		st.seen, st.emitted, st.lost, st.consumed, st.malformed, st.bpf_run_ns,
		st.bpf_run_cnt, st.cpu_ms, st.maxrss_kb);
}

int sa_tracer_run(struct sa_tracer *t, sa_event_fn fn, void *ctx)
{
	unsigned long long end = 0;
	int err = 0;

	if (t->interrupted)
		return 0;
	t->fn = fn;
	t->ctx = ctx;
	if (t->o.duration_s)
		end = now_ns() + t->o.duration_s * 1000000000ULL;
	t->deadline_ns = end;
	fprintf(stderr, "sysfs-audit: tracing device uevents via %s%s\n", mode_name(t->used),
		t->o.duration_s ? "" : "; Ctrl-C to end");

	while (!stopping && !t->cb_err) {
		/*
		 * Records are submitted without a wake-up; the program forces one
		 * only when a storm fills the buffer. Draining on this timer bounds
		 * the latency of live output by the interval.
		 */
		err = ring_buffer__poll(t->rb, t->o.interval_ms);
		if (err >= 0)
			err = ring_buffer__consume(t->rb);
		if (err == -EINTR)
			err = 0;
		if (err < 0 && !t->cb_err) {
			sa_warn("reading events failed: %s", strerror(-err));
			break;
		}
		if (t->tick)
			t->tick(t->tick_ctx);
		/* Live output goes out every drain; a full disk ends the trace. */
		if (fflush(stdout)) {
			t->cb_err = errno ? errno : EIO;
			break;
		}
		if (stats_wanted) {
			stats_wanted = 0;
			print_stats(t);
		}
		if (end && now_ns() >= end)
			break;
	}

	/* Nothing new arrives after this; drain the rest for a bounded time. */
	stop_recording(t);
	if (!t->cb_err) {
		t->deadline_ns = now_ns() + DRAIN_MS * 1000000ULL;
		stopping = 1;	/* handle_record() checks the deadline with the flag */
		while (ring_buffer__consume(t->rb) == -EINTR && now_ns() < t->deadline_ns)
			;
	}
	fflush(stdout);
	if (t->cb_err) {
		sa_warn("writing the output failed: %s", strerror(t->cb_err));
		return EXIT_FAIL;
	}
	return err < 0 ? EXIT_FAIL : 0;
}

/* Run time and count of every loaded program (kernel.bpf_stats_enabled). */
static void prog_stats(const struct sa_tracer *t, struct sa_trace_stats *st)
{
	struct bpf_program *p;

	bpf_object__for_each_program(p, t->skel->obj) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_program__fd(p);

		if (fd < 0 || bpf_obj_get_info_by_fd(fd, &info, &len))
			continue;
		st->bpf_run_ns += info.run_time_ns;
		st->bpf_run_cnt += info.run_cnt;
	}
}

void sa_tracer_stats(const struct sa_tracer *t, struct sa_trace_stats *st)
{
	struct rusage ru;

	memset(st, 0, sizeof(*st));
	if (t->interrupted)
		return;
	prog_stats(t, st);
	if (!getrusage(RUSAGE_SELF, &ru)) {
		st->cpu_ms = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000ULL +
			     (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
		st->maxrss_kb = ru.ru_maxrss;
	}
	st->seen = read_stat(t, SA_STAT_SEEN);
	st->emitted = read_stat(t, SA_STAT_EMITTED);
	st->lost = read_stat(t, SA_STAT_LOST);
	st->skipped = read_stat(t, SA_STAT_SKIPPED);
	st->consumed = t->consumed;
	st->malformed = t->malformed;
	st->unread = st->emitted > st->consumed ? st->emitted - st->consumed : 0;
}

void sa_tracer_close(struct sa_tracer *t)
{
	if (!t || t->interrupted)
		return;	/* the loading thread may still use it; we are exiting */
	ring_buffer__free(t->rb);
	sysfs_audit_bpf__destroy(t->skel);
	free(t);
}
