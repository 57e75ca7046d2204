// SPDX-License-Identifier: GPL-2.0
/* Text for HTML and SVG (markup_esc.h). */
#include <string.h>

#include "output/escape.h"
#include "output/markup_esc.h"

/* One well-formed character, or one byte that is not: how it is written. */
static size_t put_one(FILE *f, const unsigned char *p, size_t n)
{
	size_t len = sa_utf8_len(p, n);

	if (!len || sa_utf8_is_control(p, len)) {
		len = len ? len : 1;
		for (size_t i = 0; i < len; i++)
			fprintf(f, "\\x%02x", p[i]);
		return len;
	}
	switch (*p) {
	case '&':
		fputs("&amp;", f);
		break;
	case '<':
		fputs("&lt;", f);
		break;
	case '>':
		fputs("&gt;", f);
		break;
	case '"':
		fputs("&quot;", f);
		break;
	case '\'':
		fputs("&#39;", f);
		break;
	default:
		fwrite(p, 1, len, f);
	}
	return len;
}

void sa_markup_fputs_cut(FILE *f, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = s ? strlen(s) : 0, chars = 0;

	while (n) {
		size_t len;

		if (max && chars == max) {
			fputs("\xe2\x80\xa6", f);	/* U+2026 */
			return;
		}
		len = put_one(f, p, n);
		p += len;
		n -= len;
		chars++;
	}
}

/* Characters as put_one() steps through them. */
static size_t chars_of(const unsigned char *p, size_t n)
{
	size_t c = 0;

	while (n) {
		size_t len = sa_utf8_len(p, n);

		len = len ? len : 1;
		p += len;
		n -= len;
		c++;
	}
	return c;
}

void sa_markup_fputs_tail(FILE *f, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = s ? strlen(s) : 0, skip;

	if (!max || chars_of(p, n) <= max) {
		sa_markup_fputs_cut(f, s, 0);
		return;
	}
	fputs("\xe2\x80\xa6", f);
	for (skip = chars_of(p, n) - (max - 1); skip; skip--) {
		size_t len = sa_utf8_len(p, n);

		len = len ? len : 1;
		p += len;
		n -= len;
	}
	sa_markup_fputs_cut(f, (const char *)p, 0);
}

void sa_markup_fputs(FILE *f, const char *s)
{
	sa_markup_fputs_cut(f, s, 0);
}
