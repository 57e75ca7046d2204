// SPDX-License-Identifier: GPL-2.0
#include "output/json_out.h"

void jw_str(FILE *f, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run;

	if (!s) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (run = s; *s; s++) {
		unsigned char c = *s;
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
			if (c >= 0x20)
				continue;
		}
		fwrite(run, 1, s - run, f);
		run = s + 1;
		if (esc) {
			fputs(esc, f);
		} else {
			fputs("\\u00", f);
			putc(hex[c >> 4], f);
			putc(hex[c & 15], f);
		}
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
	json_object_object_add(o, k, v ? json_object_new_string(v) : json_object_new_null());
}

void sa_json_add_u64(json_object *o, const char *k, unsigned long long v)
{
	json_object_object_add(o, k, json_object_new_uint64(v));
}

int sa_json_print_line(FILE *f, json_object *o)
{
	const char *s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
						       JSON_C_TO_STRING_NOSLASHESCAPE);

	return s && fprintf(f, "%s\n", s) >= 0 ? 0 : -1;
}
