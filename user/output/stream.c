// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "output/counts_out.h"
#include "output/escape.h"
#include "output/json_out.h"
#include "output/stream.h"

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

/*
 * The table's key columns, from the key table: a key with a width here
 * stands, padded, between SUBSYSTEM and DEVPATH; any other (a path, or a
 * key added later) after LEGACY-DEVPATH, two spaces apart, in table order.
 */
static const int key_width[SA_KEY_N] = {
	[SA_KEY_PHYSDEVBUS] = 10,
	[SA_KEY_PHYSDEVDRIVER] = 14,
};

void sa_print_header(FILE *f, bool trace)
{
	if (trace)
		fprintf(f, "%-7s %-7s ", "SEQNUM", "ACTION");
	fprintf(f, "%-12s ", "SUBSYSTEM");
	for (int k = 0; k < SA_KEY_N; k++)
		if (key_width[k])
			fprintf(f, "%-*s ", key_width[k], sa_keys[k].name);
	fprintf(f, "%s -> %s", "DEVPATH", "LEGACY-DEVPATH");
	for (int k = 0; k < SA_KEY_N; k++)
		if (!key_width[k])
			fprintf(f, "  %s", sa_keys[k].name);
	putc('\n', f);
}

/* Part of a table row, escaped as text (a row is escaped piece by piece). */
static int __attribute__((format(printf, 2, 3))) esc_part(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sa_esc_vprint(f, fmt, ap);
	va_end(ap);
	return 0;
}

/* "key": then the string value (or null). @key is written as is. */
static void kstr(FILE *f, const char *key, const char *s)
{
	putc('"', f);
	fputs(key, f);
	fputs("\":", f);
	sa_jw_quote(f, s);
}

static const char *const trunc_names[] = {
	"name", "class", "devpath", "subsystem", "devname", "bus", "driver",
	"ownbus", "chain", "kobject-path",
};

static void legacy_json(FILE *f, const struct sa_legacy *l)
{
	fprintf(f, "\"legacy\":{\"exists\":%s,", l->exists ? "true" : "false");
	kstr(f, "devpath", l->devpath);
	for (int k = 0; k < SA_KEY_N; k++) {
		putc(',', f);
		kstr(f, sa_keys[k].name, l->key[k]);
	}
	fputs(",\"links\":[", f);
	for (int i = 0; i < l->nlinks; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", l->links[i].dir, l->links[i].name);
		fputs(i ? ",{" : "{", f);
		kstr(f, "link", path);
		putc(',', f);
		kstr(f, "target", l->links[i].target);
		putc('}', f);
	}
	fputs("]}", f);
}

/* A row's device part: subsystem, DEVPATH and DEVNAME. */
static void row_dev(FILE *f, const struct sa_ctx *c)
{
	kstr(f, "subsystem", c->subsystem);
	putc(',', f);
	kstr(f, "devpath", c->devpath);
	putc(',', f);
	kstr(f, "devname", c->devname && *c->devname ? c->devname : NULL);
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
	kstr(f, "type", c->source ? "event" : "device");
	if (c->source) {
		if (c->seqnum) {
			fputs(",\"seqnum\":", f);
			put_num(f, (long long)c->seqnum);
			putc(',', f);
		} else {
			fputs(",\"seqnum\":null,", f);
		}
		kstr(f, "action", c->action);
	}
	putc(',', f);
	if (m)
		fwrite(m->dev, 1, m->ndev, f);
	else
		row_dev(f, c);
	if (!c->source) {
		putc(',', f);
		kstr(f, "class", c->class);
		putc(',', f);
		kstr(f, "bus", c->bus);
		putc(',', f);
		kstr(f, "driver", c->driver);
	} else {
		fputs(c->sent ? ",\"sent\":true,\"ret\":" : ",\"sent\":false,\"ret\":", f);
		put_num(f, c->ret);
		putc(',', f);
		kstr(f, "source", c->source);
	}
	if (m)
		fwrite(m->legacy, 1, m->nlegacy, f);
	else
		row_legacy(f, c, l);
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
		int (*print)(FILE *, const char *, ...) = c->plain ? fprintf : esc_part;

		if (c->source) {
			if (c->seqnum)
				fprintf(f, "%-7llu ", c->seqnum);
			else
				fprintf(f, "%-7s ", "-");
			fprintf(f, "%-7s ", c->action);
		}
		/*
		 * The columns of sa_print_header(). Every piece ends in a
		 * literal or is followed by one, so escaping the pieces one by
		 * one escapes what escaping the whole line would.
		 */
		print(f, "%-12s ", dash(c->subsystem));
		for (int k = 0; k < SA_KEY_N; k++)
			if (key_width[k])
				print(f, "%-*s ", key_width[k], dash(l->key[k]));
		print(f, "%s%s -> %s", c->devpath, c->trunc ? " [truncated]" : "",
		      l->exists ? l->devpath : "(none)");
		for (int k = 0; k < SA_KEY_N; k++)
			if (!key_width[k])
				print(f, "  %s", dash(l->key[k]));
		putc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}

void sa_summary_write(struct sa_jw *w, const char *key, const struct sa_summary *s,
		      const char *attach, const struct sa_trace_stats *st)
{
	sa_jw_object(w, key);
	sa_jw_str(w, "type", "summary");
	sa_jw_str(w, "attach", attach);
	sa_jw_u64(w, attach ? "events" : "devices", s->events);
	if (st) {
		sa_jw_u64(w, "seen", st->seen);
		sa_jw_u64(w, "emitted", st->emitted);
		sa_jw_u64(w, "lost", st->lost);
		sa_jw_u64(w, "unread", st->unread);
		sa_jw_u64(w, "malformed", st->malformed);
		sa_jw_u64(w, "skipped", st->skipped);
		sa_jw_u64(w, "bpf_run_ns", st->bpf_run_ns);
		sa_jw_u64(w, "bpf_run_cnt", st->bpf_run_cnt);
		sa_jw_u64(w, "loader_cpu_ms", st->cpu_ms);
		sa_jw_u64(w, "loader_maxrss_kb", st->maxrss_kb);
	}
	sa_jw_u64(w, "truncated", s->truncated);
	sa_jw_u64(w, "no_legacy_counterpart", s->nolegacy);
	sa_jw_object(w, "by_subsystem");
	for (int i = 0; i < s->nsubsys; i++)
		sa_jw_u64(w, s->subsys[i].name, s->subsys[i].n);
	if (s->other_subsys)
		sa_jw_u64(w, "(other)", s->other_subsys);
	sa_jw_end(w);
	sa_jw_object(w, "would_carry");
	for (int k = 0; k < SA_KEY_N; k++)
		sa_jw_u64(w, sa_keys[k].name, s->keys[k]);
	sa_jw_end(w);
	sa_jw_object(w, "legacy_links");
	for (int k = 0; k < SA_LK_N; k++)
		sa_jw_u64(w, sa_link_kinds[k].name, s->links[k]);
	sa_jw_end(w);
	sa_jw_end(w);
}

void sa_print_summary(FILE *f, enum sa_format fmt, const struct sa_summary *s, const char *attach,
		      const struct sa_trace_stats *st)
{
	if (fmt == SA_FMT_JSON) {
		struct sa_jw w;

		sa_jw_init(&w, f, SA_JW_LINE);
		sa_summary_write(&w, NULL, s, attach, st);
		sa_jw_finish(&w);
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
