// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: what the loader does with a ring record, from its bytes
 * to the line it prints. The first byte picks the ring:
 *  - 0: a uevent record (bpf/sysfs_audit.h): decoded into a view (twice: the
 *    second must find the first; a cached record's reference too), printed
 *    as a table row and a JSON line, twice (the JSON writer reuses what it
 *    made of a view);
 *  - 1: a dependents' record (bpf/dep_records.h): unpacked, packed again
 *    (must give the same bytes), classified over a fake sysfs tree, turned
 *    into an identity, stored and printed as a live line in both formats.
 * A dependents' record carries another process's comm, argv, executable
 * and cgroup: whatever they hold, every line must be valid UTF-8, a table
 * line without control characters, and a JSON line must parse.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../host/unit/dep_pack.h"
#include "../host/unit/fake_sysfs.h"

#include "model/ctx.h"
#include "output/dep_out.h"
#include "output/escape.h"
#include "output/stream.h"
#include "deps/dep_classify.h"
#include "deps/dep_decode.h"
#include "deps/dep_store.h"
#include "trace/event.h"
#include "deps/identity.h"
#include "trace/views.h"

static struct sa_classifier cls;
static bool have_cls;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(root, sizeof(root), "/tmp/sa-fuzz-ring-XXXXXX");
	if (!mkdtemp(root))
		abort();
	mkdir_p("/class");
	mkdir_p("/bus");
	fake_sysfs_devices();
	have_cls = !sa_classifier_load(&cls, root);
	if (!have_cls)
		abort();
	return 0;
}

/* Every line of @buf valid UTF-8; @text: no C0, DEL or C1 but \n and \t; @json: each parses. */
static void check_lines(const char *what, char *buf, size_t len, bool text, bool json)
{
	size_t start = 0;

	for (size_t i = 0, n; i < len; i += n) {
		const unsigned char *c = (const unsigned char *)buf + i;

		n = sa_utf8_len(c, len - i);
		if (!n || (text && ((n == 1 && (c[0] < 0x20 || c[0] == 0x7f) && c[0] != '\n' &&
				     c[0] != '\t') || (n == 2 && c[0] == 0xc2 && c[1] < 0xa0)))) {
			fprintf(stderr, "%s: byte %zu (0x%02x) invalid in: %.*s\n", what, i,
				c[0], (int)len, buf);
			abort();
		}
		if (json && c[0] == '\n') {
			json_object *o;

			buf[i] = '\0';
			o = json_tokener_parse(buf + start);
			if (!o || !json_object_is_type(o, json_type_object)) {
				fprintf(stderr, "%s: not a JSON object: %s\n", what, buf + start);
				abort();
			}
			json_object_put(o);
			buf[i] = '\n';
			start = i + 1;
		}
	}
	if (json && start != len) {
		fprintf(stderr, "%s: a JSON line without its newline\n", what);
		abort();
	}
}

/* Run @call, which prints to f, into memory; check the lines; @buf is the caller's to free. */
#define CAPTURE(what, text, json, buf, len, call)				\
	do {								\
		FILE *f = open_memstream(&(buf), &(len));		\
									\
		if (!f)							\
			abort();					\
		(void)(call);						\
		if (fclose(f))						\
			abort();					\
		check_lines(what, buf, len, text, json);		\
	} while (0)

static void uevent(const uint8_t *data, size_t size)
{
	static union { struct sa_rec r; unsigned char b[SA_REC_MAX]; } rec;
	static struct sa_views *views;
	const struct sa_view *v, *again;
	struct sa_rec h;
	struct sa_ctx c;
	char *j1, *j2, *t;
	size_t l1, l2, lt;
	int err;

	if (size > sizeof(rec.b))
		return;
	/* The ring hands records 8-byte aligned. */
	memcpy(rec.b, data, size);
	/* Fresh per input, so that a crash does not depend on earlier ones. */
	sa_views_free(views);
	views = sa_views_new();
	if (!views)
		abort();
	v = sa_views_get(views, rec.b, size, &h, &err);
	if (!v) {
		/* -ENOENT: a reference to a build this table never saw. */
		if (err != -EINVAL && !(err == -ENOENT && (h.flags & SA_F_REF)))
			abort();
		return;
	}
	/* A cached record: a reference to its build must find its view. */
	if (h.flags & SA_F_CACHED) {
		static union { struct sa_rec r; unsigned char b[sizeof(struct sa_rec) +
							      sizeof(struct sa_ref)]; } ref;

		memcpy(ref.b, rec.b, sizeof(ref.r));
		memcpy(ref.b + sizeof(ref.r), rec.b + size - sizeof(struct sa_ref),
		       sizeof(struct sa_ref));
		ref.r.flags |= SA_F_REF;
		ref.r.size = sizeof(ref.b);
		if (sa_views_get(views, ref.b, sizeof(ref.b), &h, &err) != v)
			abort();
	}
	/* The same device in another event: its view again, not a new one. */
	rec.r.seqnum ^= 0x5a5a;
	rec.r.ts_ns += 1;
	again = sa_views_get(views, rec.b, size, &h, &err);
	if (again != v)
		abort();
	c = (struct sa_ctx){ .action = sa_action_name(h.action), .subsystem = v->subsystem,
			     .devpath = v->devpath, .devname = v->devname,
			     .source = sa_source_name(h.source), .seqnum = h.seqnum,
			     .sent = h.flags & SA_F_SENT, .ret = h.ret, .trunc = v->trunc,
			     .view = v->id, .ts_ns = h.ts_ns, .plain = v->plain };
	CAPTURE("json row", false, true, j1, l1, sa_print_row(f, SA_FMT_JSON, &c, &v->l));
	CAPTURE("json row again", false, true, j2, l2, sa_print_row(f, SA_FMT_JSON, &c, &v->l));
	/* What the writer kept of the view must print the same line. */
	if (l1 != l2 || memcmp(j1, j2, l1))
		abort();
	CAPTURE("table row", true, false, t, lt, sa_print_row(f, SA_FMT_TEXT, &c, &v->l));
	free(j1);
	free(j2);
	free(t);
}

static const struct sa_dependent *store_next(void *ctx, size_t *it)
{
	return sa_dep_store_next(ctx, it);
}

static void dependent(const uint8_t *data, size_t size)
{
	static unsigned char back[sizeof(struct sa_dep_rec)];
	static struct sa_dep_rec r;
	struct sa_dep_store_opts so = {};
	struct sa_dep_totals tot = {};
	const struct sa_dependent *d;
	struct sa_dep_verdict v;
	struct sa_ns_self self = {};
	struct sa_dep_store *s;
	struct sa_dep_obs obs;
	struct sa_ident id;
	char dir[SA_DEP_MAX_COMP * SA_DEP_COMP_LEN + 1], *buf;
	size_t len, o = 0;
	int err = 0;

	if (sa_dep_decode(data, size, &r))
		return;
	/* Accepted: every string fits its field, and packing gives the record back. */
	if (dep_pack(&r, back) != size || memcmp(back, data, size))
		abort();
	/* As dependents.c's on_record(): the directory outermost first. */
	dir[0] = '\0';
	for (int i = (int)r.ncomp - 1; i >= 0 && o < sizeof(dir); i--)
		o += snprintf(dir + o, sizeof(dir) - o, "/%s", r.comp[i]);
	obs = (struct sa_dep_obs){ .op = r.op, .dir = dir, .name = r.name,
				   .req = (r.flags & SA_DEP_F_NO_REQ) ? NULL : r.req,
				   .groups = r.groups };
	sa_dep_classify(&cls, &obs, &v);
	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, &r, "/nonexistent", &self);
	s = sa_dep_store_new(&so);
	if (!s)
		abort();
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "miss",
			     .req = obs.req, .groups = r.groups, .ts_ns = r.ts_ns,
			     .key = &r.key, .keylen = sizeof(r.key) }, &err);
	if (err == -ENOMEM)
		abort();
	if (d) {
		CAPTURE("live line", true, false, buf, len,
			sa_dep_print_live(f, SA_FMT_TEXT, d, &tot, false));
		free(buf);
		CAPTURE("live json", false, true, buf, len,
			sa_dep_print_live(f, SA_FMT_JSON, d, &tot, false));
		free(buf);
		sa_dep_store_sort(s);
		CAPTURE("summary", true, false, buf, len,
			sa_dep_print_summary(f, SA_FMT_TEXT, &tot, store_next, s));
		free(buf);
		CAPTURE("summary json", false, true, buf, len,
			sa_dep_print_summary(f, SA_FMT_JSON, &tot, store_next, s));
		free(buf);
	}
	sa_dep_store_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	if (data[0] == 0)
		uevent(data + 1, size - 1);
	else if (data[0] == 1)
		dependent(data + 1, size - 1);
	return 0;
}
