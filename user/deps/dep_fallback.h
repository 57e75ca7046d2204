/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Falls back: a process that asks for a legacy name (<dev>/bus) and, before
 * or after, for the modern name of the same device (<dev>/subsystem) copes
 * with today's layout. Kept per process (tgid and exec generation), in
 * bounded memory: SA_DEP_FB_PROCS processes, the most recent first, each
 * with its last SA_DEP_FB_NAMES modern names and SA_DEP_FB_PENDING legacy
 * lookups still waiting. What is forgotten keeps its verdict: breaks.
 */
#ifndef SYSFS_AUDIT_DEP_FALLBACK_H
#define SYSFS_AUDIT_DEP_FALLBACK_H

#include <stddef.h>

#include "deps/dep_classify.h"

#define SA_DEP_FB_PROCS		256
#define SA_DEP_FB_NAMES		32
#define SA_DEP_FB_PENDING	16
#define SA_DEP_FB_KEY		32	/* bytes of a kernel key kept */

struct sa_dep_fb;

/* A legacy lookup (breaks or suspect), now explained by its process's modern lookup. */
struct sa_dep_fb_hit {
	const void *key;		/* its kernel key */
	size_t keylen;
	const char *modern;		/* below /sys */
	const char *path;		/* the legacy lookup's path (/sys/...) */
};

struct sa_dep_fb *sa_dep_fb_new(void);
void sa_dep_fb_free(struct sa_dep_fb *f);

/*
 * Observation @o of process (@tgid, @gen), classified as @v, before the
 * store sees it. A link it names is a modern name it looked up: every
 * legacy lookup of the same process waiting for that name is handed to
 * @fell (the store's sa_dep_store_fell_back()) and forgotten. A @v that
 * breaks or is a suspect, with a modern equivalent, falls back now when
 * the process already asked for it, else waits for it under its kernel
 * key (@key): a fallback wins over the program's fingerprint.
 */
void sa_dep_fb_judge(struct sa_dep_fb *f, unsigned int tgid, unsigned long long gen,
		     const struct sa_dep_obs *o, struct sa_dep_verdict *v,
		     const void *key, size_t keylen,
		     void (*fell)(void *ctx, const struct sa_dep_fb_hit *h), void *ctx);

#endif
