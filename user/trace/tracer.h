/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The uevent tracer engine shared by the commands that trace (trace,
 * record): permissions and BTF checks, load and attach with fallbacks, the
 * ring buffer consumer, and exact counters.
 */
#ifndef SYSFS_AUDIT_TRACER_H
#define SYSFS_AUDIT_TRACER_H

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/legacy.h"
#include "model/ctx.h"
#include "model/trace_stats.h"

enum sa_attach_mode { SA_ATTACH_AUTO, SA_ATTACH_TP, SA_ATTACH_FEXIT, SA_ATTACH_KPROBE };

struct sa_tracer_opts {
	enum sa_attach_mode attach;
	bool verbose;		/* libbpf debug output, the verifier log */
	long interval_ms;	/* drain period (0: the default, 100) */
	long duration_s;	/* 0: until SIGINT/SIGTERM */
	long buffer_mb;		/* ring buffer size in MiB, a power of two (0: default) */
	bool count_only;	/* count uevents, record nothing (the hook's cost floor) */
	bool adopt;		/* take over the state pinned by `boot --start`, if any (pin.h) */
	/* boot --start: the hooks stop at this CLOCK_MONOTONIC ns unless adopted (0: never). */
	unsigned long long unadopted_until_ns;
	/*
	 * After the stop, drain what is left for this long at most (0: 100 ms,
	 * for live output); the rest is counted unread.
	 */
	long drain_ms;
	/*
	 * A kernel that cannot trace is not an error here (the boot audit
	 * skips it): sa_tracer_open() says nothing, the caller says
	 * sa_tracer_unable() once.
	 */
	bool quiet_unable;
	/*
	 * boot --start: a minimal BTF for CO-RE (loader/core_btf.h) that fits
	 * the running kernel, or NULL: the kernel's own.
	 */
	const char *core_btf;
	/*
	 * boot --start: that minimal BTF's id says the kernel has neither
	 * tracepoint (sa_tracer_btf_may_have_tp()): the kernel's BTF is not
	 * searched for them. false: it is.
	 */
	bool tp_absent;
};

/*
 * Both mappings of the ring count in the loader's RSS (on 6.12 as soon as
 * it is mapped): 2 MiB (about 15 000 undrained records) is 4 MiB of it.
 * The reader keeps up with a storm (ring_hwm_kb in the stats line and
 * make bench; docs/performance.md).
 */
#define SA_DEFAULT_BUFFER_MB 2

/* Called for every traced device uevent, in order. Non-zero stops the trace. */
typedef int (*sa_event_fn)(void *ctx, const struct sa_ctx *c, const struct sa_legacy *l);

struct sa_tracer;

/*
 * The tracer's options, shared by every command that traces: -a MODE,
 * -b MIB, -d SEC, -i MS, -v into @o. ARGP_ERR_UNKNOWN for any other key.
 */
error_t sa_tracer_parse_opt(int key, char *arg, struct argp_state *state,
			    struct sa_tracer_opts *o);

/*
 * Install the SIGINT/SIGTERM handlers, check permissions and BTF, load and
 * attach. Returns 0, or after one clear message -EPERM (not permitted),
 * -ENODATA (no BTF), -ENOENT (no usable attach point), -EACCES (the
 * verifier said no) or another -errno. A signal that arrives meanwhile
 * ends the following sa_tracer_run() at once.
 */
int sa_tracer_open(const struct sa_tracer_opts *o, struct sa_tracer **out);

/* Whether a kernel's BTF (@btf, @len raw bytes) may name a tracepoint the tracer uses. */
bool sa_tracer_btf_may_have_tp(const char *btf, size_t len);

/* The tracer's BPF object as built in (for bpftool gen min_core_btf). */
const void *sa_tracer_elf(size_t *sz);

/*
 * What sa_tracer_open() checks first, without loading anything: 0, -EPERM
 * (no root, no CAP_BPF and CAP_PERFMON) or -ENODATA (no BTF).
 */
int sa_tracer_precheck(void);

/*
 * Why this kernel cannot trace, for sa_tracer_open()'s @err: no BTF, no
 * BPF, not permitted, locked down, no attach point, the verifier; NULL
 * for anything else (memory, I/O: a failure, not a kernel to skip).
 */
const char *sa_tracer_unable(int err);

/*
 * The consumer's ring buffer, so that other BPF objects (the dependents)
 * can add their rings and be drained in the same loop; mapped on the first
 * call, so call it after loading them. NULL when the trace was stopped
 * while loading, or it cannot be mapped (said on stderr).
 */
struct ring_buffer *sa_tracer_ring(struct sa_tracer *t);

/* Stopped while loading: nothing is attached, the trace is empty. */
bool sa_tracer_interrupted(const struct sa_tracer *t);

/*
 * A counter that moves whenever devices may have been added, removed,
 * moved, bound or unbound: every uevent but "change" (the program's cache
 * generation, read live from its .bss). NULL when it is not this process's
 * program (adopted, or stopped while loading).
 */
const volatile unsigned long long *sa_tracer_devices_gen(const struct sa_tracer *t);

/* When that counter last moved (CLOCK_MONOTONIC ns, 0: never); NULL as above. */
const volatile unsigned long long *sa_tracer_devices_ns(const struct sa_tracer *t);

/* Call @fn(@ctx) every interval before its drain, in the consuming thread. */
void sa_tracer_set_tick(struct sa_tracer *t, void (*fn)(void *ctx), void *ctx);

/* When sa_tracer_run() stopped recording (CLOCK_MONOTONIC ns; 0: not yet). */
unsigned long long sa_tracer_stop_ns(const struct sa_tracer *t);

/* "tracepoint", "fexit" or "kprobe". */
const char *sa_tracer_attach_name(const struct sa_tracer *t);

/*
 * Deliver events to @fn until the duration ends, SIGINT/SIGTERM arrives
 * (within a second, even in a storm) or @fn fails; then stop recording and
 * drain what is left for a bounded time (the programs are detached by
 * sa_tracer_close()). SIGUSR1 prints the counters so far on
 * stderr as one "sysfs-audit: stats ..." line. Returns 0 or -errno (the
 * output could not be written, the ring could not be read).
 */
int sa_tracer_run(struct sa_tracer *t, sa_event_fn fn, void *ctx);

void sa_tracer_stats(const struct sa_tracer *t, struct sa_trace_stats *st);

/*
 * Pin the attached programs' maps and links under @root (pin.h), so that
 * they outlive this process (boot --start). 0 or -errno.
 */
int sa_tracer_pin(struct sa_tracer *t, const char *root);

/* Whether sa_tracer_open() adopted a pinned state instead of attaching. */
bool sa_tracer_adopted(const struct sa_tracer *t);
void sa_tracer_close(struct sa_tracer *t);

/* Set by SIGINT/SIGTERM once sa_tracer_open() installed the handlers. */
bool sa_tracer_stopping(void);

/*
 * Install the SIGINT/SIGTERM handlers now (sa_tracer_open() does too): a
 * command that must write what it saw however early it is stopped calls
 * it first.
 */
void sa_tracer_catch_stop(void);

/* As if SIGTERM had come: the next sa_tracer_run() drains and ends. */
void sa_tracer_stop_now(void);

#endif
