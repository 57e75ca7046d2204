// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/audit.h"
#include "audit/abi_parse.h"
#include "audit/rules_abi.h"
#include "output/escape.h"
#include "output/findings_out.h"
#include "common/common.h"
#include "model/gate.h"
#include "audit/rules_dirs.h"
#include "audit/scan_initramfs.h"
#include "common/slurp.h"

void sa_audit_report(struct sa_audit *a, struct sa_finding *f)
{
	const char *path = f->file;
	size_t rl = a->root ? strlen(a->root) : 0;

	while (rl && a->root[rl - 1] == '/')
		rl--;
	if (!f->member && a->dpkg) {
		if (rl && !strncmp(path, a->root, rl) && path[rl] == '/')
			path += rl;
		f->package = sa_dpkg_owner(a->dpkg, path);
	}
	sa_totals_add(&a->tot, f);
	if (a->sink) {
		if (a->sink(a->sink_ctx, f))
			a->write_failed = true;
		return;
	}
	if (sa_finding_print(stdout, a->fmt, f))
		a->write_failed = true;
}

void sa_audit_hit(struct sa_audit *a, const char *file, const char *member,
		  const struct sa_hit *h)
{
	struct sa_finding f = {
		.file = file,
		.member = member,
		.line = h->line,
		.col = h->col,
		.offset = h->offset,
		.kind = h->kind,
		.key = h->key,
		.severity = h->sev,
		.message = h->message,
		.replacement = h->replacement,
		.confidence = h->confidence,
	};

	if (h->abi) {
		f.abi_what = h->abi_what;
		f.abi_file = h->abi->file;
		f.abi_date = h->abi->date;
		f.abi_kernel = h->abi->kernel_version;
	}
	sa_audit_report(a, &f);
}

static void rules_file(struct sa_audit *a, const char *path, const struct sa_root *root)
{
	char *buf;
	size_t len;
	int err;

	if (sa_rules_masked(root, path))
		return;
	err = sa_slurp_at(root, path, SA_RULES_MAX, &buf, &len);
	if (err) {
		sa_audit_unread(a, path, err);
		return;
	}
	a->tot.files++;
	sa_audit_rules(a, path, NULL, buf, len, NULL, NULL);
	free(buf);
}

static int on_rules_file(const char *path, const struct sa_root *root, void *ctx)
{
	rules_file(ctx, path, root);
	return 0;
}

static void on_rules_dir_error(const char *path, int err, void *ctx)
{
	sa_audit_bad_input(ctx, path, NULL, "%s", strerror(err));
}

void sa_audit_walk_init(struct sa_rules_walk *w, struct sa_audit *a)
{
	memset(w, 0, sizeof(*w));
	w->on_file = on_rules_file;
	w->on_error = on_rules_dir_error;
	w->ctx = a;
	w->root = a->rootfs;
}

void sa_audit_rules_defaults(struct sa_audit *a, const char *root)
{
	struct sa_rules_walk w;

	sa_audit_walk_init(&w, a);
	sa_rules_walk_defaults(&w, root);
	sa_rules_walk_free(&w);
}

/* One line on stderr: names and messages from the input are escaped. */
static void vmessage(const char *file, const char *member, const char *fmt, va_list ap)
{
	fputs("sysfs-audit: ", stderr);
	sa_esc_fputs(stderr, file, SA_ESC_TEXT);
	if (member) {
		fputc('(', stderr);
		sa_esc_fputs(stderr, member, SA_ESC_TEXT);
		fputc(')', stderr);
	}
	fputs(": ", stderr);
	sa_esc_vprint(stderr, fmt, ap);
	fputc('\n', stderr);
}

void sa_audit_message(const char *file, const char *member, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(file, member, fmt, ap);
	va_end(ap);
}

void sa_audit_bad_input(struct sa_audit *a, const char *file, const char *member,
			const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(file, member, fmt, ap);
	va_end(ap);
	a->tot.unreadable++;
}

void sa_audit_unread(struct sa_audit *a, const char *file, int err)
{
	sa_audit_message(file, NULL, "%s", sa_slurp_strerror(err));
	if (SA_IS_SPECIAL(err))
		a->tot.special++;
	else
		a->tot.unreadable++;
}

void sa_audit_self(struct sa_audit *a, const char *file, const char *member)
{
	sa_audit_message(file, member, "sysfs-audit itself (the running executable, byte for "
			 "byte): skipped");
	a->tot.self++;
}

void sa_audit_limit(struct sa_audit *a, const char *file, const char *member,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(file, member, fmt, ap);
	va_end(ap);
	a->tot.limited++;
}

enum sa_audit_end sa_audit_end(const struct sa_audit *a)
{
	if (a->write_failed)
		return SA_AUDIT_WRITE_FAILED;
	if (a->budget && a->budget->spent)
		return SA_AUDIT_BUDGET_SPENT;
	if (a->tot.unreadable || a->tot.special)
		return SA_AUDIT_UNREADABLE;
	if (a->tot.limited)
		return SA_AUDIT_LIMITED;
	if (a->fail_on) {
		int met = sa_gate(&(struct sa_gate_counts){ .findings = a->tot.findings,
							    .obsolete = a->tot.obsolete },
				  a->fail_on);

		return met == SA_FAIL_OBSOLETE ? SA_AUDIT_GATED_OBSOLETE :
		       met ? SA_AUDIT_GATED : SA_AUDIT_CLEAN;
	}
	/* names of obsolete ABI are suspects: reported, gated only on request */
	return a->tot.findings ? SA_AUDIT_FOUND : SA_AUDIT_CLEAN;
}

/* Parse errors shown per file; binary junk would give one per line. */
#define MAX_PARSE_ERRORS 5

struct rules_ctx {
	struct sa_audit *a;
	bool legacy_file;
	unsigned long parse_errors;
	const char *file, *member;
	sa_prog_cb progs;
	void *pctx;
	struct sa_abi_names names;	/* the file's names of obsolete ABI */
};

static int on_abi_hit(const struct sa_hit *h, void *ctx)
{
	struct rules_ctx *c = ctx;

	sa_audit_hit(c->a, c->file, c->member, h);
	return 0;
}

static int on_issue(const struct sa_rule *r, const struct sa_rule_issue *is, void *ctx)
{
	struct rules_ctx *c = ctx;
	struct sa_finding f = {
		.file = c->file,
		.member = c->member,
		.line = r->line,
		.col = is->col,
		.offset = -1,
		.kind = is->kind,
		.key = is->key,
		.severity = is->sev,
		.message = is->message,
		.replacement = is->replacement[0] ? is->replacement : NULL,
	};

	sa_audit_report(c->a, &f);
	return 0;
}

static int on_rule(const struct sa_rule *r, void *ctx)
{
	struct rules_ctx *c = ctx;
	int err;

	if (r->udev_skips) {
		/* never capped: each is a rule (or the rest of a file) udev does not apply */
		sa_audit_bad_input(c->a, c->file, c->member, "line %lu: %s", r->line,
				   r->udev_skips);
		if (!r->len)
			return 0;
	}
	if (r->error && !c->parse_errors++)
		sa_audit_bad_input(c->a, c->file, c->member, "line %lu, column %zu: %s; the rest "
				   "of this rule is not checked", r->line, r->error_col, r->error);
	else if (r->error && c->parse_errors <= MAX_PARSE_ERRORS)
		sa_audit_message(c->file, c->member, "line %lu, column %zu: %s; the rest of this "
				 "rule is not checked", r->line, r->error_col, r->error);
	err = sa_rules_classify(r, c->legacy_file, on_issue, c);
	if (!err && c->a->abi)
		err = sa_rules_abi(r, c->a->abi, &c->names, on_abi_hit, c);
	if (!err && c->progs)
		err = sa_rule_programs(r, c->progs, c->pctx);
	return err;
}

static int is_legacy(const struct sa_rule *r, void *ctx)
{
	struct rules_ctx *c = ctx;

	if (!sa_rule_is_legacy(r))
		return 0;
	c->legacy_file = true;
	return 1;	/* stop: one is enough */
}

int sa_audit_rules(struct sa_audit *a, const char *file, const char *member, const char *buf,
		   size_t len, sa_prog_cb progs, void *pctx)
{
	struct rules_ctx c = { a, false, 0, file, member, progs, pctx, { .n = 0 } };
	int err = sa_rules_parse(buf, len, is_legacy, &c);

	/* first pass: is this a file written for the old udev? */
	if (!err || err == 1)
		err = sa_rules_parse(buf, len, on_rule, &c);
	if (!err || err == 1)
		sa_abi_hit_more(&c.names, on_abi_hit, &c);
	if (c.parse_errors > MAX_PARSE_ERRORS)
		sa_audit_message(file, member, "%lu more rules that do not parse",
				 c.parse_errors - MAX_PARSE_ERRORS);

	if (err == -ENOMEM)
		sa_audit_bad_input(a, file, member, "out of memory while parsing");
	return err;
}
