// SPDX-License-Identifier: GPL-2.0
/*
 * Issue 49: the report reader's own tree, built by the strict scan in one
 * pass (reports/json_budget.h), reads every text as json-c did: the same
 * values, strings decoded byte for byte, numbers clamped alike, the last
 * of two members of the same name; and a name twice in a needs table is
 * refused. TAP; run from the top of the tree.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "tap.h"
#include "jdoc_same.h"

#include "common/common.h"
#include "reports/report_model.h"

/* @len bytes of @text through both parsers: NULL when they agree, else why not. */
static const char *both(const char *text, size_t len, char *why, size_t n)
{
	struct json_tokener *tok = json_tokener_new_ex(SA_JSON_MAX_DEPTH);
	char *copy = malloc(len + 1);
	struct sa_json_budget b;
	struct sa_jdoc d = {};
	json_object *j = NULL;
	const char *r;

	if (!tok || !copy) {
		r = "out of memory";
		goto out;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	memcpy(copy, text, len);
	if (!sa_jdoc_parse(&d, copy, len, 1ULL << 30, &b)) {
		snprintf(why, n, "refused: %s", b.bad ? b.bad : "over the budget or no memory");
		r = why;
		goto out;
	}
	j = json_tokener_parse_ex(tok, text, (int)len);
	if (json_tokener_get_error(tok) != json_tokener_success) {
		snprintf(why, n, "json-c refuses it: %s",
			 json_tokener_error_desc(json_tokener_get_error(tok)));
		r = why;
		goto out;
	}
	r = jdoc_differs(&d.v[0], j, why, n);
out:
	json_object_put(j);
	if (tok)
		json_tokener_free(tok);
	sa_jdoc_free(&d);
	free(copy);
	return r;
}

static void test_same_as_json_c(void)
{
	static const char *const texts[] = {
		"{\"a\":[1,-0,0.5,1e5,1E+5,-1.5e-3,true,false,null],\"b\":{}}",
		"[\"x\\u00e9\\/\\\"\\\\\\b\\f\\n\\r\\t\"]",
		"[\"\\u0041\\u00e9\\u20ac\\u202e\\uffff\"]",
		"[\"\\ud83d\\ude00 a pair\", \"\\ud83d alone\", \"\\ude00 alone\", \"\\ud83d\\u0041\"]",
		"[\"\\ud83d\\ud83d\\ude00\"]",
		"[\"a\\u0000b\"]",
		"[\"\xff raw bytes past 0x7f pass\x7f\"]",
		"[9223372036854775807, 9223372036854775808, 18446744073709551615]",
		"[18446744073709551616, 99999999999999999999999]",
		"[-9223372036854775808, -9223372036854775809, -99999999999999999999999]",
		"[1e400, -1e400, 1e-400, 0.1, 2.5E-3, 123456789012345678901234567890.5]",
		"{\"a\":1,\"a\":2}",
		"{\"a\":1,\"b\":{\"c\":[]},\"a\":null}",
		"{\"a\":{\"x\":1},\"a\":[2]}",
		"{\"\":0,\"\\u00e9\":1,\"\\u0065\":2,\"e\":3}",
		"  {\"deep\":[[[[{\"x\":[{}]}]]]]}  ",
		"\"a top-level string\"",
		"-12 ",		/* json-c ends a number, or null, at a delimiter only */
		"null ",
	};
	char why[256];
	const char *d;
	glob_t g;

	for (size_t i = 0; i < sizeof(texts) / sizeof(*texts); i++) {
		d = both(texts[i], strlen(texts[i]), why, sizeof(why));
		ok(!d, "as json-c: %.50s", texts[i]);
		if (d)
			printf("# %s\n", d);
	}
	/* every fixture report, as record and the fleet write them */
	if (glob("tests/host/reports/*.json", 0, NULL, &g)) {
		ok(0, "tests/host/reports/*.json");
		return;
	}
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");
		static char buf[1 << 20];
		size_t n = f ? fread(buf, 1, sizeof(buf), f) : 0;

		if (f)
			fclose(f);
		d = n ? both(buf, n, why, sizeof(why)) : "unreadable";
		ok(!d, "as json-c: %s", g.gl_pathv[i]);
		if (d)
			printf("# %s\n", d);
	}
	globfree(&g);
}

/* In place: a string's bytes and its NUL, the text's other bytes untouched. */
static void test_in_place(void)
{
	char text[] = "{\"k\\n\":\"a\\u00e9\\ud83d\\ude00\",\"n\":[1,\"\"]}";
	struct sa_json_budget b;
	struct sa_jdoc d = {};
	const struct sa_jnode *v, *n;

	ok(sa_jdoc_parse(&d, text, strlen(text), 1 << 20, &b), "parsed");
	v = sa_jget(&d.v[0], "k\n");
	ok(v && v->type == SA_J_STRING && v->len == 7 &&
	   !memcmp(v->s, "a\xc3\xa9\xf0\x9f\x98\x80", 8),
	   "an escaped name and a value with \\u00e9 and a surrogate pair, decoded");
	n = sa_jget(&d.v[0], "n");
	ok(n && n->type == SA_J_ARRAY && n->len == 2 && sa_jfirst(n)->type == SA_J_INT &&
	   sa_jnext(sa_jfirst(n))->type == SA_J_STRING && sa_jnext(sa_jfirst(n))->len == 0,
	   "an array after them: 1 and \"\"");
	ok(!sa_jget(&d.v[0], "k") && !sa_jget(n, "x") && !sa_jget(NULL, "n"),
	   "no member: another name, an array, no value");
	sa_jdoc_free(&d);
}

/* A name twice: the last one is the member, a JSON null as the last one is none (json-c's). */
static void test_last_member(void)
{
	char text[] = "{\"a\":1,\"b\":true,\"a\":2,\"c\":3,\"c\":null}";
	struct sa_json_budget b;
	struct sa_jdoc d = {};
	const struct sa_jnode *v;

	ok(sa_jdoc_parse(&d, text, strlen(text), 1 << 20, &b), "parsed");
	v = sa_jget(&d.v[0], "a");
	ok(v && v->type == SA_J_INT && sa_jint64(v) == 2, "a: the last of two, 2");
	ok(!sa_jget(&d.v[0], "c"), "c: 3 then null, none");
	sa_jdoc_free(&d);
}

/* A needs table that names a subsystem twice: refused, not summed nor the last kept. */
static void test_needs_twice(void)
{
	static const char *const tmpl =
		"{\"format\":\"sysfs-audit-report\",\"version\":\"1.1\",\"tool\":{\"version\":\"1\"},"
		"\"host\":{\"hostname\":\"h\",\"kernel\":\"6.1\"},\"span\":{\"start\":"
		"\"2026-12-01T10:00:00Z\",\"end\":\"2026-12-01T10:05:00Z\"},\"events\":{\"seen\":1,"
		"\"lost\":0,\"emitted\":1},\"summary\":{\"type\":\"summary\"},\"sample\":[],"
		"\"needs\":{\"by_subsystem\":{%s},\"by_bus\":{},\"by_driver\":{},\"paths\":[]},"
		"\"dependents\":[],\"findings\":[]}";
	static const char *const need =
		"\"events\":%d,\"PHYSDEVPATH\":1,\"PHYSDEVBUS\":0,\"PHYSDEVDRIVER\":0,"
		"\"links\":{\"class_directory\":0,\"device\":0,\"class_name\":0,\"bus\":0}";
	char one[256], two[600], text[2048], err[256];
	struct sa_report r;
	int rc;

	snprintf(one, sizeof(one), need, 3);
	snprintf(two, sizeof(two), "\"block\":{%s},\"net\":{%s}", one, one);
	snprintf(text, sizeof(text), tmpl, two);
	rc = sa_report_parse(text, strlen(text), &r, err, sizeof(err));
	ok(!rc && r.by_subsystem.n == 2 && r.by_subsystem.v[0].events == 3,
	   "two subsystems read (%s)", rc ? err : "ok");
	if (!rc)
		sa_report_free(&r);
	snprintf(two, sizeof(two), "\"block\":{%s},\"block\":{%s}", one, one);
	snprintf(text, sizeof(text), tmpl, two);
	rc = sa_report_parse(text, strlen(text), &r, err, sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "needs.by_subsystem.block") &&
	   strstr(err, "twice"), "block twice: refused, exit 12 (%s)", rc ? err : "read");
	if (!rc)
		sa_report_free(&r);
}

int main(void)
{
	test_same_as_json_c();
	test_in_place();
	test_last_member();
	test_needs_twice();
	return tap_done();
}
