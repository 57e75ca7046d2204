/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing JSON straight to a stream, for the per-event hot path: json-c
 * builds a tree of allocated objects for every line, which made formatting
 * the largest cost of a trace under a uevent storm. Output is byte for byte
 * what json-c's JSON_C_TO_STRING_PLAIN | NOSLASHESCAPE gives.
 */
#ifndef SYSFS_AUDIT_JSON_OUT_H
#define SYSFS_AUDIT_JSON_OUT_H

#include <stdio.h>

/* A JSON string for @s (escaped), or null when @s is NULL. */
void jw_str(FILE *f, const char *s);

/* "key": then the string value (or null). @key is written as is. */
void jw_kstr(FILE *f, const char *key, const char *s);

#endif
