// SPDX-License-Identifier: GPL-2.0
/*
 * Issue 50, the reports' bounds and signs: what record writes and what
 * report reads agree at the edge. A count is a non-negative integer (a
 * negative one is refused, not read as 0); a list holds at most
 * SA_REPORT_MAX_LIST entries (that many are read, one more is refused); the
 * static audit keeps at most that many findings, so the report it writes is
 * one report reads back, and names an initramfs member IMAGE(MEMBER). TAP;
 * run from the top of the tree (the fixture is tests/host/reports/web-01.json).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "text_edit.h"

#include "common/common.h"
#include "model/finding.h"
#include "reports/report_audit.h"
#include "reports/report_deps.h"
#include "reports/report_model.h"
#include "report_text.h"

static char *read_text(const char *file)
{
	FILE *f = fopen(file, "r");
	char *t = NULL;
	long n;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET) &&
	    (t = malloc(n + 1)) && fread(t, 1, n, f) == (size_t)n)
		t[n] = '\0';
	else {
		free(t);
		t = NULL;
	}
	fclose(f);
	return t;
}

/* The fixture @file with its first @from replaced by @to, parsed into @r. */
static int parse_file_edit(const char *file, const char *from, const char *to,
			   struct sa_report *r, char *err, size_t errlen)
{
	char *t = read_text(file), *v;
	int rc;

	memset(r, 0, sizeof(*r));
	if (!t || !(v = edit_first(t, from, to))) {
		snprintf(err, errlen, "fixture %s, or '%s' in it", file, from);
		free(t);
		return -1;
	}
	rc = sa_report_parse(v, strlen(v), r, err, errlen);
	free(v);
	free(t);
	return rc;
}

static int parse_edit(const char *from, const char *to, struct sa_report *r, char *err,
		      size_t errlen)
{
	return parse_file_edit("tests/host/reports/web-01.json", from, to, r, err, errlen);
}

/* A count below zero is refused by name; json-c would read it as 0. */
static void test_negative_count(void)
{
	static const char *const vals[] = { "-1", "-5", "-9223372036854775808" };
	struct sa_report r;
	char err[256], to[64];
	int rc;

	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		snprintf(to, sizeof(to), "\"count\": %s", vals[i]);
		rc = parse_edit("\"count\": 5", to, &r, err, sizeof(err));
		ok(rc == -EBADMSG && strstr(err, "count: expected a non-negative integer"),
		   "a dependent's count %s: refused, exit %d (%s)", vals[i], rc, rc ? err : "read");
		if (!rc)
			sa_report_free(&r);
	}
	rc = parse_edit("\"count\": 5", "\"count\": 0", &r, err, sizeof(err));
	ok(!rc, "a count of 0 is read (%s)", rc ? err : "ok");
	if (!rc)
		sa_report_free(&r);
}

/*
 * A loss count is at most 2^64 - 2: json-c reads anything larger as 2^64 - 1,
 * so that value is refused rather than taken for a count.
 */
static void test_loss_range(void)
{
	static const char f[] = "tests/host/reports/deps-1.3.json";
	struct sa_report r;
	char err[256];
	int rc;

	rc = parse_file_edit(f, "\"store_full\": 3", "\"store_full\": 18446744073709551614", &r,
			     err, sizeof(err));
	ok(!rc && r.dep_lost.deps[SA_DLOST_STORE_FULL] == 18446744073709551614ULL,
	   "dependents_lost.store_full 2^64 - 2: read (%s)", rc ? err : "ok");
	if (!rc)
		sa_report_free(&r);
	for (int i = 0; i < 2; i++) {
		rc = parse_file_edit(f, "\"store_full\": 3", i ? "\"store_full\": 1e30" :
				     "\"store_full\": 18446744073709551615", &r, err, sizeof(err));
		ok(rc == -EBADMSG && strstr(err, "dependents_lost.store_full") &&
		   (i || strstr(err, "out of range")),
		   "dependents_lost.store_full %s: refused, exit %d (%s)", i ? "1e30" : "2^64 - 1",
		   rc, rc ? err : "read");
		if (!rc)
			sa_report_free(&r);
	}
}

/*
 * A member name with \u0000 is refused by name: json-c keeps such a key cut
 * at the NUL, so "future_field" and "future\u0000x" would be one member.
 */
static void test_nul_key(void)
{
	struct sa_report r;
	char err[256];
	int rc;

	rc = parse_edit("\"future_field\"", "\"future\\u0000field\"", &r, err, sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "a member name contains a NUL character"),
	   "a member name with \\u0000: refused, exit %d (%s)", rc, rc ? err : "read");
	if (!rc)
		sa_report_free(&r);
	rc = parse_edit("\"future_field\"", "\"future\\u0041field\"", &r, err, sizeof(err));
	ok(!rc, "one with \\u0041 is read (%s)", rc ? err : "ok");
	if (!rc)
		sa_report_free(&r);
}

/* "pids": [1, 2, ..., N] */
static char *pid_list(size_t n)
{
	char *s = malloc(16 + n * 8), *p = s;

	if (!s)
		return NULL;
	p += sprintf(p, "\"pids\": [");
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "%s%zu", i ? "," : "", i + 1);
	strcpy(p, "]");
	return s;
}

/* A list of exactly SA_REPORT_MAX_LIST entries is read whole; one more is refused. */
static void test_list_bound(void)
{
	struct sa_report r;
	char err[256], *pids;
	int rc;

	for (size_t n = SA_REPORT_MAX_LIST; n <= SA_REPORT_MAX_LIST + 1; n++) {
		pids = pid_list(n);
		if (!pids) {
			ok(0, "memory for %zu pids", n);
			return;
		}
		rc = parse_edit("\"pids\": [\n    120\n   ]", pids, &r, err, sizeof(err));
		free(pids);
		if (n == SA_REPORT_MAX_LIST) {
			int all = !rc && r.ndeps > 0;

			for (size_t i = 0; all && i < r.ndeps; i++)
				if (r.deps[i].npids == n)
					break;
				else if (i + 1 == r.ndeps)
					all = 0;
			ok(all, "%zu pids (the bound): read, all of them (%s)", n, rc ? err : "ok");
		} else {
			ok(rc == -EBADMSG && strstr(err, ".pids: more than 65536 entries"),
			   "%zu pids: refused, exit %d (%s)", n, rc, rc ? err : "read");
		}
		if (!rc)
			sa_report_free(&r);
	}
}

/*
 * The static audit's sink: at most SA_REPORT_MAX_LIST findings, so record's
 * report stays one report can read; a member of an image is IMAGE(MEMBER).
 * The list starts one short of the bound (65 536 calls would each realloc
 * and, under ASan, copy: minutes).
 */
static void test_audit_findings(void)
{
	struct sa_finding f = {
		.file = "/boot/initrd.img-6.1.0-28-amd64", .member = "usr/lib/udev/rules.d/x.rules",
		.line = 7, .kind = "removed-key", .key = "SYSFS{idVendor}",
		.severity = SA_SEV_ERROR, .message = "m",
	};
	struct sa_report r = { 0 };
	size_t n;
	int rc;

	rc = sa_report_add_finding(&r, &f);
	f.member = NULL;
	rc = rc ?: sa_report_add_finding(&r, &f);
	ok(!rc && r.nfindings == 2, "two findings: both kept (%d)", rc);
	is(r.nfindings ? r.findings[0].file : NULL,
	   "/boot/initrd.img-6.1.0-28-amd64(usr/lib/udev/rules.d/x.rules)",
	   "an initramfs member is named IMAGE(MEMBER)");
	is(r.nfindings > 1 ? r.findings[1].file : NULL, "/boot/initrd.img-6.1.0-28-amd64",
	   "a file is named as it is");
	ok(r.nfindings && r.findings[0].line == 7, "the line is kept");
	sa_report_free(&r);

	memset(&r, 0, sizeof(r));
	r.findings = calloc(SA_REPORT_MAX_LIST - 1, sizeof(*r.findings));
	if (!r.findings) {
		ok(0, "memory for the findings");
		return;
	}
	r.nfindings = SA_REPORT_MAX_LIST - 1;
	rc = 0;
	for (n = 0; !rc && n < 3; n++)
		rc = sa_report_add_finding(&r, &f);
	ok(!rc && r.nfindings == SA_REPORT_MAX_LIST,
	   "3 findings offered to %d: %zu kept, the bound the reader takes, no error (%d)",
	   SA_REPORT_MAX_LIST - 1, (size_t)r.nfindings, rc);
	is(r.findings[SA_REPORT_MAX_LIST - 1].file, "/boot/initrd.img-6.1.0-28-amd64",
	   "the one that fits is the first offered");
	sa_report_free(&r);
}

static const struct sa_dependent *one_dep(void *ctx, size_t *it)
{
	return (*it)++ ? NULL : ctx;
}

/* A live dependent's examples go into the report, the first one first; its phase by name. */
static void test_live_examples(void)
{
	static struct sa_dependent d;
	struct sa_dep_totals t = { .start_ns = 0 };
	struct sa_report r = { 0 };
	int err;

	snprintf(d.id.exe, sizeof(d.id.exe), "/sbin/udevd-2006");
	snprintf(d.examples[0], sizeof(d.examples[0]), "/sys/class/block/sda/device");
	snprintf(d.examples[1], sizeof(d.examples[1]), "/sys/class/block/sdb/device");
	d.nexamples = 2;
	d.phase = 1;	/* enum sa_phase + 1: the first phase */
	err = sa_report_add_live_deps(&r, &t, 1, one_dep, &d);
	ok(!err && r.ndeps == 1, "one live dependent into the report (%d)", err);
	if (r.ndeps == 1) {
		is(r.deps[0].examples[0], "/sys/class/block/sda/device", "its first example");
		is(r.deps[0].examples[1], "/sys/class/block/sdb/device", "its second example");
		is(r.deps[0].phase, sa_phases[0].name, "its phase, the first one's name");
	}
	sa_report_free(&r);
}

/*
 * A needs table's name is a member name, bounded as report writes it again:
 * each byte of invalid UTF-8 becomes the 4-byte text \xNN. The report fuzzer
 * found a name of ~170 such bytes read (within 256 as decoded) and written
 * as 501 bytes that report then refused: what report writes, it must read.
 */
static void test_need_name_written(void)
{
	static const unsigned int n[] = { 64, 65 };
	struct sa_report r, back;
	char err[256], name[300], to[320], *o;
	int rc;

	for (size_t i = 0; i < sizeof(n) / sizeof(n[0]); i++) {
		memset(name, 0xfc, n[i]);
		name[n[i]] = '\0';
		snprintf(to, sizeof(to), "\"%s\": {", name);
		rc = parse_edit("\"block\": {", to, &r, err, sizeof(err));
		if (n[i] * 4 <= SA_REPORT_MAX_NAME) {
			ok(!rc, "a needs name of %u invalid bytes (%u written) is read (%s)", n[i],
			   n[i] * 4, rc ? err : "ok");
			if (rc)
				continue;
			o = report_text(&r);
			rc = o ? sa_report_parse(o, strlen(o), &back, err, sizeof(err)) : -1;
			ok(!rc, "and what report writes of it is read back (%s)", rc ? err : "ok");
			if (!rc)
				sa_report_free(&back);
			free(o);
			sa_report_free(&r);
		} else {
			ok(rc == -E2BIG && strstr(err, "needs.by_subsystem") &&
			   strstr(err, "260 bytes"),
			   "one of %u invalid bytes (%u written) is refused, exit %d (%s)", n[i],
			   n[i] * 4, rc, rc ? err : "read");
			if (!rc)
				sa_report_free(&r);
		}
	}
}

int main(void)
{
	test_negative_count();
	test_list_bound();
	test_loss_range();
	test_nul_key();
	test_need_name_written();
	test_audit_findings();
	test_live_examples();
	return tap_done();
}
