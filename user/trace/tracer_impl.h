/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracer's state, private to trace/: tracer.c runs the trace,
 * tracer_attach.c picks and attaches the best mode the kernel has.
 */
#ifndef SYSFS_AUDIT_TRACER_IMPL_H
#define SYSFS_AUDIT_TRACER_IMPL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "trace/tracer.h"

struct sa_tracer {
	struct sa_tracer_opts o;
	struct sysfs_audit_bpf *skel;
	struct ring_buffer *rb;
	struct sa_views *views;		/* decoded views of the devices seen */
	enum sa_attach_mode used;
	/*
	 * SA_ATTACH_TP attaches to sysfs_audit:sysfs_audit_uevent (the local
	 * 6.1 series) instead of kobject:kobject_uevent (the mainline series).
	 */
	bool tp_local;
	sa_event_fn fn;
	void *ctx;
	int cb_err;			/* -errno: the callback's or the output's */
	bool debug;			/* SYSFS_AUDIT_DEBUG: dump each record's chain */
	void (*tick)(void *ctx);	/* every interval, before its drain */
	void *tick_ctx;
	unsigned long long stop_ns;	/* when the trace stopped recording */
	unsigned long long consumed, malformed;
	unsigned long long deadline_ns;	/* 0: none */
	/* Loading runs in a thread (attach_in_background()). */
	pthread_mutex_t lock;
	bool attach_done, interrupted;
	int attach_rc;
	/* Adopted from bpffs (adopt_pinned()): the links and the mapped .bss. */
	bool adopted;
	struct bpf_link *plinks[8];
	int nplinks;
	void *bss;
	size_t bss_len;
};

/*
 * Load and attach the best mode the options allow, best first: the
 * tracepoint (SEQNUM and the send result), fexit, kprobe. 0, -ENOENT
 * (none attaches), -EPERM, -EACCES (the verifier refused every mode that
 * could attach), -ENOMEM; -ENODATA: the kernel's BTF cannot be read.
 */
int sa_tracer_attach_best(struct sa_tracer *t);

/* How MODE attaches on this kernel, for messages ("fexit dev_uevent"). */
const char *sa_tracer_mode_name(const struct sa_tracer *t, enum sa_attach_mode m);

#endif
