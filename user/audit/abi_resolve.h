/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The files and directories of a tree (a host's /sys, or a copy of one in
 * a test) that a Documentation/ABI What: pattern names: walked along the
 * pattern, component by component, not by matching every path of the
 * tree. Symbolic links are followed where the pattern names a component
 * (/sys/class/rfkill/rfkill0 is one), never inside a "..." run below its
 * first level nor below a trailing '/' deeper than one level: /sys links
 * back to itself from every device directory.
 */
#ifndef SYSFS_AUDIT_AUDIT_ABI_RESOLVE_H
#define SYSFS_AUDIT_AUDIT_ABI_RESOLVE_H

#include <stdbool.h>

#include "audit/abi_pattern.h"

/* One existing path a pattern names. */
struct sa_abi_hit {
	const char *path;	/* as the pattern reads it ("/sys/..."), root left out */
	unsigned long long ino, dev;	/* of what it names, links followed: on sysfs, ino is the kernfs node's id */
	bool dir;
};

/* Called per hit; a negative return stops the walk and is returned. */
typedef int (*sa_abi_hit_fn)(const struct sa_abi_hit *h, void *ctx);

/* Levels a "..." run may span (below its start); a trailing '/' takes two. */
#define SA_ABI_ANY_DEPTH	12

/*
 * Walk @root (standing for "/"; "" for the host's own) along @p, calling
 * @fn for every path that exists and matches. Returns the number of hits,
 * or the first negative @fn returned, or -ENAMETOOLONG when a path of the
 * tree does not fit PATH_MAX (the rest is still walked; hits are kept).
 */
int sa_abi_resolve(const struct sa_abi_pattern *p, const char *root, sa_abi_hit_fn fn,
		   void *ctx);

/*
 * The same, with the matches of each "..." run kept in @cache: the 6.1
 * obsolete ABI has ~50 paths under /sys/.../iio:deviceX, and one walk of
 * /sys serves them all. A cache is good for one state of the tree: a new
 * one per pass. NULL: none.
 */
struct sa_abi_cache;
struct sa_abi_cache *sa_abi_cache_new(void);
void sa_abi_cache_free(struct sa_abi_cache *c);
int sa_abi_resolve_cached(const struct sa_abi_pattern *p, const char *root,
			  struct sa_abi_cache *cache, sa_abi_hit_fn fn, void *ctx);

#endif
