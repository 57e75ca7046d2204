// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sha2.h>

#include "audit/initramfs_find.h"
#include "audit/scan_initramfs.h"

const char *sa_initramfs_member_path(const char *name)
{
	const char *p = strchr(name, ':');

	/* "N:" then the compression's name, which has no ':' */
	p = p ? strchr(p + 1, ':') : NULL;
	p = p ? p + 1 : name;
	for (;;) {
		if (p[0] == '.' && p[1] == '/')
			p += 2;
		else if (p[0] == '/')
			p++;
		else
			return p;
	}
}

struct find {
	struct sa_initramfs_want *w;
	size_t n;
	char *err;
	size_t errlen;
};

static int on_member(const char *name, const char *data, size_t len, void *ctx)
{
	struct find *f = ctx;
	const char *path = sa_initramfs_member_path(name);

	for (size_t i = 0; i < f->n; i++) {
		struct sa_initramfs_want *w = &f->w[i];

		if (w->prefix) {
			if (!strncmp(path, w->path, strlen(w->path)))
				w->found = true;
			continue;
		}
		if (strcmp(path, w->path))
			continue;
		w->found = true;
		w->size = len;
		if (!SHA256Data((const uint8_t *)data, len, w->sha256))
			w->sha256[0] = '\0';
	}
	return 0;
}

static void on_problem(const char *member, const char *msg, void *ctx)
{
	struct find *f = ctx;

	if (!f->err[0])
		snprintf(f->err, f->errlen, "%s%s%s",
			 member ? sa_initramfs_member_path(member) : "", member ? ": " : "", msg);
}

int sa_initramfs_find(const char *buf, size_t len, struct sa_initramfs_want *w, size_t n,
		      char *err, size_t errlen)
{
	struct sa_initramfs_ops ops = { .member = on_member, .error = on_problem,
					.limit = on_problem };
	struct find f = { .w = w, .n = n, .err = err, .errlen = errlen };

	if (errlen)
		err[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		w[i].found = false;
		w[i].size = 0;
		w[i].sha256[0] = '\0';
	}
	return sa_initramfs_read(buf, len, &ops, &f);
}
