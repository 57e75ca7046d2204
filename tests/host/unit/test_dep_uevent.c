// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the uevent-keys rule (user/deps/dep_classify.c): a read of
 * a device's uevent file breaks only when the reader's own code reads the
 * PHYSDEV keys; every other reader (udevd, udevadm, cat) is nothing. And
 * the evidence it rests on (sa_fp_reads_keys()), and the store giving the
 * program's code before the read is judged (sa_dep_store_code()). TAP.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"

#include "audit/fingerprint.h"
#include "dep_records.h"
#include "deps/dep_classify.h"
#include "deps/dep_store.h"

#define VDA "/devices/pci0000:00/0000:00:04.0/virtio1/block/vda"

/* No lookup: the model is not read for a uevent read. */
static const struct sa_classifier no_model;

static void judge(const char *code, struct sa_dep_verdict *v)
{
	struct sa_dep_obs o = { .op = SA_DEP_OP_READ_UEVENT, .dir = VDA, .name = "uevent",
				.code = code };

	sa_dep_classify(&no_model, &o, v);
}

static void test_evidence(void)
{
	ok(sa_fp_reads_keys("/opt/dvb-find: PHYSDEVPATH (physdev-key)"),
	   "keys: a binary's PHYSDEVPATH");
	ok(sa_fp_reads_keys("/sbin/x.sh: PHYSDEVBUS (physdev-key, line 3)"),
	   "keys: a script's PHYSDEVBUS, with its line");
	ok(sa_fp_reads_keys("/a.sh: device/bus (legacy-path, line 2); "
			    "/bin/a: PHYSDEVDRIVER (physdev-key)"),
	   "keys: the executable's, after the script's other evidence");
	ok(!sa_fp_reads_keys(NULL) && !sa_fp_reads_keys(""), "keys: none in no code");
	ok(!sa_fp_reads_keys("/bin/busybox: BusyBox 1.6.1 has mdev (busybox-mdev)"),
	   "keys: not BusyBox 1.6 mdev (it reads 'dev', not the keys)");
	ok(!sa_fp_reads_keys("/x.sh: device/bus (legacy-path, line 4)"),
	   "keys: not a script's device/bus");
	ok(!sa_fp_reads_keys("/x: PHYSDEVPATH (physdev-keys)"), "keys: another kind's name");
}

static void test_rule(void)
{
	struct sa_dep_verdict v;

	judge("/tmp/dvb-parent.sh: PHYSDEVPATH (physdev-key, line 9)", &v);
	ok(v.kind == SA_DK_UEVENT_READ && v.conf == SA_DC_BREAKS && v.rule == SA_DR_UEVENT_KEYS,
	   "a reader whose script reads PHYSDEVPATH: uevent-read breaks (rule %s)",
	   sa_dep_rule_name(v.rule));
	is(v.path, "/sys" VDA "/uevent", "its path: the file read");
	ok(strstr(v.why, "dvb-parent.sh: PHYSDEVPATH") != NULL, "its why: the evidence (%s)",
	   v.why);
	ok(*v.artifact && *v.replacement && !*v.modern,
	   "the artifact and the replacement said; no modern name to fall back to");
	sa_dep_apply_fingerprint(&v, "/tmp/dvb-parent.sh: PHYSDEVPATH (physdev-key, line 9)");
	ok(v.conf == SA_DC_BREAKS && v.rule == SA_DR_UEVENT_KEYS,
	   "the fingerprint rule leaves it to its own rule");

	judge(NULL, &v);
	ok(v.kind == SA_DK_NONE, "cat, udevadm, udevd (no code given): nothing");
	judge("", &v);
	ok(v.kind == SA_DK_NONE, "a reader whose code has no evidence: nothing");
	judge("/bin/busybox: BusyBox 1.6.1 has mdev (busybox-mdev)", &v);
	ok(v.kind == SA_DK_NONE, "a reader with other legacy code, not the keys: nothing");
	ok(!strcmp(sa_dep_kind_name(SA_DK_UEVENT_READ), "uevent-read") &&
	   !strcmp(sa_dep_rule_name(SA_DR_UEVENT_KEYS), "uevent-keys"),
	   "the names in the report: uevent-read, uevent-keys");
}

/* A fake fingerprint (as fingerprint.c words it): a file named "legacy" reads PHYSDEVPATH. */
static int fp_calls;
static void fake_fp(void *ctx, const char *file, char *out, size_t len)
{
	(void)ctx;
	fp_calls++;
	out[0] = '\0';
	if (strstr(file, "legacy"))
		snprintf(out, len, "%s: PHYSDEVPATH (physdev-key)", file);
}

static struct sa_ident mkid(const char *exe, const char *script, unsigned int pid)
{
	struct sa_ident id;

	memset(&id, 0, sizeof(id));
	snprintf(id.exe, sizeof(id.exe), "%s", exe);
	snprintf(id.script, sizeof(id.script), "%s", script);
	id.pid = id.tgid = pid;
	id.exec_gen = pid;
	id.source = "exec";
	return id;
}

/* As dependents.c does: the program's code, then the verdict, then the store. */
static const struct sa_dependent *read_by(struct sa_dep_store *s, const struct sa_ident *id,
					  struct sa_dep_verdict *v)
{
	char code[SA_DEP_TEXT];
	struct sa_dep_seen seen = { .id = id, .v = v, .how = "read-uevent" };
	int err;

	sa_dep_store_code(s, id, code, sizeof(code));
	judge(code, v);
	if (v->kind == SA_DK_NONE)
		return NULL;
	return sa_dep_store_add(s, &seen, &err);
}

static void test_store(void)
{
	struct sa_dep_store_opts o = { .fingerprint = fake_fp };
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_ident sh = mkid("/bin/busybox", "/usr/lib/legacy-dvb.sh", 100);
	struct sa_ident sh2 = mkid("/bin/busybox", "/usr/lib/legacy-dvb.sh", 101);
	struct sa_ident cat = mkid("/bin/busybox", "", 102);
	struct sa_ident bin = mkid("/opt/legacy-hal", "", 103);
	const struct sa_dependent *d;
	struct sa_dep_verdict v;
	char code[SA_DEP_TEXT];
	int calls;

	d = read_by(s, &sh, &v);
	ok(d && d->kind == SA_DK_UEVENT_READ && d->conf == SA_DC_BREAKS &&
	   d->rule == SA_DR_UEVENT_KEYS && strstr(d->fingerprint, "legacy-dvb.sh"),
	   "store: a script that reads the keys, by busybox sh: one line that breaks (%s)",
	   d ? d->fingerprint : "no line");
	calls = fp_calls;
	d = read_by(s, &sh2, &v);
	ok(!d && sa_dep_store_count(s) == 1 && fp_calls == calls,
	   "store: its second process joins the line, its code not read again");
	ok(!read_by(s, &cat, &v) && sa_dep_store_count(s) == 1,
	   "store: cat of the same file (no script, no keys): no line");
	d = read_by(s, &bin, &v);
	ok(d && d->conf == SA_DC_BREAKS && sa_dep_store_count(s) == 2,
	   "store: a binary carrying the key: breaks");
	sa_dep_store_code(s, &cat, code, sizeof(code));
	ok(!*code, "store: busybox alone has no code to show");
	sa_dep_store_free(s);

	s = sa_dep_store_new(&(struct sa_dep_store_opts){ 0 });
	ok(!read_by(s, &sh, &v) && sa_dep_store_count(s) == 0,
	   "store without fingerprints: nothing breaks by a read");
	sa_dep_store_free(s);
}

int main(void)
{
	test_evidence();
	test_rule();
	test_store();
	return tap_done();
}
