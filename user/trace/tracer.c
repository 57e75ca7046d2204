// SPDX-License-Identifier: GPL-2.0
/*
 * The uevent tracer engine: load and attach the BPF program with the best
 * attach point the kernel offers, consume its packed records and hand each
 * event, decoded and formatted into the legacy view, to a callback.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdbool.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <linux/capability.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "common/cmdline.h"
#include "common/common.h"
#include "common/slurp.h"
#include "loader/bpf_load.h"
#include "loader/pin.h"
#include "model/phase.h"
#include "output/json_out.h"
#include "trace/event.h"
#include "trace/ring_decode.h"
#include "trace/views.h"
#include "sysfs_audit.skel.h"
#include "trace/tracer.h"
#include "trace/tracer_impl.h"

/*
 * After a stop, what is still on the ring buffer is drained this long at
 * most; the rest is counted as unread. Kept short: a reader that has just
 * drained flat out is owed CPU by the scheduler, and a storm's writer
 * would then hold the CPU while the summary waits.
 */
#define DRAIN_MS 100
/* In a storm, look at the clock and the stop flag every this many records. */
#define CHECK_EVERY 256

/* struct sa_tracer: trace/tracer_impl.h, shared with trace/tracer_attach.c. */

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
void sa_tracer_catch_stop(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
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
	static int stamp = -1;

	(void)level;
	if (!verbose)
		return 0;	/* failures get one clear line from us instead */
	/* -v with SYSFS_AUDIT_DEBUG: when each of libbpf's steps happened. */
	if (stamp < 0)
		stamp = !!getenv("SYSFS_AUDIT_DEBUG");
	if (stamp)
		fprintf(stderr, "[%.6f] ", sa_mono_ns() / 1e9);
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

static void dump_record(const struct sa_event *e)
{
	fprintf(stderr, "debug: nchain=%u physdev=%d devlink=%d flags=%#x links=%#x trunc=%#x:",
		e->nchain, e->physdev, e->devlink, e->flags, e->links, e->trunc);
	for (int i = 0; i < e->nchain; i++)
		fprintf(stderr, " [%d k%u p%d d%u %s %s]", i, e->chain[i].kind, e->chain[i].lparent,
			e->chain[i].kdepth, e->chain[i].name, e->chain[i].class);
	fputc('\n', stderr);
}

/*
 * A reference to a build whose record this loader did not get: lost on a
 * full ring, sent before an adopted program was adopted, or read before
 * the build's own event on another CPU. Read it from the program's cache,
 * if that still holds this build (else NULL: counted as malformed).
 */
static const struct sa_view *from_cache(struct sa_tracer *t, const void *data, int *err)
{
	static struct sa_cached c;
	struct sa_ref ref;
	struct sa_rec h;

	memcpy(&ref, (const unsigned char *)data + sizeof(h), sizeof(ref));
	if (!t->skel || bpf_map__lookup_elem(t->skel->maps.cache, &ref.key, sizeof(ref.key),
					     &c, sizeof(c), 0) ||
	    c.stamp != ref.stamp || c.size > sizeof(c.rec))
		return NULL;
	return sa_views_get(t->views, c.rec, c.size, &h, err);
}

static int handle_record(void *ctx, void *data, size_t len)
{
	struct sa_tracer *t = ctx;
	const struct sa_view *v;
	struct sa_event e;
	struct sa_rec h;
	struct sa_ctx c;
	int err;

	t->consumed++;
	if (t->debug && !sa_rec_decode(data, len, &e))
		dump_record(&e);
	v = sa_views_get(t->views, data, len, &h, &err);
	if (err == -ENOENT)
		v = from_cache(t, data, &err);
	if (err == -ENOMEM) {
		t->cb_err = -ENOMEM;
		return -ENOMEM;
	}
	if (!v) {
		t->malformed++;
		goto check;
	}
	c = (struct sa_ctx){
		.action = sa_action_name(h.action),
		.subsystem = v->subsystem,
		.devpath = v->devpath,
		.devname = v->devname,
		.source = sa_source_name(h.source),
		.seqnum = h.seqnum,
		.sent = h.flags & SA_F_SENT,
		.ret = h.ret,
		.trunc = v->trunc,
		.view = v->id,
		.ts_ns = h.ts_ns,
		.plain = v->plain,
	};
	if (v->err)
		t->malformed++;
	err = t->fn(t->ctx, &c, &v->l);
	if (err) {
		t->cb_err = err < 0 ? err : -EIO;
		return -ECANCELED;
	}
check:
	/*
	 * libbpf consumes for as long as records keep coming; in a storm that
	 * is forever. Stop at a signal or the deadline, whatever is pending.
	 */
	if (t->consumed % CHECK_EVERY == 0 &&
	    (stopping || stats_wanted || (t->deadline_ns && sa_mono_ns() >= t->deadline_ns)))
		return -EINTR;
	return 0;
}

static void *attach_thread(void *arg)
{
	struct sa_tracer *t = arg;
	int rc = sa_tracer_attach_best(t);

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
 * Returns sa_tracer_attach_best()'s status, or -EINTR when stopped first.
 */
static int attach_in_background(struct sa_tracer *t)
{
	const struct timespec tick = { .tv_nsec = 20 * 1000000 };
	pthread_t th;
	int rc = 0;

	pthread_mutex_init(&t->lock, NULL);
	if (pthread_create(&th, NULL, attach_thread, t))
		return sa_tracer_attach_best(t);
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

/*
 * The programs stay attached through their pinned links; take their maps
 * (the ring buffer with what the initramfs traced, the counters, .bss for
 * the stop flag) without loading anything. Returns 0 or -errno (-EPERM:
 * not permitted), after saying why.
 */
static int adopt_pinned(struct sa_tracer *t)
{
	static const struct { const char *link; enum sa_attach_mode mode; } modes[] = {
		{ "link_on_tracepoint", SA_ATTACH_TP },
		{ "link_on_tracepoint_local", SA_ATTACH_TP },
		{ "link_on_fexit", SA_ATTACH_FEXIT },
		{ "link_on_kprobe", SA_ATTACH_KPROBE },
	};
	struct sysfs_audit_bpf *skel = sysfs_audit_bpf__open();
	char dir[4096], path[4200];
	int err;

	if (!skel) {
		sa_warn("cannot adopt the pinned state: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	sa_pin_dir(dir, sizeof(dir), SA_PIN_ROOT, SA_PIN_UEVENTS);
	err = sa_pin_reuse_maps(skel->obj, dir);
	if (!err) {
		t->nplinks = sa_pin_open_links(dir, t->plinks, 8);
		err = t->nplinks < 0 ? t->nplinks : t->nplinks ? 0 : -ENOENT;
	}
	if (!err) {
		t->bss_len = bpf_map__value_size(skel->maps.bss);
		t->bss = sa_pin_mmap(bpf_map__fd(skel->maps.bss), t->bss_len);
		err = t->bss ? 0 : -errno;
	}
	if (err) {
		sa_warn("%s: cannot adopt the pinned state: %s", dir, strerror(-err));
		while (t->nplinks > 0)
			bpf_link__destroy(t->plinks[--t->nplinks]);
		sysfs_audit_bpf__destroy(skel);
		return err == -EPERM || err == -EACCES ? -EPERM : err;
	}
	skel->bss = t->bss;	/* stop_recording() writes the live flag */
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, modes[i].link);
		if (!access(path, F_OK)) {
			t->used = modes[i].mode;
			t->tp_local = !strcmp(modes[i].link, "link_on_tracepoint_local");
		}
	}
	t->skel = skel;
	t->adopted = true;
	return 0;
}

const void *sa_tracer_elf(size_t *sz)
{
	return sysfs_audit_bpf__elf_bytes(sz);
}

bool sa_tracer_adopted(const struct sa_tracer *t)
{
	return t && t->adopted;
}

const volatile unsigned long long *sa_tracer_devices_gen(const struct sa_tracer *t)
{
	if (!t || t->adopted || t->interrupted || !t->skel || !t->skel->bss)
		return NULL;
	return (const volatile unsigned long long *)&t->skel->bss->generation;
}

const volatile unsigned long long *sa_tracer_devices_ns(const struct sa_tracer *t)
{
	if (!sa_tracer_devices_gen(t))
		return NULL;
	return (const volatile unsigned long long *)&t->skel->bss->generation_ns;
}

int sa_tracer_pin(struct sa_tracer *t, const char *root)
{
	struct bpf_link *links[] = { t->skel->links.on_tracepoint,
				     t->skel->links.on_tracepoint_local, t->skel->links.on_fexit,
				     t->skel->links.on_kprobe, t->skel->links.on_kretprobe };
	const char *names[] = { "on_tracepoint", "on_tracepoint_local", "on_fexit", "on_kprobe",
				"on_kretprobe" };
	char dir[4096];
	int err;

	err = sa_pin_stamp(bpf_map__fd(t->skel->maps.pin_stamp));
	sa_pin_dir(dir, sizeof(dir), root, SA_PIN_UEVENTS);
	if (!err)
		err = sa_pin_maps(t->skel->obj, dir);
	for (size_t i = 0; !err && i < sizeof(links) / sizeof(links[0]); i++)
		if (links[i])
			err = sa_pin_link(links[i], dir, names[i]);
	return err;
}

int sa_tracer_open(const struct sa_tracer_opts *o, struct sa_tracer **out)
{
	struct sa_tracer *t;
	bool adopting;
	int rc;

	sa_tracer_catch_stop();
	rc = sa_tracer_precheck();
	if (rc) {
		if (!o->quiet_unable)
			sa_warn("%s", sa_tracer_unable(rc));
		return rc;
	}
	/*
	 * Before loading, with the handlers in place, not in a stop: seeding
	 * in the stop delayed -C's summary, its first JSON object, past SIGINT.
	 */
	sa_json_seed();
	t = calloc(1, sizeof(*t));
	if (!t || !(t->views = sa_views_new())) {
		free(t);
		return -ENOMEM;
	}
	t->o = *o;
	t->debug = getenv("SYSFS_AUDIT_DEBUG");
	if (!t->o.interval_ms)
		t->o.interval_ms = 100;
	if (!t->o.buffer_mb)
		t->o.buffer_mb = SA_DEFAULT_BUFFER_MB;
	verbose = o->verbose;
	libbpf_set_print(libbpf_print_fn);

	adopting = o->adopt && sa_pin_present(SA_PIN_ROOT, SA_PIN_UEVENTS);
	rc = adopting ? adopt_pinned(t) : attach_in_background(t);
	if (adopting && rc && rc != -EPERM) {
		/* Said by adopt_pinned(): not an attach point's failure. */
		sa_views_free(t->views);
		free(t);
		return rc;
	}
	if (rc == -EINTR) {
		/* Stopped while loading: an empty trace, ended at once. */
		sa_warn("stopped before the program was attached: nothing traced");
		t->interrupted = true;
		*out = t;
		return 0;
	}
	/* Any other failure to attach is "no usable attach point". */
	if (rc && rc != -ENODATA && rc != -EPERM && rc != -EACCES && rc != -ENOMEM &&
	    rc != -ENOSYS) {
		if (!o->quiet_unable)
			sa_warn("no usable attach point on this kernel (tried %s)%s",
				o->attach == SA_ATTACH_AUTO ? "tracepoint, fexit and kprobe" :
				sa_tracer_mode_name(t, o->attach),
				o->verbose ? "" : "; run with -v for details");
		rc = -ENOENT;
	}
	switch (o->quiet_unable && sa_tracer_unable(rc) ? 0 : rc) {
	case 0:
	case -ENOENT:
		break;
	case -ENOSYS:
		sa_warn("%s", sa_tracer_unable(rc));
		break;
	case -ENODATA:
		sa_warn("cannot load the kernel's BTF");
		break;
	case -EPERM:
		sa_warn("not permitted to load BPF programs");
		break;
	case -EACCES:
		sa_warn("the kernel's verifier rejected the program%s",
			o->verbose ? "" : " (run with -v for the verifier log)");
		break;
	default:
		sa_warn("out of memory loading the program");
		break;
	}
	if (rc) {
		sa_views_free(t->views);
		free(t);
		return rc;
	}
	if (t->adopted)
		fprintf(stderr, "sysfs-audit: adopted the pinned boot audit (%s, %d links)\n",
			sa_tracer_attach_name(t), t->nplinks);
	*out = t;
	return 0;
}

int sa_tracer_precheck(void)
{
	if (!have_caps())
		return -EPERM;
	if (access("/sys/kernel/btf/vmlinux", R_OK))
		return -ENODATA;
	return 0;
}

void sa_tracer_stop_now(void)
{
	stopping = 1;
}

/*
 * "[none] integrity [confidentiality]": the kernel's lockdown, when set;
 * without securityfs mounted (early in a boot), what the command line
 * asked for (lockdown=; Secure Boot's own is then not seen).
 */
static bool locked_down(void)
{
	char buf[4096] = "";
	FILE *f = fopen("/sys/kernel/security/lockdown", "re");

	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
		return strstr(buf, "[confidentiality]") || strstr(buf, "[integrity]");
	}
	return !sa_cmdline_read(buf, sizeof(buf)) &&
	       (sa_cmdline_has(buf, "lockdown=confidentiality") ||
		sa_cmdline_has(buf, "lockdown=integrity"));
}

const char *sa_tracer_unable(int err)
{
	if (err == -EPERM && !have_caps())
		return "not permitted: tracing needs root (or CAP_BPF and CAP_PERFMON)";
	if (err == -ENODATA)
		return "this kernel has no BTF (/sys/kernel/btf/vmlinux): CO-RE needs "
		       "CONFIG_DEBUG_INFO_BTF=y";
	if ((err == -EPERM || err == -EACCES || err == -ENOENT) && locked_down())
		return "the kernel is locked down (/sys/kernel/security/lockdown): its BPF "
		       "programs may not read kernel memory";
	if (err == -ENOSYS)
		return "this kernel has no BPF (CONFIG_BPF_SYSCALL)";
	if (err == -EPERM)
		return "not permitted to load BPF programs";
	if (err == -EACCES)
		return "the kernel's verifier rejected the program";
	if (err == -ENOENT)
		return "no usable attach point on this kernel (tracepoint, fexit, kprobe)";
	return NULL;
}

void sa_tracer_set_tick(struct sa_tracer *t, void (*fn)(void *ctx), void *ctx)
{
	t->tick = fn;
	t->tick_ctx = ctx;
}

unsigned long long sa_tracer_stop_ns(const struct sa_tracer *t)
{
	return t->stop_ns;
}

bool sa_tracer_interrupted(const struct sa_tracer *t)
{
	return t->interrupted;
}

/*
 * The consumer maps the ring on first use, not at load: both of its
 * mappings count in the loader's RSS at once, and loading another BPF
 * object (the dependents) parses the kernel's BTF again, a few MB that
 * must not add to them in the peak.
 */
struct ring_buffer *sa_tracer_ring(struct sa_tracer *t)
{
	if (t->interrupted)
		return NULL;
	if (!t->rb) {
		/*
		 * Loading (libbpf, in the loading thread's own malloc arena)
		 * leaves megabytes free but resident. Hand it back before the rings
		 * are mapped (each counted twice in RSS), so the peak is the
		 * larger of the two phases, not their sum. Needs madvise(),
		 * which our tinyconfig kernels leave out (ADVISE_SYSCALLS).
		 */
		malloc_trim(0);
		t->rb = ring_buffer__new(bpf_map__fd(t->skel->maps.events), handle_record, t, NULL);
		if (!t->rb) {
			int err = errno ? errno : ENOMEM;

			sa_warn("cannot create the ring buffer consumer: %s", strerror(err));
			errno = err;
		}
	}
	return t->rb;
}

/*
 * Stop the events at their source: the program returns at once from now
 * on, so the counters are final (but for runs already past the test, which
 * the drain below picks up). Detaching waits for sa_tracer_close().
 */
static void stop_recording(struct sa_tracer *t)
{
	t->stop_ns = sa_mono_ns();
	__atomic_store_n(&t->skel->bss->stopped, true, __ATOMIC_SEQ_CST);
}

static void print_stats(const struct sa_tracer *t)
{
	struct sa_trace_stats st;

	sa_tracer_stats(t, &st);
	fprintf(stderr, "sysfs-audit: stats seen=%llu emitted=%llu lost=%llu consumed=%llu "
		"malformed=%llu bpf_run_ns=%llu bpf_run_cnt=%llu cpu_ms=%llu maxrss_kb=%llu "
		"ring_hwm_kb=%llu\n",
		st.seen, st.emitted, st.lost, st.consumed, st.malformed, st.bpf_run_ns,
		st.bpf_run_cnt, st.cpu_ms, st.maxrss_kb, st.ring_hwm_kb);
}

int sa_tracer_run(struct sa_tracer *t, sa_event_fn fn, void *ctx)
{
	unsigned long long end = 0;
	int err = 0;

	if (t->interrupted)
		return 0;
	if (!sa_tracer_ring(t))
		return -errno;
	t->fn = fn;
	t->ctx = ctx;
	if (t->o.duration_s)
		end = sa_mono_ns() + t->o.duration_s * 1000000000ULL;
	t->deadline_ns = end;
	fprintf(stderr, "sysfs-audit: tracing device uevents via %s%s\n", sa_tracer_mode_name(t, t->used),
		t->o.duration_s ? "" : "; Ctrl-C to end");

	while (!stopping && !t->cb_err) {
		/*
		 * Records are submitted without a wake-up; the program forces one
		 * only when a storm fills the buffer. Draining on this timer bounds
		 * the latency of live output by the interval.
		 */
		err = ring_buffer__poll(t->rb, t->o.interval_ms);
		/*
		 * The tick comes before the drain of what waited: a boot mark
		 * written in the last interval is then known before the records
		 * written after it are judged (60-boot.t: six events right
		 * after the coldplug mark were coldplug when it came after).
		 */
		if (t->tick)
			t->tick(t->tick_ctx);
		if (err >= 0)
			err = ring_buffer__consume(t->rb);
		if (err == -EINTR)
			err = 0;
		if (err < 0 && !t->cb_err) {
			sa_warn("reading events failed: %s", strerror(-err));
			break;
		}
		/* Live output goes out every drain; a full disk ends the trace. */
		if (fflush(stdout)) {
			t->cb_err = errno ? -errno : -EIO;
			break;
		}
		if (stats_wanted) {
			stats_wanted = 0;
			print_stats(t);
		}
		if (end && sa_mono_ns() >= end)
			break;
	}

	/* Nothing new arrives after this; drain the rest for a bounded time. */
	stop_recording(t);
	if (!t->cb_err) {
		t->deadline_ns = sa_mono_ns() + (t->o.drain_ms ? t->o.drain_ms : DRAIN_MS) * 1000000ULL;
		stopping = 1;	/* handle_record() checks the deadline with the flag */
		while (ring_buffer__consume(t->rb) == -EINTR && sa_mono_ns() < t->deadline_ns)
			;
	}
	fflush(stdout);
	if (t->cb_err) {
		sa_warn("writing the output failed: %s", strerror(-t->cb_err));
		return t->cb_err;
	}
	return err < 0 ? err : 0;
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
	st->seen = sa_bpf_percpu_sum(t->skel->maps.stats, SA_STAT_SEEN);
	st->emitted = sa_bpf_percpu_sum(t->skel->maps.stats, SA_STAT_EMITTED);
	st->lost = sa_bpf_percpu_sum(t->skel->maps.stats, SA_STAT_LOST);
	st->skipped = sa_bpf_percpu_sum(t->skel->maps.stats, SA_STAT_SKIPPED);
	st->ring_hwm_kb = t->skel->bss->ring_hwm >> 10;
	st->consumed = t->consumed;
	st->malformed = t->malformed;
	st->unread = st->emitted > st->consumed ? st->emitted - st->consumed : 0;
}

void sa_tracer_close(struct sa_tracer *t)
{
	if (!t || t->interrupted)
		return;	/* the loading thread may still use it; we are exiting */
	if (t->rb)
		ring_buffer__free(t->rb);
	sa_views_free(t->views);
	if (t->bss)
		munmap(t->bss, t->bss_len);
	while (t->nplinks > 0)
		bpf_link__destroy(t->plinks[--t->nplinks]);	/* detached once unpinned */
	sysfs_audit_bpf__destroy(t->skel);
	free(t);
}
