/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON for every command, one module: building json-c objects and
 * printing them as one line, and, for the per-event hot path, writing
 * straight to a stream (json-c builds a tree of allocated objects for
 * every line, which made formatting the largest cost of a trace under a
 * uevent storm). Both give the same bytes: JSON_C_TO_STRING_PLAIN |
 * NOSLASHESCAPE.
 */
#ifndef SYSFS_AUDIT_OUTPUT_JSON_OUT_H
#define SYSFS_AUDIT_OUTPUT_JSON_OUT_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include <json-c/json.h>

/* @o[@k] = the string @v, or null when @v is NULL. */
void sa_json_add_str(json_object *o, const char *k, const char *v);
/* @o[@k] = @v. */
void sa_json_add_u64(json_object *o, const char *k, unsigned long long v);
/* @o[@k] = @v, or null when @present is false (an unknown number). */
void sa_json_add_opt_i64(json_object *o, const char *k, long long v, bool present);
/* @o[@k] = @t as report time (UTC, RFC 3339), or null when @t is 0. */
void sa_json_add_time(json_object *o, const char *k, time_t t);
/*
 * @o as json-c prints it with @flags, then a newline, on @f; C1 controls
 * and bidi overrides as \uXXXX (sa_esc_json_text()). Returns 0 or -1.
 */
int sa_json_print(FILE *f, json_object *o, int flags);
/* @o as one line on @f (plain, slashes unescaped). Returns 0 or -1. */
int sa_json_print_line(FILE *f, json_object *o);

/*
 * Draw json-c's hash seed now. It reads the kernel's RNG at the first key
 * hashed, and until the RNG is ready (early boot, a guest with no entropy
 * source) that read blocks for up to a second, or until a signal.
 */
void sa_json_seed(void);

/* A JSON string for @s (escaped), or null when @s is NULL. */
void jw_str(FILE *f, const char *s);

/* "key": then the string value (or null). @key is written as is. */
void jw_kstr(FILE *f, const char *key, const char *s);

#endif
