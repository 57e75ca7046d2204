// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <string.h>

#include "output/escape.h"
#include "output/json_out.h"
#include "model/report.h"

void jw_str(FILE *f, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run;
	char u[7];

	if (!s) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (run = s; *s;) {
		unsigned char c = *s;
		size_t len = sa_utf8_len((const unsigned char *)s, strnlen(s, 4));
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
				/* a C1 control or bidi override: as \uXXXX, like json-c's output */
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
	putc('"', f);
}

void jw_kstr(FILE *f, const char *key, const char *s)
{
	putc('"', f);
	fputs(key, f);
	fputs("\":", f);
	jw_str(f, s);
}

void sa_json_add_str(json_object *o, const char *k, const char *v)
{
	/* strings from the input may be invalid UTF-8, which JSON cannot carry */
	json_object_object_add(o, k, sa_esc_json(v));
}

void sa_json_add_u64(json_object *o, const char *k, unsigned long long v)
{
	json_object_object_add(o, k, json_object_new_uint64(v));
}

void sa_json_add_opt_i64(json_object *o, const char *k, long long v, bool present)
{
	json_object_object_add(o, k, present ? json_object_new_int64(v) : json_object_new_null());
}

void sa_json_add_time(json_object *o, const char *k, time_t t)
{
	char buf[32];

	if (!t) {
		json_object_object_add(o, k, json_object_new_null());
		return;
	}
	sa_time_format(t, buf, sizeof(buf));
	sa_json_add_str(o, k, buf);
}

int sa_json_print(FILE *f, json_object *o, int flags)
{
	const char *s = json_object_to_json_string_ext(o, flags);

	if (!s || sa_esc_json_text(f, s))
		return -1;
	return putc('\n', f) == EOF ? -1 : 0;
}

int sa_json_print_line(FILE *f, json_object *o)
{
	return sa_json_print(f, o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

void sa_json_seed(void)
{
	json_object *o = json_object_new_object();

	/* An empty object hashes nothing: one key does. */
	if (o)
		json_object_object_add(o, "seed", NULL);
	json_object_put(o);
}
