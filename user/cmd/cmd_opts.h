/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Option blocks that several commands share, written once: the row output
 * of trace and snapshot, and the static audit's of rules and scan. A
 * command puts the block's entries in its argp_option array and hands its
 * parser's unknown keys to the block's parser, which answers
 * ARGP_ERR_UNKNOWN for what is not its own.
 */
#ifndef SYSFS_AUDIT_CMD_OPTS_H
#define SYSFS_AUDIT_CMD_OPTS_H

#include <argp.h>
#include <stdbool.h>

#include "output/format.h"

/* trace, snapshot: one row per device or event. */
struct sa_row_opts {
	enum sa_format fmt;
	bool no_header;
};

#define SA_ROW_OPTIONS							\
	{ "json", 'j', NULL, 0, "JSON lines instead of a table", 0 },	\
	{ "no-header", 'H', NULL, 0, "no column header in table output", 0 }

error_t sa_row_opt(struct sa_row_opts *o, int key);

/* rules, scan: diagnostics or JSON, --fail-on=findings, and the paths. */
struct sa_audit_opts {
	enum sa_format fmt;
	unsigned int fail_on;		/* SA_FAIL_* */
	char **paths;
	int npaths;
	const char *abi[8];		/* --abi, in order */
	int nabi;
	bool no_abi;
};

enum { SA_OPT_ABI = 0x280, SA_OPT_NO_ABI };

#define SA_AUDIT_OPTIONS						\
	{ "json", 'j', NULL, 0, "JSON lines instead of diagnostics", 0 }, \
	{ "fail-on", 'F', "findings,obsolete", 0, "exit 18 (not 9) when something was " \
	  "found, as report --fail-on=findings does; obsolete: exit 30 when a path of an " \
	  "obsolete or removed ABI entry was named", 0 },				\
	{ "abi", SA_OPT_ABI, "PATH", 0, "the obsolete ABI to look for: a kernel tree's " \
	  "Documentation/ABI, or one file in its format; repeatable (default: the " \
	  "built-in tables of 6.12 and 6.1)", 0 },					\
	{ "no-abi", SA_OPT_NO_ABI, NULL, 0, "do not look for paths of obsolete ABI", 0 }

error_t sa_audit_opt(struct sa_audit_opts *o, const char *cmd, int key, char *arg,
		     struct argp_state *state);

#endif
