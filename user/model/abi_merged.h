/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The obsolete ABI over many hosts (reports/abi_merge.c fills it): per
 * Documentation/ABI entry, how many hosts use it, have it unused, lack
 * it; which programs and packages use it; on which kernels. This is the
 * table a maintainer attaches to a removal patch; output/abi_report_out.c
 * prints it in every format.
 */
#ifndef SYSFS_AUDIT_MODEL_ABI_MERGED_H
#define SYSFS_AUDIT_MODEL_ABI_MERGED_H

#include <stddef.h>

#include "model/abi_use.h"
#include "model/merged.h"

/* One entry over the fleet (rows of the tables below, by index). */
struct sa_abi_mentry {
	const char *file, *what, *date, *kernel_version;	/* the first report's */
	/*
	 * Hosts by verdict, each host once, under its strongest verdict of
	 * all its reports (in use, then present-unused, then absent).
	 */
	size_t hosts[SA_ABI_STATE_N];
	size_t user0, nusers;		/* users.v[user0 ..]: its programs */
	size_t kernel0, nkernels;	/* kernels.v[kernel0 ..]: where it is in use */
	unsigned long long opens;	/* of all its users, saturating */
};

struct sa_abi_merged {
	struct sa_mtable verdicts;	/* file, what, verdict | date, kernel_version: reports */
	/* file, what, exe, script | exe_package, script_package: opens (hosts: users) */
	struct sa_mtable users;
	struct sa_mtable kernels;	/* file, what, kernel (in use there): reports */
	struct sa_abi_mentry *e;	/* after the merge: in use on most hosts first */
	size_t n;
	size_t nin_use;			/* entries in use on any host (--fail-on=obsolete) */
	size_t nhosts;			/* hosts with a watch in a report */
	size_t nreports;
	unsigned long long watched_ms;	/* all reports' watches, summed */
	/* the watches' losses, summed: never silent */
	unsigned long long lost, map_full, unconfirmed, malformed;
	/* private */
	struct sa_mtable whosts;	/* one row: the hosts with a watch */
};

#endif
