// SPDX-License-Identifier: GPL-2.0
/*
 * One host's report: built from events, written and read back with json-c.
 * The reader trusts nothing: every member it uses is type-checked and a
 * failure names the member (docs/report-format.md is the schema).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "common.h"
#include "report_model.h"
#include "tracer.h"

const char *const sa_link_kind_names[SA_LK_N] = {
	[SA_LK_CLASSDIR] = "class_directory",
	[SA_LK_DEVICE] = "device",
	[SA_LK_CLASSNAME] = "class_name",
	[SA_LK_BUS] = "bus",
};

/* The same classification as the stream summary (report.c). */
enum sa_link_kind sa_link_kind_of(const char *n)
{
	if (!strcmp(n, "device"))
		return SA_LK_DEVICE;
	if (!strcmp(n, "bus"))
		return SA_LK_BUS;
	if (strchr(n, ':'))
		return SA_LK_CLASSNAME;
	return SA_LK_CLASSDIR;
}

static unsigned long long sat_add(unsigned long long a, unsigned long long b)
{
	unsigned long long s;

	return __builtin_add_overflow(a, b, &s) ? ~0ULL : s;
}

int sa_report_init(struct sa_report *r, const char *tool_version)
{
	memset(r, 0, sizeof(*r));
	r->major = SA_REPORT_MAJOR;
	r->minor = SA_REPORT_MINOR;
	r->tool_version = strdup(tool_version ? tool_version : "unknown");
	r->sample = json_object_new_array();
	return r->tool_version && r->sample ? 0 : -ENOMEM;
}

static void need_table_free(struct sa_need_table *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].name);
	free(t->v);
}

void sa_report_free(struct sa_report *r)
{
	free(r->tool_version);
	free(r->hostname);
	free(r->machine_id);
	free(r->boot_id);
	free(r->kernel);
	free(r->attach);
	need_table_free(&r->by_subsystem);
	need_table_free(&r->by_bus);
	need_table_free(&r->by_driver);
	for (size_t i = 0; i < r->npaths; i++) {
		free(r->paths[i].path);
		free(r->paths[i].kind);
	}
	free(r->paths);
	sa_hindex_free(&r->paths_index);
	json_object_put(r->summary_json);
	json_object_put(r->sample);
	json_object_put(r->coldplug);
	for (size_t i = 0; i < r->ndeps; i++) {
		struct sa_dependent *d = &r->deps[i];

		free(d->executable);
		free(d->comm);
		free(d->package);
		free(d->kind);
		free(d->confidence);
		free(d->path);
		free(d->legacy);
		free(d->replacement);
		free(d->pids);
	}
	free(r->deps);
	for (size_t i = 0; i < r->nfindings; i++) {
		struct sa_finding *f = &r->findings[i];

		free(f->file);
		free(f->kind);
		free(f->key);
		free(f->severity);
		free(f->message);
		free(f->package);
	}
	free(r->findings);
	memset(r, 0, sizeof(*r));
}

/* The first line of FILE without its newline, or NULL. */
static char *read_line(const char *file)
{
	char buf[256];
	FILE *f = fopen(file, "re");
	char *ok;

	if (!f)
		return NULL;
	ok = fgets(buf, sizeof(buf), f);
	fclose(f);
	if (!ok)
		return NULL;
	buf[strcspn(buf, "\n")] = '\0';
	return *buf ? strdup(buf) : NULL;
}

int sa_report_identify(struct sa_report *r)
{
	struct utsname u;

	if (uname(&u))
		return -errno;
	r->hostname = strdup(u.nodename);
	r->kernel = strdup(u.release);
	r->machine_id = read_line("/etc/machine-id");
	if (!r->machine_id)
		r->machine_id = read_line("/var/lib/dbus/machine-id");
	r->boot_id = read_line("/proc/sys/kernel/random/boot_id");
	return r->hostname && r->kernel ? 0 : -ENOMEM;
}

/* ---- building ------------------------------------------------------------ */

/* The entry for @name, created if there is room, else the table's "(other)". */
static struct sa_need *need_get(struct sa_need_table *t, const char *name)
{
	struct sa_need *n;

	if (!strcmp(name, "(other)"))
		return &t->other;
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->v[i].name, name))
			return &t->v[i];
	if (t->n == SA_REPORT_MAX_GROUPS)
		return &t->other;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		struct sa_need *v = realloc(t->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		t->v = v;
		t->cap = cap;
	}
	n = &t->v[t->n];
	memset(n, 0, sizeof(*n));
	n->name = strdup(name);
	if (!n->name)
		return NULL;
	t->n++;
	return n;
}

void sa_need_add(struct sa_need *d, const struct sa_need *s)
{
	d->events = sat_add(d->events, s->events);
	d->physpath = sat_add(d->physpath, s->physpath);
	d->physbus = sat_add(d->physbus, s->physbus);
	d->physdrv = sat_add(d->physdrv, s->physdrv);
	for (int k = 0; k < SA_LK_N; k++)
		d->links[k] = sat_add(d->links[k], s->links[k]);
}

static int need_account(struct sa_need_table *t, const char *name, const struct sa_need *one)
{
	struct sa_need *n = need_get(t, name && *name ? name : "(none)");

	if (!n)
		return -ENOMEM;
	sa_need_add(n, one);
	return 0;
}

struct path_key {
	const struct sa_report *r;
	const char *path, *kind;
};

static bool path_eq(const void *ctx, size_t row)
{
	const struct path_key *k = ctx;

	return !strcmp(k->r->paths[row].path, k->path) && !strcmp(k->r->paths[row].kind, k->kind);
}

static int path_account(struct sa_report *r, const char *path, const char *kind,
			unsigned long long count)
{
	struct path_key k = { r, path, kind };
	uint64_t h = sa_hash_str(sa_hash_str(SA_HASH_INIT, path), kind);
	struct sa_path_need *p;
	long i = sa_hindex_find(&r->paths_index, h, path_eq, &k);

	if (i >= 0) {
		r->paths[i].count = sat_add(r->paths[i].count, count);
		return 0;
	}
	if (r->npaths == SA_REPORT_MAX_PATHS) {
		r->paths_other = sat_add(r->paths_other, count);
		return 0;
	}
	if (r->npaths == r->paths_cap) {
		size_t cap = r->paths_cap ? r->paths_cap * 2 : 32;
		struct sa_path_need *v = realloc(r->paths, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		r->paths = v;
		r->paths_cap = cap;
	}
	p = &r->paths[r->npaths];
	p->path = strdup(path);
	p->kind = strdup(kind);
	p->count = count;
	if (!p->path || !p->kind || sa_hindex_add(&r->paths_index, h, r->npaths)) {
		free(p->path);
		free(p->kind);
		return -ENOMEM;
	}
	r->npaths++;
	return 0;
}

int sa_report_add_event(struct sa_report *r, const struct sa_ctx *c, const struct sa_legacy *l)
{
	struct sa_need one = { .events = 1 };
	char path[4096];
	int err;

	sa_summary_add(&r->summary, c, l);
	one.physpath = !!l->physdevpath;
	one.physbus = !!l->physdevbus;
	one.physdrv = !!l->physdevdriver;
	for (int i = 0; i < l->nlinks; i++)
		one.links[sa_link_kind_of(l->links[i].name)]++;
	err = need_account(&r->by_subsystem, c->subsystem, &one);
	if (!err)
		err = need_account(&r->by_bus, l->physdevbus, &one);
	if (!err)
		err = need_account(&r->by_driver, l->physdevdriver, &one);
	if (!err && l->exists && l->devpath)
		err = path_account(r, l->devpath, "devpath", 1);
	for (int i = 0; !err && i < l->nlinks; i++) {
		snprintf(path, sizeof(path), "%s/%s", l->links[i].dir, l->links[i].name);
		err = path_account(r, path, sa_link_kind_names[sa_link_kind_of(l->links[i].name)], 1);
	}
	if (!err && json_object_array_length(r->sample) < SA_REPORT_MAX_SAMPLE)
		err = json_object_array_add(r->sample, sa_row_json(c, l)) ? -ENOMEM : 0;
	return err;
}

/* ---- writing ------------------------------------------------------------- */

void sa_time_format(time_t t, char *buf, size_t len)
{
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "1970-01-01T00:00:00Z");
}

int sa_time_parse(const char *s, time_t *out)
{
	struct tm tm = {};
	const char *end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);

	if (!end || *end)
		return -EINVAL;
	*out = timegm(&tm);
	return *out == (time_t)-1 ? -EINVAL : 0;
}

static void add_str(json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v ? json_object_new_string(v) : json_object_new_null());
}

static void add_u64(json_object *o, const char *k, unsigned long long v)
{
	json_object_object_add(o, k, json_object_new_uint64(v));
}

static void add_time(json_object *o, const char *k, time_t t)
{
	char buf[32];

	if (!t) {
		json_object_object_add(o, k, json_object_new_null());
		return;
	}
	sa_time_format(t, buf, sizeof(buf));
	add_str(o, k, buf);
}

static json_object *need_json(const struct sa_need *n)
{
	json_object *o = json_object_new_object(), *links = json_object_new_object();

	add_u64(o, "events", n->events);
	add_u64(o, "PHYSDEVPATH", n->physpath);
	add_u64(o, "PHYSDEVBUS", n->physbus);
	add_u64(o, "PHYSDEVDRIVER", n->physdrv);
	for (int k = 0; k < SA_LK_N; k++)
		add_u64(links, sa_link_kind_names[k], n->links[k]);
	json_object_object_add(o, "links", links);
	return o;
}

static json_object *need_table_json(const struct sa_need_table *t)
{
	json_object *o = json_object_new_object();

	for (size_t i = 0; i < t->n; i++)
		json_object_object_add(o, t->v[i].name, need_json(&t->v[i]));
	if (t->other.events)
		json_object_object_add(o, "(other)", need_json(&t->other));
	return o;
}

json_object *sa_report_to_json(const struct sa_report *r)
{
	json_object *o = json_object_new_object(), *x, *a;
	char ver[32];

	add_str(o, "format", SA_REPORT_FORMAT);
	snprintf(ver, sizeof(ver), "%d.%d", SA_REPORT_MAJOR, SA_REPORT_MINOR);
	add_str(o, "version", ver);

	x = json_object_new_object();
	add_str(x, "name", "sysfs-audit");
	add_str(x, "version", r->tool_version);
	json_object_object_add(o, "tool", x);

	x = json_object_new_object();
	add_str(x, "hostname", r->hostname);
	add_str(x, "machine_id", r->machine_id);
	add_str(x, "boot_id", r->boot_id);
	add_str(x, "kernel", r->kernel);
	json_object_object_add(o, "host", x);

	add_str(o, "attach", r->attach);
	x = json_object_new_object();
	add_time(x, "start", r->start);
	add_time(x, "end", r->end);
	add_u64(x, "duration_s", r->end > r->start ? (unsigned long long)(r->end - r->start) : 0);
	json_object_object_add(o, "span", x);

	x = json_object_new_object();
	add_u64(x, "seen", r->seen);
	add_u64(x, "lost", r->lost);
	add_u64(x, "emitted", r->emitted);
	add_u64(x, "unread", r->unread);
	add_u64(x, "skipped", r->skipped);
	add_u64(x, "malformed", r->malformed);
	json_object_object_add(o, "events", x);

	if (r->summary_json) {
		json_object_object_add(o, "summary", json_object_get(r->summary_json));
	} else {
		struct sa_trace_stats st = {
			.seen = r->seen, .emitted = r->emitted, .lost = r->lost,
			.consumed = r->summary.events, .unread = r->unread,
			.skipped = r->skipped, .malformed = r->malformed,
		};

		json_object_object_add(o, "summary", sa_summary_json(&r->summary, r->attach, &st));
	}

	x = json_object_new_object();
	json_object_object_add(x, "by_subsystem", need_table_json(&r->by_subsystem));
	json_object_object_add(x, "by_bus", need_table_json(&r->by_bus));
	json_object_object_add(x, "by_driver", need_table_json(&r->by_driver));
	a = json_object_new_array();
	for (size_t i = 0; i < r->npaths; i++) {
		json_object *p = json_object_new_object();

		add_str(p, "path", r->paths[i].path);
		add_str(p, "kind", r->paths[i].kind);
		add_u64(p, "count", r->paths[i].count);
		json_object_array_add(a, p);
	}
	json_object_object_add(x, "paths", a);
	add_u64(x, "paths_other", r->paths_other);
	json_object_object_add(o, "needs", x);

	json_object_object_add(o, "sample", json_object_get(r->sample));
	json_object_object_add(o, "coldplug", r->coldplug ? json_object_get(r->coldplug) :
			       json_object_new_null());

	a = json_object_new_array();
	for (size_t i = 0; i < r->ndeps; i++) {
		const struct sa_dependent *d = &r->deps[i];
		json_object *p = json_object_new_object(), *pids = json_object_new_array();

		add_str(p, "type", "dependent");
		add_str(p, "executable", d->executable);
		add_str(p, "comm", d->comm);
		add_str(p, "package", d->package);
		add_str(p, "kind", d->kind);
		add_str(p, "confidence", d->confidence);
		add_str(p, "path", d->path);
		add_str(p, "legacy", d->legacy);
		add_str(p, "replacement", d->replacement);
		add_u64(p, "count", d->count);
		add_time(p, "first", d->first);
		add_time(p, "last", d->last);
		for (size_t j = 0; j < d->npids; j++)
			json_object_array_add(pids, json_object_new_int64(d->pids[j]));
		json_object_object_add(p, "pids", pids);
		json_object_array_add(a, p);
	}
	json_object_object_add(o, "dependents", a);

	a = json_object_new_array();
	for (size_t i = 0; i < r->nfindings; i++) {
		const struct sa_finding *f = &r->findings[i];
		json_object *p = json_object_new_object();

		add_str(p, "type", "finding");
		add_str(p, "file", f->file);
		json_object_object_add(p, "line", f->line ? json_object_new_int64(f->line) :
				       json_object_new_null());
		add_str(p, "kind", f->kind);
		add_str(p, "key", f->key);
		add_str(p, "severity", f->severity);
		add_str(p, "message", f->message);
		add_str(p, "package", f->package);
		json_object_array_add(a, p);
	}
	json_object_object_add(o, "findings", a);
	return o;
}

/* ---- reading ------------------------------------------------------------- */

struct pctx {
	char *err;
	size_t errlen;
};

static int __attribute__((format(printf, 2, 3))) bad(struct pctx *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, p->errlen, fmt, ap);
	va_end(ap);
	return EXIT_REPORT_INVALID;
}

static int oom(struct pctx *p)
{
	snprintf(p->err, p->errlen, "out of memory");
	return EXIT_FAIL;
}

/* @k in object @o, or NULL (absent). A JSON null is returned as NULL too. */
static json_object *member(json_object *o, const char *k)
{
	json_object *v = NULL;

	json_object_object_get_ex(o, k, &v);
	return v;
}

enum { OPT = 0, REQ = 1 };

static int get_obj(struct pctx *p, json_object *o, const char *where, const char *k, int req,
		   json_object **out)
{
	json_object *v = member(o, k);

	*out = NULL;
	if (!v) {
		if (req)
			return bad(p, "%s%s%s: missing (an object is required)", where,
				   *where ? "." : "", k);
		return 0;
	}
	if (!json_object_is_type(v, json_type_object))
		return bad(p, "%s%s%s: expected an object", where, *where ? "." : "", k);
	*out = v;
	return 0;
}

static int get_arr(struct pctx *p, json_object *o, const char *where, const char *k,
		   json_object **out)
{
	json_object *v = member(o, k);

	if (!v || !json_object_is_type(v, json_type_array))
		return bad(p, "%s%s%s: %s", where, *where ? "." : "", k,
			   v ? "expected an array" : "missing (an array is required)");
	if (json_object_array_length(v) > SA_REPORT_MAX_LIST)
		return bad(p, "%s%s%s: more than %d entries", where, *where ? "." : "", k,
			   SA_REPORT_MAX_LIST);
	*out = v;
	return 0;
}

/* A string member; REQ: must be present and non-null. Absent/null gives NULL. */
static int get_str(struct pctx *p, json_object *o, const char *where, const char *k, int req,
		   char **out)
{
	json_object *v = member(o, k);

	*out = NULL;
	if (!v || json_object_is_type(v, json_type_null)) {
		if (req)
			return bad(p, "%s%s%s: missing (a string is required)", where,
				   *where ? "." : "", k);
		return 0;
	}
	if (!json_object_is_type(v, json_type_string))
		return bad(p, "%s%s%s: expected a string", where, *where ? "." : "", k);
	*out = strdup(json_object_get_string(v));
	return *out ? 0 : oom(p);
}

static int as_u64(struct pctx *p, json_object *v, const char *where, const char *k,
		  unsigned long long *out)
{
	if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0)
		return bad(p, "%s%s%s: expected a non-negative integer", where, *where ? "." : "", k);
	errno = 0;
	*out = json_object_get_uint64(v);
	return 0;
}

static int get_u64(struct pctx *p, json_object *o, const char *where, const char *k, int req,
		   unsigned long long *out)
{
	json_object *v = member(o, k);

	*out = 0;
	if (!v) {
		if (req)
			return bad(p, "%s%s%s: missing (an integer is required)", where,
				   *where ? "." : "", k);
		return 0;
	}
	return as_u64(p, v, where, k, out);
}

static int get_time(struct pctx *p, json_object *o, const char *where, const char *k, int req,
		    time_t *out)
{
	char *s;
	int err = get_str(p, o, where, k, req, &s);

	*out = 0;
	if (err || !s)
		return err;
	if (sa_time_parse(s, out))
		err = bad(p, "%s.%s: '%.40s' is not a UTC time like 2026-12-03T08:00:00Z", where,
			  k, s);
	free(s);
	return err;
}

static int parse_need(struct pctx *p, json_object *v, const char *where, struct sa_need *n)
{
	json_object *links;
	int err;

	if (!json_object_is_type(v, json_type_object))
		return bad(p, "%s: expected an object", where);
	if ((err = get_u64(p, v, where, "events", REQ, &n->events)) ||
	    (err = get_u64(p, v, where, "PHYSDEVPATH", REQ, &n->physpath)) ||
	    (err = get_u64(p, v, where, "PHYSDEVBUS", REQ, &n->physbus)) ||
	    (err = get_u64(p, v, where, "PHYSDEVDRIVER", REQ, &n->physdrv)) ||
	    (err = get_obj(p, v, where, "links", REQ, &links)))
		return err;
	for (int k = 0; k < SA_LK_N; k++)
		if ((err = get_u64(p, links, where, sa_link_kind_names[k], REQ, &n->links[k])))
			return err;
	return 0;
}

static int parse_need_table(struct pctx *p, json_object *needs, const char *k,
			    struct sa_need_table *t)
{
	json_object *o;
	char where[128];
	int err = get_obj(p, needs, "needs", k, REQ, &o);

	if (err)
		return err;
	json_object_object_foreach(o, name, v) {
		struct sa_need n = {}, *d;

		snprintf(where, sizeof(where), "needs.%s.%.60s", k, name);
		if ((err = parse_need(p, v, where, &n)))
			return err;
		if (!(d = need_get(t, name)))
			return oom(p);
		sa_need_add(d, &n);
	}
	return 0;
}

static int parse_paths(struct pctx *p, json_object *needs, struct sa_report *r)
{
	json_object *a;
	char where[64];
	int err = get_arr(p, needs, "needs", "paths", &a);

	if (err)
		return err;
	for (size_t i = 0; i < json_object_array_length(a); i++) {
		json_object *e = json_object_array_get_idx(a, i);
		char *path = NULL, *kind = NULL;
		unsigned long long count;

		snprintf(where, sizeof(where), "needs.paths[%zu]", i);
		if (!json_object_is_type(e, json_type_object))
			return bad(p, "%s: expected an object", where);
		if (!(err = get_str(p, e, where, "path", REQ, &path)) &&
		    !(err = get_str(p, e, where, "kind", REQ, &kind)) &&
		    !(err = get_u64(p, e, where, "count", REQ, &count)))
			err = path_account(r, path, kind, count) ? oom(p) : 0;
		free(path);
		free(kind);
		if (err)
			return err;
	}
	return get_u64(p, needs, "needs", "paths_other", OPT, &r->paths_other);
}

static int parse_dependent(struct pctx *p, json_object *e, const char *where,
			   struct sa_dependent *d)
{
	json_object *pids;
	int err;

	if (!json_object_is_type(e, json_type_object))
		return bad(p, "%s: expected an object", where);
	if ((err = get_str(p, e, where, "executable", REQ, &d->executable)) ||
	    (err = get_str(p, e, where, "comm", OPT, &d->comm)) ||
	    (err = get_str(p, e, where, "package", OPT, &d->package)) ||
	    (err = get_str(p, e, where, "kind", REQ, &d->kind)) ||
	    (err = get_str(p, e, where, "confidence", OPT, &d->confidence)) ||
	    (err = get_str(p, e, where, "path", OPT, &d->path)) ||
	    (err = get_str(p, e, where, "legacy", OPT, &d->legacy)) ||
	    (err = get_str(p, e, where, "replacement", OPT, &d->replacement)) ||
	    (err = get_u64(p, e, where, "count", REQ, &d->count)) ||
	    (err = get_time(p, e, where, "first", OPT, &d->first)) ||
	    (err = get_time(p, e, where, "last", OPT, &d->last)))
		return err;
	pids = member(e, "pids");
	if (!pids)
		return 0;
	if ((err = get_arr(p, e, where, "pids", &pids)))
		return err;
	d->pids = calloc(json_object_array_length(pids) + 1, sizeof(*d->pids));
	if (!d->pids)
		return oom(p);
	for (size_t j = 0; j < json_object_array_length(pids); j++) {
		json_object *v = json_object_array_get_idx(pids, j);

		if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) <= 0)
			return bad(p, "%s.pids[%zu]: expected a positive integer", where, j);
		d->pids[d->npids++] = json_object_get_int64(v);
	}
	return 0;
}

static int parse_finding(struct pctx *p, json_object *e, const char *where, struct sa_finding *f)
{
	json_object *line;
	int err;

	if (!json_object_is_type(e, json_type_object))
		return bad(p, "%s: expected an object", where);
	if ((err = get_str(p, e, where, "file", REQ, &f->file)) ||
	    (err = get_str(p, e, where, "kind", REQ, &f->kind)) ||
	    (err = get_str(p, e, where, "key", OPT, &f->key)) ||
	    (err = get_str(p, e, where, "severity", REQ, &f->severity)) ||
	    (err = get_str(p, e, where, "message", REQ, &f->message)) ||
	    (err = get_str(p, e, where, "package", OPT, &f->package)))
		return err;
	line = member(e, "line");
	if (line && !json_object_is_type(line, json_type_null)) {
		if (!json_object_is_type(line, json_type_int) || json_object_get_int64(line) <= 0)
			return bad(p, "%s.line: expected a positive integer or null", where);
		f->line = json_object_get_int64(line);
	}
	return 0;
}

static int parse_lists(struct pctx *p, json_object *o, struct sa_report *r)
{
	json_object *a;
	char where[64];
	size_t n;
	int err;

	if ((err = get_arr(p, o, "", "dependents", &a)))
		return err;
	n = json_object_array_length(a);
	r->deps = calloc(n + 1, sizeof(*r->deps));
	if (!r->deps)
		return oom(p);
	for (size_t i = 0; i < n; i++) {
		snprintf(where, sizeof(where), "dependents[%zu]", i);
		r->ndeps++;
		if ((err = parse_dependent(p, json_object_array_get_idx(a, i), where,
					   &r->deps[i])))
			return err;
	}
	if ((err = get_arr(p, o, "", "findings", &a)))
		return err;
	n = json_object_array_length(a);
	r->findings = calloc(n + 1, sizeof(*r->findings));
	if (!r->findings)
		return oom(p);
	for (size_t i = 0; i < n; i++) {
		snprintf(where, sizeof(where), "findings[%zu]", i);
		r->nfindings++;
		if ((err = parse_finding(p, json_object_array_get_idx(a, i), where,
					 &r->findings[i])))
			return err;
	}
	return 0;
}

/* "summary" and "coldplug" share the stream's summary object. */
static int check_summary(struct pctx *p, json_object *v, const char *k)
{
	json_object *t;

	if (!json_object_is_type(v, json_type_object))
		return bad(p, "%s: expected an object", k);
	t = member(v, "type");
	if (!t || !json_object_is_type(t, json_type_string) ||
	    strcmp(json_object_get_string(t), "summary"))
		return bad(p, "%s: not a summary object (\"type\": \"summary\")", k);
	return 0;
}

static int parse_version(struct pctx *p, json_object *o, struct sa_report *r)
{
	json_object *f = member(o, "format"), *v = member(o, "version");
	const char *s;
	char *end;
	long major, minor;

	if (!f || !json_object_is_type(f, json_type_string) ||
	    strcmp(json_object_get_string(f), SA_REPORT_FORMAT))
		return bad(p, "not a sysfs-audit report (\"format\" is not \"%s\")",
			   SA_REPORT_FORMAT);
	if (!v || !json_object_is_type(v, json_type_string))
		return bad(p, "version: missing (a string \"MAJOR.MINOR\" is required)");
	s = json_object_get_string(v);
	errno = 0;
	major = strtol(s, &end, 10);
	if (errno || end == s || *s < '0' || *s > '9' || *end != '.' || major > 1000000)
		return bad(p, "version: '%.20s' is not MAJOR.MINOR", s);
	s = end + 1;
	minor = strtol(s, &end, 10);
	if (errno || end == s || *s < '0' || *s > '9' || *end || minor > 1000000)
		return bad(p, "version: '%.20s' is not MAJOR.MINOR", json_object_get_string(v));
	if (major > SA_REPORT_MAJOR) {
		snprintf(p->err, p->errlen,
			 "report format version %ld.%ld is newer than this tool reads (%d.x)",
			 major, minor, SA_REPORT_MAJOR);
		return EXIT_REPORT_VERSION;
	}
	if (major < SA_REPORT_MAJOR)
		return bad(p, "version %ld.%ld: no such report format version", major, minor);
	r->major = major;
	r->minor = minor;
	return 0;
}

static int parse_report(struct pctx *p, json_object *o, struct sa_report *r)
{
	json_object *x, *needs;
	int err;

	if (!json_object_is_type(o, json_type_object))
		return bad(p, "the document is not a JSON object");
	if ((err = parse_version(p, o, r)))
		return err;
	if ((err = get_obj(p, o, "", "tool", REQ, &x)) ||
	    (err = get_str(p, x, "tool", "version", REQ, &r->tool_version)) ||
	    (err = get_obj(p, o, "", "host", REQ, &x)) ||
	    (err = get_str(p, x, "host", "hostname", REQ, &r->hostname)) ||
	    (err = get_str(p, x, "host", "machine_id", OPT, &r->machine_id)) ||
	    (err = get_str(p, x, "host", "boot_id", OPT, &r->boot_id)) ||
	    (err = get_str(p, x, "host", "kernel", REQ, &r->kernel)) ||
	    (err = get_str(p, o, "", "attach", OPT, &r->attach)) ||
	    (err = get_obj(p, o, "", "span", REQ, &x)) ||
	    (err = get_time(p, x, "span", "start", REQ, &r->start)) ||
	    (err = get_time(p, x, "span", "end", REQ, &r->end)))
		return err;
	if (r->end < r->start)
		return bad(p, "span: end is before start");
	if ((err = get_obj(p, o, "", "events", REQ, &x)) ||
	    (err = get_u64(p, x, "events", "seen", REQ, &r->seen)) ||
	    (err = get_u64(p, x, "events", "lost", REQ, &r->lost)) ||
	    (err = get_u64(p, x, "events", "emitted", REQ, &r->emitted)) ||
	    (err = get_u64(p, x, "events", "unread", OPT, &r->unread)) ||
	    (err = get_u64(p, x, "events", "skipped", OPT, &r->skipped)) ||
	    (err = get_u64(p, x, "events", "malformed", OPT, &r->malformed)))
		return err;
	x = member(o, "summary");
	if (!x)
		return bad(p, "summary: missing (an object is required)");
	if ((err = check_summary(p, x, "summary")))
		return err;
	r->summary_json = json_object_get(x);
	x = member(o, "coldplug");
	if (x && !json_object_is_type(x, json_type_null)) {
		if ((err = check_summary(p, x, "coldplug")))
			return err;
		r->coldplug = json_object_get(x);
	}
	if ((err = get_arr(p, o, "", "sample", &x)))
		return err;
	for (size_t i = 0; i < json_object_array_length(x); i++)
		if (!json_object_is_type(json_object_array_get_idx(x, i), json_type_object))
			return bad(p, "sample[%zu]: expected an event object", i);
	json_object_put(r->sample);
	r->sample = json_object_get(x);
	if ((err = get_obj(p, o, "", "needs", REQ, &needs)) ||
	    (err = parse_need_table(p, needs, "by_subsystem", &r->by_subsystem)) ||
	    (err = parse_need_table(p, needs, "by_bus", &r->by_bus)) ||
	    (err = parse_need_table(p, needs, "by_driver", &r->by_driver)) ||
	    (err = parse_paths(p, needs, r)))
		return err;
	return parse_lists(p, o, r);
}

int sa_report_parse(const char *buf, size_t len, struct sa_report *r, char *err, size_t errlen)
{
	struct pctx p = { err, errlen };
	struct json_tokener *tok;
	enum json_tokener_error jerr;
	json_object *o;
	size_t used;
	int rc;

	memset(r, 0, sizeof(*r));
	snprintf(err, errlen, "unknown error");
	if (len == 0)
		return bad(&p, "empty file");
	if (len > (size_t)SA_REPORT_MAX_BYTES)
		return bad(&p, "too large (%zu bytes; the limit is %ld)", len, SA_REPORT_MAX_BYTES);
	if (memchr(buf, '\0', len))
		return bad(&p, "contains a NUL byte: not a JSON text");
	tok = json_tokener_new_ex(64);
	if (!tok)
		return oom(&p);
	o = json_tokener_parse_ex(tok, buf, (int)len);
	jerr = json_tokener_get_error(tok);
	used = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr == json_tokener_continue) {
		/* A bare number at the very end is complete only with a delimiter. */
		json_object_put(o);
		return bad(&p, "truncated: the JSON text ends before the report is complete");
	}
	if (jerr != json_tokener_success || !o)
		return bad(&p, "malformed JSON near byte %zu: %s", used,
			   json_tokener_error_desc(jerr));
	for (; used < len; used++)
		if (!strchr(" \t\r\n", buf[used])) {
			json_object_put(o);
			return bad(&p, "malformed JSON: data after the report at byte %zu", used);
		}
	rc = parse_report(&p, o, r);
	json_object_put(o);
	if (rc) {
		sa_report_free(r);
		return rc;
	}
	return 0;
}

int sa_report_read(const char *file, struct sa_report *r, char *err, size_t errlen)
{
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	ssize_t n;
	int fd, rc;

	memset(r, 0, sizeof(*r));
	fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		return EXIT_REPORT_UNREADABLE;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		bool stat_ok = !fstat(fd, &st);

		snprintf(err, errlen, "cannot read: %s", !stat_ok ? strerror(errno) :
			 S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		close(fd);
		return EXIT_REPORT_UNREADABLE;
	}
	if (st.st_size > SA_REPORT_MAX_BYTES) {
		snprintf(err, errlen, "too large (%lld bytes; the limit is %ld)",
			 (long long)st.st_size, SA_REPORT_MAX_BYTES);
		close(fd);
		return EXIT_REPORT_INVALID;
	}
	/* Read to EOF, never past the limit: the size may change under us. */
	buf = malloc(SA_REPORT_MAX_BYTES + 1);
	if (!buf) {
		close(fd);
		snprintf(err, errlen, "out of memory");
		return EXIT_FAIL;
	}
	while (len <= (size_t)SA_REPORT_MAX_BYTES &&
	       (n = read(fd, buf + len, SA_REPORT_MAX_BYTES + 1 - len)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "cannot read: %s", strerror(errno));
			free(buf);
			close(fd);
			return EXIT_REPORT_UNREADABLE;
		}
		len += n;
	}
	close(fd);
	rc = sa_report_parse(buf, len, r, err, errlen);
	free(buf);
	return rc;
}
