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
#include "output/abi_out.h"
#include "reports/report_model.h"
#include "reports/value_of.h"
#include "output/stream.h"
#include "output/escape.h"
#include "output/json_out.h"

int sa_report_init(struct sa_report *r, const char *tool_version)
{
	memset(r, 0, sizeof(*r));
	r->major = SA_REPORT_MAJOR;
	r->minor = SA_REPORT_MINOR;
	r->tool_version = strdup(tool_version ? tool_version : "unknown");
	r->sample = sa_value_new(SA_V_ARRAY);
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
	if (r->abi)
		sa_abi_use_free(r->abi);
	free(r->abi);
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
	sa_value_free(r->summary_kept);
	sa_value_free(r->coldplug_kept);
	sa_value_free(r->sample);
	for (size_t i = 0; i < r->ndeps; i++) {
		struct sa_report_dependent *d = &r->deps[i];

		free(d->executable);
		free(d->comm);
		free(d->package);
		free(d->package_via);
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

/*
 * The event as the stream writes it, kept as data: the stream's writer is
 * the one definition of a row's shape, and the sample (64 events at most)
 * reads its line back.
 */
static int add_sample(struct sa_value *sample, const struct sa_ctx *c, const struct sa_legacy *l)
{
	struct sa_value *row;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int err = -ENOMEM;

	if (!f)
		return -ENOMEM;
	sa_print_row(f, SA_FMT_JSON, c, l);
	if (!fclose(f) && (row = sa_value_append(sample, NULL)))
		err = sa_value_parse(buf, len, row);
	free(buf);
	return err;
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
	if (!err && r->sample && r->sample->n < SA_REPORT_MAX_SAMPLE)
		err = add_sample(r->sample, c, l);
	return err;
}

/* ---- writing ------------------------------------------------------------- */

static void need(struct sa_jw *w, const char *key, const struct sa_need *n)
{
	sa_jw_object(w, key);
	sa_jw_u64(w, "events", n->events);
	for (int k = 0; k < SA_KEY_N; k++)
		sa_jw_u64(w, sa_keys[k].name, n->keys[k]);
	sa_jw_object(w, "links");
	for (int k = 0; k < SA_LK_N; k++)
		sa_jw_u64(w, sa_link_kinds[k].name, n->links[k]);
	sa_jw_end(w);
	sa_jw_end(w);
}

static void need_table(struct sa_jw *w, const char *key, const struct sa_need_table *t)
{
	sa_jw_object(w, key);
	for (size_t i = 0; i < t->n; i++)
		need(w, t->v[i].name, &t->v[i]);
	if (t->other.events)
		need(w, "(other)", &t->other);
	sa_jw_end(w);
}

/*
 * A string a host controls, as the reader takes it (report.h): longer than
 * @max once made valid UTF-8 (invalid bytes as the text \xNN), it is cut
 * at a character and marked, so what record writes is always what report
 * reads.
 */
static void bounded(struct sa_jw *w, const char *k, const char *v, size_t max)
{
	char *s = v ? sa_esc_dup(v, SA_ESC_JSON) : NULL;
	size_t cut;

	if (!s || strlen(s) <= max) {
		sa_jw_str(w, k, s ? s : v);
		free(s);
		return;
	}
	cut = max - strlen(SA_REPORT_CUT);
	while (cut && ((unsigned char)s[cut] & 0xc0) == 0x80)
		cut--;	/* not inside a character */
	memcpy(s + cut, SA_REPORT_CUT, sizeof(SA_REPORT_CUT));
	sa_jw_str(w, k, s);
	free(s);
}

static void name(struct sa_jw *w, const char *k, const char *v)
{
	bounded(w, k, v, SA_REPORT_MAX_NAME);
}

static void text(struct sa_jw *w, const char *k, const char *v)
{
	bounded(w, k, v, SA_REPORT_MAX_TEXT);
}

static void dependent(struct sa_jw *w, const struct sa_report_dependent *d)
{
	sa_jw_object(w, NULL);
	sa_jw_str(w, "type", "dependent");
	text(w, "executable", d->executable);
	name(w, "comm", d->comm);
	name(w, "package", d->package);
	/* 1.6's member: absent, not null, where it says nothing, so 1.5 is unchanged */
	if (d->package_via)
		name(w, "package_via", d->package_via);
	name(w, "kind", d->kind);
	name(w, "confidence", d->confidence);
	text(w, "path", d->path);
	text(w, "legacy", d->legacy);
	text(w, "replacement", d->replacement);
	text(w, "script", d->script);
	name(w, "script_package", d->script_package);
	text(w, "rule", d->rule);
	text(w, "why", d->why);
	name(w, "unit", d->unit);
	text(w, "cgroup", d->cgroup);
	name(w, "namespaces", d->namespaces);
	text(w, "argv", d->argv);
	sa_jw_array(w, "examples");
	for (int k = 0; k < SA_REPORT_DEP_EXAMPLES; k++)
		if (d->examples[k])
			sa_jw_str(w, NULL, d->examples[k]);
	sa_jw_end(w);
	sa_jw_u64(w, "processes", d->processes);
	sa_jw_u64(w, "count", d->count);
	sa_jw_time(w, "first", d->first);
	sa_jw_time(w, "last", d->last);
	sa_jw_array(w, "pids");
	for (size_t j = 0; j < d->npids; j++)
		sa_jw_i64(w, NULL, d->pids[j]);
	sa_jw_end(w);
	name(w, "phase", d->phase);
	sa_jw_end(w);
}

static void finding(struct sa_jw *w, const struct sa_report_finding *f)
{
	sa_jw_object(w, NULL);
	sa_jw_str(w, "type", "finding");
	text(w, "file", f->file);
	if (f->line)
		sa_jw_i64(w, "line", f->line);
	else
		sa_jw_null(w, "line");
	name(w, "kind", f->kind);
	text(w, "key", f->key);
	name(w, "severity", f->severity);
	text(w, "message", f->message);
	name(w, "package", f->package);
	sa_jw_end(w);
}

static void summary(struct sa_jw *w, const struct sa_report *r)
{
	struct sa_trace_stats st = {
		.seen = r->seen, .emitted = r->emitted, .lost = r->lost,
		.consumed = r->summary.events, .unread = r->unread,
		.skipped = r->skipped, .malformed = r->malformed,
	};

	if (r->summary_kept)
		sa_jw_value(w, "summary", r->summary_kept);
	else
		sa_summary_write(w, "summary", &r->summary, r->attach,
				 r->have_stats ? &r->stats : &st);
}

/* The summary of the sysfs tree at the start (record's coldplug view), or null. */
static void coldplug(struct sa_jw *w, const struct sa_report *r)
{
	if (r->coldplug_kept)
		sa_jw_value(w, "coldplug", r->coldplug_kept);
	else if (r->have_coldplug)
		sa_summary_write(w, "coldplug", &r->coldplug, NULL, NULL);
	else
		sa_jw_null(w, "coldplug");
}

static void needs(struct sa_jw *w, const struct sa_report *r)
{
	sa_jw_object(w, "needs");
	need_table(w, "by_subsystem", &r->by_subsystem);
	need_table(w, "by_bus", &r->by_bus);
	need_table(w, "by_driver", &r->by_driver);
	sa_jw_array(w, "paths");
	for (size_t i = 0; i < r->npaths; i++) {
		sa_jw_object(w, NULL);
		text(w, "path", r->paths[i].path);
		name(w, "kind", r->paths[i].kind);
		sa_jw_u64(w, "count", r->paths[i].count);
		sa_jw_end(w);
	}
	sa_jw_end(w);
	sa_jw_u64(w, "paths_other", r->paths_other);
	sa_jw_end(w);
}

/* The lowest minor that holds @r (report.h): 1.6's members only when used. */
static int minor_of(const struct sa_report *r)
{
	if (r->abi)
		return SA_REPORT_MINOR;
	for (size_t i = 0; i < r->ndeps; i++)
		if (r->deps[i].package_via)
			return SA_REPORT_MINOR;
	return SA_REPORT_MINOR_NO_ABI;
}

int sa_report_write(FILE *f, const struct sa_report *r)
{
	struct sa_jw jw, *w = &jw;
	char ver[32], t[32];

	sa_jw_init(w, f, SA_JW_LINE);
	sa_jw_object(w, NULL);
	sa_jw_str(w, "format", SA_REPORT_FORMAT);
	snprintf(ver, sizeof(ver), "%d.%d", SA_REPORT_MAJOR, minor_of(r));
	sa_jw_str(w, "version", ver);
	sa_jw_object(w, "tool");
	sa_jw_str(w, "name", "sysfs-audit");
	name(w, "version", r->tool_version);
	sa_jw_end(w);
	sa_jw_object(w, "host");
	name(w, "hostname", r->hostname);
	name(w, "machine_id", r->machine_id);
	name(w, "boot_id", r->boot_id);
	name(w, "kernel", r->kernel);
	sa_jw_end(w);
	name(w, "attach", r->attach);
	/*
	 * A span is required and always a time: the epoch (a board without a
	 * clock) is written as itself, never as the null of an unknown time,
	 * which the reader refuses for a span.
	 */
	sa_jw_object(w, "span");
	sa_time_format(r->start, t, sizeof(t));
	sa_jw_str(w, "start", t);
	sa_time_format(r->end, t, sizeof(t));
	sa_jw_str(w, "end", t);
	sa_jw_u64(w, "duration_s", r->end > r->start ? (unsigned long long)(r->end - r->start) : 0);
	sa_jw_end(w);
	sa_jw_object(w, "events");
	sa_jw_u64(w, "seen", r->seen);
	sa_jw_u64(w, "lost", r->lost);
	sa_jw_u64(w, "emitted", r->emitted);
	sa_jw_u64(w, "unread", r->unread);
	sa_jw_u64(w, "skipped", r->skipped);
	sa_jw_u64(w, "malformed", r->malformed);
	sa_jw_end(w);
	sa_losses_write(w, &r->dep_lost, false);
	summary(w, r);
	needs(w, r);
	if (r->sample)
		sa_jw_value(w, "sample", r->sample);
	else
		sa_jw_null(w, "sample");
	coldplug(w, r);
	sa_jw_array(w, "dependents");
	for (size_t i = 0; i < r->ndeps; i++)
		dependent(w, &r->deps[i]);
	sa_jw_end(w);
	sa_report_boot_write(w, r);
	sa_jw_array(w, "findings");
	for (size_t i = 0; i < r->nfindings; i++)
		finding(w, &r->findings[i]);
	sa_jw_end(w);
	if (r->abi) {
		sa_jw_object(w, "obsolete_abi");
		sa_abi_use_members(w, r->abi);
		sa_jw_end(w);
	}
	sa_jw_end(w);
	return sa_jw_finish(w);
}
