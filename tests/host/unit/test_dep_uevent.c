// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the uevent-keys rule (user/deps/dep_classify.c): a read of
 * a device's uevent file breaks only when the reader's own code reads the
 * PHYSDEV keys; every other reader (udevd, udevadm, cat) is nothing. And
 * what it rests on (SA_FP_KEYS, set by sa_fp_scope_of() for a PHYSDEV key:
 * the verdict follows the flag, never the evidence's words), and the store
 * giving the program's code before the read is judged
 * (sa_dep_store_code()). TAP.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fake_proc.h"
#include "tap.h"

#include "audit/fingerprint.h"
#include "dep_records.h"
#include "deps/dep_classify.h"
#include "deps/dep_store.h"
#include "deps/identity.h"
#include "deps/uevent_reader.h"

#define VDA "/devices/pci0000:00/0000:00:04.0/virtio1/block/vda"

/* No lookup: the model is not read for a uevent read. */
static const struct sa_classifier no_model;

#define KEYS (SA_FP_ANY | SA_FP_HELPER | SA_FP_KEYS)

static void judge(const char *code, unsigned int scope, struct sa_dep_verdict *v)
{
	struct sa_dep_obs o = { .op = SA_DEP_OP_READ_UEVENT, .dir = VDA, .name = "uevent",
				.code = code, .code_scope = scope };

	sa_dep_classify(&no_model, &o, v);
}

/* The hit's scope, after its words are written as the fingerprint does. */
static unsigned int scope_of(const char *kind, const char *key, enum sa_sev sev)
{
	struct sa_hit h = { .kind = kind, .key = key, .sev = sev };
	char text[256] = "";

	sa_fp_evidence(&h, text, sizeof(text));
	return sa_fp_scope_of(&h);
}

static void test_evidence(void)
{
	char path[] = "/tmp/sa-uevent-fp-XXXXXX", out[512];
	struct sa_fp_cache *c = sa_fp_cache_new();
	unsigned int scope;
	int fd;

	ok(scope_of(SA_KIND_PHYSDEV_KEY, "PHYSDEVPATH", SA_SEV_ERROR) == KEYS,
	   "keys: a PHYSDEVPATH error proves the code reads the keys (SA_FP_KEYS)");
	ok(!(scope_of("busybox-mdev", "mdev", SA_SEV_ERROR) & SA_FP_KEYS) &&
	   (scope_of("busybox-mdev", "mdev", SA_SEV_ERROR) & SA_FP_ANY),
	   "keys: not BusyBox 1.6 mdev (legacy code, but it reads 'dev', not the keys)");
	ok(!(scope_of("legacy-path", "device/bus", SA_SEV_ERROR) & SA_FP_KEYS),
	   "keys: not a script's device/bus");
	ok(!(scope_of(SA_KIND_MDEV_HOTPLUG, "mdev", SA_SEV_WARNING) & SA_FP_KEYS) &&
	   !scope_of(SA_KIND_PHYSDEV_KEY, "PHYSDEVBUS", SA_SEV_WARNING),
	   "keys: neither the helper-only mdev nor a warning");

	/* A script's line, through the scanner and the cache: the flag, not the words. */
	fd = mkstemp(path);
	ok(fd >= 0 && dprintf(fd, "#!/bin/sh\ngrep ^PHYSDEVBUS= \"$1/uevent\"\n") > 0,
	   "a script that greps PHYSDEVBUS= written");
	if (fd >= 0)
		close(fd);
	scope = sa_fingerprint(c, path, out, sizeof(out));
	ok(scope & SA_FP_KEYS && strstr(out, "PHYSDEVBUS"),
	   "keys: the fingerprint of that script sets SA_FP_KEYS (%s)", out);
	ok(sa_fingerprint(c, path, out, sizeof(out)) == scope && sa_fp_cache_reads(c) == 1,
	   "keys: the cache keeps the flag (one read)");
	unlink(path);
	sa_fp_cache_free(c);
}

static void test_rule(void)
{
	struct sa_dep_verdict v;

	judge("/tmp/dvb-parent.sh: PHYSDEVPATH (physdev-key, line 9)", KEYS, &v);
	ok(v.kind == SA_DK_UEVENT_READ && v.conf == SA_DC_BREAKS && v.rule == SA_DR_UEVENT_KEYS,
	   "a reader whose script reads PHYSDEVPATH: uevent-read breaks (rule %s)",
	   sa_dep_rule_name(v.rule));
	is(v.path, "/sys" VDA "/uevent", "its path: the file read");
	ok(strstr(v.why, "dvb-parent.sh: PHYSDEVPATH") != NULL, "its why: the evidence (%s)",
	   v.why);
	ok(*v.artifact && *v.replacement && !*v.modern,
	   "the artifact and the replacement said; no modern name to fall back to");
	sa_dep_apply_fingerprint(&v, "/tmp/dvb-parent.sh: PHYSDEVPATH (physdev-key, line 9)",
				 SA_FP_ANY | SA_FP_HELPER);
	ok(v.conf == SA_DC_BREAKS && v.rule == SA_DR_UEVENT_KEYS,
	   "the fingerprint rule leaves it to its own rule");

	judge(NULL, SA_FP_NONE, &v);
	ok(v.kind == SA_DK_NONE, "cat, udevadm, udevd (no code given): nothing");
	judge("", SA_FP_NONE, &v);
	ok(v.kind == SA_DK_NONE, "a reader whose code has no evidence: nothing");
	judge("/bin/busybox: BusyBox 1.6.1 has mdev (busybox-mdev)", SA_FP_ANY | SA_FP_HELPER,
	      &v);
	ok(v.kind == SA_DK_NONE, "a reader with other legacy code, not the keys: nothing");
	/* The words decide nothing: only the flag does. */
	judge("/x.sh: PHYSDEVPATH (physdev-key, line 2)", SA_FP_ANY | SA_FP_HELPER, &v);
	ok(v.kind == SA_DK_NONE, "evidence that names a key, without SA_FP_KEYS: nothing");
	judge("", SA_FP_KEYS, &v);
	ok(v.kind == SA_DK_UEVENT_READ && v.conf == SA_DC_BREAKS,
	   "SA_FP_KEYS without words: breaks");
	ok(!strcmp(sa_dep_kind_name(SA_DK_UEVENT_READ), "uevent-read") &&
	   !strcmp(sa_dep_rule_name(SA_DR_UEVENT_KEYS), "uevent-keys"),
	   "the names in the report: uevent-read, uevent-keys");
}

/* A fake fingerprint (as fingerprint.c words it): a file named "legacy" reads PHYSDEVPATH. */
static int fp_calls;
static unsigned int fake_fp(void *ctx, const char *file, char *out, size_t len)
{
	(void)ctx;
	fp_calls++;
	out[0] = '\0';
	/* "anyscope": legacy code that proves something, but not that it reads the keys */
	if (strstr(file, "anyscope")) {
		snprintf(out, len, "%s: BusyBox 1.6.1 has mdev (busybox-mdev)", file);
		return SA_FP_ANY | SA_FP_HELPER;
	}
	if (!strstr(file, "legacy"))
		return SA_FP_NONE;
	snprintf(out, len, "%s: PHYSDEVPATH (physdev-key)", file);
	return KEYS;
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
	unsigned int scope;
	int err;

	scope = sa_dep_store_code(s, id, code, sizeof(code));
	judge(code, scope, v);
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
	ok(!sa_dep_store_code(s, &cat, code, sizeof(code)) && !*code,
	   "store: busybox alone has no code to show, and proves nothing");
	ok(sa_dep_store_code(s, &sh, code, sizeof(code)) & SA_FP_KEYS,
	   "store: the script's line gives its code's SA_FP_KEYS");
	sa_dep_store_free(s);

	s = sa_dep_store_new(&(struct sa_dep_store_opts){ 0 });
	ok(!read_by(s, &sh, &v) && sa_dep_store_count(s) == 0,
	   "store without fingerprints: nothing breaks by a read");
	sa_dep_store_free(s);
}

/* A fake /proc/PID: exe -> @exe, cmdline @argv ('|' between the arguments), comm. */
static void fake_proc(const char *proc, unsigned int pid, const char *exe, const char *argv)
{
	fake_proc_pid(proc, pid, exe, NULL, argv);
}

static char code[SA_DEP_TEXT], via[64];
static unsigned int code_scope;

/* sa_uevent_reader() into code[], code_scope and via[]. */
static bool reader(struct sa_dep_store *s, const struct sa_ident *id, unsigned int ppid,
		   const char *anc, const char *proc, struct sa_ident *parent)
{
	return sa_uevent_reader(s, id, ppid, anc, proc, parent, code, sizeof(code),
				&code_scope, via, sizeof(via));
}

static char anc[256];

/* A NUL-separated argv literal and its length, through its last NUL. */
#define ARGV(s) s, sizeof(s) - 1

/*
 * A uevent read's record whose nearest exec'd ancestor ran no #! script:
 * its executable's name @exe and its argv (@args, @n bytes), as
 * fill_ancestor_script() sends them; its script into anc[].
 */
static bool ancestor(const char *exe, const char *args, unsigned int n)
{
	static struct sa_dep_rec r;

	memset(&r, 0, sizeof(r));
	r.op = SA_DEP_OP_READ_UEVENT;
	r.flags = SA_DEP_F_NO_REQ | SA_DEP_F_ANC_ARGV;
	snprintf(r.req, sizeof(r.req), "%s", exe);
	memcpy(r.anc_args, args, n);
	r.anc_args_len = n;
	return sa_rec_ancestor_script(&r, anc, sizeof(anc));
}

/* `grep PHYSDEVPATH= /sys/.../uevent` in a script: grep reads, for its parent. */
static void test_parent(void)
{
	struct sa_dep_store_opts o = { .fingerprint = fake_fp };
	struct sa_dep_store *s = sa_dep_store_new(&o);
	char proc[] = "/tmp/sa-uevent-proc-XXXXXX", cmd[64];
	struct sa_ident grep = mkid("/bin/busybox", "", 300), parent;
	struct sa_ident own = mkid("/opt/legacy-hal", "", 303);
	struct sa_dep_obs ob = { .op = SA_DEP_OP_READ_UEVENT, .dir = VDA, .name = "uevent" };
	struct sa_dep_verdict v;
	bool got;

	if (!mkdtemp(proc)) {
		perror("mkdtemp");
		return;
	}
	snprintf(grep.comm, sizeof(grep.comm), "grep");
	fake_proc(proc, 200, "/bin/busybox", "/bin/sh|/usr/lib/legacy-dvb.sh|vda");
	fake_proc(proc, 201, "/bin/busybox", "/bin/sh|/usr/lib/modern-dvb.sh|vda");
	fake_proc(proc, 202, "/bin/busybox", "sh|-c|grep DEVNAME= /sys/class/block/vda/uevent");

	got = reader(s, &grep, 200, NULL, proc, &parent);
	ok(got && !strcmp(parent.script, "/usr/lib/legacy-dvb.sh") && parent.tgid == 200 &&
	   !strcmp(via, "grep (pid 300)") && (code_scope & SA_FP_KEYS),
	   "parent: grep run by a #! script that reads the keys: judged by the script (%s, %s)",
	   parent.script, via);
	ob.code = code;
	ob.code_scope = code_scope;
	ob.via = got ? via : NULL;
	sa_dep_classify(&no_model, &ob, &v);
	ok(v.conf == SA_DC_BREAKS && strstr(v.why, "its child grep (pid 300)"),
	   "parent: it breaks, and says its child read the file (%s)", v.why);
	ok(!reader(s, &grep, 201, NULL, proc, &parent) &&
	   !*code, "parent: a script without the keys: nothing to judge by");
	ok(!reader(s, &grep, 202, NULL, proc, &parent),
	   "parent: sh -c (no script file): nothing");
	ok(!reader(s, &grep, 209, NULL, proc, &parent),
	   "parent: gone from /proc: not judged");
	ok(!reader(s, &grep, 1, NULL, proc, &parent),
	   "parent: init is never the program a read was for");
	got = reader(s, &grep, 209, "/usr/lib/legacy-dvb.sh", proc, &parent);
	ok(got && !strcmp(parent.script, "/usr/lib/legacy-dvb.sh") &&
	   !strcmp(parent.exe, "/bin/busybox") && (code_scope & SA_FP_KEYS),
	   "parent gone: the ancestor's #! script the kernel recorded stands for it (%s)",
	   parent.script);
	ok(!reader(s, &grep, 209, "/usr/lib/modern-dvb.sh", proc, &parent),
	   "parent gone: an ancestor script without the keys: nothing");
	ok(ancestor("busybox", ARGV("sh\0/usr/lib/legacy-dvb.sh\0vda\0")) &&
	   reader(s, &grep, 209, anc, proc, &parent) &&
	   !strcmp(parent.script, "/usr/lib/legacy-dvb.sh") && (code_scope & SA_FP_KEYS),
	   "parent gone: an ancestor started as 'sh script' (no #!): its script stands for it "
	   "(%s)", anc);
	ok(ancestor("bash", ARGV("bash\0-e\0/usr/lib/legacy-dvb.sh\0")) &&
	   !strcmp(anc, "/usr/lib/legacy-dvb.sh"), "ancestor: 'bash -e script' (%s)", anc);
	ok(ancestor("busybox", ARGV("sh\0/usr/lib/modern-dvb.sh\0")) &&
	   !reader(s, &grep, 209, anc, proc, &parent),
	   "parent gone: 'sh script' of a script without the keys: nothing");
	ok(!ancestor("busybox", ARGV("sh\0-c\0grep PHYSDEVPATH= x\0")) &&
	   !ancestor("udevadm", ARGV("udevadm\0info\0")) &&
	   !ancestor("busybox", ARGV("sh\0/usr/lib/legacy-dvb.sh")),
	   "ancestor: no script for sh -c, a binary, or an operand cut by the record");
	ok(!reader(s, &own, 200, NULL, proc, &parent) &&
	   (code_scope & SA_FP_KEYS), "parent: a reader with the keys of its own is judged itself");

	/*
	 * Issue 50: only the keys scope makes the parent or the ancestor the
	 * reader; legacy code of another kind (any scope but SA_FP_KEYS) does not.
	 */
	fake_proc(proc, 204, "/bin/busybox", "/bin/sh|/usr/lib/anyscope-dvb.sh|vda");
	ok(!reader(s, &grep, 204, NULL, proc, &parent),
	   "parent: a running script with legacy code but not the keys: not the reader");
	ok(!reader(s, &grep, 209, "/usr/lib/anyscope-dvb.sh", proc, &parent),
	   "parent gone: an ancestor script with legacy code but not the keys: not the reader");
	{
		struct sa_ident mdev = mkid("/opt/anyscope-reader", "", 305);

		snprintf(mdev.comm, sizeof(mdev.comm), "mdev");
		got = reader(s, &mdev, 200, NULL, proc, &parent);
		ok(got && parent.tgid == 200 && (code_scope & SA_FP_KEYS) &&
		   !strcmp(via, "mdev (pid 305)"),
		   "parent: a reader whose own code is legacy but reads no keys: judged by its "
		   "parent's keys (%s)", via);
	}
	/* kthreadd (2) runs no one's script, even when /proc shows one for it */
	fake_proc(proc, 2, "/bin/busybox", "/bin/sh|/usr/lib/legacy-dvb.sh|vda");
	ok(!reader(s, &grep, 2, NULL, proc, &parent),
	   "parent: pid 2 is never the program a read was for");
	sa_dep_store_free(s);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", proc);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", proc);
}

/* Another sysfs-audit beside the tracer reads uevent files for its model: its keys are ours. */
static void test_self(void)
{
	struct sa_fp_cache *c = sa_fp_cache_new();
	char out[512];

	sa_fingerprint(c, "/proc/self/exe", out, sizeof(out));
	ok(!*out, "fingerprint: the running executable (it holds the keys) shows none (%s)", out);
	sa_fp_cache_free(c);
}

int main(void)
{
	test_evidence();
	test_rule();
	test_store();
	test_parent();
	test_self();
	return tap_done();
}
