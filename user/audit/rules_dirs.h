/* SPDX-License-Identifier: GPL-2.0 */
/* Which rules files udev reads: the rules.d directories, masking, *.rules. */
#ifndef SYSFS_AUDIT_RULES_DIRS_H
#define SYSFS_AUDIT_RULES_DIRS_H

#include <stdbool.h>
#include <sys/types.h>

#include "common/slurp.h"
#include "common/str_set.h"

#define SA_RULES_MAX (16UL << 20)	/* bytes in one rules file */

struct sa_root;

struct sa_rules_walk {
	/* @root: where @path resolves (common/root.h); NULL: as given */
	int (*on_file)(const char *path, const struct sa_root *root, void *ctx);
	void (*on_error)(const char *path, int err, void *ctx);	/* err: errno */
	void *ctx;
	const struct sa_root *root;	/* the system's tree for the defaults; NULL: "/" */
	/* private: directories already read, file names already seen */
	struct { dev_t dev; ino_t ino; } *dirs;
	size_t ndirs;
	struct sa_strset names;
	bool mask;
};

/*
 * The default rules directories under @root, with udev's masking by name;
 * every path resolves inside w->root.
 */
void sa_rules_walk_defaults(struct sa_rules_walk *w, const char *root);
/*
 * A file (any name, read as given) or a directory (its *.rules files,
 * sorted; a symlink that leaves the directory is not followed: EXDEV).
 */
void sa_rules_walk_path(struct sa_rules_walk *w, const char *path);
void sa_rules_walk_free(struct sa_rules_walk *w);

/* A rules file that is a symlink to /dev/null: udev's way to disable one. */
bool sa_rules_masked(const struct sa_root *root, const char *path);

#endif
