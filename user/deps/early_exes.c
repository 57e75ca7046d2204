// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#include <sha2.h>

#include "common/atomic_file.h"
#include "common/slurp.h"
#include "model/dependent.h"
#include "deps/dep_decode.h"
#include "deps/early_exes.h"
#include "deps/identity.h"
#include "deps/named_file.h"
#include "loader/ring_peek.h"

struct sa_early {
	struct sa_early_exe *v;
	int *fd;		/* gathered: each file, open until read (-1: none) */
	size_t n;
};

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
	       (st.st_dev == sa_dep_user_dev(kdev) || !major(st.st_dev));
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
	struct sa_early *e = ctx;
	struct sa_early_exe *x;
	struct sa_dep_rec r;
	struct sa_ident id;
	struct sa_named n;

	if (sa_dep_decode(data, len, &r) || !r.exe_ino || (r.flags & SA_DEP_F_NO_EXE) ||
	    sa_early_find(e, r.exe_dev, r.exe_ino))
		return 0;
	if (e->n == SA_EARLY_MAX)
		return 1;
	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, &r, "/proc", NULL);
	/* Only the very file the kernel ran: a later one of that name is another program. */
	if (id.exe[0] != '/' || !sa_early_same_file(id.exe, r.exe_dev, r.exe_ino))
		return 0;
	x = &e->v[e->n];
	memset(x, 0, sizeof(*x));
	x->dev = r.exe_dev;
	x->ino = r.exe_ino;
	x->size = -1;
	snprintf(x->path, sizeof(x->path), "%.255s", id.exe);
	/*
	 * Open now: it stays readable after switch_root deletes its name. The
	 * kernel's inode, checked on the descriptor read (named_file.h).
	 */
	n = (struct sa_named){ .path = id.exe, .kdev = r.exe_dev, .ino = r.exe_ino,
			       .uid = id.uid };
	e->fd[e->n++] = sa_named_open(&n);
	clean(x->path);
	return 0;
}

struct sa_early *sa_early_gather(int ring_fd)
{
	struct sa_early *e = calloc(1, sizeof(*e));
	long n;

	if (e) {
		e->v = calloc(SA_EARLY_MAX, sizeof(*e->v));
		e->fd = calloc(SA_EARLY_MAX, sizeof(*e->fd));
	}
	if (!e || !e->v || !e->fd) {
		sa_early_free(e);
		errno = ENOMEM;
		return NULL;
	}
	n = sa_ring_peek(ring_fd, on_record, e);
	if (n < 0) {
		sa_early_free(e);
		errno = (int)-n;
		return NULL;
	}
	return e;
}

void sa_early_read(struct sa_early *e, sa_early_fp_fn fingerprint)
{
	for (size_t i = 0; e->fd && i < e->n; i++) {
		struct sa_early_exe *x = &e->v[i];
		char *buf = NULL;
		size_t len = 0;

		if (e->fd[i] < 0)
			continue;
		/* One read for both: the hash and the fingerprint. */
		if (!sa_slurp_fd(e->fd[i], SA_EARLY_MAX_BYTES, &buf, &len)) {
			if (!SHA256Data((const uint8_t *)buf, len, x->sha256))
				x->sha256[0] = '\0';
			else
				x->size = (long long)len;
			if (fingerprint)
				x->fp_scope = fingerprint(x->path, buf, len, x->fingerprint,
							  sizeof(x->fingerprint));
			clean(x->fingerprint);
		}
		free(buf);
		e->fd[i] = -1;	/* sa_slurp_fd() closed it */
	}
}

static int write_lines(FILE *f, void *ctx)
{
	const struct sa_early *e = ctx;

	for (size_t i = 0; i < e->n; i++) {
		const struct sa_early_exe *x = &e->v[i];

		fprintf(f, "%llu\t%llu\t%s\t%s\t%u\t%s\t%lld\n", x->dev, x->ino,
			x->sha256[0] ? x->sha256 : "-", x->path, x->fp_scope, x->fingerprint,
			x->sha256[0] ? x->size : -1LL);
	}
	return ferror(f) ? -EIO : 0;
}

int sa_early_write(const struct sa_early *e, const char *file)
{
	return sa_atomic_write(file, write_lines, (void *)e);
}

/*
 * One line back into @x; false when it is not one of ours. Six fields, or
 * seven since the size was added (issue 47: a copy is the host's file when
 * size and hash agree).
 */
static bool parse(char *line, struct sa_early_exe *x)
{
	char *f[7], *end;
	unsigned long scope;
	int i = 0;

	line[strcspn(line, "\n")] = '\0';
	for (char *p = line; i < 7; i++) {
		f[i] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	if (i != 5 && i != 6)
		return false;
	memset(x, 0, sizeof(*x));
	x->size = -1;
	if (i == 6) {
		errno = 0;
		x->size = strtoll(f[6], &end, 10);
		if (errno || *end || end == f[6] || x->size < -1)
			return false;
	}
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
	/* a line written before SA_FP_KEYS (at most 3) reads as a scope without it */
	if (*end || end == f[4] || scope > SA_FP_ALL)
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
	for (size_t i = 0; e->fd && i < e->n; i++)
		if (e->fd[i] >= 0)
			close(e->fd[i]);
	free(e->fd);
	free(e->v);
	free(e);
}

size_t sa_early_count(const struct sa_early *e)
{
	return e ? e->n : 0;
}
