/* SPDX-License-Identifier: GPL-2.0 */
/*
 * udev rules: a tokenizer that follows the real grammar (udev's line ends,
 * comments and backslash continuation, see rules_parse.c, comma-separated KEY[{attr}]OP"value", key names
 * case-insensitive) and a classifier for the constructs that relied on the
 * deprecated sysfs layout or on udev keys removed with it.
 */
#ifndef SYSFS_AUDIT_RULES_PARSE_H
#define SYSFS_AUDIT_RULES_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/finding.h"

enum sa_rule_op { SA_OP_MATCH, SA_OP_NOMATCH, SA_OP_ASSIGN, SA_OP_ADD, SA_OP_REMOVE,
		  SA_OP_FINAL };

struct sa_rule_token {
	const char *key, *attr, *value;	/* into sa_rule.text; attr NULL when none */
	size_t key_len, attr_len, value_len;	/* value: raw, without the quotes */
	enum sa_rule_op op;
	size_t col;			/* 1-based column of the key in the logical rule */
};

struct sa_rule {
	unsigned long line;		/* physical line where the logical rule starts */
	const char *text;		/* the logical rule, continuations joined */
	size_t len;
	struct sa_rule_token *tok;
	size_t ntok;
	const char *error;		/* NULL, or why parsing stopped (tokens so far kept) */
	size_t error_col;
	/*
	 * NULL, or why udev itself does not apply this rule (a line too long,
	 * a continuation open at the end of the file): its tokens, if any, are
	 * still given. With no text, udev stopped reading the file here and
	 * this is the last call.
	 */
	const char *udev_skips;
};

typedef int (*sa_rule_cb)(const struct sa_rule *r, void *ctx);

/*
 * Call @cb for every logical rule in @buf (any bytes, NULs included).
 * Returns 0, -ENOMEM, or the first non-zero value @cb returned.
 */
int sa_rules_parse(const char *buf, size_t len, sa_rule_cb cb, void *ctx);

/* A legacy construct found in a rule. */
struct sa_rule_issue {
	size_t col;
	const char *kind;
	enum sa_sev sev;
	char key[96];
	char message[384];
	char replacement[160];		/* "" when there is none */
};

typedef int (*sa_issue_cb)(const struct sa_rule *r, const struct sa_rule_issue *i, void *ctx);

/*
 * A rule with a construct only udev before 174 accepted (BUS, ID, SYSFS,
 * WAIT_FOR_SYSFS, ENV{PHYSDEV*}, $sysfs{}): it was written for the old layout.
 */
bool sa_rule_is_legacy(const struct sa_rule *r);

/*
 * Call @cb for every legacy construct in @r; returns 0 or what @cb returned.
 * Constructs whose meaning changed but which are still valid today (DRIVER==,
 * %s{}, parent attributes through "../" or "device/") are reported only in a
 * legacy rule or when @legacy_file says the file has one.
 */
int sa_rules_classify(const struct sa_rule *r, bool legacy_file, sa_issue_cb cb, void *ctx);

/*
 * The program each RUN / PROGRAM / IMPORT{program} token would execute: its
 * first word, as written (a bare name runs from /lib/udev/). Names built with
 * substitutions, builtins and socket: targets are skipped.
 */
typedef int (*sa_prog_cb)(const char *prog, size_t len, void *ctx);
int sa_rule_programs(const struct sa_rule *r, sa_prog_cb cb, void *ctx);

#endif
