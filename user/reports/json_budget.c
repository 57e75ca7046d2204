// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reports/json_budget.h"

static unsigned long long cost(const struct sa_json_budget *b, size_t len)
{
	return (unsigned long long)b->objects * SA_JSON_COST_OBJECT +
	       (unsigned long long)b->arrays * SA_JSON_COST_ARRAY +
	       (unsigned long long)b->values * SA_JSON_COST_VALUE + len;
}

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_hex(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/*
 * The string whose opening quote is at *@i: *@i is left after its closing
 * quote. Returns NULL, or what is wrong (*@i then points at it); *@nul: it
 * holds \u0000; *@esc: it holds an escape.
 */
static const char *string(const char *buf, size_t len, size_t *i, bool *nul, bool *esc)
{
	size_t p = *i + 1;

	*nul = *esc = false;
	for (;;) {
		unsigned char c;

		/* the bulk of a report: bytes that are neither quote, backslash nor control */
		while (p < len && (unsigned char)buf[p] >= 0x20 && buf[p] != '"' && buf[p] != '\\')
			p++;
		if (p >= len) {
			*i = len;
			return "truncated: the text ends inside a string";
		}
		c = buf[p];
		if (c == '"') {
			*i = p + 1;
			return NULL;
		}
		if (c < 0x20) {
			*i = p;
			return "a control character in a string (JSON has it escaped)";
		}
		/* a backslash */
		*esc = true;
		if (p + 1 >= len) {
			*i = len;
			return "truncated: the text ends inside a string";
		}
		c = buf[p + 1];
		if (c == 'u') {
			if (p + 6 > len || !is_hex(buf[p + 2]) || !is_hex(buf[p + 3]) ||
			    !is_hex(buf[p + 4]) || !is_hex(buf[p + 5])) {
				*i = p;
				return "a \\u escape without four hex digits";
			}
			if (!memcmp(buf + p + 2, "0000", 4))
				*nul = true;
			p += 6;
		} else if (strchr("\"\\/bfnrt", c) && c) {
			p += 2;
		} else {
			*i = p;
			return "an escape JSON does not have (only \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
		}
	}
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? at *@i; *@i is left after it. */
static const char *number(const char *buf, size_t len, size_t *i)
{
	size_t p = *i;

	if (buf[p] == '-')
		p++;
	if (p < len && buf[p] == 'I') {
		*i = p;
		return "Infinity, which is no JSON number";
	}
	if (p >= len || !is_digit(buf[p])) {
		*i = p;
		return "a number without digits";
	}
	if (buf[p] == '0' && p + 1 < len && is_digit(buf[p + 1])) {
		*i = p;
		return "a number with a leading zero";
	}
	while (p < len && is_digit(buf[p]))
		p++;
	if (p < len && buf[p] == '.') {
		if (++p >= len || !is_digit(buf[p])) {
			*i = p;
			return "a number without digits after its '.'";
		}
		while (p < len && is_digit(buf[p]))
			p++;
	}
	if (p < len && (buf[p] == 'e' || buf[p] == 'E')) {
		if (++p < len && (buf[p] == '+' || buf[p] == '-'))
			p++;
		if (p >= len || !is_digit(buf[p])) {
			*i = p;
			return "a number without digits in its exponent";
		}
		while (p < len && is_digit(buf[p]))
			p++;
	}
	*i = p;
	return NULL;
}

/* What is wrong with @c where a value (@key: a member name) was due. */
static const char *unexpected(char c, bool key, bool after_comma)
{
	if (c == '/')
		return "a comment (JSON has none)";
	if (c == '\'')
		return "a single-quoted string (JSON strings take double quotes)";
	if (after_comma && (c == ']' || c == '}'))
		return "a trailing comma";
	if (c == 'N' || c == 'n' || c == 'I')
		return "NaN or Infinity, which are no JSON numbers, or a misspelt null";
	if (key)
		return "a member name in double quotes expected";
	return "a value expected";
}

enum want {
	W_VALUE,	/* a value: at the start, after ':' or an array's ',' */
	W_FIRST,	/* a value or ']': after '[' */
	W_KEY,		/* a member name: after an object's ',' */
	W_FIRST_KEY,	/* a member name or '}': after '{' */
	W_COLON,	/* ':' after a member name */
	W_NEXT,		/* after a value: ',' or the close of its container, or the end */
};

/* What the scan builds: nothing (sa_json_budget) or the nodes of a text written in place. */
struct build {
	struct sa_jdoc *d;
	char *out;				/* the text, the strings decoded in it */
	const char *key;			/* the name of the member whose value is due */
	size_t open[SA_JSON_MAX_DEPTH];		/* the node of each open container */
};

/* The container open at @depth ends: its next sibling is after all it holds. */
static inline void close_node(struct build *t, size_t depth)
{
	if (t)
		t->d->v[t->open[depth]].next = t->d->n - t->open[depth];
}

/* A node for a value at @depth, counted in its container; NULL: out of memory. */
static struct sa_jnode *node(struct build *t, size_t depth, enum sa_jtype type)
{
	struct sa_jdoc *d = t->d;
	struct sa_jnode *v;

	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 256;

		v = realloc(d->v, cap * sizeof(*v));
		if (!v) {
			d->oom = true;
			return NULL;
		}
		d->v = v;
		d->cap = cap;
	}
	v = &d->v[d->n++];
	memset(v, 0, sizeof(*v));
	v->key = t->key;
	v->type = type;
	v->next = 1;
	t->key = NULL;
	if (depth)
		d->v[t->open[depth - 1]].len++;
	return v;
}

static unsigned int hex4(const char *p)
{
	unsigned int v = 0;

	for (int k = 0; k < 4; k++)
		v = v << 4 | (unsigned int)(p[k] <= '9' ? p[k] - '0' : (p[k] | 0x20) - 'a' + 10);
	return v;
}

static char *utf8(char *w, unsigned int cp)
{
	if (cp < 0x80) {
		*w++ = (char)cp;
	} else if (cp < 0x800) {
		*w++ = (char)(0xc0 | cp >> 6);
		*w++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*w++ = (char)(0xe0 | cp >> 12);
		*w++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*w++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*w++ = (char)(0xf0 | cp >> 18);
		*w++ = (char)(0x80 | (cp >> 12 & 0x3f));
		*w++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*w++ = (char)(0x80 | (cp & 0x3f));
	}
	return w;
}

/*
 * Decode in place the string string() accepted between the quotes at @q
 * and @e: every escape is longer than what it stands for, so the writing
 * never passes the reading, and the closing quote makes room for the NUL.
 * A surrogate pair is one character; a lone surrogate is U+FFFD.
 */
static const char *decode(char *out, size_t q, size_t e, bool esc, unsigned int *len)
{
	char *w = out + q + 1, *r = w, *end = out + e;
	const char *s = w;

	while (esc && r < end) {
		char *bs = memchr(r, '\\', (size_t)(end - r));
		unsigned int cp;

		if (!bs)
			bs = end;
		memmove(w, r, (size_t)(bs - r));
		w += bs - r;
		r = bs;
		if (r == end)
			break;
		switch (r[1]) {
		case 'b': *w++ = '\b'; r += 2; continue;
		case 'f': *w++ = '\f'; r += 2; continue;
		case 'n': *w++ = '\n'; r += 2; continue;
		case 'r': *w++ = '\r'; r += 2; continue;
		case 't': *w++ = '\t'; r += 2; continue;
		case 'u': break;
		default: *w++ = r[1]; r += 2; continue;	/* " \ / */
		}
		cp = hex4(r + 2);
		r += 6;
		if (cp >= 0xd800 && cp < 0xdc00 && end - r >= 6 && r[0] == '\\' && r[1] == 'u' &&
		    hex4(r + 2) >= 0xdc00 && hex4(r + 2) < 0xe000) {
			cp = 0x10000 + ((cp - 0xd800) << 10) + (hex4(r + 2) - 0xdc00);
			r += 6;
		} else if (cp >= 0xd800 && cp < 0xe000) {
			cp = 0xfffd;
		}
		w = utf8(w, cp);
	}
	if (!esc)
		w = end;
	*w = '\0';
	*len = (unsigned int)(w - s);
	return s;
}

/*
 * The number number() accepted at [@p, @e), as json-c reads it: without a
 * fraction or exponent an integer, clamped to 64 bits as strtoll/strtoull
 * clamp; else strtod's double. False: out of memory.
 */
static bool to_number(struct sa_jnode *v, const char *buf, size_t p, size_t e)
{
	unsigned long long m = 0;
	bool over = false;
	char small[64], *c = small;

	if (memchr(buf + p, '.', e - p) || memchr(buf + p, 'e', e - p) ||
	    memchr(buf + p, 'E', e - p)) {
		v->type = SA_J_DOUBLE;
		v->s = buf + p;
		v->len = (unsigned int)(e - p);
		if (e - p >= sizeof(small) && !(c = malloc(e - p + 1)))
			return false;
		memcpy(c, buf + p, e - p);
		c[e - p] = '\0';
		v->d = strtod(c, NULL);
		if (c != small)
			free(c);
		return true;
	}
	v->neg = buf[p] == '-';
	for (size_t q = p + v->neg; q < e; q++) {
		unsigned int dg = (unsigned int)(buf[q] - '0');

		if (m > (~0ULL - dg) / 10)
			over = true;
		else
			m = m * 10 + dg;
	}
	if (!v->neg)
		v->u = over ? ~0ULL : m;
	else
		v->i = over || m >= 1ULL << 63 ? (long long)(1ULL << 63) : -(long long)m;
	return true;
}

/* The one scan: sa_json_budget() with @t NULL, sa_jdoc_parse() with it. */
static bool scan(const char *buf, size_t len, unsigned long long limit,
		 struct sa_json_budget *b, struct build *t)
{
	char stack[SA_JSON_MAX_DEPTH];	/* '{' or '[' of each open container */
	enum want want = W_VALUE;
	size_t i = 0, depth = 0;
	const char *bad = NULL;
	bool nul, esc, in_array;

	memset(b, 0, sizeof(*b));
	for (;;) {
		struct sa_jnode *v;
		size_t at;
		char c;

		while (i < len && is_ws(buf[i]))
			i++;
		if (i >= len) {
			if (want != W_NEXT || depth)
				bad = "truncated: the text ends before its value does";
			break;
		}
		c = buf[i];
		switch (want) {
		case W_FIRST_KEY:
		case W_KEY:
			if (c == '}' && want == W_FIRST_KEY) {
				close_node(t, --depth);
				want = W_NEXT;
				i++;
				continue;
			}
			if (c != '"') {
				bad = unexpected(c, true, want == W_KEY);
				break;
			}
			b->values++;	/* a member: json-c's entry and its name */
			at = i;
			bad = string(buf, len, &i, &nul, &esc);
			if (!bad && nul) {
				b->nul_key = true;
				b->at = i;
				b->cost = cost(b, len);
				return false;
			}
			if (!bad && t) {
				unsigned int n;

				t->key = decode(t->out, at, i - 1, esc, &n);
			}
			want = W_COLON;
			break;
		case W_COLON:
			if (c != ':') {
				bad = "':' expected after a member name";
				break;
			}
			i++;
			want = W_VALUE;
			continue;
		case W_NEXT:
			if (!depth) {
				bad = c == '/' ? unexpected(c, false, false) :
				      "data after the JSON text";
			} else if (c == ',') {
				want = stack[depth - 1] == '{' ? W_KEY : W_VALUE;
				i++;
			} else if (c == (stack[depth - 1] == '{' ? '}' : ']')) {
				close_node(t, --depth);
				i++;
			} else {
				bad = c == '/' ? unexpected(c, false, false) :
				      stack[depth - 1] == '{' ? "',' or '}' expected" :
				      "',' or ']' expected";
			}
			if (bad)
				break;
			continue;
		case W_FIRST:
			if (c == ']') {
				close_node(t, --depth);
				want = W_NEXT;
				i++;
				continue;
			}
			/* fall through */
		case W_VALUE:
			if (c == '{' || c == '[') {
				if (depth == SA_JSON_MAX_DEPTH) {
					bad = "objects and arrays nested deeper than 64";
					break;
				}
				if (t) {
					if (!node(t, depth, c == '{' ? SA_J_OBJECT : SA_J_ARRAY))
						return false;
					t->open[depth] = t->d->n - 1;
				}
				stack[depth++] = c;
				if (c == '{')
					b->objects++;
				else
					b->arrays++;
				want = c == '{' ? W_FIRST_KEY : W_FIRST;
				i++;
				break;
			}
			b->values++;
			/* an array's ']' right after a ',' (W_FIRST takes it after '[') */
			in_array = want == W_VALUE && depth && stack[depth - 1] == '[';
			want = W_NEXT;
			v = NULL;
			if (t && !(v = node(t, depth, SA_J_NULL)))
				return false;
			at = i;
			if (c == '"') {
				bad = string(buf, len, &i, &nul, &esc);
				if (v && !bad) {
					v->type = SA_J_STRING;
					v->s = decode(t->out, at, i - 1, esc, &v->len);
				}
			} else if (c == '-' || is_digit(c)) {
				bad = number(buf, len, &i);
				if (v && !bad) {
					v->type = SA_J_INT;
					if (!to_number(v, buf, at, i)) {
						t->d->oom = true;
						return false;
					}
				}
			} else if (len - i >= 4 && !memcmp(buf + i, "true", 4)) {
				i += 4;
				if (v) {
					v->type = SA_J_BOOL;
					v->b = true;
				}
			} else if (len - i >= 5 && !memcmp(buf + i, "false", 5)) {
				i += 5;
				if (v)
					v->type = SA_J_BOOL;
			} else if (len - i >= 4 && !memcmp(buf + i, "null", 4)) {
				i += 4;
			} else {
				bad = unexpected(c, false, in_array);
			}
			break;
		}
		if (bad)
			break;
		/* Checked once per 4096 values: the estimate only grows. */
		if (!((b->objects + b->arrays + b->values) & 4095) && cost(b, len) > limit) {
			b->at = i;
			b->over = true;
			b->cost = cost(b, len);
			return false;
		}
	}
	b->at = i;
	b->cost = cost(b, len);
	if (bad) {
		b->bad = bad;
		return false;
	}
	b->over = b->cost > limit;
	return !b->over;
}

bool sa_json_budget(const char *buf, size_t len, unsigned long long limit,
		    struct sa_json_budget *b)
{
	return scan(buf, len, limit, b, NULL);
}

bool sa_jdoc_parse(struct sa_jdoc *d, char *buf, size_t len, unsigned long long limit,
		   struct sa_json_budget *b)
{
	struct build t = { .d = d, .out = buf };

	d->n = 0;
	d->oom = false;
	return scan(buf, len, limit, b, &t);
}

void sa_jdoc_free(struct sa_jdoc *d)
{
	free(d->v);
	memset(d, 0, sizeof(*d));
}

const struct sa_jnode *sa_jget(const struct sa_jnode *o, const char *k)
{
	const struct sa_jnode *v = NULL, *c;

	if (!o || o->type != SA_J_OBJECT)
		return NULL;
	c = sa_jfirst(o);
	/* the last of the name wins, as in json-c's table */
	for (unsigned int n = 0; n < o->len; n++, c = sa_jnext(c))
		if (c->key[0] == k[0] && !strcmp(c->key, k))
			v = c;
	return v && v->type != SA_J_NULL ? v : NULL;
}

long long sa_jint64(const struct sa_jnode *v)
{
	if (v->neg)
		return v->i;
	return v->u > (unsigned long long)INT64_MAX ? INT64_MAX : (long long)v->u;
}

unsigned long long sa_juint64(const struct sa_jnode *v)
{
	return v->neg ? 0 : v->u;
}

double sa_jdouble(const struct sa_jnode *v)
{
	if (v->type == SA_J_DOUBLE)
		return v->d;
	return v->neg ? (double)v->i : (double)v->u;
}
