/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A path of a Documentation/ABI "What:" line as a pattern, and whether a
 * real path matches it. The ABI files write their wildcards by
 * convention, not by a grammar; the forms in the obsolete and removed
 * entries of 6.1 and 6.12 are:
 *
 *   <name>, <a|b|c>   one or more characters of one path component (the
 *                     second: holding one of the words, as typec's
 *                     "port0-partner" is a <port|partner|cable>)
 *   deviceX, voltageY a capital X, Y, Z or N right after a lower-case
 *                     letter: a number
 *   [0-9]+, [1-5]     a number; one character of the class
 *   *                 any characters of one component
 *   ...               one or more whole components
 *   a trailing /      the directory and everything below it
 *
 * Anything else that looks like a wildcard ({, }, ?, (, ), an unclosed
 * < or [) is refused: a pattern that matched the wrong files would name
 * the wrong programs.
 */
#ifndef SYSFS_AUDIT_AUDIT_ABI_PATTERN_H
#define SYSFS_AUDIT_AUDIT_ABI_PATTERN_H

#include <stdbool.h>
#include <stddef.h>

struct sa_abi_pattern;

/*
 * Compile @path (a What: path, starting with '/'). NULL with errno set:
 * EINVAL (and @why says what, in at most @len bytes), ENOMEM.
 */
struct sa_abi_pattern *sa_abi_pattern_new(const char *path, char *why, size_t len);
void sa_abi_pattern_free(struct sa_abi_pattern *p);

/* Does @path (absolute, no "." or ".." components, no trailing '/') match? */
bool sa_abi_pattern_match(const struct sa_abi_pattern *p, const char *path);

/* Does it have a wildcard at all (a literal path otherwise)? */
bool sa_abi_pattern_wild(const struct sa_abi_pattern *p);

/*
 * The compiled components, for walking a tree along the pattern
 * (audit/abi_resolve.c): how many; whether the @i-th is "..."; its text
 * as written; its text when it is one literal (NULL when it has a wildcard); whether the name
 * @name matches it (never for "..."); whether a trailing '/' takes the
 * directory and all below.
 */
size_t sa_abi_pattern_ncomp(const struct sa_abi_pattern *p);
bool sa_abi_pattern_comp_any(const struct sa_abi_pattern *p, size_t i);
const char *sa_abi_pattern_comp_literal(const struct sa_abi_pattern *p, size_t i);
const char *sa_abi_pattern_comp_text(const struct sa_abi_pattern *p, size_t i);
bool sa_abi_pattern_comp_match(const struct sa_abi_pattern *p, size_t i, const char *name);
bool sa_abi_pattern_prefix(const struct sa_abi_pattern *p);

/*
 * A path as a program names it, with holes for what it fills in at run
 * time (a printf conversion, a shell variable): SA_ABI_HOLE bytes. Does
 * it match, a hole standing for any of the pattern's wildcards (or for
 * nothing), never for literal text? Without holes, sa_abi_pattern_match().
 */
#define SA_ABI_HOLE '\x01'
/* A whole component that is any name at all (a udev rule's device of a class). */
#define SA_ABI_ANYNAME '\x02'
bool sa_abi_pattern_match_holes(const struct sa_abi_pattern *p, const char *path);

#endif
