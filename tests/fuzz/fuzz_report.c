// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the report reader (sa_report_parse) on arbitrary bytes,
 * and for what it accepts, the whole path a report takes: merge, render in
 * every format, Prometheus, and a write/read round trip that must succeed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	sa_merged_print(devnull, &m, SA_FMT_TEXT);
	sa_merged_print(devnull, &m, SA_FMT_MARKDOWN);
	sa_merged_print(devnull, &m, SA_FMT_JSON);
	sa_prometheus_print(devnull, &m);
	sa_merged_free(&m);

	/* What we write, we must read back. */
	o = sa_report_to_json(&r);
	s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	if (sa_report_parse(s, strlen(s), &back, err, sizeof(err))) {
		fprintf(stderr, "round trip failed: %s\n", err);
		abort();
	}
	sa_report_free(&back);
	json_object_put(o);
	sa_report_free(&r);
	return 0;
}
