/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dependents, one per (program, kind): a program is its executable and
 * #! script in its mount namespace, whatever process ran it. Observations
 * (one per new kernel key) are folded in with a count, first/last seen,
 * the processes and a few example paths. Bounded: SA_DEP_STORE_MAX lines
 * that do not break, SA_DEP_STORE_HARD_MAX lines in all (a line that
 * breaks evicts a suspect, then a falls-back line, to get in), and
 * SA_DEP_STORE_OBS observation keys; what does not fit is counted as
 * dropped, by verdict. No BPF here: the loader (dependents.c) feeds it.
 */
#ifndef SYSFS_AUDIT_DEP_STORE_H
#define SYSFS_AUDIT_DEP_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/dependent.h"
#include "deps/dep_classify.h"

#define SA_DEP_STORE_MAX	512	/* (program, kind) lines that do not break */
#define SA_DEP_STORE_HARD_MAX	4096	/* all lines: ~15 KiB each, 60 MiB at most */
#define SA_DEP_STORE_OBS	65536	/* kernel keys whose counts are read back */

struct sa_dep_store_opts {
	/*
	 * The static audit's fingerprint of FILE (its legacy code, in words)
	 * into @out, "" when none; returns what it proves (enum sa_fp_scope).
	 * NULL: no fingerprints.
	 */
	unsigned int (*fingerprint)(void *ctx, const char *file, char *out, size_t len);
	void *fp_ctx;
	/* The Debian package owning FILE, or NULL; NULL callback: no packages. */
	const char *(*package)(void *ctx, const char *file);
	void *pkg_ctx;
	/*
	 * The fingerprint of @id's executable when it cannot be read by path:
	 * read earlier (the initramfs's, before switch_root), or "" when the
	 * file at that path is not the one the kernel ran, what it proves in
	 * *@scope. NULL: read it by path. NULL callback: always by path.
	 */
	const char *(*exe_known)(void *ctx, const struct sa_ident *id, unsigned int *scope);
	/*
	 * When @exe_known gave the fingerprint of @id's executable (it was
	 * not read by path): its package another way, into @pkg ("" when
	 * none), and where that comes from (enum sa_pkg_via: the
	 * initramfs's copy of a host file is that file's package). NULL
	 * callback: no package for such a file. Called with @exe_ctx.
	 */
	int (*exe_package)(void *ctx, const struct sa_ident *id, char *pkg, size_t len);
	/*
	 * The same for @id's script, which the kernel names by path only: ""
	 * when another mount namespace's file cannot be read any more. A file
	 * not read by path gets no package (our namesake's is another file's).
	 */
	const char *(*script_known)(void *ctx, const struct sa_ident *id, unsigned int *scope);
	/*
	 * The fingerprint of FILE that @id named (@exe: its executable, else
	 * its script), read only as deps/named_file.h allows (as @fingerprint
	 * otherwise). When set, it reads every file read by path instead of
	 * @fingerprint. Called with @fp_ctx (sa_named_fingerprint()).
	 */
	unsigned int (*fingerprint_named)(void *ctx, const struct sa_ident *id, const char *file,
					  bool exe, char *out, size_t len);
	void *exe_ctx;
};

struct sa_dep_store;

/* One observation, classified, with who made it. */
struct sa_dep_seen {
	const struct sa_ident *id;
	const struct sa_dep_verdict *v;
	const char *how;		/* "miss", "lstat-link", ..., "enumerated" */
	const char *req;		/* the path asked for, or NULL */
	unsigned int groups;		/* listeners */
	unsigned long long ts_ns;
	int phase;			/* a boot audit: enum sa_phase + 1, a key part; 0: none */
	const void *key;		/* the kernel's key (NULL: none to read back) */
	size_t keylen;
	unsigned long long events, physdev;	/* the event counters now */
};

struct sa_dep_store *sa_dep_store_new(const struct sa_dep_store_opts *o);
void sa_dep_store_free(struct sa_dep_store *s);

/*
 * Fold @o in. Returns the dependent when its program is new, or when the
 * program's verdict rose (the caller prints it: one live line per program,
 * and again when it changes; a fallback: sa_dep_store_fell_back()),
 * else NULL (also when full: counted as dropped, by verdict; a new line
 * that breaks first evicts a weaker one, which is counted instead).
 * -ENOMEM is reported through *err.
 */
const struct sa_dependent *sa_dep_store_add(struct sa_dep_store *s, const struct sa_dep_seen *o,
					    int *err);

/*
 * The fingerprint of @id's program (its script's and its executable's
 * legacy code, in words) into @out, as its line gets it: an observation
 * whose verdict depends on the program's code (a uevent file read) is
 * judged with it before it is added. "" when none. Returns what the code
 * proves (enum sa_fp_scope flags): the verdict is decided from these,
 * never from the words.
 */
unsigned int sa_dep_store_code(struct sa_dep_store *s, const struct sa_ident *id, char *out,
			       size_t len);

/* The kernel's key @key was seen again after the map forgot it. */
bool sa_dep_store_has_key(const struct sa_dep_store *s, const void *key, size_t keylen);

/*
 * Read back every key's count: @read(ctx, key, keylen, &count, &last_ns)
 * returns 0 when the kernel still has it. Counts only grow.
 */
void sa_dep_store_refresh(struct sa_dep_store *s,
			  int (*read)(void *ctx, const void *key, size_t keylen,
				      unsigned long long *count, unsigned long long *last_ns),
			  void *ctx, unsigned long long events, unsigned long long physdev);

/*
 * The observation of kernel key @key (@path) broke or was a
 * suspect, and its process has since looked up @modern (below /sys), the
 * modern name of what it asked for: it falls back, whatever the program's
 * fingerprint made of it. Its line falls back once no observation of it
 * breaks (a suspect line rises to it). Returns the line when its verdict
 * changed (the caller prints it), else NULL: the key unknown (not kept,
 * or its line was evicted).
 */
const struct sa_dependent *sa_dep_store_fell_back(struct sa_dep_store *s, const void *key,
						  size_t keylen, const char *modern,
						  const char *path);

/* Sort for the summary: breaks first, then falls back, suspect; then by executable, kind. */
void sa_dep_store_sort(struct sa_dep_store *s);

/* The dependents in order: *it starts at 0. NULL at the end. */
const struct sa_dependent *sa_dep_store_next(const struct sa_dep_store *s, size_t *it);

size_t sa_dep_store_count(const struct sa_dep_store *s);
/* The lines whose verdict is @c. */
size_t sa_dep_store_with(const struct sa_dep_store *s, enum sa_dep_conf c);
/* Lines dropped or evicted in all, and of verdict @c. */
unsigned long long sa_dep_store_dropped(const struct sa_dep_store *s);
unsigned long long sa_dep_store_dropped_by(const struct sa_dep_store *s, enum sa_dep_conf c);

#endif
