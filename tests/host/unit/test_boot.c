// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the boot audit's host side: phases from timestamps and
 * marks (model/phase.c), the report's "boot" object and the dependents'
 * phase through a write/read round trip (reports/report_boot.c), and the
 * merged verdicts per host (reports/report_merge.c). TAP output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tap.h"
#include "report_text.h"

#include "common/common.h"
#include "common/shell_quote.h"
#include "model/boot_status.h"
#include "common/slurp.h"
#include "model/phase.h"
#include "reports/boot_why.h"
#include "reports/report_merge.h"
#include "reports/report_model.h"

static void test_phase_of(void)
{
	struct sa_phases p = { .initramfs_end = 100, .coldplug_end = 0 };

	ok(sa_phase_of(&p, 99) == SA_PHASE_INITRAMFS, "before the initramfs end: initramfs");
	ok(sa_phase_of(&p, 100) == SA_PHASE_COLDPLUG, "at the initramfs end: coldplug");
	ok(sa_phase_of(&p, 1000000) == SA_PHASE_COLDPLUG, "no coldplug end yet: still coldplug");
	p.coldplug_end = 500;
	ok(sa_phase_of(&p, 499) == SA_PHASE_COLDPLUG, "before the coldplug end: coldplug");
	ok(sa_phase_of(&p, 500) == SA_PHASE_RUNTIME, "from the coldplug end: runtime");
	p.initramfs_end = 0;
	ok(sa_phase_of(&p, 1) == SA_PHASE_COLDPLUG, "not adopted: no initramfs phase");
	ok(sa_phase_parse("coldplug") == SA_PHASE_COLDPLUG && sa_phase_parse("boot") < 0 &&
	   sa_phase_parse(NULL) < 0, "phase names parse, others do not");
	ok(sa_phase_boot_path(SA_PHASE_INITRAMFS) && sa_phase_boot_path(SA_PHASE_COLDPLUG) &&
	   !sa_phase_boot_path(SA_PHASE_RUNTIME), "initramfs and coldplug are the boot path");
}

static void test_marks(void)
{
	char dir[] = "/tmp/sa-boot-XXXXXX", sub[64], path[96];
	unsigned long long v = 0;
	FILE *f;

	ok(mkdtemp(dir) != NULL, "temporary directory");
	snprintf(sub, sizeof(sub), "%s/run", dir);
	ok(sa_mark_read(sub, "coldplug-end", &v) == -ENOENT, "no mark: -ENOENT");
	ok(!sa_mark_write(sub, "coldplug-end", 123456789ULL), "a mark is written (directory made)");
	ok(!sa_mark_read(sub, "coldplug-end", &v) && v == 123456789ULL, "and read back");
	snprintf(path, sizeof(path), "%s/bad", sub);
	f = fopen(path, "w");
	fputs("12x\n", f);
	fclose(f);
	ok(sa_mark_read(sub, "bad", &v) == -EINVAL, "a mark that is not a number: -EINVAL");
	f = fopen(path, "w");
	fputs("0\n", f);
	fclose(f);
	ok(sa_mark_read(sub, "bad", &v) == -EINVAL, "a zero mark: -EINVAL");
	unlink(path);
	snprintf(path, sizeof(path), "%s/coldplug-end", sub);
	unlink(path);
	rmdir(sub);
	rmdir(dir);
}

/* A boot report of host @name with one dependent of @exe in each @phases. */
static void boot_report(struct sa_report *r, const char *name, const char *const *phases,
			int nphases)
{
	struct sa_phases ph = { .adopted = true, .attached = 2000000000ULL,
				.initramfs_end = 5000000000ULL, .coldplug_end = 9000000000ULL };

	sa_report_init(r, "test");
	r->hostname = strdup(name);
	r->kernel = strdup("6.1.0");
	r->machine_id = strdup(name);
	r->attach = strdup("tracepoint");
	r->start = 1764756000;
	r->end = 1764756060;
	sa_report_boot_begin(r, &ph);
	sa_report_note_phase(r, SA_PHASE_INITRAMFS, 638);
	sa_report_note_phase(r, SA_PHASE_INITRAMFS, 637);
	sa_report_note_phase(r, SA_PHASE_COLDPLUG, 639);
	sa_report_note_phase(r, SA_PHASE_RUNTIME, 0);
	r->deps = calloc(nphases + 1, sizeof(*r->deps));
	for (int i = 0; i < nphases; i++) {
		struct sa_report_dependent *d = &r->deps[r->ndeps++];

		d->executable = strdup("/bin/legacy_consumer");
		d->kind = strdup("legacy-name");
		d->path = strdup("/sys/devices/x/block:vda");
		d->count = 1;
		d->phase = strdup(phases[i]);
	}
}

static void test_round_trip(void)
{
	static const char *const ph[] = { "initramfs", "runtime" };
	struct sa_report r, back;
	char *o;
	const char *s;
	char err[256], *bad;
	int rc;

	boot_report(&r, "h1", ph, 2);
	ok(r.boot.phases[SA_PHASE_INITRAMFS].events == 2 &&
	   r.boot.phases[SA_PHASE_INITRAMFS].first_seqnum == 637 &&
	   r.boot.phases[SA_PHASE_INITRAMFS].last_seqnum == 638, "events and SEQNUMs by phase");
	ok(r.boot.phases[SA_PHASE_RUNTIME].events == 1 &&
	   !r.boot.phases[SA_PHASE_RUNTIME].first_seqnum, "an event without SEQNUM counts, no SEQNUM");
	o = report_text(&r);
	s = o;
	ok(strstr(s, "\"version\":\"1.5\"") != NULL, "the report is 1.5 (nothing of 1.6 in it)");
	ok(strstr(s, "\"initramfs\":{\"events\":2,\"first_seqnum\":637,\"last_seqnum\":638,"
		     "\"dependents\":1}") != NULL, "boot.phases.initramfs as written");
	rc = sa_report_parse(s, strlen(s), &back, err, sizeof(err));
	ok(rc == 0, "a boot report reads back");
	if (rc)
		printf("#   %s\n", err);
	if (!rc) {
		ok(back.boot.recorded && back.boot.adopted, "round trip: adopted");
		ok(back.boot.initramfs_end_s > 4.99 && back.boot.initramfs_end_s < 5.01,
		   "round trip: initramfs end 5 s");
		ok(back.boot.phases[SA_PHASE_COLDPLUG].first_seqnum == 639, "round trip: SEQNUM");
		ok(back.ndeps == 2 && !strcmp(back.deps[0].phase, "initramfs") &&
		   !strcmp(back.deps[1].phase, "runtime"), "round trip: the dependents' phases");
		sa_report_free(&back);
	}
	/* A bad phase name is refused with the member named. */
	bad = strdup(s);
	memcpy(strstr(bad, "\"phase\":\"runtime\"") + 9, "runtimX", 7);
	rc = sa_report_parse(bad, strlen(bad), &back, err, sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "dependents[1].phase"),
	   "an unknown phase is refused, naming the member (%s)", err);
	if (!rc)
		sa_report_free(&back);
	free(bad);
	free(o);
	sa_report_free(&r);
	/* A 1.0 report (no boot) still reads: not a boot audit. */
	sa_report_init(&r, "test");
	r.hostname = strdup("old");
	r.kernel = strdup("6.1.0");
	r.start = r.end = 1764756000;
	o = report_text(&r);
	s = o;
	rc = sa_report_parse(s, strlen(s), &back, err, sizeof(err));
	ok(!rc && !back.boot.recorded, "a report with \"boot\": null is no boot audit");
	if (rc)
		printf("#   %s\n", err);
	if (!rc)
		sa_report_free(&back);
	free(o);
	sa_report_free(&r);
}

static void test_verdicts(void)
{
	static const char *const path[] = { "coldplug", "runtime" }, *const later[] = { "runtime" };
	struct sa_report a, b, c, d;
	struct sa_merged m;

	boot_report(&a, "boots-not", path, 2);
	boot_report(&b, "later", later, 1);
	boot_report(&c, "clean", NULL, 0);
	sa_report_init(&d, "test");
	d.hostname = strdup("unaudited");
	d.kernel = strdup("6.1.0");
	sa_merged_init(&m);
	ok(!sa_merged_add(&m, "a", &a) && !sa_merged_add(&m, "b", &b) &&
	   !sa_merged_add(&m, "c", &c) && !sa_merged_add(&m, "d", &d), "four reports merge");
	sa_merged_finish(&m);
	ok(m.nhosts == 4, "four hosts");
	ok(sa_mhost_boot(&m.hosts[0]) == SA_BOOT_PATH, "a coldplug dependent: would not boot");
	ok(sa_mhost_boot(&m.hosts[1]) == SA_BOOT_LATER_ONLY, "only runtime: later only");
	ok(sa_mhost_boot(&m.hosts[2]) == SA_BOOT_CLEAN, "no dependent: clean");
	ok(sa_mhost_boot(&m.hosts[3]) == SA_BOOT_NOT_AUDITED, "no boot audit: not audited");
	ok(m.nverdict[SA_BOOT_PATH] == 1 && m.nverdict[SA_BOOT_LATER_ONLY] == 1 &&
	   m.nverdict[SA_BOOT_CLEAN] == 1 && m.nverdict[SA_BOOT_NOT_AUDITED] == 1 &&
	   m.nboot == 3, "counted once each");
	ok(m.boot_deps.n == 2, "dependents by (phase, executable, kind, path): two rows");
	sa_merged_free(&m);
	sa_report_free(&a);
	sa_report_free(&b);
	sa_report_free(&c);
	sa_report_free(&d);
}

/* @name's boot report with a dependent of @confidence in each of @phases. */
static void boot_report_conf(struct sa_report *r, const char *name, const char *const *phases,
			     int nphases, const char *confidence)
{
	boot_report(r, name, phases, nphases);
	for (size_t i = 0; i < r->ndeps; i++)
		r->deps[i].confidence = confidence ? strdup(confidence) : NULL;
}

enum {
	H_SUSPECTS, H_UNADOPTED, H_NO_COLDMARK, H_NO_INITMARK, H_LOST_11, H_LOST_RUNTIME,
	H_DEPS_RING, H_PATH_LOST, H_LATER_UNADOPTED, H_UNCLAIMED, H_N
};

/* Issue 31: suspects never decide. Issue 27: what the audit did not see. */
static void test_incomplete(void)
{
	static const char *const boot[] = { "initramfs", "coldplug" }, *const rt[] = { "runtime" };
	static const char *const cold[] = { "coldplug" };
	static const char *const names[H_N] = {
		"suspects", "unadopted", "no-coldmark", "no-initmark", "lost-1.1", "lost-runtime",
		"deps-ring", "path-lost", "later-unadopted", "unclaimed",
	};
	struct sa_report r[H_N];
	struct sa_merged m;
	bool merged = true;

	boot_report_conf(&r[H_SUSPECTS], names[H_SUSPECTS], boot, 2, "suspect");
	boot_report_conf(&r[H_UNADOPTED], names[H_UNADOPTED], boot, 2, "suspect");
	r[H_UNADOPTED].boot.adopted = false;
	r[H_UNADOPTED].boot.initramfs_end_s = -1;
	boot_report(&r[H_NO_COLDMARK], names[H_NO_COLDMARK], NULL, 0);
	r[H_NO_COLDMARK].boot.coldplug_end_s = -1;
	boot_report(&r[H_NO_INITMARK], names[H_NO_INITMARK], NULL, 0);
	r[H_NO_INITMARK].boot.initramfs_end_s = -1;
	boot_report(&r[H_LOST_11], names[H_LOST_11], NULL, 0);
	r[H_LOST_11].lost = 3;		/* no phase says where: could be the boot path */
	boot_report(&r[H_LOST_RUNTIME], names[H_LOST_RUNTIME], NULL, 0);
	r[H_LOST_RUNTIME].lost = 2;
	r[H_LOST_RUNTIME].boot.phases[SA_PHASE_RUNTIME].lost =
		(struct sa_losses){ .known = true, .events = 2 };
	boot_report(&r[H_DEPS_RING], names[H_DEPS_RING], NULL, 0);
	r[H_DEPS_RING].dep_lost = (struct sa_losses){ .known = true, .deps = { 4, 0, 1 } };
	r[H_DEPS_RING].boot.phases[SA_PHASE_COLDPLUG].lost =
		(struct sa_losses){ .known = true, .deps = { 4, 0, 0 } };
	boot_report_conf(&r[H_PATH_LOST], names[H_PATH_LOST], cold, 1, "confirmed");
	r[H_PATH_LOST].boot.adopted = false;
	r[H_PATH_LOST].lost = 7;
	boot_report_conf(&r[H_LATER_UNADOPTED], names[H_LATER_UNADOPTED], rt, 1, NULL);
	r[H_LATER_UNADOPTED].boot.adopted = false;
	boot_report(&r[H_UNCLAIMED], names[H_UNCLAIMED], NULL, 0);
	r[H_UNCLAIMED].dep_lost = (struct sa_losses){ .known = true, .deps = { 0, 2, 0 } };
	sa_merged_init(&m);
	for (int i = 0; i < H_N; i++)
		merged &= !sa_merged_add(&m, names[i], &r[i]);
	ok(merged, "%d boot reports merge", H_N);
	sa_merged_finish(&m);
	ok(sa_mhost_boot(&m.hosts[H_SUSPECTS]) == SA_BOOT_CLEAN &&
	   m.hosts[H_SUSPECTS].phase_deps[SA_PHASE_INITRAMFS] == 1 &&
	   !m.hosts[H_SUSPECTS].phase_by_conf[SA_PHASE_INITRAMFS][SA_DC_BREAKS],
	   "suspects in the initramfs and coldplug only: no boot-path dependent, counted");
	ok(sa_mhost_boot(&m.hosts[H_UNADOPTED]) == SA_BOOT_INCOMPLETE &&
	   m.hosts[H_UNADOPTED].gaps.why[SA_PHASE_INITRAMFS] == 1u << SA_GAP_NOT_ADOPTED,
	   "not adopted: incomplete, initramfs, the only reason (no mark reason on top)");
	ok(sa_mhost_boot(&m.hosts[H_NO_COLDMARK]) == SA_BOOT_INCOMPLETE &&
	   m.hosts[H_NO_COLDMARK].gaps.why[SA_PHASE_COLDPLUG] == 1u << SA_GAP_NO_COLDPLUG_MARK,
	   "no coldplug-end mark: incomplete in coldplug");
	ok(sa_mhost_boot(&m.hosts[H_NO_INITMARK]) == SA_BOOT_INCOMPLETE &&
	   m.hosts[H_NO_INITMARK].gaps.why[SA_PHASE_INITRAMFS] == 1u << SA_GAP_NO_INITRAMFS_MARK,
	   "no initramfs-end mark: incomplete in initramfs");
	ok(sa_mhost_boot(&m.hosts[H_LOST_11]) == SA_BOOT_INCOMPLETE &&
	   m.hosts[H_LOST_11].gaps.why[SA_GAP_UNKNOWN] == 1u << SA_GAP_EVENTS_LOST &&
	   m.hosts[H_LOST_11].gaps.events_lost[SA_GAP_UNKNOWN] == 3,
	   "events lost, no phase named (1.1): incomplete, 3 lost in an unknown phase");
	ok(sa_mhost_boot(&m.hosts[H_LOST_RUNTIME]) == SA_BOOT_CLEAN &&
	   m.hosts[H_LOST_RUNTIME].gaps.events_lost[SA_PHASE_RUNTIME] == 2 &&
	   !m.hosts[H_LOST_RUNTIME].gaps.why[SA_GAP_UNKNOWN],
	   "events lost at runtime only: the boot verdict stands, the loss is kept");
	ok(sa_mhost_boot(&m.hosts[H_DEPS_RING]) == SA_BOOT_INCOMPLETE &&
	   m.hosts[H_DEPS_RING].gaps.why[SA_PHASE_COLDPLUG] == 1u << SA_GAP_DEPS_LOST &&
	   m.hosts[H_DEPS_RING].gaps.deps_lost[SA_GAP_UNKNOWN][SA_DLOST_STORE_FULL] == 1,
	   "dependents' ring full in coldplug: incomplete; the unclaimed store loss kept apart");
	ok(sa_mhost_boot(&m.hosts[H_PATH_LOST]) == SA_BOOT_PATH,
	   "a confirmed coldplug dependent: would not boot, whatever was missed");
	ok(sa_mhost_boot(&m.hosts[H_LATER_UNADOPTED]) == SA_BOOT_INCOMPLETE,
	   "a confirmed runtime dependent, initramfs not seen: incomplete, not later only");
	ok(sa_mhost_boot(&m.hosts[H_UNCLAIMED]) == SA_BOOT_INCOMPLETE &&
	   m.hosts[H_UNCLAIMED].gaps.why[SA_GAP_UNKNOWN] == 1u << SA_GAP_DEPS_LOST,
	   "dependents' records lost (map full), no phase named: incomplete");
	ok(m.nverdict[SA_BOOT_PATH] == 1 && m.nverdict[SA_BOOT_INCOMPLETE] == 7 &&
	   m.nverdict[SA_BOOT_CLEAN] == 2 && m.nincomplete_why[SA_GAP_NOT_ADOPTED] == 2 &&
	   m.nincomplete_why[SA_GAP_DEPS_LOST] == 2 && m.nincomplete_why[SA_GAP_EVENTS_LOST] == 1,
	   "verdicts and reasons counted by host");
	ok(m.boot_blockers.n == 1 && m.boot_blockers.v[0].nhosts == 1 &&
	   !strcmp(m.boot_blockers.v[0].s[1], "coldplug"), "the one confirmed boot-path dependent");
	ok(m.dep_lost.known && m.dep_lost.deps[SA_DLOST_RING] == 4 &&
	   m.dep_lost.deps[SA_DLOST_MAP_FULL] == 2, "the dependents' losses summed fleet-wide");
	ok(sa_merged_gate(&m, SA_FAIL_BOOT) == SA_FAIL_BOOT &&
	   sa_merged_gate(&m, SA_FAIL_INCOMPLETE) == SA_FAIL_INCOMPLETE &&
	   sa_merged_gate(&m, SA_FAIL_INCOMPLETE | SA_FAIL_BOOT) == SA_FAIL_BOOT &&
	   sa_merged_gate(&m, SA_FAIL_ALL) == SA_FAIL_DEPENDENTS,
	   "--fail-on=boot 23, incomplete 24, boot first; neither unless asked");
	sa_merged_free(&m);
	for (int i = 0; i < H_N; i++)
		sa_report_free(&r[i]);
}

/* Format 1.2: the losses written and read back (1.3: store_full by verdict); a bad one named. */
static void test_losses_round_trip(void)
{
	struct sa_report r, back;
	char *o;
	const char *s;
	char err[256], *bad;
	int rc;

	boot_report(&r, "lossy", NULL, 0);
	r.dep_lost = (struct sa_losses){ .known = true, .deps = { 5, 6, 7 },
					 .store_full_by = { [SA_DC_SUSPECT] = 4,
							    [SA_DC_BREAKS] = 3 } };
	r.boot.phases[SA_PHASE_INITRAMFS].lost = (struct sa_losses){ .known = true, .events = 9,
								    .deps = { 5, 0, 0 } };
	o = report_text(&r);
	s = o;
	ok(strstr(s, "\"version\":\"1.5\"") &&
	   strstr(s, "\"dependents_lost\":{\"ring\":5,\"map_full\":6,\"store_full\":7,"
		     "\"store_full_by\":{\"breaks\":3,\"falls_back\":0,\"suspect\":4") &&
	   strstr(s, "\"lost\":9,\"dependents_lost\":{\"ring\":5,\"map_full\":0,"
		     "\"store_full\":0}"), "1.2: the losses as written");
	ok(!strstr(strstr(s, "\"coldplug\":{\"events\""), "\"lost\""),
	   "a phase whose losses are unknown carries none");
	rc = sa_report_parse(s, strlen(s), &back, err, sizeof(err));
	ok(!rc && back.dep_lost.known && back.dep_lost.deps[SA_DLOST_STORE_FULL] == 7 &&
	   back.dep_lost.store_full_by[SA_DC_BREAKS] == 3 &&
	   back.dep_lost.store_full_by[SA_DC_SUSPECT] == 4 &&
	   back.boot.phases[SA_PHASE_INITRAMFS].lost.known &&
	   back.boot.phases[SA_PHASE_INITRAMFS].lost.events == 9 &&
	   back.boot.phases[SA_PHASE_INITRAMFS].lost.deps[SA_DLOST_RING] == 5 &&
	   !back.boot.phases[SA_PHASE_COLDPLUG].lost.known, "1.2: the losses read back");
	if (!rc)
		sa_report_free(&back);
	bad = calloc(1, strlen(s) + 2);
	memcpy(bad, s, strstr(s, "\"map_full\":6") + 11 - s);
	strcat(strcat(bad, "-"), strstr(s, "\"map_full\":6") + 11);
	rc = sa_report_parse(bad, strlen(bad), &back, err, sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "dependents_lost.map_full"),
	   "a negative loss is refused, naming the member (%s)", err);
	if (!rc)
		sa_report_free(&back);
	free(bad);
	free(o);
	sa_report_free(&r);
}

/* Names from a tree in fix: lines, one shell word each (issue 49, item 12). */
static void test_shell_quote(void)
{
	static const struct { const char *in, *out; int ret; } c[] = {
		{ "6.1.0-28-amd64", "6.1.0-28-amd64", 0 },
		{ "/etc/default/grub.d/x_y+z@1:2%3,4=5.cfg", "/etc/default/grub.d/x_y+z@1:2%3,4=5.cfg", 0 },
		{ "6.1$(reboot)", "'6.1$(reboot)'", 0 },
		{ "a;b c", "'a;b c'", 0 },
		{ "it's", "'it'\\''s'", 0 },
		{ "`x`\"y\"\\", "'`x`\"y\"\\'", 0 },
		{ "", "''", 0 },
		{ "a\nb", "", -EINVAL },
		{ "a\tb", "", -EINVAL },
		{ "caf\xc3\xa9", "", -EINVAL },
		{ "a\x7f", "", -EINVAL },
	};
	struct sa_check chk = {};
	char buf[64];

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		int r = sa_sh_quote(buf, sizeof(buf), c[i].in);

		ok(r == c[i].ret && (r || !strcmp(buf, c[i].out)), "sa_sh_quote case %zu: %s", i,
		   r ? "refused" : buf);
	}
	ok(sa_sh_quote(buf, 5, "abcd") == 0 && sa_sh_quote(buf, 4, "abcd") == -ENAMETOOLONG &&
	   sa_sh_quote(buf, 6, "a b") == 0 && sa_sh_quote(buf, 5, "a b") == -ENAMETOOLONG,
	   "sa_sh_quote: a word that does not fit is refused, never cut");
	memset(buf, 'x', sizeof(buf) - 1);
	buf[sizeof(buf) - 1] = '\0';
	sa_check_fix(&chk, "cmd '%s%s%s%s'", buf, buf, buf, buf);
	ok(chk.fix[0] == '#', "a fix longer than its buffer is a comment, not a cut command (%s)",
	   chk.fix);
}

/* Issue 43: the reasons the recorder knew, written, read back, and judged. */
static void test_recorded_reasons(void)
{
	struct sa_report r, back, clean;
	struct sa_merged m;
	char *o;
	const char *s;
	char err[256], *junk;
	int rc;

	boot_report(&r, "stopped", NULL, 0);
	r.boot.incomplete = 1u << SA_GAP_STOPPED_BEFORE | 1u << SA_GAP_START_TIMEOUT;
	o = report_text(&r);
	s = o;
	ok(strstr(s, "\"incomplete\":[\"start-timeout\",\"stopped-before-adoption\"]") != NULL,
	   "boot.incomplete as written, in a fixed order");
	rc = sa_report_parse(s, strlen(s), &back, err, sizeof(err));
	ok(!rc && back.boot.incomplete == r.boot.incomplete, "and read back");
	if (!rc)
		sa_report_free(&back);
	/* A reason of a newer writer is not "none". */
	junk = strdup(s);
	memcpy(strstr(junk, "start-timeout"), "strat-timeout", 13);
	rc = sa_report_parse(junk, strlen(junk), &back, err, sizeof(err));
	ok(!rc && back.boot.incomplete == (1u << SA_GAP_OTHER | 1u << SA_GAP_STOPPED_BEFORE),
	   "an unknown reason reads as other");
	if (!rc)
		sa_report_free(&back);
	memcpy(strstr(junk, "\"strat-timeout\""), "123456789012345", 15);
	rc = sa_report_parse(junk, strlen(junk), &back, err, sizeof(err));
	ok(rc == -EBADMSG && strstr(err, "boot.incomplete"),
	   "a reason that is not a string is refused, naming the member (%s)", err);
	if (!rc)
		sa_report_free(&back);
	free(junk);
	free(o);
	boot_report(&clean, "clean", NULL, 0);
	sa_merged_init(&m);
	ok(!sa_merged_add(&m, "a", &r) && !sa_merged_add(&m, "b", &clean), "two reports merge");
	sa_merged_finish(&m);
	ok(sa_mhost_boot(&m.hosts[0]) == SA_BOOT_INCOMPLETE &&
	   m.hosts[0].gaps.why[SA_GAP_UNKNOWN] == 1u << SA_GAP_STOPPED_BEFORE &&
	   m.hosts[0].gaps.why[SA_PHASE_INITRAMFS] == 1u << SA_GAP_START_TIMEOUT,
	   "stopped before adoption (no phase) and start-timeout (initramfs): incomplete");
	ok(sa_mhost_boot(&m.hosts[1]) == SA_BOOT_CLEAN, "the same report without them: clean");
	ok(m.nincomplete_why[SA_GAP_STOPPED_BEFORE] == 1 &&
	   m.nincomplete_why[SA_GAP_START_TIMEOUT] == 1, "counted by reason");
	ok(sa_merged_gate(&m, SA_FAIL_INCOMPLETE) == SA_FAIL_INCOMPLETE,
	   "--fail-on=incomplete: 24");
	sa_merged_free(&m);
	sa_report_free(&clean);
	sa_report_free(&r);
}

/* Write @len bytes of @s to @path. */
static void put(const char *path, const char *s, size_t len)
{
	FILE *f = fopen(path, "w");

	fwrite(s, 1, len, f);
	fclose(f);
}

/* boot --save: the reasons a report lacks are added to it, once. */
static void test_why_add(const char *dir)
{
	struct sa_report r, back;
	char path[96], err[256], *buf;
	char *o;
	const char *s;
	size_t len;
	int rc;

	snprintf(path, sizeof(path), "%s/report.json", dir);
	boot_report(&r, "late", NULL, 0);
	r.boot.incomplete = 1u << SA_GAP_START_TIMEOUT;
	sa_report_add_path(&r, "/class/block/sda", "device", 1);
	o = report_text(&r);
	s = o;
	put(path, s, strlen(s));
	free(o);
	/* what record writes with both reasons: the rewrite must be the same bytes */
	r.boot.incomplete |= 1u << SA_GAP_MARK_TIMEOUT;
	o = report_text(&r);
	sa_report_free(&r);
	ok(!sa_boot_why_add(path, 1u << SA_GAP_START_TIMEOUT | 1u << SA_GAP_MARK_TIMEOUT) &&
	   !sa_boot_why_add(path, 1u << SA_GAP_MARK_TIMEOUT), "reasons added, twice");
	rc = sa_slurp(path, 1 << 20, &buf, &len);
	ok(!rc && strstr(buf, "\"incomplete\":[\"start-timeout\",\"mark-timeout\"]") != NULL,
	   "each once, after what the report had");
	ok(!rc && o && strchr(o, '/') && len == strlen(o) + 1 && !strncmp(buf, o, len - 1),
	   "the rewrite is the line record writes ('/' not escaped as in json-c's plain layout)");
	free(o);
	rc = rc ? rc : sa_report_parse(buf, len, &back, err, sizeof(err));
	ok(!rc && back.boot.incomplete == (1u << SA_GAP_START_TIMEOUT | 1u << SA_GAP_MARK_TIMEOUT),
	   "the report reads back with both");
	if (!rc)
		sa_report_free(&back);
	free(buf);
	put(path, "{\"boot\":null}", 13);
	ok(!sa_boot_why_add(path, 1u << SA_GAP_MARK_TIMEOUT), "no boot audit: left alone");
	put(path, "{\"boot\":", 8);
	ok(sa_boot_why_add(path, 1u << SA_GAP_MARK_TIMEOUT) == -EINVAL, "not JSON: -EINVAL");
	unlink(path);
	ok(sa_boot_why_add(path, 1u << SA_GAP_MARK_TIMEOUT) == -ENOENT, "no report: -ENOENT");
}

/* The scripts' reasons file, hostile. */
static void test_why_file(void)
{
	char dir[] = "/tmp/sa-why-XXXXXX", path[64], fifo[64], *big;
	unsigned int m;

	ok(mkdtemp(dir) != NULL, "temporary directory");
	snprintf(path, sizeof(path), "%s/%s", dir, SA_BOOT_WHY);
	m = 0;
	ok(sa_boot_why_read(path, &m) == -ENOENT && !m, "no file: -ENOENT, no reason");
	put(path, "", 0);
	m = 0;
	ok(!sa_boot_why_read(path, &m) && !m, "an empty file (a boot audit configured): none");
	put(path, "start-timeout\n\n  mark-timeout \r\nstart-timeout", 45);
	m = 0;
	ok(!sa_boot_why_read(path, &m) &&
	   m == (1u << SA_GAP_START_TIMEOUT | 1u << SA_GAP_MARK_TIMEOUT),
	   "two reasons, blanks, CR, a repeat and no final newline");
	put(path, "start-timeout\nrm -rf /\n", 23);
	m = 0;
	ok(!sa_boot_why_read(path, &m) &&
	   m == (1u << SA_GAP_START_TIMEOUT | 1u << SA_GAP_OTHER), "a junk line: other");
	put(path, "mark-\0timeout\n", 15);
	m = 0;
	ok(!sa_boot_why_read(path, &m) && m == 1u << SA_GAP_OTHER, "a NUL in a line: other");
	put(path, "not-adopted\nevents-lost\n", 24);
	m = 0;
	ok(!sa_boot_why_read(path, &m) && m == 1u << SA_GAP_OTHER,
	   "a reason the report derives itself is not taken from the file: other");
	big = malloc(1 << 20);
	memset(big, 'a', 1 << 20);
	put(path, big, 1 << 20);
	m = 0;
	ok(!sa_boot_why_read(path, &m) && m == 1u << SA_GAP_OTHER,
	   "1 MiB on one line: read %d bytes of it, other", SA_BOOT_WHY_MAX);
	for (int i = 0; i < (1 << 20) / 14; i++)
		memcpy(big + i * 14, "start-timeout\n", 14);
	put(path, big, (1 << 20) / 14 * 14);
	m = 0;
	ok(!sa_boot_why_read(path, &m) &&
	   m == (1u << SA_GAP_START_TIMEOUT | 1u << SA_GAP_OTHER),
	   "1 MiB of reasons: the first %d bytes taken, the cut flagged other", SA_BOOT_WHY_MAX);
	free(big);
	unlink(path);
	ok(!sa_boot_why_append(path, SA_GAP_START_TIMEOUT) &&
	   !sa_boot_why_append(path, SA_GAP_MARK_TIMEOUT), "reasons appended (file made)");
	m = 0;
	ok(!sa_boot_why_read(path, &m) &&
	   m == (1u << SA_GAP_START_TIMEOUT | 1u << SA_GAP_MARK_TIMEOUT), "and read back");
	unlink(path);
	test_why_add(dir);
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	ok(!mkfifo(fifo, 0600), "a FIFO");
	m = 0;
	ok(sa_boot_why_read(fifo, &m) == -EINVAL && !m, "a FIFO is refused at once, not waited on");
	unlink(fifo);
	ok(!symlink("/etc/passwd", path), "a symlink");
	ok(sa_boot_why_read(path, &m) == -EINVAL, "a symlink is not followed");
	unlink(path);
	mkdir(path, 0700);
	ok(sa_boot_why_read(path, &m) == -EINVAL, "a directory is refused");
	rmdir(path);
	rmdir(dir);
}

int main(void)
{
	test_shell_quote();
	test_phase_of();
	test_marks();
	test_round_trip();
	test_verdicts();
	test_incomplete();
	test_losses_round_trip();
	test_recorded_reasons();
	test_why_file();
	return tap_done();
}
