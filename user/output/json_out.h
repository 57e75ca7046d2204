/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one JSON writer of the tool: every document it writes (stream lines,
 * findings, dependents, a host's report, the merged picture) is written
 * member by member as it is produced, in one of two layouts, byte for byte
 * as json-c prints them: SA_JW_LINE as JSON_C_TO_STRING_PLAIN, SA_JW_PRETTY
 * as PRETTY | SPACED (both without escaping '/'). No tree is built first:
 * a fleet's merged report is too large for one, and for a trace under a
 * uevent storm building one per line was the largest cost. json-c is only
 * the tool's reader.
 *
 * Strings: control characters as JSON escapes, C1 controls and bidi
 * overrides as \uXXXX (nothing a terminal acts on), each byte of invalid
 * UTF-8 as the text \xNN (JSON carries only UTF-8). Member names the same.
 */
#ifndef SYSFS_AUDIT_OUTPUT_JSON_OUT_H
#define SYSFS_AUDIT_OUTPUT_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "model/value.h"

#define SA_JW_DEPTH 32

enum sa_jw_style {
	SA_JW_LINE,	/* one line: {"a":1,"b":[1,2]} */
	SA_JW_PRETTY,	/* two spaces per level, "key": value */
};

struct sa_jw {
	FILE *f;
	enum sa_jw_style style;
	int level;			/* 0: the top-level value */
	bool first[SA_JW_DEPTH];	/* no member written yet at this level */
	bool object[SA_JW_DEPTH];	/* an object (else an array) at this level */
	bool bad;			/* unbalanced or nested deeper than SA_JW_DEPTH: a bug */
};

void sa_jw_init(struct sa_jw *w, FILE *f, enum sa_jw_style style);

/*
 * Values: @key names an object's member; NULL for an array element or the
 * top-level value.
 */
void sa_jw_object(struct sa_jw *w, const char *key);
void sa_jw_array(struct sa_jw *w, const char *key);
/* End the innermost object or array. */
void sa_jw_end(struct sa_jw *w);
/* A string, or null when @s is NULL. */
void sa_jw_str(struct sa_jw *w, const char *key, const char *s);
/* @len bytes at @s, NUL included (as \u0000). */
void sa_jw_strn(struct sa_jw *w, const char *key, const char *s, size_t len);
void sa_jw_u64(struct sa_jw *w, const char *key, unsigned long long v);
void sa_jw_i64(struct sa_jw *w, const char *key, long long v);
/* As json-c prints a double: %.17g, ".0" added to an integral value. */
void sa_jw_double(struct sa_jw *w, const char *key, double v);
void sa_jw_bool(struct sa_jw *w, const char *key, bool v);
void sa_jw_null(struct sa_jw *w, const char *key);
/* @v as a time (UTC, RFC 3339), or null when @t is 0. */
void sa_jw_time(struct sa_jw *w, const char *key, time_t t);
/* A kept value (model/value.h), in this writer's layout. */
void sa_jw_value(struct sa_jw *w, const char *key, const struct sa_value *v);
/* @json, one value already written by sa_jw_quote() (a cached name), as is. */
void sa_jw_raw(struct sa_jw *w, const char *key, const char *json);

/* The final newline. Returns 0, or -1 on a write error or unbalanced nesting. */
int sa_jw_finish(struct sa_jw *w);

/*
 * The string primitive of the writer, for a hot path that puts a line
 * together itself (the event stream): @s as a JSON string, null when NULL.
 */
void sa_jw_quote(FILE *f, const char *s);

/*
 * Draw json-c's hash seed now (json-c parses what the tool reads). It
 * reads the kernel's RNG at the first key hashed, and until the RNG is
 * ready (early boot, a guest with no entropy source) that read blocks for
 * up to a second, or until a signal.
 */
void sa_json_seed(void);

#endif
