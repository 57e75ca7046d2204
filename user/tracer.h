/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The uevent tracer engine shared by the commands that trace (trace,
 * record): permissions and BTF checks, load and attach with fallbacks, the
 * ring buffer consumer, and exact counters.
 */
#ifndef SYSFS_AUDIT_TRACER_H
#define SYSFS_AUDIT_TRACER_H

#include <stdbool.h>

#include "legacy.h"
#include "report.h"

enum sa_attach_mode { SA_ATTACH_AUTO, SA_ATTACH_TP, SA_ATTACH_FEXIT, SA_ATTACH_KPROBE };

struct sa_tracer_opts {
	enum sa_attach_mode attach;
	bool verbose;		/* libbpf debug output, the verifier log */
	long interval_ms;	/* drain period (default 100) */
	long duration_s;	/* 0: until SIGINT/SIGTERM */
	long buffer_mb;		/* ring buffer size in MiB, a power of two (0: default) */
};

#define SA_DEFAULT_BUFFER_MB 32

/* Called for every traced device uevent, in order. Non-zero stops the trace. */
typedef int (*sa_event_fn)(void *ctx, const struct sa_ctx *c, const struct sa_legacy *l);

/* seen = emitted + lost; emitted = consumed + unread. */
struct sa_trace_stats {
	unsigned long long seen;	/* device uevents the BPF program saw */
	unsigned long long emitted;	/* records it put on the ring buffer */
	unsigned long long lost;	/* records dropped: ring buffer full */
	unsigned long long consumed;	/* records read by the loader */
	unsigned long long unread;	/* still on the ring buffer when the trace ended */
	unsigned long long skipped;	/* not a device uevent (uevent file reads, ...) */
	unsigned long long malformed;	/* records that could not be decoded */
};

struct sa_tracer;

/*
 * Install the SIGINT/SIGTERM handlers, check permissions and BTF, load and
 * attach. Returns 0, or an EXIT_* status (common.h) after one clear message.
 * A signal that arrives meanwhile ends the following sa_tracer_run() at once.
 */
int sa_tracer_open(const struct sa_tracer_opts *o, struct sa_tracer **out);

/* "tracepoint", "fexit" or "kprobe". */
const char *sa_tracer_attach_name(const struct sa_tracer *t);

/*
 * Deliver events to @fn until the duration ends, SIGINT/SIGTERM arrives
 * (within a second, even in a storm) or @fn fails; then detach and drain
 * what is left for a bounded time. Returns 0 or EXIT_FAIL.
 */
int sa_tracer_run(struct sa_tracer *t, sa_event_fn fn, void *ctx);

void sa_tracer_stats(const struct sa_tracer *t, struct sa_trace_stats *st);
void sa_tracer_close(struct sa_tracer *t);

/* Set by SIGINT/SIGTERM once sa_tracer_open() installed the handlers. */
bool sa_tracer_stopping(void);

#endif
