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

/*
 * The tracer's option rows (sa_tracer_parse_opt()) that trace, record and
 * boot --start share, and the duration of trace, record and abi watch:
 * @when, "" or the mode a row applies to ("--start: "); @rest, what follows
 * the common words (the default).
 */
#define SA_OPT_ATTACH(when)						\
	{ "attach", 'a', "MODE", 0, when "auto (default), tracepoint, fexit or kprobe", 0 }
#define SA_OPT_BUFFER(when, rest)					\
	{ "buffer", 'b', "MIB", 0, when "ring buffer size in MiB, a power of two" rest, 0 }
#define SA_OPT_INTERVAL							\
	{ "interval", 'i', "MS", 0, "drain the ring buffer every MS ms (default 100)", 0 }
#define SA_OPT_VERBOSE							\
	{ "verbose", 'v', NULL, 0, "libbpf debug output, the verifier log", 0 }
#define SA_OPT_DURATION(when, rest)					\
	{ "duration", 'd', "SEC", 0, when "stop after SEC seconds" rest, 0 }

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
