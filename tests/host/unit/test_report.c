// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the report model, merge, Prometheus output and atomic
 * files (user/report_*.c, prometheus.c, atomic_file.c). TAP output; run
 * from the top of the tree (the fixtures are tests/host/reports/).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "tap.h"
#include "report_text.h"

#include "common/atomic_file.h"
#include "common/common.h"
#include "output/escape.h"
#include "output/json_out.h"
#include "output/merged_json.h"
#include "output/prometheus.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"
#include "output/report_out.h"
#include "reports/json_budget.h"
#include "reports/value_of.h"


static void is_u(unsigned long long got, unsigned long long want, const char *what)
{
	ok(got == want, what);
	if (got != want)
		printf("#   got:  %llu\n#   want: %llu\n", got, want);
}

static void is_s(const char *got, const char *want, const char *what)
{
	int same = (!got && !want) || (got && want && !strcmp(got, want));

	ok(same, what);
	if (!same)
		printf("#   got:  %s\n#   want: %s\n", got ? got : "(null)", want ? want : "(null)");
}

/* A partition's change event, as the tracer hands it to the callback. */
static void add_partition_event(struct sa_report *r, const char *name)
{
	char devpath[128], legacy[64], phys[] = "/devices/pci0000:00/0000:00:04.0/virtio1";
	char dir[128], target[64];
	struct sa_ctx c = { .action = "change", .subsystem = "block", .source = "tracepoint",
			    .sent = true, .seqnum = 7 };
	struct sa_legacy l = { .exists = true, .key[SA_KEY_PHYSDEVPATH] = phys, .key[SA_KEY_PHYSDEVBUS] = "virtio",
			       .key[SA_KEY_PHYSDEVDRIVER] = "virtio_blk", .nlinks = 2 };

	snprintf(devpath, sizeof(devpath), "%s/block/vda/%s", phys, name);
	snprintf(legacy, sizeof(legacy), "/block/vda/%s", name);
	snprintf(dir, sizeof(dir), "%s/block/vda", phys);
	snprintf(target, sizeof(target), "/block/vda/%s", name);
	c.devpath = devpath;
	l.devpath = legacy;
	l.links[0] = (struct sa_link){ .dir = dir, .name = "block:vda1", .target = target };
	l.links[1] = (struct sa_link){ .dir = legacy, .name = "device", .target = phys };
	ok(!sa_report_add_event(r, &c, &l), "event accounted");
}

static void test_build_and_round_trip(void)
{
	struct sa_report r, back;
	struct sa_ctx c = { .action = "add", .subsystem = "sound", .source = "tracepoint",
			    .devpath = "/devices/virtual/sound/card0/controlC0" };
	struct sa_legacy none = { .exists = false };
	char *o;
	const char *s;
	char err[256];
	int rc;

	ok(!sa_report_init(&r, "test"), "init");
	r.hostname = strdup("h1");
	r.kernel = strdup("6.1.0");
	r.machine_id = strdup("0123");
	r.attach = strdup("tracepoint");
	r.start = 1764756000;
	r.end = 1764756060;
	r.seen = r.emitted = 3;
	add_partition_event(&r, "vda1");
	add_partition_event(&r, "vda1");
	sa_report_add_event(&r, &c, &none);
	is_u(r.by_subsystem.n, 2, "two subsystems");
	is_u(r.by_subsystem.v[0].events, 2, "block: 2 events");
	is_u(r.by_subsystem.v[0].links[SA_LK_CLASSNAME], 2, "block: 2 <class>:<name> links");
	is_u(r.by_bus.v[0].keys[SA_KEY_PHYSDEVBUS], 2, "virtio: 2 PHYSDEVBUS");
	is_s(r.by_bus.v[1].name, "(none)", "an event without a bus is under (none)");
	is_u(r.npaths, 3, "paths: the legacy DEVPATH and two links, once each");
	is_u(r.paths[0].count, 2, "a path needed twice counts 2");
	is_s(r.paths[2].kind, "device", "link kinds named as in the stream summary");
	is_u(r.sample->n, 3, "sample holds the three events");

	o = report_text(&r);
	s = o;
	rc = sa_report_parse(s, strlen(s), &back, err, sizeof(err));
	ok(rc == 0, "what we write, we read back");
	if (rc)
		printf("#   %s\n", err);
	if (!rc) {
		is_s(back.hostname, "h1", "round trip: hostname");
		is_s(back.boot_id, NULL, "round trip: no boot id stays null");
		is_u(back.end - back.start, 60, "round trip: span");
		is_u(back.by_subsystem.v[0].keys[SA_KEY_PHYSDEVPATH], 2, "round trip: PHYSDEVPATH by subsystem");
		is_u(back.paths[0].count, 2, "round trip: path count");
		is_u(back.sample->n, 3, "round trip: sample");
		ok(back.summary_kept && back.summary_kept->type == SA_V_OBJECT, "round trip: summary");
		sa_report_free(&back);
	}
	free(o);
	sa_report_free(&r);
}

static void test_bounds(void)
{
	struct sa_report r;
	struct sa_legacy l = { .exists = true };
	struct sa_ctx c = { .action = "add", .source = "tracepoint" };
	char name[32], path[64];

	sa_report_init(&r, "test");
	for (int i = 0; i < SA_REPORT_MAX_GROUPS + 10; i++) {
		snprintf(name, sizeof(name), "subsys%d", i);
		snprintf(path, sizeof(path), "/class/x/dev%d", i);
		c.subsystem = name;
		c.devpath = path;
		l.devpath = path;
		sa_report_add_event(&r, &c, &l);
	}
	for (int i = 0; i < SA_REPORT_MAX_PATHS; i++) {
		snprintf(path, sizeof(path), "/class/y/dev%d", i);
		l.devpath = path;
		sa_report_add_event(&r, &c, &l);
	}
	is_u(r.by_subsystem.n, SA_REPORT_MAX_GROUPS, "subsystems bounded");
	is_u(r.by_subsystem.other.events, 10 + SA_REPORT_MAX_PATHS, "the rest under (other)");
	is_u(r.npaths, SA_REPORT_MAX_PATHS, "paths bounded");
	is_u(r.paths_other, SA_REPORT_MAX_GROUPS + 10, "the rest counted in paths_other");
	is_u(r.sample->n, SA_REPORT_MAX_SAMPLE, "sample bounded");
	sa_report_free(&r);
}

/* Span boundaries of the duplicate check: touching, zero-length, one second. */
static void test_spans(void)
{
	ok(!sa_spans_overlap(10, 20, 20, 30) && !sa_spans_overlap(20, 30, 10, 20),
	   "spans that only touch do not overlap (either order)");
	ok(sa_spans_overlap(10, 20, 19, 30) && sa_spans_overlap(19, 30, 10, 20),
	   "spans that share one second overlap");
	ok(sa_spans_overlap(10, 20, 10, 20), "equal spans overlap");
	ok(sa_spans_overlap(15, 15, 15, 15), "two zero-length spans at one instant overlap");
	ok(!sa_spans_overlap(15, 15, 16, 16), "zero-length spans one second apart do not");
	ok(sa_spans_overlap(15, 15, 10, 20) && sa_spans_overlap(10, 20, 15, 15),
	   "a zero-length span inside another overlaps it");
	ok(!sa_spans_overlap(10, 10, 10, 20) && !sa_spans_overlap(20, 20, 10, 20),
	   "a zero-length span at either end of another only touches it");
	ok(sa_spans_overlap(0, 0x7fffffff, 0x7ffffffe, 0x7fffffff), "large times: no overflow");
}

static int read_fixture(const char *name, struct sa_report *r)
{
	char path[256], err[256];
	int rc;

	snprintf(path, sizeof(path), "tests/host/reports/%s.json", name);
	rc = sa_report_read(path, r, err, sizeof(err));
	if (rc)
		printf("# %s: %s\n", path, err);
	return rc;
}

static const struct sa_mrow *row(const struct sa_mtable *t, const char *a, const char *b)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->v[i].s[0], a) && (!b || (t->v[i].s[1] && !strcmp(t->v[i].s[1], b))))
			return &t->v[i];
	return NULL;
}

static void test_merge(void)
{
	static const char *const names[] = { "web-01", "web-02", "db-01", "web-01-nextboot",
					     "web-01" };
	const struct sa_mrow *k;
	struct sa_merged m;
	int rc[5];

	sa_merged_init(&m);
	for (int i = 0; i < 5; i++) {
		struct sa_report r;

		rc[i] = read_fixture(names[i], &r);
		if (!rc[i]) {
			rc[i] = sa_merged_add(&m, names[i], &r);
			sa_report_free(&r);
		}
	}
	sa_merged_finish(&m);
	ok(!rc[0] && !rc[1] && !rc[2] && !rc[3], "four fixtures merge");
	is_u(rc[4], -EEXIST, "web-01 a second time is a duplicate");
	is_u(m.nskipped, 1, "one skipped");
	is_u(m.nreports, 4, "four reports");
	is_u(m.nhosts, 3, "three hosts");
	is_u(m.seen, 27, "seen summed");
	is_u(m.events, 26, "events summed");
	is_u(m.keys[2], 17, "PHYSDEVDRIVER summed");
	k = row(&m.keyrows, "block", "PHYSDEVPATH");
	ok(k && k->count == 17 && k->nhosts == 2, "block PHYSDEVPATH: 17 on 2 hosts");
	k = row(&m.paths, "/block/vda", "devpath");
	ok(k && k->count == 9 && k->nhosts == 2, "/block/vda: 9 on 2 hosts");
	k = row(&m.dep_pkg, "udev-legacy", NULL);
	ok(k && k->count == 7 && k->nhosts == 2, "udev-legacy: count 7 on 2 hosts");
	ok(m.nskipped == 1 && m.skipped[0].err == -EEXIST,
	   "the duplicate skipped with -EEXIST (cmd/ makes it exit 14)");
	sa_merged_free(&m);
}

/* The fixture web-02 with the host name @hostname; 0, or -1 (failed, said). */
static int read_hostile(struct sa_report *r, const char *hostname)
{
	if (read_fixture("web-02", r)) {
		ok(0, "fixture web-02 read");
		return -1;
	}
	free(r->hostname);
	r->hostname = strdup(hostname);
	return 0;
}

/* Markdown cells and Prometheus labels survive hostile names. */
static void test_render(void)
{
	struct sa_report r;
	struct sa_merged m;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (read_hostile(&r, "evil|host"))
		return;
	free(r.deps[0].executable);
	r.deps[0].executable = strdup("/x|y\n\"z\xff");
	sa_merged_init(&m);
	ok(!sa_merged_add(&m, "w", &r), "merged");
	sa_merged_finish(&m);
	f = open_memstream(&buf, &len);
	sa_merged_print(f, &m, SA_FMT_MARKDOWN, false);
	fclose(f);
	ok(strstr(buf, "| evil\\|host |") && strstr(buf, "| /x\\|y\\x0a\"z\\xff |") &&
	   !strstr(buf, "evil|host"), "markdown: '|', newline and invalid UTF-8 escaped");
	free(buf);
	f = open_memstream(&buf, &len);
	sa_prometheus_print(f, &m);
	fclose(f);
	ok(strstr(buf, "executable=\"/x|y\\\\x0a\\\"z\\\\xff\"") != NULL,
	   "prometheus: newline and invalid UTF-8 as \\xNN, quote escaped");
	if (!strstr(buf, "executable=\"/x|y\\\\x0a\\\"z\\\\xff\""))
		printf("# %s\n", buf);
	/* web-02: a trace, not a boot audit, and a format without loss counts */
	ok(!strstr(buf, "sysfs_audit_boot_hosts") && !strstr(buf, "sysfs_audit_dependents_lost_total"),
	   "prometheus: no boot audit, no loss counts: neither family written");
	ok(strstr(buf, "\nsysfs_audit_report_end_timestamp_seconds 1796126400\n") != NULL,
	   "prometheus: the newest report's end (web-02's, 2026-12-01T12:00:00Z)");
	free(buf);
	sa_merged_free(&m);
	sa_report_free(&r);
}

/* @json as json-c prints it with @flags, and a newline. */
static char *jsonc_text(const char *json, int flags)
{
	json_object *o = json_tokener_parse(json);
	char *t = NULL;

	if (o && asprintf(&t, "%s\n", json_object_to_json_string_ext(o, flags)) < 0)
		t = NULL;
	json_object_put(o);
	return t;
}

/* One document in the writer's @style: the shapes and escapes json-c's output has. */
static char *writer_text(enum sa_jw_style style, bool via_value)
{
	static char doc[] = "{\"a\":[],\"b\":{},\"c\":[1,{\"x\":null,\"y\":[true]}],"
			    "\"d\":\"s/\\u0001\\\"\\\\\\u0000z\",\"e\":18446744073709551614,"
			    "\"f\":-3,\"g\":2.50,\"h\":1e3,\"x\":1,\"i\":false,\"x\":2}";
	char *buf = NULL, *copy = strdup(doc);
	struct sa_value v = { 0 };
	size_t len = 0;
	struct sa_jw j;
	FILE *f = open_memstream(&buf, &len);

	sa_jw_init(&j, f, style);
	if (via_value) {
		/* a kept value, parsed as the reader does: the same bytes json-c wrote */
		ok(copy && !sa_value_parse(copy, strlen(copy), &v), "the document parses");
		sa_jw_value(&j, NULL, &v);
	} else {
		sa_jw_object(&j, NULL);
		sa_jw_array(&j, "a");
		sa_jw_end(&j);
		sa_jw_object(&j, "b");
		sa_jw_end(&j);
		sa_jw_array(&j, "c");
		sa_jw_i64(&j, NULL, 1);
		sa_jw_object(&j, NULL);
		sa_jw_null(&j, "x");
		sa_jw_array(&j, "y");
		sa_jw_bool(&j, NULL, true);
		sa_jw_end(&j);
		sa_jw_end(&j);
		sa_jw_end(&j);
		sa_jw_strn(&j, "d", "s/\001\"\\\0z", 7);
		sa_jw_u64(&j, "e", 18446744073709551614ULL);
		sa_jw_i64(&j, "f", -3);
		sa_jw_raw(&j, "g", "2.50");
		sa_jw_raw(&j, "h", "1e3");
		sa_jw_u64(&j, "x", 2);
		sa_jw_bool(&j, "i", false);
		sa_jw_end(&j);
	}
	ok(!sa_jw_finish(&j), "the writer: balanced");
	fclose(f);
	sa_value_clear(&v);
	free(copy);
	return buf;
}

/* Both layouts of the one writer are json-c's, byte for byte. */
static void test_json_writer(void)
{
	static const struct {
		enum sa_jw_style style;
		int flags;
		const char *name;
	} st[] = {
		{ SA_JW_LINE, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, "line" },
		{ SA_JW_PRETTY, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		  JSON_C_TO_STRING_NOSLASHESCAPE, "pretty" },
	};
	static const double dbl[] = { 0, 1, 0.5, 0.1, 5.25, 123456789.0, 1e300, -2.5, 1e-7 };

	for (int i = 0; i < 2; i++) {
		for (int v = 0; v < 2; v++) {
			char *got = writer_text(st[i].style, v);
			char *want = jsonc_text("{\"a\":[],\"b\":{},\"c\":[1,{\"x\":null,"
						"\"y\":[true]}],\"d\":\"s/\\u0001\\\"\\\\"
						"\\u0000z\",\"e\":18446744073709551614,"
						"\"f\":-3,\"g\":2.50,\"h\":1e3,\"x\":1,"
						"\"i\":false,\"x\":2}", st[i].flags);

			ok(got && want && !strcmp(got, want), "%s%s: empty containers, nesting, "
			   "escapes, NUL, 2^64 - 2, -3, a number's text, a repeated member as "
			   "json-c prints them", st[i].name, v ? " (a kept value)" : "");
			if (got && want && strcmp(got, want))
				printf("# got:\n%s# want:\n%s", got, want);
			free(got);
			free(want);
		}
	}
	for (size_t i = 0; i < sizeof(dbl) / sizeof(*dbl); i++) {
		json_object *o = json_object_new_double(dbl[i]);
		char *buf = NULL;
		size_t len = 0;
		struct sa_jw j;
		FILE *f = open_memstream(&buf, &len);

		sa_jw_init(&j, f, SA_JW_LINE);
		sa_jw_double(&j, NULL, dbl[i]);
		fclose(f);
		ok(!strcmp(buf, json_object_to_json_string(o)), "double %g as json-c prints it (%s)",
		   dbl[i], buf);
		free(buf);
		json_object_put(o);
	}
}

/* SA_JW_DEPTH - 1 containers open at once; one more is refused. */
static void test_json_pretty_depth(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct sa_jw j;

	sa_jw_init(&j, f, SA_JW_PRETTY);
	for (int i = 0; i < SA_JW_DEPTH - 1; i++)
		sa_jw_object(&j, NULL);
	ok(j.level == SA_JW_DEPTH - 1 && !j.bad, "json writer: %d nested levels (%d)",
	   SA_JW_DEPTH - 1, j.level);
	sa_jw_object(&j, NULL);
	ok(j.level == SA_JW_DEPTH - 1 && j.bad, "json writer: one more refused, the level stays (%d)",
	   j.level);
	for (int i = 0; i < SA_JW_DEPTH - 1; i++)
		sa_jw_end(&j);
	ok(sa_jw_finish(&j) == -1, "json writer: a document that went too deep does not finish");
	fclose(f);
	free(buf);
}

/* The merged JSON is written as it is walked, byte for byte what json-c prints. */
static void test_json_pretty(void)
{
	static const char *const names[] = { "web-01", "web-02", "db-01", "guest-patched" };
	const int flags = JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			  JSON_C_TO_STRING_NOSLASHESCAPE;
	json_object *o;
	struct sa_merged m;
	char *buf = NULL, *want;
	size_t len = 0;
	FILE *f;

	sa_merged_init(&m);
	for (int i = 0; i < 4; i++) {
		struct sa_report r;

		if (!read_fixture(names[i], &r)) {
			sa_merged_add(&m, names[i], &r);
			sa_report_free(&r);
		}
	}
	sa_merged_finish(&m);
	f = open_memstream(&buf, &len);
	sa_merged_print(f, &m, SA_FMT_JSON, false);
	fclose(f);
	/* streamed, never a tree: read back and printed by json-c, the same bytes */
	o = json_tokener_parse(buf);
	want = o ? strdup(json_object_to_json_string_ext(o, flags)) : NULL;
	ok(m.nhosts == 4 && want && !strncmp(buf, want, strlen(want)) &&
	   !strcmp(buf + strlen(want), "\n"),
	   "report -f json: the merged fixtures as json-c prints them");
	ok(o && json_object_array_length(json_object_object_get(o, "hosts")) == 4 &&
	   json_object_array_length(json_object_object_get(o, "by_subsystem")) > 0,
	   "report -f json: the merged fixtures' hosts and rows");
	free(buf);
	free(want);
	json_object_put(o);
	sa_merged_free(&m);
}

/* ---- escape.c: the one escaping function of every output form ------------- */

static char *esc(const char *s, enum sa_esc how)
{
	static char buf[256];
	char *e = sa_esc_dup(s, how);

	snprintf(buf, sizeof(buf), "%s", e ? e : "(oom)");
	free(e);
	return buf;
}

static void test_escape(void)
{
	static const struct { const char *s; size_t len; } utf8[] = {
		{ "\x7f", 1 }, { "\xc2\x80", 2 }, { "\xdf\xbf", 2 }, { "\xe0\xa0\x80", 3 },
		{ "\xe0\x9f\xbf", 0 }, { "\xed\x9f\xbf", 3 }, { "\xed\xa0\x80", 0 },
		{ "\xed\xbf\xbf", 0 }, { "\xef\xbf\xbf", 3 }, { "\xf0\x90\x80\x80", 4 },
		{ "\xf0\x8f\xbf\xbf", 0 }, { "\xf4\x8f\xbf\xbf", 4 }, { "\xf4\x90\x80\x80", 0 },
		{ "\xc0\x80", 0 }, { "\xc1\xbf", 0 }, { "\xf5\x80\x80\x80", 0 }, { "\x80", 0 },
		{ "\xe2\x82", 0 }, { "\xc2", 0 }, { "\xe2\x82\x28", 0 },
	};
	char why[96];
	size_t bad = 0;

	for (size_t i = 0; i < sizeof(utf8) / sizeof(utf8[0]); i++) {
		size_t got = sa_utf8_len((const unsigned char *)utf8[i].s, strlen(utf8[i].s));

		if (got != utf8[i].len) {
			printf("# utf8 case %zu: got %zu, want %zu\n", i, got, utf8[i].len);
			bad++;
		}
	}
	ok(!bad, "UTF-8: boundaries of each length, overlong, surrogates, past U+10FFFF, cut");
	ok(sa_utf8_len((const unsigned char *)"\xe2\x82\xac", 2) == 0,
	   "UTF-8: a sequence longer than the bytes left is not read past them");
	is_s(esc("a\x1b[2Jb\nc\x7f\xc2\x9b\xe2\x80\xae" "d", SA_ESC_TEXT),
	     "a\\x1b[2Jb\\x0ac\\x7f\\xc2\\x9b\\xe2\\x80\\xaed",
	     "text: ESC, newline, DEL, C1 CSI and a bidi override escaped");
	is_s(esc("\xc3\xa9t\xc3\xa9 \xe2\x82\xac \\ |", SA_ESC_TEXT), "\xc3\xa9t\xc3\xa9 \xe2\x82\xac \\ |",
	     "text: valid UTF-8, backslash and '|' as they are");
	is_s(esc("x\xff\xc3", SA_ESC_TEXT), "x\\xff\\xc3", "text: invalid bytes, one at the very end");
	is_s(esc("a|b\n", SA_ESC_MARKDOWN), "a\\|b\\x0a", "markdown: '|' and newline");
	is_s(esc("\x01\xff\xc3\xa9", SA_ESC_JSON), "\x01\\xff\xc3\xa9",
	     "json: control characters left to json-c, invalid bytes as \\xNN");
	/* U+2066..U+2069 (isolates) and their neighbours U+2065, U+206A */
	is_s(esc("a\xe2\x81\xa6" "b\xe2\x81\xa9" "c", SA_ESC_TEXT),
	     "a\\xe2\\x81\\xa6b\\xe2\\x81\\xa9c", "text: U+2066 and U+2069 escaped");
	is_s(esc("\xe2\x81\xa7\xe2\x81\xa8", SA_ESC_MARKDOWN),
	     "\\xe2\\x81\\xa7\\xe2\\x81\\xa8", "markdown: U+2067 and U+2068 escaped");
	is_s(esc("\xe2\x81\xa5\xe2\x81\xaa\xe2\x80\xa9\xe2\x80\xaf", SA_ESC_TEXT),
	     "\xe2\x81\xa5\xe2\x81\xaa\xe2\x80\xa9\xe2\x80\xaf",
	     "text: U+2065, U+206A, U+2029, U+202F (just outside both ranges) as they are");
	/* markdown: only plain text reaches a GitHub page */
	is_s(esc("<img src=x onerror=alert(1)>", SA_ESC_MARKDOWN),
	     "\\<img src=x onerror=alert\\(1\\)\\>", "markdown: raw HTML escaped");
	is_s(esc("[a](http://e.vil) ![i](x)", SA_ESC_MARKDOWN),
	     "\\[a\\]\\(http\\://e\\.vil\\) \\!\\[i\\]\\(x\\)",
	     "markdown: links, images and the http: autolink escaped");
	is_s(esc("`c` *e* _u_ ~~s~~ &amp; www.x.io a@b.io $m$ :+1: #1 \\", SA_ESC_MARKDOWN),
	     "\\`c\\` \\*e\\* \\_u\\_ \\~\\~s\\~\\~ \\&amp; www\\.x\\.io "
	     "a\\@b\\.io \\$m\\$ \\:+1\\: \\#1 \\\\",
	     "markdown: code, emphasis, strikethrough, entities, autolinks, math, emoji, "
	     "references and the backslash escaped");
	is_s(esc("/usr/lib/udev-x,y;z=1+2'\"%", SA_ESC_MARKDOWN), "/usr/lib/udev-x,y;z=1+2'\"%",
	     "markdown: what markdown does not act on in a cell, as it is");
	{
		/* JSON: C1 controls and bidi overrides as \uXXXX, the same strings to a reader */
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		struct sa_jw j;

		sa_jw_init(&j, f, SA_JW_LINE);
		sa_jw_object(&j, NULL);
		sa_jw_str(&j, "k", "a\xc2\x85" "b\xe2\x80\xae" "c\xe2\x81\xa9\xc3\xa9");
		sa_jw_end(&j);
		sa_jw_finish(&j);
		sa_jw_quote(f, "\xc2\x9b\xe2\x80\xaa\xe2\x81\xa6");
		fclose(f);
		is_s(buf, "{\"k\":\"a\\u0085b\\u202ec\\u2069\xc3\xa9\"}\n\"\\u009b\\u202a\\u2066\"",
		     "json: NEL, RLO, PDI (a member) and CSI, LRE, LRI (the stream's quote) as \\uXXXX");
		free(buf);
	}
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		struct sa_jw j;

		sa_jw_init(&j, f, SA_JW_LINE);
		sa_jw_str(&j, NULL, "p\xed\xa0\x80q");
		fclose(f);
		snprintf(why, sizeof(why), "json: a surrogate gives valid JSON (%s)", buf);
		ok(!strcmp(buf, "\"p\\\\xed\\\\xa0\\\\x80q\""), why);
		free(buf);
	}
	/* Prometheus: distinct values stay distinct, all valid UTF-8 */
	{
		const char *v[] = { "", "\x01", "\x02", "\\x01", "\\", "\"", "\n", "\\e" };
		char out[8][64];
		size_t same = 0;

		for (size_t i = 0; i < 8; i++)
			snprintf(out[i], sizeof(out[i]), "%s", esc(v[i], SA_ESC_PROM));
		for (size_t i = 0; i < 8; i++)
			for (size_t j = i + 1; j < 8; j++)
				same += !strcmp(out[i], out[j]);
		ok(!same && !strcmp(out[0], "\\\\e") && !strcmp(out[1], "\\\\x01") &&
		   !strcmp(out[3], "\\\\\\\\x01") && !strcmp(out[5], "\\\""),
		   "prometheus: \"\" vs \\x01 vs \\x02 vs a literal \\x01, \\ and \\e: all distinct");
		ok(!strcmp(esc(NULL, SA_ESC_PROM), ""), "prometheus: absent (null) is the empty value");
	}
}

static int write_text(FILE *f, void *ctx)
{
	return fputs(ctx, f) < 0 ? -EIO : 0;
}

static int write_fail(FILE *f, void *ctx)
{
	fputs(ctx, f);
	return -ENOSPC;
}

static void test_atomic(void)
{
	char dir[] = "/tmp/test_report.XXXXXX", path[320], buf[32] = "";
	struct stat st;
	FILE *f;

	ok(mkdtemp(dir) != NULL, "temporary directory");
	snprintf(path, sizeof(path), "%s/r.json", dir);
	ok(sa_atomic_write(path, write_text, "old\n") == 0, "atomic write");
	ok(sa_atomic_write(path, write_fail, "half") == -ENOSPC, "a failing writer's error returned");
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	is_s(buf, "old\n", "a failed write leaves the old file");
	ok(!stat(path, &st) && (st.st_mode & 0777) == 0644, "mode 0644");
	unlink(path);
	ok(rmdir(dir) == 0, "no temporary file left in the directory");
	ok(sa_atomic_write("/nonexistent/x", write_text, "x") == -ENOENT, "missing directory: ENOENT");
	/* a target that is not a regular file is never replaced */
	ok(mkdtemp(strcpy(dir, "/tmp/test_report.XXXXXX")) != NULL, "temporary directory");
	snprintf(path, sizeof(path), "%s/link", dir);
	ok(!symlink("/dev/null", path) &&
	   sa_atomic_write(path, write_text, "x") == SA_ATOMIC_NOT_REGULAR &&
	   !lstat(path, &st) && S_ISLNK(st.st_mode),
	   "a symlink target (like /dev/stdout): refused, the link kept");
	ok(sa_atomic_target(path) == SA_ATOMIC_NOT_REGULAR && sa_atomic_target("-") == 0,
	   "sa_atomic_target: a symlink refused, '-' fine");
	unlink(path);
	snprintf(path, sizeof(path), "%s/%0243d.prom", dir, 0);
	ok(sa_atomic_write(path, write_text, "x") == 0 && !unlink(path),
	   "a 248-character file name: the temporary name still fits NAME_MAX");
	ok(rmdir(dir) == 0, "no temporary file left");
}

/* The fixture web-01 with one change, parsed: the result and the message. */
static int parse_variant(const char *what, json_object *v, struct sa_report *r, char *err,
			 size_t errlen)
{
	json_object *o = json_object_from_file("tests/host/reports/web-01.json"), *x = o;
	const char *k = what, *dot;
	char key[64];
	const char *s;
	int rc;

	/* "a.b.c": the member to replace */
	while ((dot = strchr(k, '.'))) {
		snprintf(key, sizeof(key), "%.*s", (int)(dot - k), k);
		json_object_object_get_ex(x, key, &x);
		k = dot + 1;
	}
	json_object_object_add(x, k, v);
	if (!strcmp(what, "needs.paths"))	/* the case: the file's own 5 other */
		json_object_object_add(x, "paths_other", json_object_new_int(5));
	s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	rc = sa_report_parse(s, strlen(s), r, err, errlen);
	json_object_put(o);
	return rc;
}

static void test_read_bounds(void)
{
	struct sa_report r;
	char err[256];
	json_object *a = json_object_new_array();
	int rc;

	/* 1030 paths of 7 events and 5 other: 7 215 events, none lost */
	for (int i = 0; i < 1030; i++) {
		json_object *p = json_object_new_object();
		char path[32];

		snprintf(path, sizeof(path), "/class/x/d%d", i);
		json_object_object_add(p, "path", json_object_new_string(path));
		json_object_object_add(p, "kind", json_object_new_string("devpath"));
		json_object_object_add(p, "count", json_object_new_int(7));
		json_object_array_add(a, p);
	}
	rc = parse_variant("needs.paths", a, &r, err, sizeof(err));
	if (!rc) {
		unsigned long long sum = r.paths_other;

		for (size_t i = 0; i < r.npaths; i++)
			sum += r.paths[i].count;
		ok(r.npaths == SA_REPORT_MAX_PATHS, "1030 paths: 1024 kept (%zu)", r.npaths);
		ok(sum == 1030 * 7 + 5 && r.paths_other == 6 * 7 + 5,
		   "the 6 past the cap counted in paths_other, added to the file's own 5: "
		   "%llu events in all (was 7173)", sum);
		sa_report_free(&r);
	} else {
		ok(0, "1030 paths parsed (%s)", err);
		ok(0, "paths_other");
	}
	rc = parse_variant("events.seen", json_object_new_uint64(UINT64_MAX), &r, err, sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "events.seen: out of range"),
	   "a count of 2^64 - 1 (what json-c makes of anything larger): refused (%s)", err);
	if (!rc)
		sa_report_free(&r);
	rc = parse_variant("events.seen", json_object_new_uint64(UINT64_MAX - 1), &r, err,
			   sizeof(err));
	ok(!rc && r.seen == UINT64_MAX - 1, "a count of 2^64 - 2: read exactly");
	if (!rc)
		sa_report_free(&r);
	rc = parse_variant("host.hostname", json_object_new_string_len("a\0b", 3), &r, err,
			   sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "host.hostname: contains a NUL"),
	   "a string with \\u0000: refused, not cut (%s)", err);
	if (!rc)
		sa_report_free(&r);
	rc = parse_variant("host.hostname", json_object_new_string(""), &r, err, sizeof(err));
	ok(!rc, "an empty string is a string");
	if (!rc)
		sa_report_free(&r);
	{
		json_object *f = json_object_new_array(), *x = json_object_new_object();

		json_object_object_add(x, "file", json_object_new_string("/etc/x.rules"));
		json_object_object_add(x, "kind", json_object_new_string("removed-key"));
		json_object_object_add(x, "severity", json_object_new_string("error"));
		json_object_object_add(x, "message", json_object_new_string("m"));
		json_object_object_add(x, "line", json_object_new_int(0));
		json_object_array_add(f, x);
		rc = parse_variant("findings", f, &r, err, sizeof(err));
		ok(rc == -EBADMSG && strstr(err, "findings[0].line"),
		   "a finding at line 0: refused, lines count from 1 (%s)", err);
		if (!rc)
			sa_report_free(&r);
	}
}

/* --fail-on sums saturate: a crafted report must not wrap a count to 0 (issue 30 #2). */
/*
 * One reader for many files (report over a fleet) keeps its buffer and
 * tokener: a large report, then a broken one, then a smaller one must read
 * as each would alone.
 */
static void test_reader_reuse(void)
{
	static const char *const files[] = { "tests/host/reports/web-01.json", NULL,
					     "tests/host/reports/boot-clean.json" };
	char dir[] = "/tmp/test_report.XXXXXX", bad[320], err[256];
	struct sa_report_reader rd = {};
	FILE *f;
	int rc[3];
	char *host[3] = {};

	ok(mkdtemp(dir) != NULL, "temporary directory");
	snprintf(bad, sizeof(bad), "%s/truncated.json", dir);
	f = fopen(bad, "w");
	if (f) {
		fputs("{\"format\": \"sysfs-audit-report\", \"version\": \"1.", f);
		fclose(f);
	}
	for (int i = 0; i < 3; i++) {
		struct sa_report r;

		rc[i] = sa_report_reader_read(&rd, files[i] ? files[i] : bad, &r, err, sizeof(err));
		if (!rc[i]) {
			host[i] = strdup(r.hostname);
			sa_report_free(&r);
		}
	}
	sa_report_reader_free(&rd);
	ok(!rc[0] && host[0] && !strcmp(host[0], "web-01"), "reader: the first report");
	ok(rc[1] == -EBADMSG, "reader: a truncated report after it is refused");
	ok(!rc[2] && host[2] && !strcmp(host[2], "deb12-clean"),
	   "reader: a smaller report in the buffer kept from the larger one");
	for (int i = 0; i < 3; i++)
		free(host[i]);
	unlink(bad);
	rmdir(dir);
}

static void test_gate_saturates(void)
{
	struct sa_merged m;

	sa_merged_init(&m);
	m.keys[0] = 1;			/* one honest event */
	m.keys[1] = ULLONG_MAX - 1;	/* a crafted report's, the largest a reader takes */
	m.keys[2] = 1;
	m.links[SA_LK_DEVICE] = 1;
	m.links[SA_LK_BUS] = ULLONG_MAX;
	is_u(sa_merged_gate(&m, SA_FAIL_KEYS), SA_FAIL_KEYS,
	     "keys: 1 + (2^64 - 2) + 1 does not wrap to 0 and pass the gate");
	is_u(sa_merged_gate(&m, SA_FAIL_PATHS), SA_FAIL_PATHS,
	     "paths: 1 + (2^64 - 1) does not wrap to 0 and pass the gate");
	sa_merged_free(&m);
}

/* Two reports of one host from two boots: the host's counters are summed. */
static void test_merge_host_sums(void)
{
	static const char *const names[] = { "web-01", "web-01-nextboot" };
	struct sa_merged m;
	int rc = 0;

	sa_merged_init(&m);
	for (int i = 0; i < 2; i++) {
		struct sa_report r;

		if (read_fixture(names[i], &r)) {
			rc = -1;
			continue;
		}
		r.lost = 2 + i;		/* 2 and 3 */
		r.seen += 10;
		rc |= sa_merged_add(&m, names[i], &r);
		sa_report_free(&r);
	}
	sa_merged_finish(&m);
	ok(!rc && m.nhosts == 1 && m.hosts[0].nreports == 2, "one host, two reports (two boots)");
	is_u(m.hosts[0].lost, 5, "the host's lost: 2 + 3, summed, not the last report's");
	is_u(m.lost, 5, "the fleet's lost: 5");
	sa_merged_free(&m);
}

/* A report of @host (machine id @mid or none), boot @boot, span [@start, @end]. */
static int add_one(struct sa_merged *m, const char *file, const char *host, const char *mid,
		   const char *boot, time_t start, time_t end)
{
	struct sa_report r;
	int rc;

	if (sa_report_init(&r, "test"))
		return -1;
	r.hostname = strdup(host);
	r.kernel = strdup("6.1.0");
	r.machine_id = mid ? strdup(mid) : NULL;
	r.boot_id = boot ? strdup(boot) : NULL;
	r.start = start;
	r.end = end;
	rc = sa_merged_add(m, file, &r);
	sa_report_free(&r);
	return rc;
}

/* Hosts and duplicates are found through hash indexes: the same answers as before. */
static void test_merge_lookups(void)
{
	struct sa_merged m;
	char name[32], mid[40];
	int rc = 0;

	sa_merged_init(&m);
	rc |= add_one(&m, "a", "x", "m1", "b1", 100, 200);
	rc |= add_one(&m, "b", "x", NULL, "b1", 100, 200);	/* no machine id: another host */
	rc |= add_one(&m, "c", "x", NULL, "b2", 300, 400);	/* by host name: "b"'s host */
	rc |= add_one(&m, "d", "y", "m1", "b1", 200, 300);	/* m1, b1, only touching "a" */
	ok(!rc && m.nhosts == 2, "hosts by machine id, else by host name (%zu)", m.nhosts);
	ok(m.hosts[0].nreports == 2 && m.hosts[1].nreports == 2, "two reports each");
	is_u(add_one(&m, "e", "x", "m1", "b1", 250, 260), -EEXIST,
	     "a span inside the second run of m1's boot b1: a duplicate");
	ok(m.nskipped == 1 && strstr(m.skipped[0].reason, "as d "),
	   "named as the same report as the run it overlaps (%s)",
	   m.nskipped ? m.skipped[0].reason : "");
	is_u(add_one(&m, "f", "x", "m1", "b9", 250, 260), 0, "another boot: not a duplicate");
	is_u(add_one(&m, "g", "x", NULL, NULL, 100, 200), 0,
	     "no boot id on a host that had one: not a duplicate");
	is_u(add_one(&m, "h", "x", NULL, NULL, 150, 160), -EEXIST,
	     "two reports without a boot id, overlapping: a duplicate");
	for (int i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "h%d", i);
		snprintf(mid, sizeof(mid), "%032x", i);
		rc |= add_one(&m, name, name, mid, "b", 100, 200);
	}
	rc |= add_one(&m, "again", "h7", "00000000000000000000000000000007", "b", 500, 600);
	ok(!rc && m.nhosts == 20002 && m.hosts[2 + 7].nreports == 2,
	   "20 000 hosts more, and one of them again (%zu hosts)", m.nhosts);
	sa_merged_free(&m);
}

/* Text output: a host name from a boot audit cannot reach the terminal raw (issue 30 #1). */
static void test_render_boot_text(void)
{
	static const char evil[] = "h\x1b]0;owned\x07\x1b[2J\nFORGED 0 would not boot\xe2\x81\xa6";
	struct sa_report r;
	struct sa_merged m;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (read_hostile(&r, evil))
		return;
	r.boot.recorded = true;
	sa_merged_init(&m);
	ok(!sa_merged_add(&m, "w", &r), "a boot audit merged");
	sa_merged_finish(&m);
	for (int fmt = SA_FMT_TEXT; fmt <= SA_FMT_MARKDOWN; fmt++) {
		if (fmt == SA_FMT_JSON)
			continue;
		f = open_memstream(&buf, &len);
		sa_merged_print(f, &m, fmt, false);
		fclose(f);
		ok(strstr(buf, fmt == SA_FMT_TEXT ? "BOOT: " : "## Boot verdict") &&
		   !strchr(buf, '\x1b') && !strchr(buf, '\x07') && !strstr(buf, "\nFORGED") &&
		   !strstr(buf, "\xe2\x81\xa6"),
		   "%s: the boot section's host name escaped (no ESC, BEL, forged line, isolate)",
		   fmt == SA_FMT_TEXT ? "text" : "markdown");
		ok(strstr(buf, "h\\x1b]0;owned\\x07\\x1b[2J\\x0aFORGED") ||
		   strstr(buf, "h\\x1b\\]0;owned\\x07\\x1b\\[2J\\x0aFORGED"),
		   "%s: and shown as \\xNN", fmt == SA_FMT_TEXT ? "text" : "markdown");
		free(buf);
		buf = NULL;
	}
	sa_merged_free(&m);
	sa_report_free(&r);
}

/* @o's member @path ("a.b"), as plain JSON text; "(none)" when absent. */
static const char *member_text(json_object *o, const char *a, const char *b)
{
	json_object *x = NULL;

	if (!o || !json_object_object_get_ex(o, a, &x) ||
	    (b && !json_object_object_get_ex(x, b, &x)))
		return "(none)";
	return json_object_to_json_string_ext(x, JSON_C_TO_STRING_PLAIN);
}

/*
 * Issue 50: a boot dependent that falls back is counted as such per phase,
 * and is no suspect, in the merged JSON as in the text table
 * (breaks/falls back/suspect). boot-clean has 2 suspects in the initramfs
 * and 4 in coldplug; one initramfs suspect is made to fall back.
 */
static void test_boot_falls_back(void)
{
	struct sa_report r;
	struct sa_merged m;
	json_object *o, *h = NULL;
	char *buf = NULL;
	size_t len = 0;
	bool changed = false;
	FILE *f;

	if (read_fixture("boot-clean", &r)) {
		ok(0, "fixture boot-clean read");
		return;
	}
	for (size_t i = 0; i < r.ndeps && !changed; i++)
		if (r.deps[i].phase && !strcmp(r.deps[i].phase, "initramfs")) {
			free(r.deps[i].confidence);
			r.deps[i].confidence = strdup("falls-back");
			changed = r.deps[i].confidence;
		}
	sa_merged_init(&m);
	ok(changed && !sa_merged_add(&m, "boot-clean", &r),
	   "boot-clean with one initramfs dependent that falls back, merged");
	sa_merged_finish(&m);
	f = open_memstream(&buf, &len);
	ok(!sa_merged_write_json(f, &m), "its merged JSON written");
	fclose(f);
	o = json_tokener_parse(buf);
	if (o && json_object_object_get_ex(o, "hosts", &h))
		h = json_object_array_get_idx(h, 0);
	if (h && !json_object_object_get_ex(h, "boot", &h))
		h = NULL;
	is_s(member_text(h, "dependents", NULL), "{\"initramfs\":2,\"coldplug\":4,\"runtime\":0}",
	     "JSON: dependents per phase");
	is_s(member_text(h, "breaks", NULL), "{\"initramfs\":0,\"coldplug\":0,\"runtime\":0}",
	     "JSON: none breaks");
	is_s(member_text(h, "falls_back", NULL), "{\"initramfs\":1,\"coldplug\":0,\"runtime\":0}",
	     "JSON: one falls back in the initramfs");
	is_s(member_text(h, "suspects", NULL), "{\"initramfs\":1,\"coldplug\":4,\"runtime\":0}",
	     "JSON: suspects per phase without the one that falls back");
	is_s(member_text(h, "verdict", NULL), "\"no boot-path dependent\"",
	     "JSON: falling back does not stop the boot");
	json_object_put(o);
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	sa_merged_print(f, &m, SA_FMT_TEXT, false);
	fclose(f);
	ok(buf && strstr(buf, " 0/1/1") && strstr(buf, " 0/0/4") &&
	   strstr(buf, "suspects, which never decide a verdict: 5 in the boot path on 1 host(s)"),
	   "text: breaks/falls back/suspect 0/1/1 in the initramfs, 0/0/4 in coldplug, 5 suspects");
	if (buf && !strstr(buf, " 0/1/1 "))
		printf("# %s", buf);
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	sa_prometheus_print(f, &m);
	fclose(f);
	ok(buf && strstr(buf, "\nsysfs_audit_boot_hosts{verdict=\"no boot-path dependent\"} 1\n") &&
	   strstr(buf, "\nsysfs_audit_boot_hosts{verdict=\"would not boot\"} 0\n"),
	   "prometheus: one host by its boot verdict");
	free(buf);
	sa_merged_free(&m);
	sa_report_free(&r);
}

/* The tree json-c would build is bounded before it is built (issue 30 #8). */
static void test_read_budget(void)
{
	size_t n = 200000, len = 2 + 3 * n;
	char *s = malloc(len + 1), err[512];
	struct sa_json_budget b;
	struct sa_report r;
	int rc;

	static const char text[] = "{\"a\":[1,2,{}],\"b\":\"x,{[\"}";
	bool within = sa_json_budget(text, strlen(text), 1 << 20, &b);

	ok(within && b.objects == 2 && b.arrays == 1 && b.values == 5,
	   "budget: 2 objects, 1 array, 2 members and 3 scalars; brackets and commas in a "
	   "string not counted (%zu %zu %zu)",
	   b.objects, b.arrays, b.values);
	ok(!sa_json_budget("[{},{}]", 7, 1000, &b) && b.over,
	   "budget: two objects (2 x 800 bytes) pass a 1000-byte limit: refused");
	if (!s)
		return;
	s[0] = '[';
	for (size_t i = 0; i < n; i++)
		memcpy(s + 1 + 3 * i, "{},", 3);
	s[len - 2] = ']';
	s[len - 1] = '\0';
	rc = sa_report_parse(s, len - 1, &r, err, sizeof(err));
	ok(rc == -E2BIG && strstr(err, "too many JSON values") && strstr(err, "128 MiB"),
	   "600 kB of {}, (160 MB as a json-c tree): refused before parsing, exit 19 (%s)", err);
	if (!rc)
		sa_report_free(&r);
	free(s);
	/* a member name with \u0000, which json-c would cut to "hostname" */
	{
		json_object *o = json_object_from_file("tests/host/reports/web-01.json");
		const char *t = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
		size_t tl = strlen(t);
		char *v = malloc(tl + 16), *h = NULL;

		if (v)
			h = strstr(memcpy(v, t, tl + 1), "\"hostname\"");
		if (h) {
			memmove(h + 15, h + 9, strlen(h + 9) + 1);
			memcpy(h + 9, "\\u0000", 6);	/* "hostname\u0000": ... */
			rc = sa_report_parse(v, strlen(v), &r, err, sizeof(err));
			ok(rc == -EBADMSG && strstr(err, "member name contains a NUL"),
			   "a member name with \\u0000: refused, not cut (%s)", err);
			if (!rc)
				sa_report_free(&r);
			memcpy(h + 8, "\\\\u0000", 7);	/* "hostnam\\u0000": a backslash, no NUL */
			rc = sa_report_parse(v, strlen(v), &r, err, sizeof(err));
			ok(rc == -EBADMSG && strstr(err, "host.hostname: missing"),
			   "an escaped backslash then u0000 is no NUL: the name is only unknown (%s)",
			   err);
			if (!rc)
				sa_report_free(&r);
		} else {
			ok(0, "fixture web-01 as text");
		}
		free(v);
		json_object_put(o);
	}
}

/* A boot audit's seconds are finite and its counts in range. */
static void test_read_boot_numbers(void)
{
	struct sa_report r;
	char err[256];
	int rc;

	for (int i = 0; i < 3; i++) {
		json_object *b = json_object_new_object(), *ph = json_object_new_object();
		double secs = i == 0 ? NAN : i == 1 ? INFINITY : 1;

		json_object_object_add(b, "adopted", json_object_new_boolean(1));
		json_object_object_add(b, "attached_s", json_object_new_double(secs));
		for (int p = 0; p < SA_PHASE_N; p++) {
			json_object *x = json_object_new_object();

			json_object_object_add(x, "events", i == 2 && !p ?
					       json_object_new_uint64(UINT64_MAX) :
					       json_object_new_int(1));
			json_object_object_add(ph, sa_phases[p].name, x);
		}
		json_object_object_add(b, "phases", ph);
		rc = parse_variant("boot", b, &r, err, sizeof(err));
		/* NaN and Infinity are no JSON: the grammar refuses them before the schema */
		ok(rc == -EBADMSG && strstr(err, i < 2 ? "NaN or Infinity" :
						       "initramfs.events: out of range"),
		   "boot: %s refused (%s)", i == 0 ? "NaN seconds" : i == 1 ? "Infinity seconds" :
		   "a phase count of 2^64 - 1", err);
		if (!rc)
			sa_report_free(&r);
	}
}

static void test_misc(void)
{
	unsigned int f = 0;
	time_t t;
	char buf[32];

	ok(!sa_fail_on_parse("keys,findings", SA_FAIL_ALL, &f) &&
	   f == (SA_FAIL_KEYS | SA_FAIL_FINDINGS), "--fail-on list");
	f = 0;
	ok(sa_fail_on_parse("keys,", SA_FAIL_ALL, &f) == -EINVAL &&
	   sa_fail_on_parse("", SA_FAIL_ALL, &f) == -EINVAL &&
	   sa_fail_on_parse("key", SA_FAIL_ALL, &f) == -EINVAL, "--fail-on: bad lists refused");
	ok(sa_fail_on_parse("keys", SA_FAIL_FINDINGS, &f) == -EINVAL &&
	   !sa_fail_on_parse("findings", SA_FAIL_FINDINGS, &f), "--fail-on: only what the command allows");
	ok(sa_gate(&(struct sa_gate_counts){ .paths = 1, .findings = 2 }, SA_FAIL_ALL) ==
	   SA_FAIL_PATHS, "gate: the first condition met, in order");
	ok(sa_gate(&(struct sa_gate_counts){ .keys = 1, .dependents = 1 }, SA_FAIL_DEPENDENTS) ==
	   SA_FAIL_DEPENDENTS, "gate: only the conditions asked for");
	ok(sa_gate(&(struct sa_gate_counts){ .keys = 1 }, SA_FAIL_FINDINGS) == 0,
	   "gate: nothing met");
	ok(!sa_time_parse("2026-12-03T08:13:42Z", &t) && t == 1796285622, "time parse");
	sa_time_format(t, buf, sizeof(buf));
	is_s(buf, "2026-12-03T08:13:42Z", "time format");
	ok(sa_time_parse("2026-12-03 08:13:42", &t) == -EINVAL, "time without T/Z refused");
}

int main(void)
{
	test_spans();
	test_escape();
	test_build_and_round_trip();
	test_bounds();
	test_merge();
	test_render();
	test_json_writer();
	test_json_pretty();
	test_json_pretty_depth();
	test_atomic();
	test_read_bounds();
	test_reader_reuse();
	test_gate_saturates();
	test_merge_host_sums();
	test_merge_lookups();
	test_render_boot_text();
	test_read_budget();
	test_read_boot_numbers();
	test_boot_falls_back();
	test_misc();
	return tap_done();
}
