/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dependents engine's state, private to deps/: dependents.c loads the
 * hooks and folds their records in, dep_scan.c finds what no hook
 * records (uevent sockets opened before the hooks, the uevent helper).
 */
#ifndef SYSFS_AUDIT_DEPS_IMPL_H
#define SYSFS_AUDIT_DEPS_IMPL_H

#include <limits.h>
#include <stdbool.h>
#include <time.h>

#include "deps/dep_classify.h"
#include "deps/dep_fallback.h"
#include "deps/dep_store.h"
#include "deps/dependents.h"
#include "deps/identity.h"

struct sa_deps {
	struct sa_deps_opts o;
	struct dependents_bpf *sk;
	struct bpf_link *links[16];
	int nlinks;
	struct sa_classifier cls;
	bool have_cls;
	int model_err;		/* the lazy model could not be read (said once; retried each second) */
	struct timespec cls_at, last_scan;
	unsigned long long cls_gen;	/* o.devices_gen when the model was read */
	struct sa_dep_store *store;
	struct sa_dep_fb *fb;		/* the processes' legacy and modern lookups */
	struct sa_dep_totals t;
	struct sa_ns_self self;
	unsigned int self_tgid;	/* the pinned programs filter their loader's tgid only */
	/* The model's /sys st_dev: the view it shows (0: unknown, or not a sysfs) */
	unsigned long long sysfs_dev;
	unsigned long inodes[256];	/* uevent sockets already named */
	int ninodes;
	int write_err;		/* the first live line's failure: a negative errno */
	unsigned long long unread;	/* left in the rings after the last drain */
	/*
	 * The uevent helper as last named: the kernel's (PROC/sys/kernel/
	 * hotplug, which /sys/kernel/uevent_helper and sysctl set too), read
	 * at every tick, and the configured one with its file, read at the
	 * start and the end. A helper set while we record is named then.
	 */
	char helper_live[PATH_MAX];
	char helper_conf[2 * PATH_MAX];
};

/*
 * Fold a classified observation in; print the program when it is new or
 * its verdict changed. 0 or -errno (the store's, or the live output's).
 */
int sa_deps_add_seen(struct sa_deps *d, const struct sa_dep_seen *o);

/*
 * Name the processes holding a uevent socket no record named yet (@how:
 * "enumerated" at attach, "scanned" later). @final: the trace ends.
 */
void sa_deps_scan_listeners(struct sa_deps *d, const char *how, bool final);

/* Name the uevent helper when it is set; @conf: the configured one too. */
void sa_deps_find_helper(struct sa_deps *d, bool conf);

#endif
