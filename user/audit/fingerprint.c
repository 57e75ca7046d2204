// SPDX-License-Identifier: GPL-2.0
/* The running programs' own code, read by the static audit's scanners (fingerprint.h). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/abi_readers.h"
#include "audit/abi_strings.h"
#include "audit/fingerprint.h"
#include "audit/scan_elf.h"
#include "audit/scan_script.h"
#include "audit/scan_self.h"
#include "common/slurp.h"

#define FP_MAX_FILES	256		/* cached files; the oldest is replaced */
#define FP_MAX_BYTES	(256UL << 20)	/* a larger executable is not read */
#define FP_TEXT		400

struct fp_entry {
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
	char text[FP_TEXT];
	unsigned int scope;
};

struct sa_fp_cache {
	struct fp_entry e[FP_MAX_FILES];
	size_t n, next;
	unsigned long reads;
};

struct sa_fp_cache *sa_fp_cache_new(void)
{
	return calloc(1, sizeof(struct sa_fp_cache));
}

void sa_fp_cache_free(struct sa_fp_cache *c)
{
	free(c);
}

unsigned long sa_fp_cache_reads(const struct sa_fp_cache *c)
{
	return c ? c->reads : 0;
}

void sa_fp_evidence(const struct sa_hit *h, char *text, size_t len)
{
	size_t o = strnlen(text, len);

	/*
	 * Only errors are evidence: what today's programs never contain; and
	 * the helper-only mdev, which dep_classify.c counts for a helper only.
	 */
	if (o >= len || strstr(text, h->key) ||
	    (h->sev != SA_SEV_ERROR && strcmp(h->kind, SA_KIND_MDEV_HOTPLUG)))
		return;
	/* BusyBox: the version read is the evidence ("BusyBox 1.6.1 has mdev"). */
	if (!strcmp(h->kind, "busybox-mdev") && h->version)
		snprintf(text + o, len - o, "%sBusyBox %s has %s (%s)", o ? ", " : "", h->version,
			 h->key, h->kind);
	else if (!strcmp(h->kind, SA_KIND_MDEV_HOTPLUG) && h->version)
		snprintf(text + o, len - o, "%sBusyBox %s has %s, which types nodes by the "
			 "DEVPATH text (%s)", o ? ", " : "", h->version, h->key, h->kind);
	else if (h->line)
		snprintf(text + o, len - o, "%s%s (%s, line %lu)", o ? ", " : "", h->key,
			 h->kind, h->line);
	else
		snprintf(text + o, len - o, "%s%s (%s)", o ? ", " : "", h->key, h->kind);
}

unsigned int sa_fp_scope_of(const struct sa_hit *h)
{
	if (!strcmp(h->kind, SA_KIND_MDEV_HOTPLUG))
		return SA_FP_HELPER;
	if (h->sev != SA_SEV_ERROR)
		return SA_FP_NONE;
	if (!strcmp(h->kind, SA_KIND_PHYSDEV_KEY))
		return SA_FP_ANY | SA_FP_HELPER | SA_FP_KEYS;
	return SA_FP_ANY | SA_FP_HELPER;
}

struct fp_scan {
	char *text;
	unsigned int scope;
};

static int on_hit(const struct sa_hit *h, void *ctx)
{
	struct fp_scan *f = ctx;

	sa_fp_evidence(h, f->text, FP_TEXT);
	f->scope |= sa_fp_scope_of(h);
	return 0;
}

/* @f->text: FP_TEXT bytes. */
static void scan_buf(const char *buf, size_t len, struct fp_scan *f)
{
	const char *why = NULL;

	f->text[0] = '\0';
	/*
	 * sysfs-audit itself (a record beside this trace, reading /sys for its
	 * model) carries every key it looks for: the auditor, not a dependent.
	 */
	if (sa_scan_is_self(buf, len))
		return;
	if (sa_is_elf(buf, len))
		sa_scan_elf(buf, len, on_hit, f, &why);
	else if (sa_is_text(buf, len))
		sa_scan_script(buf, len, 1, on_hit, f);
}

/* Read @fd (closed) and scan it. */
static unsigned int scan_fd(int fd, char *text)
{
	struct fp_scan f = { text, SA_FP_NONE };
	char *buf = NULL;
	size_t len = 0;

	text[0] = '\0';
	if (sa_slurp_fd(fd, FP_MAX_BYTES, &buf, &len))
		return SA_FP_NONE;
	scan_buf(buf, len, &f);
	free(buf);
	return f.scope;
}

unsigned int sa_fingerprint_buf(const char *name, const char *buf, size_t len, char *out,
				size_t out_len)
{
	char text[FP_TEXT];
	struct fp_scan f = { text, SA_FP_NONE };

	out[0] = '\0';
	scan_buf(buf, len, &f);
	if (*text)
		snprintf(out, out_len, "%s: %s", name, text);
	return f.scope;
}

unsigned int sa_fingerprint_fd(void *ctx, const char *name, int fd, char *out, size_t len)
{
	struct sa_fp_cache *c = ctx;
	struct fp_entry *e = NULL;
	struct stat st;

	out[0] = '\0';
	if (!c || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return SA_FP_NONE;
	}
	for (size_t i = 0; i < c->n; i++)
		if (c->e[i].dev == st.st_dev && c->e[i].ino == st.st_ino &&
		    c->e[i].mtime.tv_sec == st.st_mtim.tv_sec &&
		    c->e[i].mtime.tv_nsec == st.st_mtim.tv_nsec)
			e = &c->e[i];
	if (e) {
		close(fd);
	} else {
		e = &c->e[c->next];
		c->next = (c->next + 1) % FP_MAX_FILES;
		if (c->n < FP_MAX_FILES)
			c->n++;
		e->dev = st.st_dev;
		e->ino = st.st_ino;
		e->mtime = st.st_mtim;
		e->scope = scan_fd(fd, e->text);
		c->reads++;
	}
	if (*e->text)
		snprintf(out, len, "%s: %s", name, e->text);
	return e->scope;
}

unsigned int sa_fingerprint(void *ctx, const char *file, char *out, size_t len)
{
	/* never a device's driver opened, nor a FIFO waited on (sa_open_regular()) */
	int fd = sa_open_regular(NULL, -1, file);

	out[0] = '\0';
	if (fd < 0)
		return SA_FP_NONE;
	return sa_fingerprint_fd(ctx, file, fd, out, len);
}

struct fp_abi {
	char *out;
	size_t len;
	int n;
};

static int on_abi_hit(const struct sa_hit *h, void *ctx)
{
	struct fp_abi *f = ctx;
	size_t o = strnlen(f->out, f->len);

	if (!h->abi)	/* the count past the first ones: they are in the total */
		return 0;
	f->n++;
	if (o + 1 < f->len)
		snprintf(f->out + o, f->len - o, "%s%s (%s)", o ? ", " : "", h->key, h->abi->file);
	return 0;
}

int sa_fingerprint_abi_buf(const struct sa_abi_strings *m, const char *name, const char *buf,
			   size_t len, char *out, size_t out_len)
{
	const struct sa_abi_reader *r = sa_abi_reader_of(name);
	struct fp_abi f = { out, out_len, 0 };
	const char *why = NULL;

	out[0] = '\0';
	if (r) {
		snprintf(out, out_len, "%s %s: %s (%s)", r->package, r->version, r->reads,
			 r->entry);
		return 1;
	}
	if (!m || !buf || sa_scan_is_self(buf, len))
		return 0;
	if (sa_is_elf(buf, len))
		sa_scan_elf_abi(buf, len, m, on_abi_hit, &f, &why);
	else if (sa_is_text(buf, len))
		sa_scan_script_abi(buf, len, 1, m, on_abi_hit, &f);
	return f.n;
}

int sa_fingerprint_abi(const struct sa_abi_strings *m, const char *file, char *out, size_t len)
{
	int fd, n;
	char *buf = NULL;
	size_t blen = 0;

	out[0] = '\0';
	/* a known reader is known by its path: nothing to read */
	if (sa_abi_reader_of(file))
		return sa_fingerprint_abi_buf(m, file, NULL, 0, out, len);
	fd = sa_open_regular(NULL, -1, file);
	if (fd < 0 || sa_slurp_fd(fd, FP_MAX_BYTES, &buf, &blen))
		return 0;
	n = sa_fingerprint_abi_buf(m, file, buf, blen, out, len);
	free(buf);
	return n;
}
