// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_live ROOT: which rule decides a lookup of each legacy path and
 * link that the model of ROOT (a live /sys, read only) reconstructs, as
 * the kernel would report its miss. For every artifact of the classifier
 * (user/deps/dep_classify.c) that ROOT lacks, the path is walked as the
 * kernel walks it (symlinks followed up to the missing component); the
 * miss is that component in its real directory, with the whole path as
 * the request, and the classifier judges it. Prints one line per
 * artifact that ROOT lacks ("miss RULE LAST PATH", LAST 1 when the walk
 * fails on the last component) and the totals ("total present N",
 * "total missing N", "rule RULE N"). No BPF: tests/host/32-legacy-live.t
 * runs it on the host's /sys.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dep_records.h"
#include "deps/dep_classify.h"
#include "model/dependent.h"

static unsigned int by_rule[SA_DR_MAX];

/* The miss of @path (below @root) as the kernel reports it; 0, or -1 when ROOT has it. */
static int judge(const struct sa_classifier *c, const char *root, const char *rroot,
		 const char *path, int *last)
{
	char full[PATH_MAX], real[PATH_MAX], req[PATH_MAX], name[NAME_MAX + 1];
	struct sa_dep_obs o = { .op = SA_DEP_OP_MISS };
	struct sa_dep_verdict v;
	struct stat st;
	const char *s = path;
	size_t rl = strlen(rroot);

	if (snprintf(full, sizeof(full), "%s%s", root, path) >= (int)sizeof(full))
		return -1;
	if (!lstat(full, &st))
		return -1;
	/* The first component ROOT lacks: each prefix lstat()ed, its links followed. */
	for (;;) {
		const char *e = strchr(s + 1, '/');
		size_t n = e ? (size_t)(e - path) : strlen(path);

		snprintf(full, sizeof(full), "%s%.*s", root, (int)n, path);
		if (lstat(full, &st) && errno == ENOENT) {
			snprintf(name, sizeof(name), "%.*s", (int)(n - (s + 1 - path)), s + 1);
			*last = !e;
			snprintf(full, sizeof(full), "%s%.*s", root, (int)(s - path), path);
			break;
		}
		if (!e)
			return -1;
		s = e;
	}
	/* Its directory as kernfs names it: the real path below ROOT. */
	if (!realpath(full, real) || strncmp(real, rroot, rl))
		return -1;
	snprintf(req, sizeof(req), "/sys%s", path);
	o.dir = real + rl;
	o.name = name;
	o.req = req;
	sa_dep_classify(c, &o, &v);
	by_rule[v.kind == SA_DK_NONE ? SA_DR_NONE : v.rule]++;
	printf("miss %s %d %s\n", v.kind == SA_DK_NONE ? "none" : sa_dep_rule_name(v.rule),
	       *last, path);
	return 0;
}

int main(int argc, char **argv)
{
	const char *root = argc > 1 ? argv[1] : "/sys";
	struct sa_classifier c;
	char rroot[PATH_MAX];
	unsigned int present = 0, missing = 0;
	int err, last;

	if (!realpath(root, rroot)) {
		perror(root);
		return 2;
	}
	err = sa_classifier_load(&c, root);
	if (err) {
		fprintf(stderr, "%s: cannot read the model: %s\n", root, strerror(-err));
		return 2;
	}
	for (size_t i = 0; i < c.nart; i++) {
		if (judge(&c, root, rroot, c.art[i].path, &last))
			present++;
		else
			missing++;
	}
	printf("total devices %zu\ntotal artifacts %zu\ntotal present %u\ntotal missing %u\n",
	       c.tree.n, c.nart, present, missing);
	for (unsigned int r = 0; r < sizeof(by_rule) / sizeof(by_rule[0]); r++)
		if (by_rule[r])
			printf("rule %s %u\n", r == SA_DR_NONE ? "none" : sa_dep_rule_name(r),
			       by_rule[r]);
	sa_classifier_free(&c);
	return 0;
}
