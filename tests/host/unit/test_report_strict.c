// SPDX-License-Identifier: GPL-2.0
/*
 * Issue 49, the reports' side: one JSON grammar for the budget and the
 * parser (#3), bounded strings that record cuts and report refuses (#4),
 * a merge linear in hosts x rows whatever the order (#8), a span at the
 * epoch that survives record's round trip (#13). TAP; run from the top of
 * the tree (the fixtures are tests/host/reports/).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "tap.h"
#include "report_text.h"
#include "text_edit.h"

#include "common/common.h"
#include "reports/json_budget.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"

/* #3: what the one grammar takes and refuses, and what it says. */
static void test_grammar(void)
{
	static const char *const good[] = {
		"{}", "[]", " [ ] ", "{\"a\":[1,-0,0.5,1e5,1E+5,-1.5e-3,true,false,null]}",
		"[\"x\\u00e9\\/\\\"\\\\\\b\\f\\n\\r\\t\"]", "\"s\"", "0", "{\"\":{}}",
		"[\"\xff raw bytes past 0x7f pass\x7f\"]",
	};
	static const struct { const char *text, *why; } bad[] = {
		{ "{\"a\":1 /* c */}", "a comment" },
		{ "{\"a\":1 // c\n}", "a comment" },
		{ "[/* \" */ {},{} /* \" */]", "a comment" },
		{ "{'k':1}", "a single-quoted string" },
		{ "{'block\\u0000x':1}", "a single-quoted string" },
		{ "['x']", "a single-quoted string" },
		{ "[1,]", "a trailing comma" },
		{ "{\"a\":1,}", "a trailing comma" },
		{ "[NaN]", "NaN or Infinity" },
		{ "[Infinity]", "NaN or Infinity" },
		{ "[-Infinity]", "Infinity, which is no JSON number" },
		{ "[nan]", "NaN or Infinity" },
		{ "[TRUE]", "a value expected" },
		{ "[01]", "a number with a leading zero" },
		{ "[-01]", "a number with a leading zero" },
		{ "[1.]", "a number without digits after its '.'" },
		{ "[1.e5]", "a number without digits after its '.'" },
		{ "[1e]", "a number without digits in its exponent" },
		{ "[.5]", "a value expected" },
		{ "[+1]", "a value expected" },
		{ "[-]", "a number without digits" },
		{ "[\"\t\"]", "a control character in a string" },
		{ "[\"\x01\"]", "a control character in a string" },
		{ "[\"\\x41\"]", "an escape JSON does not have" },
		{ "[\"\\'\"]", "an escape JSON does not have" },
		{ "[\"\\u12\"]", "a \\u escape without four hex digits" },
		{ "[\"\\u12G4\"]", "a \\u escape without four hex digits" },
		{ "[\"abc", "truncated: the text ends inside a string" },
		{ "[1", "truncated: the text ends before its value does" },
		{ "", "truncated: the text ends before its value does" },
		{ "[1]x", "data after the JSON text" },
		{ "{}{}", "data after the JSON text" },
		{ "[1 2]", "',' or ']' expected" },
		{ "{\"a\" 1}", "':' expected" },
		{ "{\"a\":1 \"b\":2}", "',' or '}' expected" },
		{ "{,}", "a member name in double quotes expected" },
		{ "[,1]", "a value expected" },
		{ "[1,,2]", "a value expected" },
		{ "[truex]", "',' or ']' expected" },
		{ "\v[1]", "a value expected" },
	};
	static const char cnt[] = "{\"a\":[1,{\"b\":\"x,{[\"}],\"c\":null}";
	struct sa_json_budget b;
	char deep[200];
	bool in;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		in = sa_json_budget(good[i], strlen(good[i]), 1 << 20, &b);
		ok(in && !b.bad, "JSON: %s (%s)", good[i], b.bad ? b.bad : "ok");
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char shown[64];

		in = sa_json_budget(bad[i].text, strlen(bad[i].text), 1 << 20, &b);

		/* the input in the TAP line, its control characters as '.' */
		snprintf(shown, sizeof(shown), "%s", bad[i].text);
		for (char *c = shown; *c; c++)
			if ((unsigned char)*c < 0x20)
				*c = '.';
		ok(!in && b.bad && strstr(b.bad, bad[i].why), "not JSON: %s: %s (%s)",
		   shown, bad[i].why, b.bad ? b.bad : "accepted");
	}
	/* json-c's tokener takes 64 levels; the grammar the same, never more */
	memset(deep, '[', 64);
	memset(deep + 64, ']', 64);
	ok(sa_json_budget(deep, 128, 1 << 20, &b), "64 levels of [] are JSON");
	memset(deep, '[', 65);
	memset(deep + 65, ']', 65);
	in = sa_json_budget(deep, 130, 1 << 20, &b);
	ok(!in && b.bad && strstr(b.bad, "deeper than 64"),
	   "65 levels refused (%s)", b.bad ? b.bad : "accepted");
	/* counted as json-c builds it: 2 objects, 1 array, 3 members, 3 scalars */
	in = sa_json_budget(cnt, strlen(cnt), 1 << 20, &b);
	ok(in && b.objects == 2 && b.arrays == 1 && b.values == 6,
	   "counts: brackets and commas in a string are not counted (%zu %zu %zu)",
	   b.objects, b.arrays, b.values);
}

/* #3: a comment holding '"' before a mass of {}: refused as malformed, unparsed. */
static void test_comment_hides_nothing(void)
{
	size_t n = 600000, len;
	char *s = malloc(3 * n + 64), err[512];
	struct sa_report r;
	int rc;

	if (!s) {
		ok(0, "memory");
		return;
	}
	len = (size_t)sprintf(s, "[ /* \" */ ");
	for (size_t i = 0; i < n; i++, len += 3)
		memcpy(s + len, "{},", 3);
	len += (size_t)sprintf(s + len, "{} /* \" */ ]");
	rc = sa_report_parse(s, len, &r, err, sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "malformed JSON near byte 2: a comment"),
	   "1.8 MB of {} behind a comment with a '\"': malformed, not parsed (%s)", err);
	if (!rc)
		sa_report_free(&r);
	/* without the comment the budget sees them all */
	memset(s + 2, ' ', 7);	/* the comment, both ends */
	memset(s + len - 10, ' ', 8);
	rc = sa_report_parse(s, len, &r, err, sizeof(err));
	ok(rc == -E2BIG && strstr(err, "too many JSON values"),
	   "the same {} in the open: over the budget, exit 19 (%s)", err);
	if (!rc)
		sa_report_free(&r);
	free(s);
}

static int read_text(const char *file, char **out, size_t *len)
{
	FILE *f = fopen(file, "r");
	long n;

	*out = NULL;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(*out = malloc(n + 1)) || fread(*out, 1, n, f) != (size_t)n) {
		if (f)
			fclose(f);
		free(*out);
		return -1;
	}
	fclose(f);
	(*out)[n] = '\0';
	*len = n;
	return 0;
}

/* web-01 with the first @from replaced by @to, parsed. */
static int parse_edit(const char *from, const char *to, struct sa_report *r, char *err,
		      size_t errlen)
{
	char *t, *v = NULL;
	size_t len;
	int rc;

	memset(r, 0, sizeof(*r));
	if (read_text("tests/host/reports/web-01.json", &t, &len)) {
		snprintf(err, errlen, "fixture web-01 unreadable");
		return -1;
	}
	if (!(v = edit_first(t, from, to))) {
		snprintf(err, errlen, "no '%s' in fixture web-01", from);
		free(t);
		return -1;
	}
	rc = sa_report_parse(v, strlen(v), r, err, errlen);
	free(v);
	free(t);
	return rc;
}

/* Write @r as record does and read it back into @back. */
static int round_trip(const struct sa_report *r, struct sa_report *back, char *err,
		      size_t errlen)
{
	char *o = report_text(r);
	const char *s = o;
	int rc = sa_report_parse(s, strlen(s), back, err, errlen);

	free(o);
	return rc;
}

/* #13: a span at the epoch is read, written back as a time, read again. */
static void test_epoch_round_trip(void)
{
	struct sa_report r, back;
	char err[256];
	int rc;

	rc = parse_edit("\"start\": \"2026-12-01T10:00:00Z\"", "\"start\": \"1970-01-01T00:00:00Z\"",
			&r, err, sizeof(err));
	ok(!rc && r.start == 0, "a span starting at the epoch is read (%s)", rc ? err : "ok");
	if (rc)
		return;
	rc = round_trip(&r, &back, err, sizeof(err));
	ok(!rc, "written back, it reads again (was: written as null, refused: %s)",
	   rc ? err : "ok");
	if (!rc) {
		ok(back.start == 0 && back.end == r.end, "the same span: %lld..%lld",
		   (long long)back.start, (long long)back.end);
		sa_report_free(&back);
	}
	r.end = 0;
	rc = round_trip(&r, &back, err, sizeof(err));
	ok(!rc && back.start == 0 && back.end == 0, "a span [epoch, epoch] too (%s)",
	   rc ? err : "ok");
	if (!rc)
		sa_report_free(&back);
	sa_report_free(&r);
	/* before the epoch: refused whole, not all but timegm's -1 */
	for (int i = 0; i < 2; i++) {
		rc = parse_edit("\"start\": \"2026-12-01T10:00:00Z\"",
				i ? "\"start\": \"1969-12-31T23:59:58Z\"" :
				"\"start\": \"1969-12-31T23:59:59Z\"", &r, err, sizeof(err));
		ok(rc == -EBADMSG && strstr(err, "span.start"),
		   "a span starting at 1969-12-31T23:59:5%d: refused (%s)", i ? 8 : 9, err);
		if (!rc)
			sa_report_free(&r);
	}
}

/* #4: what record writes past a bound is cut and marked, and reads back. */
static void test_bounded_strings(void)
{
	struct sa_report r, back;
	char err[256], *big;
	int rc;

	rc = parse_edit("\"hostname\": \"web-01\"", "\"hostname\": \"web-01\"", &r, err, sizeof(err));
	if (rc || !r.ndeps || !(big = malloc(20001))) {
		ok(0, "fixture web-01 with a dependent (%s)", err);
		if (!rc)
			sa_report_free(&r);
		return;
	}
	memset(big, 'h', 300);
	big[300] = '\0';
	free(r.hostname);
	r.hostname = strdup(big);
	memset(big, 0xff, 20000);	/* invalid UTF-8: each byte written as the text \xff */
	big[20000] = '\0';
	free(r.deps[0].argv);
	r.deps[0].argv = strdup(big);
	rc = round_trip(&r, &back, err, sizeof(err));
	ok(!rc, "a 300-byte host name and an 80 000-byte (escaped) argv: written, read back (%s)",
	   rc ? err : "ok");
	if (!rc) {
		size_t h = strlen(back.hostname), a = strlen(back.deps[0].argv);

		ok(h <= SA_REPORT_MAX_NAME && h > SA_REPORT_MAX_NAME - 20 &&
		   !strcmp(back.hostname + h - strlen(SA_REPORT_CUT), SA_REPORT_CUT),
		   "the host name cut to %zu bytes, marked %s", h, SA_REPORT_CUT);
		ok(a <= SA_REPORT_MAX_TEXT && a > SA_REPORT_MAX_TEXT - 20 &&
		   !strcmp(back.deps[0].argv + a - strlen(SA_REPORT_CUT), SA_REPORT_CUT),
		   "the argv cut to %zu bytes, marked", a);
		sa_report_free(&back);
	}
	free(big);
	sa_report_free(&r);
}

static double cpu_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * #8: ROWS rows on every host, N hosts merged in @order: 0 host by host,
 * 1 day by day (every host, then every host again, another boot), 2 the
 * second day backwards, 3 both days interleaved in a scrambled order.
 */
#define ROWS 100
static double merge_order(int order, size_t n, bool *right)
{
	struct sa_report r;
	struct sa_merged m;
	char host[32], mid[40];
	double t0;
	int rc = 0;

	*right = false;
	if (sa_report_init(&r, "test"))
		return -1;
	r.kernel = strdup("6.1.0");
	for (int i = 0; i < ROWS; i++) {
		char path[32];

		snprintf(path, sizeof(path), "/class/x/d%d", i);
		rc |= sa_report_add_path(&r, path, "devpath", 1);
	}
	sa_merged_init(&m);
	t0 = cpu_now();
	for (size_t k = 0; !rc && k < 2 * n; k++) {
		size_t day = k / n, i = k % n;

		if (order == 0 && day)
			break;
		if (order == 2 && day)
			i = n - 1 - i;
		if (order == 3) {	/* a fixed scramble of both days */
			size_t j = (k * 7919) % (2 * n);

			day = j / n;
			i = j % n;
		}
		snprintf(host, sizeof(host), "h%zu", i);
		snprintf(mid, sizeof(mid), "%032zx", i);
		free(r.hostname);
		free(r.machine_id);
		free(r.boot_id);
		r.hostname = strdup(host);
		r.machine_id = strdup(mid);
		r.boot_id = strdup(day ? "day2" : "day1");
		r.start = 100 + 86400 * (time_t)day;
		r.end = r.start + 60;
		rc |= sa_merged_add(&m, host, &r);
	}
	sa_merged_finish(&m);
	t0 = cpu_now() - t0;
	*right = !rc && m.nhosts == n && m.paths.n == ROWS;
	for (size_t i = 0; *right && i < m.paths.n; i++) {
		const struct sa_mrow *row = &m.paths.v[i];

		*right = row->nhosts == n && row->count == (order ? 2 * n : n);
		for (size_t j = 1; *right && j < row->nhosts; j++)
			*right = row->hosts[j - 1] < row->hosts[j];
	}
	sa_merged_free(&m);
	sa_report_free(&r);
	return t0;
}

static void test_merge_orders(void)
{
	static const char *const name[] = { "host by host", "day by day", "day 2 backwards",
					    "both days scrambled" };
	size_t n = 10000;
	double base = 0;

	for (int o = 0; o < 4; o++) {
		bool right;
		double t = merge_order(o, n, &right);

		if (!o)
			base = t;
		ok(right, "%s: %zu hosts, each of %d rows on every host once, ascending",
		   name[o], n, ROWS);
		/*
		 * Before: a linear search per row and report, 10 000 x 100 rows
		 * x 2 days: ~5e9 steps (minutes under ASan). Now about the
		 * cost of the first day per day; 2 s of CPU is far from both.
		 */
		ok(t < 2.0 + 3 * base, "%s: %.2f s of CPU (host by host %.2f s)", name[o], t,
		   base);
	}
}

int main(void)
{
	test_grammar();
	test_comment_hides_nothing();
	test_epoch_round_trip();
	test_bounded_strings();
	test_merge_orders();
	return tap_done();
}
