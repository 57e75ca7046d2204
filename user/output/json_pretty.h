/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A JSON document written as it is produced, byte for byte in the layout
 * json-c prints with PRETTY | SPACED | NOSLASHESCAPE: for output too large
 * to build as a json-c tree first, such as a fleet's merged report, where
 * every row names its hosts. Strings as jw_str() writes them (C1 controls
 * and bidi overrides as \uXXXX, invalid UTF-8 as the text \xNN).
 */
#ifndef SYSFS_AUDIT_OUTPUT_JSON_PRETTY_H
#define SYSFS_AUDIT_OUTPUT_JSON_PRETTY_H

#include <stdbool.h>
#include <stdio.h>

#define SA_JP_DEPTH 16

struct sa_jp {
	FILE *f;
	int level;			/* 0: the top-level value */
	bool first[SA_JP_DEPTH];	/* no member written yet at this level */
	char close[SA_JP_DEPTH];	/* '}' or ']' */
	bool overflow;			/* nested deeper than SA_JP_DEPTH: a bug */
};

void sa_jp_init(struct sa_jp *j, FILE *f);

/*
 * Values: @key names an object's member; NULL for an array element or the
 * top-level value.
 */
void sa_jp_object(struct sa_jp *j, const char *key);
void sa_jp_array(struct sa_jp *j, const char *key);
/* End the innermost object or array. */
void sa_jp_end(struct sa_jp *j);
/* A string, or null when @s is NULL. */
void sa_jp_str(struct sa_jp *j, const char *key, const char *s);
void sa_jp_u64(struct sa_jp *j, const char *key, unsigned long long v);
void sa_jp_int(struct sa_jp *j, const char *key, long long v);
void sa_jp_bool(struct sa_jp *j, const char *key, bool v);
void sa_jp_null(struct sa_jp *j, const char *key);
/* @json, a JSON value already encoded (such as jw_str()'s output), as is. */
void sa_jp_raw(struct sa_jp *j, const char *key, const char *json);

/* The final newline. Returns 0, or -1 on a write error or unbalanced nesting. */
int sa_jp_finish(struct sa_jp *j);

#endif
