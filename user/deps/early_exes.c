// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sha2.h>

#include "common/atomic_file.h"
#include "model/dependent.h"
#include "deps/dep_decode.h"
#include "deps/early_exes.h"
#include "deps/identity.h"
#include "trace/ring_peek.h"

struct sa_early {
	struct sa_early_exe *v;
	size_t n;
};

struct collect {
	struct sa_early e;
	unsigned int (*fingerprint)(void *ctx, const char *file, char *out, size_t len);
	void *fp_ctx;
};

/* The kernel's dev_t (MKDEV: 12-bit major above a 20-bit minor) as stat() says it. */
static dev_t user_dev(unsigned long long kdev)
{
	return makedev((unsigned int)(kdev >> 20), (unsigned int)(kdev & 0xfffff));
}

/* Fields are tab-separated, one file a line: what could split them is replaced. */
static void clean(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

bool sa_early_same_file(const char *path, unsigned long long kdev, unsigned long long ino)
{
	struct stat st;

	/*
	 * Btrfs subvolumes and overlayfs report an anonymous device (major 0)
	 * to stat() where the kernel's file has its filesystem's: there the
	 * inode decides alone. A file of another filesystem (the real root's
	 * of the initramfs's name) has another device.
	 */
	return !stat(path, &st) && S_ISREG(st.st_mode) && st.st_ino == ino &&
	       (st.st_dev == user_dev(kdev) || !major(st.st_dev));
}

const struct sa_early_exe *sa_early_find(const struct sa_early *e, unsigned long long dev,
					 unsigned long long ino)
{
	for (size_t i = 0; e && i < e->n; i++)
		if (e->v[i].dev == dev && e->v[i].ino == ino)
			return &e->v[i];
	return NULL;
}

static int on_record(void *ctx, const void *data, size_t len)
{
	struct collect *c = ctx;
	struct sa_early_exe *x;
	struct sa_dep_rec r;
	struct sa_ident id;

	if (sa_dep_decode(data, len, &r) || !r.exe_ino || (r.flags & SA_DEP_F_NO_EXE) ||
	    sa_early_find(&c->e, r.exe_dev, r.exe_ino))
		return 0;
	if (c->e.n == SA_EARLY_MAX)
		return 1;
	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, &r, "/proc", NULL);
	/* Only the very file the kernel ran: a later one of that name is another program. */
	if (id.exe[0] != '/' || !sa_early_same_file(id.exe, r.exe_dev, r.exe_ino))
		return 0;
	x = &c->e.v[c->e.n++];
	memset(x, 0, sizeof(*x));
	x->dev = r.exe_dev;
	x->ino = r.exe_ino;
	snprintf(x->path, sizeof(x->path), "%.255s", id.exe);
	if (!SHA256File(id.exe, x->sha256))
		x->sha256[0] = '\0';
	if (c->fingerprint)
		x->fp_scope = c->fingerprint(c->fp_ctx, id.exe, x->fingerprint,
					     sizeof(x->fingerprint));
	clean(x->path);
	clean(x->fingerprint);
	return 0;
}

static int write_lines(FILE *f, void *ctx)
{
	const struct sa_early *e = ctx;

	for (size_t i = 0; i < e->n; i++) {
		const struct sa_early_exe *x = &e->v[i];

		fprintf(f, "%llu\t%llu\t%s\t%s\t%u\t%s\n", x->dev, x->ino,
			x->sha256[0] ? x->sha256 : "-", x->path, x->fp_scope, x->fingerprint);
	}
	return ferror(f) ? -EIO : 0;
}

long sa_early_collect(int ring_fd, const char *file,
		      unsigned int (*fingerprint)(void *ctx, const char *file, char *out,
						  size_t len),
		      void *fp_ctx)
{
	struct collect c = { .fingerprint = fingerprint, .fp_ctx = fp_ctx };
	long n;
	int err;

	c.e.v = calloc(SA_EARLY_MAX, sizeof(*c.e.v));
	if (!c.e.v)
		return -ENOMEM;
	n = sa_ring_peek(ring_fd, on_record, &c);
	if (n >= 0) {
		err = sa_atomic_write(file, write_lines, &c.e);
		n = err ? err : (long)c.e.n;
	}
	free(c.e.v);
	return n;
}

/* One line back into @x; false when it is not one of ours. */
static bool parse(char *line, struct sa_early_exe *x)
{
	char *f[6], *end;
	unsigned long scope;
	int i = 0;

	line[strcspn(line, "\n")] = '\0';
	for (char *p = line; i < 6; i++) {
		f[i] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	if (i != 5)
		return false;
	memset(x, 0, sizeof(*x));
	errno = 0;
	x->dev = strtoull(f[0], &end, 10);
	if (errno || *end || end == f[0])
		return false;
	x->ino = strtoull(f[1], &end, 10);
	if (errno || *end || end == f[1] || !x->ino)
		return false;
	if (strcmp(f[2], "-"))
		snprintf(x->sha256, sizeof(x->sha256), "%.64s", f[2]);
	snprintf(x->path, sizeof(x->path), "%.255s", f[3]);
	scope = strtoul(f[4], &end, 10);
	if (*end || end == f[4] || scope > (SA_FP_ANY | SA_FP_HELPER))
		return false;
	x->fp_scope = scope;
	/* What the dependents' evidence says: where and when it was read. */
	if (*f[5])
		snprintf(x->fingerprint, sizeof(x->fingerprint),
			 "%.300s [read in the initramfs: %.120s, sha256 %.16s]", f[5], f[3],
			 *x->sha256 ? x->sha256 : "-");
	return true;
}

struct sa_early *sa_early_load(const char *file)
{
	struct sa_early *e;
	char line[1024];
	FILE *f = fopen(file, "re");

	if (!f)
		return NULL;
	e = calloc(1, sizeof(*e));
	if (e)
		e->v = calloc(SA_EARLY_MAX, sizeof(*e->v));
	if (!e || !e->v) {
		fclose(f);
		sa_early_free(e);
		errno = ENOMEM;
		return NULL;
	}
	while (e->n < SA_EARLY_MAX && fgets(line, sizeof(line), f))
		if (parse(line, &e->v[e->n]))
			e->n++;
	fclose(f);
	return e;
}

void sa_early_free(struct sa_early *e)
{
	if (!e)
		return;
	free(e->v);
	free(e);
}

size_t sa_early_count(const struct sa_early *e)
{
	return e ? e->n : 0;
}
