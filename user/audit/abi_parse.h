/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's Documentation/ABI files of one section (obsolete, removed,
 * ...) as entries: their What: lines as patterns (audit/abi_pattern.h),
 * Date:, KernelVersion:, Contact:, the first line of Description:.
 * Documentation/ABI/README gives the fields; the files also carry a
 * "User:" for "Users:" and a "Values:" field, read as what they mean.
 * Nothing is dropped silently: every line that is not understood is an
 * error, named with its file and line, and counted.
 */
#ifndef SYSFS_AUDIT_AUDIT_ABI_PARSE_H
#define SYSFS_AUDIT_AUDIT_ABI_PARSE_H

#include <stddef.h>

#include "audit/abi_pattern.h"

/* What one What: line names. */
enum sa_abi_what_kind {
	SA_ABI_PATH,		/* a path (/sys, /proc, ...): a pattern */
	SA_ABI_FEATURE,		/* a removed feature's name ("devfs", "ip_queue"): nothing to match */
};

struct sa_abi_what {
	enum sa_abi_what_kind kind;
	char *text;		/* the path (or name) as written */
	char *note;		/* words after the path ("symlink"), or NULL */
	struct sa_abi_pattern *pattern;	/* SA_ABI_PATH only */
};

struct sa_abi_entry {
	char *file;		/* relative to the ABI directory: "obsolete/sysfs-gpio" */
	int line;		/* of its first What: */
	struct sa_abi_what *what;
	size_t nwhat;
	char *date, *kernel_version, *contact, *summary;	/* NULL when absent */
};

struct sa_abi_error {
	char *file;
	int line;
	char *what;		/* what was not understood */
};

struct sa_abi {
	struct sa_abi_entry *e;
	size_t n;
	struct sa_abi_error *err;
	size_t nerr;
	size_t nfiles;
	/*
	 * Read as documented, not errors: "User:" lines, feature names,
	 * notes, and the lines of text a file starts with before its first
	 * entry (a description of the file).
	 */
	size_t user_tags, features, notes, preamble_lines;
};

/*
 * Read every regular file of @dir/@section (@dir: a kernel tree's
 * Documentation/ABI) into @abi, appending. 0, or -errno when the
 * directory cannot be read; a file that cannot be read is an error entry.
 */
int sa_abi_load(struct sa_abi *abi, const char *dir, const char *section);

/*
 * Read one file in the ABI format (entries of one's own, outside a kernel
 * tree), named by @path in the entries. 0, or a sa_slurp() error.
 */
int sa_abi_load_file(struct sa_abi *abi, const char *path);

/* Parse @len bytes of @text, the file @file (its name in the entries). */
int sa_abi_parse(struct sa_abi *abi, const char *file, const char *text, size_t len);

/* The first entry one of whose What: paths matches @path, or NULL. */
const struct sa_abi_entry *sa_abi_match(const struct sa_abi *abi, const char *path);

void sa_abi_free(struct sa_abi *abi);

#endif
