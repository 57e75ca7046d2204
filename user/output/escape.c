// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output/escape.h"

size_t sa_utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	size_t len;
	unsigned char lo = 0x80, hi = 0xbf;	/* bounds of the second byte */

	if (!n)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		if (c == 0xe0)
			lo = 0xa0;	/* overlong */
		else if (c == 0xed)
			hi = 0x9f;	/* surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		if (c == 0xf0)
			lo = 0x90;	/* overlong */
		else if (c == 0xf4)
			hi = 0x8f;	/* past U+10FFFF */
	} else {
		return 0;	/* continuation byte, C0/C1 overlong lead, F5..FF */
	}
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

/* Characters a terminal acts on, or that reorder a line (Trojan Source). */
size_t sa_utf8_written_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t out = 0;

	for (size_t i = 0, len; i < n; i += len) {
		len = sa_utf8_len(u + i, n - i < 4 ? n - i : 4);
		if (!len) {
			len = 1;
			out += 4;	/* \xNN */
		} else {
			out += len;
		}
	}
	return out;
}

bool sa_utf8_is_control(const unsigned char *s, size_t len)
{
	if (len == 1)
		return s[0] < 0x20 || s[0] == 0x7f;
	if (len == 2)
		return s[0] == 0xc2 && s[1] < 0xa0;	/* C1: U+0080..U+009F */
	if (len == 3 && s[0] == 0xe2 && s[1] == 0x80)
		return s[2] >= 0xaa && s[2] <= 0xae;	/* U+202A..U+202E */
	if (len == 3 && s[0] == 0xe2 && s[1] == 0x81)
		return s[2] >= 0xa6 && s[2] <= 0xa9;	/* U+2066..U+2069 */
	return false;
}

/*
 * What GitHub's markdown acts on inside a table cell: escapes (\\), code
 * spans, emphasis, strikethrough, links, images and footnotes, raw HTML and
 * entities, autolinks (<...>, "http:", "www.", "@"), math ($), emoji
 * (:name:), issue references (#) and the cell's end (|). Each is written
 * with a backslash, so it shows as itself.
 */
#define MD_ACTIVE "\\`*_~[]()!<>&:.@$^{}#|"

static void hex(FILE *f, const unsigned char *s, size_t n, bool double_backslash)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, double_backslash ? "\\\\x%02x" : "\\x%02x", s[i]);
}

bool sa_esc_plain(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			return false;
	return true;
}

void sa_esc_fputs(FILE *f, const char *str, enum sa_esc how)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	if (!s)
		return;
	n = strlen(str);
	/* The common case, one write: printable ASCII needs nothing (but '|' in a cell). */
	if ((how == SA_ESC_TEXT || how == SA_ESC_JSON) && sa_esc_plain(str)) {
		fwrite(s, 1, n, f);
		return;
	}
	if (how == SA_ESC_PROM && !n) {
		fputs("\\\\e", f);	/* \e, escaped for the exposition format */
		return;
	}
	while (n) {
		size_t len = sa_utf8_len(s, n);

		if (!len) {
			hex(f, s, 1, how == SA_ESC_PROM);
			len = 1;
		} else if (how == SA_ESC_PROM) {
			if (*s == '\\')
				fputs("\\\\\\\\", f);	/* \\ escaped again: \\\\ */
			else if (*s == '"')
				fputs("\\\"", f);
			else if (sa_utf8_is_control(s, len))
				hex(f, s, len, true);	/* C0, DEL, C1, bidi: never raw in a .prom */
			else
				fwrite(s, 1, len, f);
		} else if (how != SA_ESC_JSON && sa_utf8_is_control(s, len)) {
			hex(f, s, len, false);
		} else if (how == SA_ESC_MARKDOWN && len == 1 && strchr(MD_ACTIVE, *s)) {
			fputc('\\', f);	/* CommonMark: any ASCII punctuation may be escaped */
			fputc(*s, f);
		} else {
			fwrite(s, 1, len, f);
		}
		s += len;
		n -= len;
	}
}

char *sa_esc_dup(const char *s, enum sa_esc how)
{
	char *buf = NULL;
	size_t bl;
	FILE *f = open_memstream(&buf, &bl);

	if (!f)
		return NULL;
	sa_esc_fputs(f, s, how);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The code point of the well-formed 2- or 3-byte sequence at @s. */
static unsigned int code_point(const unsigned char *s, size_t len)
{
	if (len == 2)
		return (s[0] & 0x1f) << 6 | (s[1] & 0x3f);
	return (s[0] & 0x0f) << 12 | (s[1] & 0x3f) << 6 | (s[2] & 0x3f);
}

size_t sa_esc_json_uxxxx(char out[7], const unsigned char *s, size_t len)
{
	if (len < 2 || !sa_utf8_is_control(s, len))
		return 0;
	snprintf(out, 7, "\\u%04x", code_point(s, len));
	return 6;
}

/*
 * printf into a buffer (on the stack when it fits), then escape it as text;
 * @line: all of it but a final newline, which is written as one.
 */
static int esc_vprint(FILE *f, const char *fmt, va_list ap, bool line)
{
	char stack[1024], *s = stack;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(stack, sizeof(stack), fmt, ap);
	if (n >= (int)sizeof(stack))
		n = vasprintf(&s, fmt, again);
	va_end(again);
	if (n < 0) {
		fputs(line ? "(out of memory)\n" : "(out of memory)", f);
		return -1;
	}
	if (line && n > 0 && s[n - 1] == '\n')
		s[n - 1] = '\0';
	sa_esc_fputs(f, s, SA_ESC_TEXT);
	if (line)
		fputc('\n', f);
	if (s != stack)
		free(s);
	return ferror(f) ? -1 : n;
}

int sa_esc_line(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = esc_vprint(f, fmt, ap, true);
	va_end(ap);
	return n;
}

void sa_esc_vprint(FILE *f, const char *fmt, va_list ap)
{
	esc_vprint(f, fmt, ap, false);
}
