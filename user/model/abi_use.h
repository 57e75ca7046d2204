/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who uses the obsolete ABI on this host: one verdict per Documentation/ABI
 * entry (deps/abi_watch.c fills it, output/abi_out.c prints it). The
 * entry's fields are copies: this layer does not know the ABI reader.
 */
#ifndef SYSFS_AUDIT_MODEL_ABI_USE_H
#define SYSFS_AUDIT_MODEL_ABI_USE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/dependent.h"

enum sa_abi_state {
	SA_ABI_ABSENT,		/* no path of it on this host, all the time watched */
	SA_ABI_UNUSED,		/* present, and nobody opened it while watched */
	SA_ABI_IN_USE,		/* opened by the programs listed */
	SA_ABI_PRESENT,		/* present, not watched (`abi list`): never in a report */
	SA_ABI_STATE_N
};

/*
 * The verdicts' words, one row each (like sa_dep_confs[]): a reader takes
 * only these names, and every writer prints from here.
 */
struct sa_abi_state_desc {
	const char *name;	/* JSON, reports, metrics' labels: "in-use" */
	const char *text;	/* for people: "in use" */
	bool in_report;		/* a report may carry it (record watches) */
};
extern const struct sa_abi_state_desc sa_abi_states[SA_ABI_STATE_N];
/* The verdicts from the strongest: the order tables and merges use. */
extern const enum sa_abi_state sa_abi_state_order[SA_ABI_STATE_N];
/* The state named @name, or -1 (unknown: a reader refuses it). */
int sa_abi_state_parse(const char *name);

/*
 * Bounds of a report's obsolete_abi section (the man page's LIMITS):
 * entries (both kernels' obsolete/ and removed/ are ~300), and the users
 * of all entries together; a report beyond either is refused (-E2BIG).
 */
#define SA_ABI_MAX_ENTRIES	4096
#define SA_ABI_MAX_USERS	1024

#define SA_ABI_USER_PIDS	8

/* One program (executable and script) that opened one entry's files. */
struct sa_abi_user {
	struct sa_ident id;	/* the first process seen */
	char path[256];		/* the first path it opened, as the entry names it */
	unsigned long long count;	/* every open, from the kernel's counts */
	unsigned long long first_ns, last_ns;	/* CLOCK_MONOTONIC */
	unsigned int pids[SA_ABI_USER_PIDS];
	unsigned int npids;
	bool wrote;		/* an open for writing */
};

struct sa_abi_verdict {
	char file[128];		/* "obsolete/sysfs-firmware-acpi" */
	int line;
	char what[256];		/* the first What: */
	char date[32], kernel_version[32];
	enum sa_abi_state state;
	size_t present;		/* paths of it found on this host (at any refresh) */
	char example[256];	/* the first of them */
	struct sa_abi_user *users;
	size_t nusers;
};

struct sa_abi_use {
	struct sa_abi_verdict *v;
	size_t n;
	bool watched;		/* false: `abi list`, no BPF (present or absent only) */
	unsigned long long start_ns, end_ns;	/* CLOCK_MONOTONIC: the time watched */
	/* Never silent: what the watch could not see or did not attribute. */
	unsigned long long lost;	/* records the ring had no room for (the next hit retries) */
	unsigned long long map_full;	/* first opens recorded whose later counts are lost */
	unsigned long long candidates;	/* opens of a watched name on a node not yet resolved */
	unsigned long long confirmed;	/* of those, found by the next resolve */
	unsigned long long unconfirmed;	/* of those, gone or a namesake elsewhere */
	unsigned long long refreshes;	/* resolves after a device came or went */
	unsigned long long malformed;	/* records that did not decode */
};

void sa_abi_use_free(struct sa_abi_use *u);

#endif
