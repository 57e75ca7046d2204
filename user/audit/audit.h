/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The state of one static audit run (rules, scan): where findings go, the
 * owning package of each file, the totals and the exit status.
 */
#ifndef SYSFS_AUDIT_AUDIT_H
#define SYSFS_AUDIT_AUDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/dpkg_owner.h"
#include "model/finding.h"
#include "output/format.h"
#include "audit/rules_parse.h"

struct sa_root;
struct sa_scan_seen;
struct sa_work_budget;
struct sa_abi_strings;

struct sa_audit {
	enum sa_format fmt;
	const char *command;	/* "rules" or "scan" */
	const char *root;	/* prefix stripped before a dpkg lookup; NULL: "/" */
	const struct sa_root *rootfs;	/* files under root are opened inside it; NULL: "/" */
	struct sa_dpkg *dpkg;	/* NULL: no package names */
	struct sa_totals tot;
	bool write_failed;
	unsigned int fail_on;	/* SA_FAIL_FINDINGS: exit 18 instead of 9 */
	/* NULL: findings are printed; else handed here (record collects them). */
	int (*sink)(void *ctx, const struct sa_finding *f);
	void *sink_ctx;
	/* scan: the files read in this run, by device and inode (scan_file.c) */
	struct sa_scan_seen *seen;
	/* scan: one budget over every image the run reads (NULL: none) */
	struct sa_work_budget *budget;
	/*
	 * rules, scan: the obsolete and removed ABI whose paths are looked
	 * for (audit/abi_strings.h); NULL: not looked for (record).
	 */
	const struct sa_abi_strings *abi;
};

struct sa_rules_walk;

/* Callbacks for a rules walk that audits every file it finds into @a. */
void sa_audit_walk_init(struct sa_rules_walk *w, struct sa_audit *a);

/* Audit the rules udev would read under @root (its directories, in order). */
void sa_audit_rules_defaults(struct sa_audit *a, const char *root);

/* Name the owning package (files outside an image only), print, count. */
void sa_audit_report(struct sa_audit *a, struct sa_finding *f);

/* A scanner's hit (audit/scan_hit.h) in @file (or its @member) as a finding: sa_audit_report(). */
struct sa_hit;
void sa_audit_hit(struct sa_audit *a, const char *file, const char *member,
		  const struct sa_hit *h);

/* Input we could not (fully) read: a message naming it on stderr, counted. */
void sa_audit_bad_input(struct sa_audit *a, const char *file, const char *member,
			const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * A file that could not be opened or read (@err from common/slurp.h): a
 * device node, FIFO or socket is counted as special (never opened), the
 * rest as unreadable; both named, both exit 10.
 */
void sa_audit_unread(struct sa_audit *a, const char *file, int err);

/*
 * The file (or image member) is sysfs-audit itself, byte for byte the
 * running executable: named on stderr, counted as skipped, not scanned (it
 * holds every legacy name scan looks for). Not an error: no exit status.
 */
void sa_audit_self(struct sa_audit *a, const char *file, const char *member);

/*
 * Input read only up to a bound on work (bytes decompressed, headers,
 * entries): a message naming it and the bound, counted (SA_AUDIT_LIMITED).
 */
void sa_audit_limit(struct sa_audit *a, const char *file, const char *member,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The same message, for more trouble with input already counted. */
void sa_audit_message(const char *file, const char *member, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* How a run ended, the first that holds from the top; cmd/ maps it to the exit status. */
enum sa_audit_end {
	SA_AUDIT_WRITE_FAILED,	/* the findings could not be written */
	SA_AUDIT_BUDGET_SPENT,	/* the run's budget was spent: images left unread */
	SA_AUDIT_UNREADABLE,	/* some input could not be read */
	SA_AUDIT_LIMITED,	/* some input was cut at a bound */
	SA_AUDIT_GATED,		/* --fail-on=findings met by the findings */
	SA_AUDIT_GATED_OBSOLETE,	/* --fail-on=obsolete met: paths of obsolete ABI named */
	SA_AUDIT_FOUND,		/* findings, and no --fail-on */
	SA_AUDIT_CLEAN,		/* nothing found, or nothing --fail-on gates on */
};

enum sa_audit_end sa_audit_end(const struct sa_audit *a);

/*
 * Classify every rule in @buf (the contents of rules file @file, or of
 * initramfs member @member of image @file) and report the findings; call
 * @progs (if not NULL) for the programs the rules run.
 */
int sa_audit_rules(struct sa_audit *a, const char *file, const char *member, const char *buf,
		   size_t len, sa_prog_cb progs, void *pctx);

#endif
