// SPDX-License-Identifier: GPL-2.0
/* The one JSON writer (json_out.h). */
#define _GNU_SOURCE
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "model/report.h"
#include "output/escape.h"
#include "output/json_out.h"

static const char hex[] = "0123456789abcdef";

/* @len bytes at @s as the inside of a JSON string (json_out.h: "Strings"). */
static void put_chars(FILE *f, const char *s, size_t n)
{
	const char *run = s, *end = s + n;
	char u[7];

	while (s < end) {
		unsigned char c = *s;
		size_t len = sa_utf8_len((const unsigned char *)s, end - s < 4 ? end - s : 4);
		const char *esc = NULL;

		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		default:
			if (len > 1 && sa_esc_json_uxxxx(u, (const unsigned char *)s, len)) {
				/* a C1 control or bidi override: as \uXXXX */
				fwrite(run, 1, s - run, f);
				fputs(u, f);
				s += len;
				run = s;
				continue;
			}
			if (len > 1 || (len == 1 && c >= 0x20)) {
				s += len;
				continue;
			}
		}
		fwrite(run, 1, s - run, f);
		run = s + 1;
		if (esc) {
			fputs(esc, f);
		} else if (!len) {
			/* invalid UTF-8 cannot be in JSON: the byte as the text \xNN */
			fputs("\\\\x", f);
			putc(hex[c >> 4], f);
			putc(hex[c & 15], f);
		} else {
			fputs("\\u00", f);
			putc(hex[c >> 4], f);
			putc(hex[c & 15], f);
		}
		s++;
	}
	fwrite(run, 1, s - run, f);
}

static void quote(FILE *f, const char *s, size_t n)
{
	putc('"', f);
	put_chars(f, s, n);
	putc('"', f);
}

void sa_jw_quote(FILE *f, const char *s)
{
	if (s)
		quote(f, s, strlen(s));
	else
		fputs("null", f);
}

void sa_jw_init(struct sa_jw *w, FILE *f, enum sa_jw_style style)
{
	memset(w, 0, sizeof(*w));
	w->f = f;
	w->style = style;
	w->first[0] = true;
}

static void indent(struct sa_jw *w, int level)
{
	for (int i = 0; i < level; i++)
		fputs("  ", w->f);
}

/*
 * What comes before a value, as json-c lays it out: after a sibling ","
 * (pretty: ",\n"), the indent, the key.
 */
static void prefix(struct sa_jw *w, const char *key)
{
	bool pretty = w->style == SA_JW_PRETTY;
	int l = w->level;

	if (l) {
		if (!w->first[l])
			fputs(pretty ? ",\n" : ",", w->f);
		if (pretty)
			indent(w, l);
	}
	w->first[l] = false;
	if (key) {
		quote(w->f, key, strlen(key));
		fputs(pretty ? ": " : ":", w->f);
	}
}

/* Pretty: the opening bracket ends its line, even that of an empty container. */
static void open(struct sa_jw *w, const char *key, bool object)
{
	prefix(w, key);
	putc(object ? '{' : '[', w->f);
	if (w->style == SA_JW_PRETTY)
		putc('\n', w->f);
	if (w->level + 1 >= SA_JW_DEPTH) {
		w->bad = true;
		return;
	}
	w->level++;
	w->first[w->level] = true;
	w->object[w->level] = object;
}

void sa_jw_object(struct sa_jw *w, const char *key)
{
	open(w, key, true);
}

void sa_jw_array(struct sa_jw *w, const char *key)
{
	open(w, key, false);
}

void sa_jw_end(struct sa_jw *w)
{
	int l = w->level;

	if (!l) {
		w->bad = true;
		return;
	}
	if (w->style == SA_JW_PRETTY) {
		if (!w->first[l])
			putc('\n', w->f);
		indent(w, l - 1);
	}
	putc(w->object[l] ? '}' : ']', w->f);
	w->level--;
}

void sa_jw_str(struct sa_jw *w, const char *key, const char *s)
{
	prefix(w, key);
	sa_jw_quote(w->f, s);
}

void sa_jw_strn(struct sa_jw *w, const char *key, const char *s, size_t len)
{
	prefix(w, key);
	quote(w->f, s, len);
}

void sa_jw_u64(struct sa_jw *w, const char *key, unsigned long long v)
{
	prefix(w, key);
	fprintf(w->f, "%llu", v);
}

void sa_jw_i64(struct sa_jw *w, const char *key, long long v)
{
	prefix(w, key);
	fprintf(w->f, "%lld", v);
}

void sa_jw_double(struct sa_jw *w, const char *key, double v)
{
	char buf[64];

	prefix(w, key);
	if (isnan(v)) {
		fputs("NaN", w->f);
		return;
	}
	if (isinf(v)) {
		fputs(v > 0 ? "Infinity" : "-Infinity", w->f);
		return;
	}
	snprintf(buf, sizeof(buf), "%.17g", v);
	fputs(buf, w->f);
	/* json-c marks a double that prints as an integer as one */
	if (!strpbrk(buf, ".e"))
		fputs(".0", w->f);
}

void sa_jw_bool(struct sa_jw *w, const char *key, bool v)
{
	prefix(w, key);
	fputs(v ? "true" : "false", w->f);
}

void sa_jw_null(struct sa_jw *w, const char *key)
{
	prefix(w, key);
	fputs("null", w->f);
}

void sa_jw_time(struct sa_jw *w, const char *key, time_t t)
{
	char buf[32];

	if (!t) {
		sa_jw_null(w, key);
		return;
	}
	sa_time_format(t, buf, sizeof(buf));
	sa_jw_str(w, key, buf);
}

void sa_jw_raw(struct sa_jw *w, const char *key, const char *json)
{
	prefix(w, key);
	fputs(json, w->f);
}

void sa_jw_value(struct sa_jw *w, const char *key, const struct sa_value *v)
{
	switch (v->type) {
	case SA_V_NULL:
		sa_jw_null(w, key);
		break;
	case SA_V_BOOL:
		sa_jw_bool(w, key, v->b);
		break;
	case SA_V_UINT:
		sa_jw_u64(w, key, v->u);
		break;
	case SA_V_INT:
		sa_jw_i64(w, key, v->i);
		break;
	case SA_V_NUMBER:
		sa_jw_raw(w, key, v->s);
		break;
	case SA_V_STRING:
		sa_jw_strn(w, key, v->s, v->len);
		break;
	case SA_V_ARRAY:
	case SA_V_OBJECT:
		open(w, key, v->type == SA_V_OBJECT);
		for (size_t i = 0; i < v->n; i++)
			sa_jw_value(w, v->type == SA_V_OBJECT ? v->v[i].key : NULL, &v->v[i]);
		sa_jw_end(w);
		break;
	}
}

int sa_jw_finish(struct sa_jw *w)
{
	if (w->level || w->bad)
		return -1;
	return putc('\n', w->f) == EOF || ferror(w->f) ? -1 : 0;
}

void sa_json_seed(void)
{
	json_object *o = json_object_new_object();

	/* An empty object hashes nothing: one key does. */
	if (o)
		json_object_object_add(o, "seed", NULL);
	json_object_put(o);
}
