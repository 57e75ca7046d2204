// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "output/counts_out.h"
#include "output/escape.h"
#include "output/json_out.h"
#include "output/stream.h"

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

void sa_print_header(FILE *f, bool trace)
{
	if (trace)
		fprintf(f, "%-7s %-7s ", "SEQNUM", "ACTION");
	fprintf(f, "%-12s %-10s %-14s %s -> %s  %s\n", "SUBSYSTEM", "PHYSDEVBUS",
		"PHYSDEVDRIVER", "DEVPATH", "LEGACY-DEVPATH", "PHYSDEVPATH");
}

static const char *const trunc_names[] = {
	"name", "class", "devpath", "subsystem", "devname", "bus", "driver",
	"ownbus", "chain", "kobject-path",
};

static void legacy_json(FILE *f, const struct sa_legacy *l)
{
	fprintf(f, "\"legacy\":{\"exists\":%s,", l->exists ? "true" : "false");
	jw_kstr(f, "devpath", l->devpath);
	for (int k = 0; k < SA_KEY_N; k++) {
		putc(',', f);
		jw_kstr(f, sa_keys[k].name, l->key[k]);
	}
	fputs(",\"links\":[", f);
	for (int i = 0; i < l->nlinks; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", l->links[i].dir, l->links[i].name);
		fputs(i ? ",{" : "{", f);
		jw_kstr(f, "link", path);
		putc(',', f);
		jw_kstr(f, "target", l->links[i].target);
		putc('}', f);
	}
	fputs("]}", f);
}

/* A row's device part: subsystem, DEVPATH and DEVNAME. */
static void row_dev(FILE *f, const struct sa_ctx *c)
{
	jw_kstr(f, "subsystem", c->subsystem);
	putc(',', f);
	jw_kstr(f, "devpath", c->devpath);
	putc(',', f);
	jw_kstr(f, "devname", c->devname && *c->devname ? c->devname : NULL);
}

/* A row's legacy view and truncation list, and the line's end. */
static void row_legacy(FILE *f, const struct sa_ctx *c, const struct sa_legacy *l)
{
	putc(',', f);
	legacy_json(f, l);
	if (c->trunc) {
		const char *sep = "";

		fputs(",\"truncated\":[", f);
		for (unsigned int b = 0; b < sizeof(trunc_names) / sizeof(*trunc_names); b++) {
			if (c->trunc & (1u << b)) {
				fprintf(f, "%s\"%s\"", sep, trunc_names[b]);
				sep = ",";
			}
		}
		putc(']', f);
	}
	fputs("}\n", f);
}

/*
 * What the two device parts of a traced event's row came to, by the
 * tracer's view id: a storm repeats the same devices, and escaping and
 * joining their strings was most of the loader's work per event.
 */
#define MEMO_SLOTS 4096	/* view ids are sequential: distinct until 4096 views */

static struct memo {
	unsigned long long view;
	char *dev, *legacy;
	size_t ndev, nlegacy;
} memo[MEMO_SLOTS];

static char *render(void (*fn)(FILE *, const struct sa_ctx *, const struct sa_legacy *),
		    const struct sa_ctx *c, const struct sa_legacy *l, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	if (!m)
		return NULL;
	fn(m, c, l);
	if (fclose(m)) {
		free(buf);
		return NULL;
	}
	return buf;
}

static void row_dev3(FILE *f, const struct sa_ctx *c, const struct sa_legacy *l)
{
	(void)l;
	row_dev(f, c);
}

static const struct memo *memo_get(const struct sa_ctx *c, const struct sa_legacy *l)
{
	struct memo *m = &memo[c->view & (MEMO_SLOTS - 1)];

	if (m->view == c->view)
		return m;
	free(m->dev);
	free(m->legacy);
	memset(m, 0, sizeof(*m));
	m->dev = render(row_dev3, c, l, &m->ndev);
	m->legacy = render(row_legacy, c, l, &m->nlegacy);
	if (!m->dev || !m->legacy)
		return NULL;	/* out of memory: written directly */
	m->view = c->view;
	return m;
}

/*
 * Append "KEY":"S" (@k: the literal `"KEY":"`) if S needs no escaping and
 * is short; NULL otherwise (the line is then written the long way).
 */
static char *put_plain(char *p, const char *k, size_t klen, const char *s)
{
	p = mempcpy(p, k, klen);
	for (int i = 0; s[i]; i++) {
		unsigned char ch = s[i];

		if (ch < 0x20 || ch == '"' || ch == '\\' || i >= 64)
			return NULL;
		*p++ = ch;
	}
	*p++ = '"';
	return p;
}

static char *put_dec(char *p, long long v)
{
	char buf[24], *q = buf + sizeof(buf);
	unsigned long long u = v < 0 ? -(unsigned long long)v : (unsigned long long)v;

	do
		*--q = '0' + u % 10;
	while (u /= 10);
	if (v < 0)
		*--q = '-';
	return mempcpy(p, q, buf + sizeof(buf) - q);
}

#define LIT(p, s) mempcpy((p), (s), sizeof(s) - 1)

/*
 * The last "KEY":"S" put together for a key: an event's action and source
 * are nearly always the previous event's, so comparing S costs less than
 * checking its every character again.
 */
struct frag {
	char s[65];
	char text[96];
	size_t len;
};

static char *put_frag(char *p, struct frag *fr, const char *k, size_t klen, const char *s)
{
	char *end;

	if (fr->len && !strcmp(fr->s, s))
		return mempcpy(p, fr->text, fr->len);
	end = put_plain(p, k, klen, s);
	if (end && (size_t)(end - p) <= sizeof(fr->text)) {
		strcpy(fr->s, s);	/* put_plain() took at most 64 characters */
		fr->len = end - p;
		memcpy(fr->text, p, fr->len);
	}
	return end;
}

#define PLAIN(p, fr, key, s) put_frag((p), (fr), (key), sizeof(key) - 1, (s))

/* Decimal, without printf's parsing (every event has two numbers). */
static void put_num(FILE *f, long long v)
{
	char buf[24];

	fwrite(buf, 1, put_dec(buf, v) - buf, f);
}

/*
 * A traced event whose device parts are kept: the line is put together in
 * one buffer and written with one call (stdio's per-call locking and
 * bookkeeping were a third of the loader's work per event). False, with
 * nothing written, when it cannot be (a field that needs escaping).
 */
static bool row_fast(FILE *f, const struct sa_ctx *c, const struct memo *m)
{
	static struct frag action, source;
	static char *line;
	static size_t cap;
	size_t need = 256 + m->ndev + m->nlegacy;
	char *p;

	if (need > cap) {
		char *n = realloc(line, need);

		if (!n)
			return false;
		line = n;
		cap = need;
	}
	p = LIT(line, "{\"type\":\"event\",\"seqnum\":");
	p = c->seqnum ? put_dec(p, (long long)c->seqnum) : LIT(p, "null");
	p = c->action ? PLAIN(p, &action, ",\"action\":\"", c->action) : NULL;
	if (!p)
		return false;
	*p++ = ',';
	p = mempcpy(p, m->dev, m->ndev);
	p = c->sent ? LIT(p, ",\"sent\":true,\"ret\":") : LIT(p, ",\"sent\":false,\"ret\":");
	p = put_dec(p, c->ret);
	p = PLAIN(p, &source, ",\"source\":\"", c->source);
	if (!p)
		return false;
	p = mempcpy(p, m->legacy, m->nlegacy);
	fwrite(line, 1, p - line, f);
	return true;
}

/* One JSON line, written directly: this runs for every traced event. */
static void row_json(FILE *f, const struct sa_ctx *c, const struct sa_legacy *l)
{
	const struct memo *m = c->source && c->view ? memo_get(c, l) : NULL;

	if (m && row_fast(f, c, m))
		return;
	putc('{', f);
	jw_kstr(f, "type", c->source ? "event" : "device");
	if (c->source) {
		if (c->seqnum) {
			fputs(",\"seqnum\":", f);
			put_num(f, (long long)c->seqnum);
			putc(',', f);
		} else {
			fputs(",\"seqnum\":null,", f);
		}
		jw_kstr(f, "action", c->action);
	}
	putc(',', f);
	if (m)
		fwrite(m->dev, 1, m->ndev, f);
	else
		row_dev(f, c);
	if (!c->source) {
		putc(',', f);
		jw_kstr(f, "class", c->class);
		putc(',', f);
		jw_kstr(f, "bus", c->bus);
		putc(',', f);
		jw_kstr(f, "driver", c->driver);
	} else {
		fputs(c->sent ? ",\"sent\":true,\"ret\":" : ",\"sent\":false,\"ret\":", f);
		put_num(f, c->ret);
		putc(',', f);
		jw_kstr(f, "source", c->source);
	}
	if (m)
		fwrite(m->legacy, 1, m->nlegacy, f);
	else
		row_legacy(f, c, l);
}

json_object *sa_row_json(const struct sa_ctx *c, const struct sa_legacy *l)
{
	/* The stream's writer is the one definition of the shape; a report's
	 * sample (64 events at most) reads its output back. */
	json_object *o = NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	row_json(f, c, l);
	if (!fclose(f))
		o = json_tokener_parse(buf);
	free(buf);
	return o;
}

int sa_print_row(FILE *f, enum sa_format fmt, const struct sa_ctx *c, const struct sa_legacy *l)
{
	if (fmt == SA_FMT_JSON) {
		row_json(f, c, l);
	} else {
		/*
		 * Device names are any bytes but '/' and, for a netdev, spaces
		 * and ':': escaped, unless the view says they are plain.
		 */
		int (*print)(FILE *, const char *, ...) = c->plain ? fprintf : sa_esc_line;

		if (c->source) {
			if (c->seqnum)
				fprintf(f, "%-7llu ", c->seqnum);
			else
				fprintf(f, "%-7s ", "-");
			fprintf(f, "%-7s ", c->action);
		}
		print(f, "%-12s %-10s %-14s %s%s -> %s  %s\n", dash(c->subsystem),
		      dash(l->key[SA_KEY_PHYSDEVBUS]), dash(l->key[SA_KEY_PHYSDEVDRIVER]), c->devpath,
		      c->trunc ? " [truncated]" : "",
		      l->exists ? l->devpath : "(none)", dash(l->key[SA_KEY_PHYSDEVPATH]));
	}
	return ferror(f) ? -1 : 0;
}

json_object *sa_summary_json(const struct sa_summary *s, const char *attach,
			     const struct sa_trace_stats *st)
{
	json_object *o = json_object_new_object(), *by, *keys, *links;

	sa_json_add_str(o, "type", "summary");
	sa_json_add_str(o, "attach", attach);
	json_object_object_add(o, attach ? "events" : "devices",
			       json_object_new_uint64(s->events));
	if (st) {
		json_object_object_add(o, "seen", json_object_new_uint64(st->seen));
		json_object_object_add(o, "emitted", json_object_new_uint64(st->emitted));
		json_object_object_add(o, "lost", json_object_new_uint64(st->lost));
		json_object_object_add(o, "unread", json_object_new_uint64(st->unread));
		json_object_object_add(o, "malformed", json_object_new_uint64(st->malformed));
		json_object_object_add(o, "skipped", json_object_new_uint64(st->skipped));
		json_object_object_add(o, "bpf_run_ns", json_object_new_uint64(st->bpf_run_ns));
		json_object_object_add(o, "bpf_run_cnt", json_object_new_uint64(st->bpf_run_cnt));
		json_object_object_add(o, "loader_cpu_ms", json_object_new_uint64(st->cpu_ms));
		json_object_object_add(o, "loader_maxrss_kb", json_object_new_uint64(st->maxrss_kb));
	}
	json_object_object_add(o, "truncated", json_object_new_uint64(s->truncated));
	json_object_object_add(o, "no_legacy_counterpart", json_object_new_uint64(s->nolegacy));
	by = json_object_new_object();
	for (int i = 0; i < s->nsubsys; i++)
		json_object_object_add(by, s->subsys[i].name,
				       json_object_new_uint64(s->subsys[i].n));
	if (s->other_subsys)
		json_object_object_add(by, "(other)", json_object_new_uint64(s->other_subsys));
	json_object_object_add(o, "by_subsystem", by);
	keys = json_object_new_object();
	for (int k = 0; k < SA_KEY_N; k++)
		json_object_object_add(keys, sa_keys[k].name, json_object_new_uint64(s->keys[k]));
	json_object_object_add(o, "would_carry", keys);
	links = json_object_new_object();
	for (int k = 0; k < SA_LK_N; k++)
		json_object_object_add(links, sa_link_kinds[k].name,
				       json_object_new_uint64(s->links[k]));
	json_object_object_add(o, "legacy_links", links);
	return o;
}

void sa_print_summary(FILE *f, enum sa_format fmt, const struct sa_summary *s, const char *attach,
		      const struct sa_trace_stats *st)
{
	if (fmt == SA_FMT_JSON) {
		json_object *o = sa_summary_json(s, attach, st);

		sa_json_print_line(f, o);
		json_object_put(o);
		return;
	}
	fprintf(f, "\n%llu %s", s->events, attach ? "events" : "devices");
	if (st)
		fprintf(f, " (attach: %s; seen by BPF %llu, emitted %llu, lost %llu, unread %llu)",
			attach, st->seen, st->emitted, st->lost, st->unread);
	fprintf(f, "\n%-20s %s\n", "SUBSYSTEM", attach ? "EVENTS" : "DEVICES");
	for (int i = 0; i < s->nsubsys; i++)
		sa_esc_line(f, "%-20s %llu\n", s->subsys[i].name, s->subsys[i].n);
	if (s->other_subsys)
		fprintf(f, "%-20s %llu\n", "(other)", s->other_subsys);
	sa_print_counts(f, s->keys, s->links);
	if (s->nolegacy)
		fprintf(f, "without a legacy counterpart: %llu\n", s->nolegacy);
	if (s->truncated)
		fprintf(f, "with truncated fields: %llu\n", s->truncated);
}
