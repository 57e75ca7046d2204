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

#include <json-c/json.h>

#include "output/boot_svg.h"
#include "output/escape.h"
#include "output/fleet_html.h"
#include "output/prometheus.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"
#include "../host/unit/report_text.h"
#include "output/report_out.h"
#include "../host/unit/jdoc_same.h"

/*
 * The reader's own tree against json-c's (issue 49): whatever the strict
 * scan accepts, json-c reads too, and to the same values. Texts of more
 * than 4096 values are left out (the comparison is quadratic in members).
 */
static void same_as_json_c(const uint8_t *data, size_t size)
{
	struct json_tokener *tok;
	struct sa_json_budget b;
	struct sa_jdoc d = {};
	char *copy, why[256];
	const char *diff;
	json_object *j;

	if (!(copy = malloc(size + 1)))
		return;
	memcpy(copy, data, size);
	if (!sa_jdoc_parse(&d, copy, size, 1ULL << 30, &b) || d.n > 4096) {
		sa_jdoc_free(&d);
		free(copy);
		return;
	}
	tok = json_tokener_new_ex(SA_JSON_MAX_DEPTH);
	if (!tok)
		abort();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	j = json_tokener_parse_ex(tok, (const char *)data, (int)size);
	/* a number or literal at the very end: json-c waits for a delimiter */
	if (json_tokener_get_error(tok) == json_tokener_continue)
		j = json_tokener_parse_ex(tok, " ", 1);
	if (json_tokener_get_error(tok) != json_tokener_success) {
		fprintf(stderr, "json-c refuses what the scan accepts: %s\n",
			json_tokener_error_desc(json_tokener_get_error(tok)));
		abort();
	}
	if ((diff = jdoc_differs(&d.v[0], j, why, sizeof(why)))) {
		fprintf(stderr, "the reader's tree differs from json-c's: %s\n", diff);
		abort();
	}
	json_object_put(j);
	json_tokener_free(tok);
	sa_jdoc_free(&d);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct sa_report r, back;
	struct sa_merged m;
	char *o;
	const char *s;
	char err[256];

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	same_as_json_c(data, size);
	if (sa_report_parse((const char *)data, size, &r, err, sizeof(err)))
		return 0;
	sa_merged_init(&m);
	sa_merged_add(&m, "a", &r);
	sa_merged_add(&m, "b", &r);	/* the same report twice: a duplicate */
	sa_merged_finish(&m);
	/* 0 text, 1 markdown, 2 JSON, 3 Prometheus, 4 the fleet page, 5 the boot timeline */
	for (int fmt = 0; fmt < 6; fmt++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		if (!f)
			abort();
		if (fmt < 3)
			sa_merged_print(f, &m, fmt == 0 ? SA_FMT_TEXT : fmt == 1 ? SA_FMT_MARKDOWN :
					SA_FMT_JSON, size & 1);
		else if (fmt == 3)
			sa_prometheus_print(f, &m);
		else if (fmt == 4)
			sa_fleet_html(f, &m, size & 1);
		else if (m.nhosts)
			sa_boot_svg(f, &r, &m.hosts[0]);
		fclose(f);
		/* markup: only the renderers' own elements; a report's '<' is always &lt; */
		if (fmt >= 4 && (memmem(buf, len, "<script", 7) || memmem(buf, len, "<img", 4) ||
				 memmem(buf, len, "<a ", 3))) {
			fprintf(stderr, "format %d: markup from the report\n", fmt);
			abort();
		}
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
	o = report_text(&r);
	s = o;
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
	free(o);
	sa_report_free(&r);
	return 0;
}
