// SPDX-License-Identifier: GPL-2.0
/*
 * One host's report: built from events and written with json-c
 * (docs/report-format.md is the schema; report_read.c reads it back).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "common/common.h"
#include "reports/report_model.h"
#include "output/stream.h"
#include "output/escape.h"
#include "output/json_out.h"

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
		struct sa_report_dependent *d = &r->deps[i];

		free(d->executable);
		free(d->comm);
		free(d->package);
		free(d->kind);
		free(d->confidence);
		free(d->path);
		free(d->legacy);
		free(d->replacement);
		free(d->script);
		free(d->script_package);
		free(d->rule);
		free(d->why);
		free(d->unit);
		free(d->cgroup);
		free(d->namespaces);
		free(d->argv);
		for (int k = 0; k < SA_REPORT_DEP_EXAMPLES; k++)
			free(d->examples[k]);
		free(d->pids);
		free(d->phase);
	}
	free(r->deps);
	for (size_t i = 0; i < r->nfindings; i++) {
		struct sa_report_finding *f = &r->findings[i];

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
struct sa_need *sa_need_get(struct sa_need_table *t, const char *name)
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

static int need_account(struct sa_need_table *t, const char *name, const struct sa_need *one)
{
	struct sa_need *n = sa_need_get(t, name && *name ? name : "(none)");

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

int sa_report_add_path(struct sa_report *r, const char *path, const char *kind,
		       unsigned long long count)
{
	struct path_key k = { r, path, kind };
	uint64_t h = sa_hash_str(sa_hash_str(SA_HASH_INIT, path), kind);
	struct sa_path_need *p;
	long i = sa_hindex_find(&r->paths_index, h, path_eq, &k);

	if (i >= 0) {
		r->paths[i].count = sa_sat_add(r->paths[i].count, count);
		return 0;
	}
	if (r->npaths == SA_REPORT_MAX_PATHS) {
		r->paths_other = sa_sat_add(r->paths_other, count);
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
	for (int k = 0; k < SA_KEY_N; k++)
		one.keys[k] = !!l->key[k];
	for (int i = 0; i < l->nlinks; i++)
		one.links[sa_link_kind_of(l->links[i].name)]++;
	err = need_account(&r->by_subsystem, c->subsystem, &one);
	if (!err)
		err = need_account(&r->by_bus, l->key[SA_KEY_PHYSDEVBUS], &one);
	if (!err)
		err = need_account(&r->by_driver, l->key[SA_KEY_PHYSDEVDRIVER], &one);
	if (!err && l->exists && l->devpath)
		err = sa_report_add_path(r, l->devpath, "devpath", 1);
	for (int i = 0; !err && i < l->nlinks; i++) {
		snprintf(path, sizeof(path), "%s/%s", l->links[i].dir, l->links[i].name);
		err = sa_report_add_path(r, path, sa_link_kinds[sa_link_kind_of(l->links[i].name)].name, 1);
	}
	if (!err && json_object_array_length(r->sample) < SA_REPORT_MAX_SAMPLE) {
		json_object *row = sa_row_json(c, l);

		if (!row || json_object_array_add(r->sample, row)) {
			json_object_put(row);
			err = -ENOMEM;
		}
	}
	return err;
}

/* ---- writing ------------------------------------------------------------- */

static json_object *need_json(const struct sa_need *n)
{
	json_object *o = json_object_new_object(), *links = json_object_new_object();

	sa_json_add_u64(o, "events", n->events);
	for (int k = 0; k < SA_KEY_N; k++)
		sa_json_add_u64(o, sa_keys[k].name, n->keys[k]);
	for (int k = 0; k < SA_LK_N; k++)
		sa_json_add_u64(links, sa_link_kinds[k].name, n->links[k]);
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

/*
 * A string a host controls, as the reader takes it (report.h): longer than
 * @max once made valid UTF-8 (sa_esc_json), it is cut at a character and
 * marked, so what record writes is always what report reads.
 */
static void add_bounded(json_object *o, const char *k, const char *v, size_t max)
{
	json_object *s = sa_esc_json(v);
	const char *t;
	size_t cut;
	char *b;

	if (!s || !json_object_is_type(s, json_type_string) ||
	    (size_t)json_object_get_string_len(s) <= max) {
		json_object_object_add(o, k, s);
		return;
	}
	t = json_object_get_string(s);
	cut = max - strlen(SA_REPORT_CUT);
	while (cut && ((unsigned char)t[cut] & 0xc0) == 0x80)
		cut--;	/* not inside a character */
	b = malloc(cut + sizeof(SA_REPORT_CUT));
	if (b) {
		memcpy(b, t, cut);
		memcpy(b + cut, SA_REPORT_CUT, sizeof(SA_REPORT_CUT));
		json_object_put(s);
		s = json_object_new_string(b);
		free(b);
	}
	json_object_object_add(o, k, s);
}

static void add_name(json_object *o, const char *k, const char *v)
{
	add_bounded(o, k, v, SA_REPORT_MAX_NAME);
}

static void add_text(json_object *o, const char *k, const char *v)
{
	add_bounded(o, k, v, SA_REPORT_MAX_TEXT);
}

json_object *sa_report_to_json(const struct sa_report *r)
{
	json_object *o = json_object_new_object(), *x, *a;
	char ver[32], t[32];

	sa_json_add_str(o, "format", SA_REPORT_FORMAT);
	snprintf(ver, sizeof(ver), "%d.%d", SA_REPORT_MAJOR, SA_REPORT_MINOR);
	sa_json_add_str(o, "version", ver);

	x = json_object_new_object();
	sa_json_add_str(x, "name", "sysfs-audit");
	add_name(x, "version", r->tool_version);
	json_object_object_add(o, "tool", x);

	x = json_object_new_object();
	add_name(x, "hostname", r->hostname);
	add_name(x, "machine_id", r->machine_id);
	add_name(x, "boot_id", r->boot_id);
	add_name(x, "kernel", r->kernel);
	json_object_object_add(o, "host", x);

	add_name(o, "attach", r->attach);
	x = json_object_new_object();
	/*
	 * A span is required and always a time: the epoch (a board without a
	 * clock) is written as itself, never as the null of an unknown time,
	 * which the reader refuses for a span.
	 */
	sa_time_format(r->start, t, sizeof(t));
	sa_json_add_str(x, "start", t);
	sa_time_format(r->end, t, sizeof(t));
	sa_json_add_str(x, "end", t);
	sa_json_add_u64(x, "duration_s", r->end > r->start ? (unsigned long long)(r->end - r->start) : 0);
	json_object_object_add(o, "span", x);

	x = json_object_new_object();
	sa_json_add_u64(x, "seen", r->seen);
	sa_json_add_u64(x, "lost", r->lost);
	sa_json_add_u64(x, "emitted", r->emitted);
	sa_json_add_u64(x, "unread", r->unread);
	sa_json_add_u64(x, "skipped", r->skipped);
	sa_json_add_u64(x, "malformed", r->malformed);
	json_object_object_add(o, "events", x);
	sa_losses_json(o, &r->dep_lost, false);

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

		add_text(p, "path", r->paths[i].path);
		add_name(p, "kind", r->paths[i].kind);
		sa_json_add_u64(p, "count", r->paths[i].count);
		json_object_array_add(a, p);
	}
	json_object_object_add(x, "paths", a);
	sa_json_add_u64(x, "paths_other", r->paths_other);
	json_object_object_add(o, "needs", x);

	json_object_object_add(o, "sample", json_object_get(r->sample));
	json_object_object_add(o, "coldplug", r->coldplug ? json_object_get(r->coldplug) :
			       json_object_new_null());

	a = json_object_new_array();
	for (size_t i = 0; i < r->ndeps; i++) {
		const struct sa_report_dependent *d = &r->deps[i];
		json_object *p = json_object_new_object(), *pids = json_object_new_array();

		sa_json_add_str(p, "type", "dependent");
		add_text(p, "executable", d->executable);
		add_name(p, "comm", d->comm);
		add_name(p, "package", d->package);
		add_name(p, "kind", d->kind);
		add_name(p, "confidence", d->confidence);
		add_text(p, "path", d->path);
		add_text(p, "legacy", d->legacy);
		add_text(p, "replacement", d->replacement);
		add_text(p, "script", d->script);
		add_name(p, "script_package", d->script_package);
		add_text(p, "rule", d->rule);
		add_text(p, "why", d->why);
		add_name(p, "unit", d->unit);
		add_text(p, "cgroup", d->cgroup);
		add_name(p, "namespaces", d->namespaces);
		add_text(p, "argv", d->argv);
		{
			json_object *ex = json_object_new_array();

			for (int k = 0; k < SA_REPORT_DEP_EXAMPLES; k++)
				if (d->examples[k])
					json_object_array_add(ex,
						sa_esc_json(d->examples[k]));
			json_object_object_add(p, "examples", ex);
		}
		sa_json_add_u64(p, "processes", d->processes);
		sa_json_add_u64(p, "count", d->count);
		sa_json_add_time(p, "first", d->first);
		sa_json_add_time(p, "last", d->last);
		for (size_t j = 0; j < d->npids; j++)
			json_object_array_add(pids, json_object_new_int64(d->pids[j]));
		json_object_object_add(p, "pids", pids);
		add_name(p, "phase", d->phase);
		json_object_array_add(a, p);
	}
	json_object_object_add(o, "dependents", a);
	json_object_object_add(o, "boot", sa_report_boot_json(r));

	a = json_object_new_array();
	for (size_t i = 0; i < r->nfindings; i++) {
		const struct sa_report_finding *f = &r->findings[i];
		json_object *p = json_object_new_object();

		sa_json_add_str(p, "type", "finding");
		add_text(p, "file", f->file);
		json_object_object_add(p, "line", f->line ? json_object_new_int64(f->line) :
				       json_object_new_null());
		add_name(p, "kind", f->kind);
		add_text(p, "key", f->key);
		add_name(p, "severity", f->severity);
		add_text(p, "message", f->message);
		add_name(p, "package", f->package);
		json_object_array_add(a, p);
	}
	json_object_object_add(o, "findings", a);
	return o;
}
