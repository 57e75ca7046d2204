// SPDX-License-Identifier: GPL-2.0
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
 * holds \u0000.
 */
static const char *string(const char *buf, size_t len, size_t *i, bool *nul)
{
	size_t p = *i + 1;

	*nul = false;
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

bool sa_json_budget(const char *buf, size_t len, unsigned long long limit,
		    struct sa_json_budget *b)
{
	char stack[SA_JSON_MAX_DEPTH];	/* '{' or '[' of each open container */
	enum want want = W_VALUE;
	size_t i = 0, depth = 0;
	const char *bad = NULL;
	bool nul, in_array;

	memset(b, 0, sizeof(*b));
	for (;;) {
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
				depth--;
				want = W_NEXT;
				i++;
				continue;
			}
			if (c != '"') {
				bad = unexpected(c, true, want == W_KEY);
				break;
			}
			b->values++;	/* a member: json-c's entry and its name */
			bad = string(buf, len, &i, &nul);
			if (!bad && nul) {
				b->nul_key = true;
				b->at = i;
				b->cost = cost(b, len);
				return false;
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
				depth--;
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
				depth--;
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
			if (c == '"') {
				bad = string(buf, len, &i, &nul);
			} else if (c == '-' || is_digit(c)) {
				bad = number(buf, len, &i);
			} else if (len - i >= 4 && !memcmp(buf + i, "true", 4)) {
				i += 4;
			} else if (len - i >= 5 && !memcmp(buf + i, "false", 5)) {
				i += 5;
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
