/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is an observed sysfs access a dependency on the deprecated layout? Judged
 * against the userspace reconstruction (legacy.c) of the live tree
 * (sysfs_tree.c): no BPF, unit-tested on fake trees.
 */
#ifndef SYSFS_AUDIT_DEP_CLASSIFY_H
#define SYSFS_AUDIT_DEP_CLASSIFY_H

#include <stdbool.h>

#include "model/dependent.h"
#include "model/legacy.h"
#include "model/sysfs_tree.h"

/* One observation, as text (user/dependents.c builds it from a BPF record). */
struct sa_dep_obs {
	unsigned int op;	/* enum sa_dep_op (bpf/dep_records.h) */
	const char *dir;	/* kernfs dir below the sysfs root: "/devices/..", "" = root */
	const char *name;	/* MISS: missing name; READLINK: link; READDIR: directory */
	const char *req;	/* the path the process asked for, or NULL */
	unsigned int groups;	/* LISTEN */
	/*
	 * READ_UEVENT: the program's own code, as the store fingerprints it
	 * (sa_dep_store_code()), in words for the evidence; NULL or "":
	 * nothing legacy in it. code_scope: what it proves (enum sa_fp_scope
	 * flags), what the verdict is decided from.
	 */
	const char *code;
	unsigned int code_scope;
	/* READ_UEVENT: the child that read the file for the program ("grep (pid 7)"), or NULL */
	const char *via;
	/*
	 * Lookups: the process walked another sysfs than the model's /sys
	 * (sa_dep_other_view()): another network namespace's, whose
	 * /sys/class/net and <dev>/net/ show its own net devices. Its netns
	 * inode, or ~0u when unknown; 0: the model's view.
	 */
	unsigned int other_net;
};

struct sa_dep_verdict {
	enum sa_dep_kind kind;
	enum sa_dep_conf conf;
	enum sa_dep_rule rule;		/* the rule that gave kind and conf */
	char path[SA_DEP_TEXT];		/* the sysfs path involved (with the /sys prefix) */
	char artifact[SA_DEP_TEXT];	/* the legacy artifact it matches */
	char replacement[SA_DEP_TEXT];	/* what to use instead */
	char why[SA_DEP_TEXT];		/* the evidence (breaks), or what would confirm it */
	/*
	 * A legacy lookup (breaks, or a suspect by its shape): the modern name
	 * of the same device (a link below /sys, "/devices/../subsystem"),
	 * whose lookup by the same process shows it falls back; "" when the
	 * hooks cannot see one.
	 */
	char modern[SA_DEP_TEXT];
};

/* A legacy artifact of one device: its legacy path, or one of its links. */
struct sa_dep_art {
	const struct sa_dev *dev;
	char *path;		/* legacy path below /sys: devpath, or <dir>/<name> of a link */
	char *dir, *name;	/* for links: the legacy dir and name; NULL for a devpath */
	char *target;		/* for links */
	bool net;		/* of a net device or below one: one network namespace's */
};

struct sa_classifier {
	char *root;		/* the sysfs root the tree was read from ("/sys") */
	struct sa_tree tree;
	struct sa_dep_art *art;
	size_t nart;
};

/* Read ROOT and reconstruct its legacy artifacts. 0 or a negative errno. */
int sa_classifier_load(struct sa_classifier *c, const char *root);
void sa_classifier_free(struct sa_classifier *c);

/*
 * A record's sysfs superblock (@kdev, the kernel's dev_t: major << 20 |
 * minor; 0 unknown) is another than the model's /sys (its st_dev
 * @model_dev, 0 unknown): another network namespace's view of the net
 * devices.
 */
bool sa_dep_other_view(unsigned long long model_dev, unsigned int kdev);

/*
 * @dir (below the sysfs root) lists or holds one network namespace's net
 * devices: /class/net, a <dev>/net directory, or a net device's own.
 */
bool sa_dep_net_dir(const char *dir);

/* Fill @v; v->kind is SA_DK_NONE when the observation is no dependency. */
void sa_dep_classify(const struct sa_classifier *c, const struct sa_dep_obs *o,
		     struct sa_dep_verdict *v);

/*
 * The uevent helper (kernel.hotplug): @live when the kernel runs it
 * (/proc/sys/kernel/hotplug set), else configured in @file.
 */
void sa_dep_classify_helper(bool live, const char *file, struct sa_dep_verdict *v);

/*
 * A suspect verdict of a program whose executable or script carries the
 * static audit's fingerprints breaks by SA_DR_FINGERPRINT: @scope (enum
 * sa_fp_scope) says whether it does whatever the program did, or as the
 * uevent helper only; @evidence (what was found where) is its why. Any
 * other verdict is left as it is: a fallback seen is the program's
 * behaviour, its strings are not.
 */
void sa_dep_apply_fingerprint(struct sa_dep_verdict *v, const char *evidence,
			      unsigned int scope);

/*
 * The link @o names below /sys ("/class/block/vda") into @buf, for a
 * lstat() or readlink() of a link: a modern name the process looked up.
 * NULL for any other observation.
 */
const char *sa_dep_link_named(const struct sa_dep_obs *o, char *buf, size_t len);

/*
 * @v breaks or is a suspect lookup, but its process also looked up
 * @modern: it falls back (SA_DR_FALLS_BACK), which a fingerprint never
 * turns into breaks.
 */
void sa_dep_fall_back(struct sa_dep_verdict *v, const char *modern);

#endif
