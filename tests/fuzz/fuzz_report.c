// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the report reader (sa_report_parse) on arbitrary bytes,
 * and for what it accepts, the whole path a report takes: merge, render in
 * every format, Prometheus, and a write/read round trip that must succeed.
 * Whatever strings the report holds, every output must be valid UTF-8 and
 * the JSON output must parse (issue 21: output that cannot be forged).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/escape.h"
#include "output/prometheus.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"
#include "output/report_out.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct sa_report r, back;
	struct sa_merged m;
	json_object *o;
	const char *s;
	char err[256];

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	if (sa_report_parse((const char *)data, size, &r, err, sizeof(err)))
		return 0;
	sa_merged_init(&m);
	sa_merged_add(&m, "a", &r);
	sa_merged_add(&m, "b", &r);	/* the same report twice: a duplicate */
	sa_merged_finish(&m);
	for (int fmt = 0; fmt < 4; fmt++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		if (!f)
			abort();
		if (fmt < 3)
			sa_merged_print(f, &m, fmt == 0 ? SA_FMT_TEXT : fmt == 1 ? SA_FMT_MARKDOWN :
					SA_FMT_JSON, size & 1);
		else
			sa_prometheus_print(f, &m);
		fclose(f);
		for (size_t i = 0, n; i < len; i += n) {
			const unsigned char *c = (const unsigned char *)buf + i;

			/*
			 * valid UTF-8; in the text formats and Prometheus no C0,
			 * DEL, C1 or bidi override but \n and \t (issue 49 #9)
			 */
			n = sa_utf8_len(c, len - i);
			if (!n || (fmt != 2 && ((n == 1 && (c[0] < 0x20 || c[0] == 0x7f) &&
						 c[0] != '\n' && c[0] != '\t') ||
						(n > 1 && sa_utf8_is_control(c, n))))) {
				fprintf(stderr, "format %d: byte %zu (0x%02x) invalid\n", fmt, i, c[0]);
				abort();
			}
		}
		/* the verdict label is one the gate counts, never empty */
		if (fmt == 3 && memmem(buf, len, "confidence=\"\"", 14)) {
			fprintf(stderr, "Prometheus: an empty confidence label\n");
			abort();
		}
		if (fmt == 2) {
			json_object *j = json_tokener_parse(buf);

			if (!j) {
				fprintf(stderr, "JSON output does not parse\n");
				abort();
			}
			json_object_put(j);
		}
		free(buf);
	}
	(void)devnull;
	sa_merged_free(&m);

	/* What we write, we must read back. */
	o = sa_report_to_json(&r);
	s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	if (sa_report_parse(s, strlen(s), &back, err, sizeof(err))) {
		fprintf(stderr, "round trip failed: %s\n", err);
		abort();
	}
	/* the same span back, the epoch too (issue 49 #13) */
	if (back.start != r.start || back.end != r.end) {
		fprintf(stderr, "round trip changed the span\n");
		abort();
	}
	sa_report_free(&back);
	json_object_put(o);
	sa_report_free(&r);
	return 0;
}
