// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the report model, merge, Prometheus output and atomic
 * files (user/report_*.c, prometheus.c, atomic_file.c). TAP output; run
 * from the top of the tree (the fixtures are tests/host/reports/).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tap.h"

#include "common/atomic_file.h"
#include "common/common.h"
#include "output/prometheus.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"
#include "output/report_out.h"


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
	struct sa_legacy l = { .exists = true, .physdevpath = phys, .physdevbus = "virtio",
			       .physdevdriver = "virtio_blk", .nlinks = 2 };

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
	json_object *o;
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
	is_u(r.by_bus.v[0].physbus, 2, "virtio: 2 PHYSDEVBUS");
	is_s(r.by_bus.v[1].name, "(none)", "an event without a bus is under (none)");
	is_u(r.npaths, 3, "paths: the legacy DEVPATH and two links, once each");
	is_u(r.paths[0].count, 2, "a path needed twice counts 2");
	is_s(r.paths[2].kind, "device", "link kinds named as in the stream summary");
	is_u(json_object_array_length(r.sample), 3, "sample holds the three events");

	o = sa_report_to_json(&r);
	s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	rc = sa_report_parse(s, strlen(s), &back, err, sizeof(err));
	ok(rc == 0, "what we write, we read back");
	if (rc)
		printf("#   %s\n", err);
	if (!rc) {
		is_s(back.hostname, "h1", "round trip: hostname");
		is_s(back.boot_id, NULL, "round trip: no boot id stays null");
		is_u(back.end - back.start, 60, "round trip: span");
		is_u(back.by_subsystem.v[0].physpath, 2, "round trip: PHYSDEVPATH by subsystem");
		is_u(back.paths[0].count, 2, "round trip: path count");
		is_u(json_object_array_length(back.sample), 3, "round trip: sample");
		ok(json_object_is_type(back.summary_json, json_type_object), "round trip: summary");
		sa_report_free(&back);
	}
	json_object_put(o);
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
	is_u(json_object_array_length(r.sample), SA_REPORT_MAX_SAMPLE, "sample bounded");
	sa_report_free(&r);
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
	is_u(rc[4], EXIT_REPORT_DUPLICATE, "web-01 a second time is a duplicate");
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
	is_u(sa_merged_status(&m, 0), EXIT_REPORT_DUPLICATE, "status: the duplicate");
	sa_merged_free(&m);
}

/* Markdown cells and Prometheus labels survive hostile names. */
static void test_render(void)
{
	struct sa_report r;
	struct sa_merged m;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (read_fixture("web-02", &r)) {
		ok(0, "fixture web-02 read");
		return;
	}
	free(r.hostname);
	r.hostname = strdup("evil|host");
	free(r.deps[0].executable);
	r.deps[0].executable = strdup("/x|y\n\"z\xff");
	sa_merged_init(&m);
	ok(!sa_merged_add(&m, "w", &r), "merged");
	sa_merged_finish(&m);
	f = open_memstream(&buf, &len);
	sa_merged_print(f, &m, SA_FMT_MARKDOWN);
	fclose(f);
	ok(strstr(buf, "| evil\\|host |") && strstr(buf, "| /x\\|y \"z") && !strstr(buf, "evil|host"),
	   "markdown: '|' escaped, newline flattened");
	free(buf);
	f = open_memstream(&buf, &len);
	sa_prometheus_print(f, &m);
	fclose(f);
	ok(strstr(buf, "executable=\"/x|y\\n\\\"z?\"") != NULL,
	   "prometheus: newline and quote escaped, invalid UTF-8 replaced");
	if (!strstr(buf, "executable=\"/x|y\\n\\\"z?\""))
		printf("# %s\n", buf);
	free(buf);
	sa_merged_free(&m);
	sa_report_free(&r);
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
	char dir[] = "/tmp/test_report.XXXXXX", path[64], buf[32] = "";
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
	   EXIT_FAIL_PATHS, "gate: the first condition met, in order");
	ok(sa_gate(&(struct sa_gate_counts){ .keys = 1, .dependents = 1 }, SA_FAIL_DEPENDENTS) ==
	   EXIT_FAIL_DEPENDENTS, "gate: only the conditions asked for");
	ok(sa_gate(&(struct sa_gate_counts){ .keys = 1 }, SA_FAIL_FINDINGS) == EXIT_OK,
	   "gate: nothing met, exit 0");
	ok(!sa_time_parse("2026-12-03T08:13:42Z", &t) && t == 1796285622, "time parse");
	sa_time_format(t, buf, sizeof(buf));
	is_s(buf, "2026-12-03T08:13:42Z", "time format");
	ok(sa_time_parse("2026-12-03 08:13:42", &t) == -EINVAL, "time without T/Z refused");
}

int main(void)
{
	test_build_and_round_trip();
	test_bounds();
	test_merge();
	test_render();
	test_atomic();
	test_misc();
	return tap_done();
}
