/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The static side of the obsolete ABI: paths that a program's strings or
 * a script's lines name, matched against the Documentation/ABI entries
 * (audit/abi_parse.h). A path is evidence only that the program can name
 * the entry, not that it reads it: "suspect (string evidence)" until a
 * trace (`abi watch`) sees the open.
 *
 * A path starts at "/sys/" or "/proc/" and runs over the characters of a
 * path; what the program fills in at run time becomes a hole
 * (SA_ABI_HOLE): printf conversions ("gpio%d") in binaries, and in
 * scripts also $VAR, ${...}, $(...), `...`, a Perl $h{...} and the globs
 * * ? [...]. A hole stands for a wildcard of the entry, never for its
 * literal text (audit/abi_pattern.h): "/sys/class/rfkill/rfkill%u/%s"
 * names no particular attribute, and is not evidence of "claim".
 */
#ifndef SYSFS_AUDIT_AUDIT_ABI_STRINGS_H
#define SYSFS_AUDIT_AUDIT_ABI_STRINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/abi_parse.h"
#include "audit/scan_hit.h"

/* How a text fills in a path at run time. */
enum {
	SA_ABI_SYN_PRINTF = 1 << 0,	/* %d, %s, %02x, %*s ... */
	SA_ABI_SYN_SHELL = 1 << 1,	/* $VAR, ${..}, $(..), `..`, $h{..}, * ? [..] */
	SA_ABI_SYN_UDEV = 1 << 2,	/* udev's %k, %n, %s{..}, %E{..} (and $ as SHELL) */
	SA_ABI_SYN_ANYNAME = 1 << 3,	/* SA_ABI_ANYNAME: built by rules_abi.c, never read */
};

/* The paths of @abi's entries, indexed for matching; @abi must outlive it. */
struct sa_abi_strings;

struct sa_abi_strings *sa_abi_strings_new(const struct sa_abi *abi);
void sa_abi_strings_free(struct sa_abi_strings *m);

/* One path in a text that names an entry. */
struct sa_abi_name {
	const char *text;	/* as written, into the text (not NUL-terminated) */
	size_t len, at;		/* its length, and its offset in the text */
	const struct sa_abi_entry *entry;
	const struct sa_abi_what *what;	/* the What: line it matched */
};

typedef int (*sa_abi_name_fn)(const struct sa_abi_name *n, void *ctx);

/*
 * Call @fn for each path in @s (@n bytes, NULs end nothing but a path)
 * that matches an entry: the first entry in @abi's order. A non-zero
 * return of @fn stops and is returned.
 */
int sa_abi_strings_find(const struct sa_abi_strings *m, const char *s, size_t n,
			unsigned int syntax, sa_abi_name_fn fn, void *ctx);

/* Does @s (@n bytes) hold the start of a path worth matching at all? (cheap) */
bool sa_abi_strings_maybe(const char *s, size_t n);

/*
 * The names one file reported, for reporting each (entry, path) once and
 * at most SA_ABI_NAMES_MAX of them: the rest are counted in ->more.
 */
#define SA_ABI_NAMES_MAX 32

struct sa_abi_names {
	struct {
		const struct sa_abi_entry *entry;
		unsigned long long hash;
	} v[SA_ABI_NAMES_MAX];
	size_t n;
	unsigned long more;
};

/* Whether @nm is to be reported (first time, room left); counts it in ->more if not new and room is gone. */
bool sa_abi_names_add(struct sa_abi_names *s, const struct sa_abi_name *nm);

/* "removed-abi" for an entry of removed/, else "obsolete-abi". */
const char *sa_abi_kind(const struct sa_abi_entry *e);

/*
 * Report @nm through @cb as a hit (audit/scan_hit.h) at @line/@col or
 * @offset, unless @seen had it (sa_abi_names_add()).
 */
int sa_abi_hit(const struct sa_abi_name *nm, struct sa_abi_names *seen, unsigned long line,
	       unsigned long col, long long offset, sa_hit_cb cb, void *ctx);

/* The one hit that counts the names past SA_ABI_NAMES_MAX, if any; 0 or @cb's return. */
int sa_abi_hit_more(const struct sa_abi_names *seen, sa_hit_cb cb, void *ctx);

#define SA_KIND_OBSOLETE_ABI "obsolete-abi"
#define SA_KIND_REMOVED_ABI "removed-abi"
#define SA_KIND_ABI_MORE "obsolete-abi-more"
#define SA_ABI_CONFIDENCE "suspect (string evidence)"
/* a file of a package known to read obsolete ABI (audit/abi_readers.h) */
#define SA_KIND_ABI_READER "obsolete-abi-reader"
#define SA_ABI_READER_CONFIDENCE "suspect (known reader)"

#endif
