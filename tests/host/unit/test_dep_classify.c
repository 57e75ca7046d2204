// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the dependents' classifier (user/deps/dep_classify.c) over the
 * fake sysfs tree of test_legacy.c, and for the listener/helper discovery
 * of user/deps/identity.c over a fake /proc and /etc. TAP output.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "fake_sysfs.h"
#include "tap.h"

#include "audit/fingerprint.h"
#include "dep_records.h"
#include "output/dep_out.h"
#include "deps/dep_classify.h"
#include "deps/dep_fallback.h"
#include "deps/dep_store.h"
#include "deps/identity.h"
#include "model/legacy_key.h"


static void build_tree(void)
{
	fake_sysfs_devices();
}

#define P_VIRTIO "/devices/pci0000:00/0000:00:04.0/virtio1"
#define P_INPUT1 "/devices/platform/i8042/serio0/input/input1"

static struct sa_classifier cls;

/* expect OP DIR NAME REQ GROUPS -> KIND CONF (and the replacement when given) */
static void expect(unsigned int op, const char *dir, const char *name, const char *req,
		   unsigned int groups, enum sa_dep_kind kind, enum sa_dep_conf conf,
		   const char *repl, const char *what)
{
	struct sa_dep_obs o = { .op = op, .dir = dir, .name = name, .req = req, .groups = groups };
	struct sa_dep_verdict v;
	bool good;

	sa_dep_classify(&cls, &o, &v);
	good = v.kind == kind && (kind == SA_DK_NONE || v.conf == conf) &&
	       (!repl || !strcmp(v.replacement, repl));
	ok(good, "%s: %s%s%s", what, sa_dep_kind_name(kind),
	   kind == SA_DK_NONE ? "" : " ", kind == SA_DK_NONE ? "" : sa_dep_conf_name(conf));
	if (!good)
		printf("#   got: %s %s path=%s artifact=%s replacement=%s\n",
		       sa_dep_kind_name(v.kind), sa_dep_conf_name(v.conf), v.path, v.artifact,
		       v.replacement);
}

/* expect_rule: as expect, and the rule that decided. */
static void expect_rule(unsigned int op, const char *dir, const char *name, const char *req,
			unsigned int groups, enum sa_dep_kind kind, enum sa_dep_conf conf,
			enum sa_dep_rule rule, const char *what)
{
	struct sa_dep_obs o = { .op = op, .dir = dir, .name = name, .req = req, .groups = groups };
	struct sa_dep_verdict v;
	bool good;

	sa_dep_classify(&cls, &o, &v);
	good = v.kind == kind && v.rule == rule && (kind == SA_DK_NONE || v.conf == conf) &&
	       (kind == SA_DK_NONE || *v.why);
	ok(good, "%s: %s %s (rule %s)", what, sa_dep_kind_name(kind),
	   kind == SA_DK_NONE ? "" : sa_dep_conf_name(conf), sa_dep_rule_name(rule));
	if (!good)
		printf("#   got: %s %s rule=%s path=%s why=%s\n", sa_dep_kind_name(v.kind),
		       sa_dep_conf_name(v.conf), sa_dep_rule_name(v.rule), v.path, v.why);
}

#define M SA_DEP_OP_MISS
#define LS SA_DEP_OP_LSTAT_LINK
#define RL SA_DEP_OP_READLINK
#define RD SA_DEP_OP_READDIR
#define LI SA_DEP_OP_LISTEN
#define CF SA_DC_BREAKS
#define FB SA_DC_FALLS_BACK
#define SU SA_DC_SUSPECT
#define FP_ANY (SA_FP_ANY | SA_FP_HELPER)

/* Rules that confirm: names only the old layout had. */
static void test_confirmed(void)
{
	expect(M, P_VIRTIO, "bus", NULL, 0, SA_DK_LEGACY_NAME, CF,
	       "/sys" P_VIRTIO "/subsystem", "miss <dev>/bus of a bus device");
	expect_rule(M, P_VIRTIO, "bus", NULL, 0, SA_DK_LEGACY_NAME, CF, SA_DR_MISS_LEGACY_LINK,
		    "miss <dev>/bus: the legacy-link rule");
	expect(M, P_VIRTIO, "block:vda", NULL, 0, SA_DK_LEGACY_NAME, CF,
	       "/sys" P_VIRTIO "/block/vda", "nash: miss <parent>/<class>:<name>");
	expect_rule(M, P_VIRTIO, "block:vda", "/sys" P_VIRTIO "/block:vda", 0, SA_DK_LEGACY_NAME,
		    CF, SA_DR_MISS_LEGACY_LINK, "nash: miss <parent>/block:vda by absolute path");
	expect(M, P_INPUT1, "input:event1", NULL, 0, SA_DK_LEGACY_NAME, CF, NULL,
	       "miss <class>:<name> of a stacked class device in its class parent");
	expect_rule(M, "/class/input", "input1", "/sys/class/input/input1", 0, SA_DK_LEGACY_NAME,
		    CF, SA_DR_MISS_LEGACY_PATH,
		    "miss of a legacy-only path named by the whole request");
}

/* Rules that suspect, and what modern programs do (never confirmed). */
static void test_suspect_and_modern(void)
{
	expect_rule(M, "/devices/virtual/net/dummy0", "bus", NULL, 0, SA_DK_LEGACY_NAME, SU,
		    SA_DR_MISS_LOOKS_LEGACY, "miss 'bus' of a class device (it had none)");
	expect_rule(M, P_VIRTIO, "foo:bar", NULL, 0, SA_DK_LEGACY_NAME, SU,
		    SA_DR_MISS_LOOKS_LEGACY, "miss of an unknown ':' name in a device directory");
	expect_rule(M, "/devices/virtual/net/dummy0/queues", "uevent", NULL, 0, SA_DK_NONE, SU,
		    SA_DR_NONE, "miss of a plain attribute");
	expect_rule(M, P_INPUT1 "/event1", "dev", "/sys/class/input/input1/event1/dev", 0,
		    SA_DK_NONE, SU, SA_DR_NONE,
		    "miss below a legacy devpath (an attribute today's device lacks)");
	expect_rule(M, P_VIRTIO "/block/vda", "alignment_offset",
		    "/sys/block/vda/alignment_offset", 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "sd_device: absolute-path attribute miss through /sys/block (a real walk)");
	expect_rule(M, "/devices/virtual/net/dummy0", "wireless",
		    "/sys/class/net/dummy0/wireless", 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "shell: [ -d /sys/class/net/dummy0/wireless ]");
	expect_rule(M, "/devices/virtual/net/dummy0", "wireless", "dummy0/wireless", 0,
		    SA_DK_NONE, SU, SA_DR_NONE, "shell: [ -d $n/wireless ] relative to /sys/class/net");
	expect_rule(M, "/devices", "nonexistent", "/sys/devices/nonexistent", 0, SA_DK_NONE, SU,
		    SA_DR_NONE, "miss of a path that never existed");

	expect(LS, "", "", "/sys/block/vda", 0, SA_DK_SYMLINK_DIR, SU,
	       "/sys" P_VIRTIO "/block/vda (stat() following the link)", "lstat /sys/block/vda");
	expect_rule(LS, "", "", "/sys//block/vda/", 0, SA_DK_SYMLINK_DIR, SU,
		    SA_DR_LSTAT_LEGACY_DIR, "lstat /sys//block/vda/ (normalised)");
	expect_rule(LS, "", "", "/sys/class/net/dummy0", 0, SA_DK_SYMLINK_DIR, SU,
		    SA_DR_LSTAT_LEGACY_DIR, "ls -l /sys/class/net: lstat of each entry");
	expect_rule(LS, "", "", "/sys/class/input/event1", 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "lstat of a stacked class device's class link (a link then too)");
	expect_rule(LS, "", "", "/sys/class/net/eth9", 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "lstat of a class entry the model does not know");
	expect_rule(LS, "", "", "/sys/bus/pci/devices/0000:00:04.0", 0, SA_DK_NONE, SU,
		    SA_DR_NONE, "lstat of a bus device link");
	expect_rule(LS, "", "", "vda", 0, SA_DK_NONE, SU, SA_DR_NONE, "lstat of a relative path");
	expect_rule(LS, "/class/net", "dummy0", NULL, 0, SA_DK_SYMLINK_DIR, SU,
		    SA_DR_LSTAT_LEGACY_DIR, "find: fstatat(dirfd, \"dummy0\") named by its kernfs node");
	expect_rule(LS, "/block", "vda", NULL, 0, SA_DK_SYMLINK_DIR, SU, SA_DR_LSTAT_LEGACY_DIR,
		    "lstat of /sys/block/vda by its kernfs node (any mount of sysfs)");
	expect_rule(LS, "/class/input", "event1", NULL, 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "a link then too, by its kernfs node");

	expect_rule(RL, P_VIRTIO "/block/vda", "device", NULL, 0, SA_DK_LINK_TEXT, SU,
		    SA_DR_READLINK_DEVICE, "readlink <disk>/device (same device then and now)");
	expect_rule(RL, P_INPUT1 "/event1", "device", NULL, 0, SA_DK_LINK_TEXT, SU,
		    SA_DR_READLINK_DEVICE,
		    "readlink <stacked class dev>/device (another device then): still suspect");
	expect_rule(RL, "/block", "vda", NULL, 0, SA_DK_LINK_TEXT, SU, SA_DR_READLINK_ENTRY,
		    "readlink /sys/block/vda (ls -l, realpath)");
	expect_rule(RL, "/class/net", "dummy0", NULL, 0, SA_DK_LINK_TEXT, SU, SA_DR_READLINK_ENTRY,
		    "ls -l /sys/class/net: readlink of each entry");
	expect_rule(RL, "/class/block", "vda", NULL, 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "readlink /sys/class/block/vda (did not exist then)");
	expect_rule(RL, P_VIRTIO, "subsystem", NULL, 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "readlink subsystem (the same then and now)");

	expect_rule(RD, "", "block", NULL, 0, SA_DK_LEGACY_READDIR, SU, SA_DR_READDIR,
		    "readdir /sys/block");
	expect_rule(RD, "/class", "net", NULL, 0, SA_DK_LEGACY_READDIR, SU, SA_DR_READDIR,
		    "ls -l /sys/class/net: readdir");
	expect_rule(RD, "/class", "block", NULL, 0, SA_DK_NONE, SU, SA_DR_NONE,
		    "readdir /sys/class/block (a modern reader)");

	expect_rule(LI, "", "", NULL, 1, SA_DK_LISTENER, SU, SA_DR_LISTEN_KERNEL,
		    "group-1 listener with no legacy code (systemd-udevd)");
	expect_rule(LI, "", "", NULL, 0xffffffff, SA_DK_LISTENER, SU, SA_DR_LISTEN_KERNEL,
		    "listener on all groups, no legacy code");
	expect_rule(LI, "", "", NULL, 2, SA_DK_LISTENER, SU, SA_DR_LISTEN_UDEV,
		    "listener on group 2 only (udevadm monitor -u)");
}

/* What fingerprint.c writes for BusyBox 1.9.2 with mdev (test_scan.c reads it). */
#define MDEV192 "/sbin/mdev: BusyBox 1.9.2 has mdev, which types nodes by the DEVPATH text " \
		"(busybox-mdev-hotplug)"

/* The program's own code: the fingerprint rule, and the helper. */
static void test_fingerprint(void)
{
	struct sa_dep_obs o = { .op = LI, .dir = "", .name = "", .groups = 1 };
	struct sa_dep_verdict v;

	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, NULL, SA_FP_NONE);
	ok(v.conf == SU && v.rule == SA_DR_LISTEN_KERNEL, "no fingerprint: a listener stays suspect");
	sa_dep_apply_fingerprint(&v, "", SA_FP_NONE);
	ok(v.conf == SU, "an empty fingerprint confirms nothing");
	sa_dep_apply_fingerprint(&v, "/sbin/udevd: PHYSDEVPATH (physdev-key)", FP_ANY);
	ok(v.conf == CF && v.rule == SA_DR_FINGERPRINT && strstr(v.why, "PHYSDEVPATH"),
	   "udev 095: a group-1 listener whose executable reads PHYSDEVPATH is confirmed");

	o = (struct sa_dep_obs){ .op = LS, .dir = "", .name = "", .req = "/sys/class/net/dummy0" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "/bin/busybox: BusyBox v1.6.1 has mdev (busybox-mdev)",
				 FP_ANY);
	ok(v.kind == SA_DK_SYMLINK_DIR && v.conf == CF && v.rule == SA_DR_FINGERPRINT,
	   "mdev 1.6: lstat of a then-directory by a BusyBox < 1.7 is confirmed");

	o = (struct sa_dep_obs){ .op = M, .dir = "/devices/virtual/net/dummy0", .name = "wireless",
				 .req = "/sys/class/net/dummy0/wireless" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "/tmp/x.sh: PHYSDEVBUS (physdev-key)", FP_ANY);
	ok(v.kind == SA_DK_NONE, "a fingerprint does not turn an ignored miss into a dependent");

	o = (struct sa_dep_obs){ .op = RD, .dir = "/class", .name = "net" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "/tmp/hotplug: PHYSDEVBUS (physdev-key)", FP_ANY);
	ok(v.conf == CF && v.rule == SA_DR_FINGERPRINT, "a #! script reading PHYSDEVBUS: confirmed");

	o = (struct sa_dep_obs){ .op = M, .dir = P_VIRTIO, .name = "bus" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "x: PHYSDEVBUS", FP_ANY);
	ok(v.conf == CF && v.rule == SA_DR_MISS_LEGACY_LINK,
	   "a confirmed name keeps its own rule under a fingerprint");

	sa_dep_classify_helper(false, "/etc/sysctl.d/50-hotplug.conf", &v);
	ok(v.kind == SA_DK_HELPER && v.conf == SU && v.rule == SA_DR_HELPER &&
	   !strcmp(v.path, "/etc/sysctl.d/50-hotplug.conf") && strstr(v.why, "BusyBox 1.7-1.10"),
	   "a configured uevent helper without a fingerprint: suspect, the file named, what "
	   "would confirm it (%s)", v.why);
	sa_dep_apply_fingerprint(&v, "/sbin/legacy-hotplug: PHYSDEVBUS (physdev-key)", FP_ANY);
	ok(v.conf == CF && v.rule == SA_DR_FINGERPRINT,
	   "a configured uevent helper whose script reads PHYSDEVBUS: confirmed");
	sa_dep_classify_helper(true, NULL, &v);
	ok(v.conf == SU && !strcmp(v.path, "/proc/sys/kernel/hotplug"),
	   "a live helper without a fingerprint: suspect");

	/* BusyBox 1.7-1.10 mdev types nodes by DEVPATH: breaks as the helper only */
	sa_dep_classify_helper(false, "/etc/sysctl.d/50-hotplug.conf", &v);
	sa_dep_apply_fingerprint(&v, MDEV192, SA_FP_HELPER);
	ok(v.conf == CF && v.rule == SA_DR_FINGERPRINT && strstr(v.why, "BusyBox 1.9.2 has mdev") &&
	   strstr(v.why, "DEVPATH"), "BusyBox 1.9.2 mdev as the configured helper: breaks (%s)",
	   v.why);
	sa_dep_classify_helper(true, NULL, &v);
	sa_dep_apply_fingerprint(&v, MDEV192, SA_FP_HELPER);
	ok(v.conf == CF, "... as the live helper: breaks");
	o = (struct sa_dep_obs){ .op = LS, .dir = "", .name = "", .req = "/sys/class/net/dummy0" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, MDEV192, SA_FP_HELPER);
	ok(v.kind == SA_DK_SYMLINK_DIR && v.conf == SU && v.rule == SA_DR_LSTAT_LEGACY_DIR,
	   "the same BusyBox lstat-ing a /sys/class entry (mdev -s): stays suspect");
	o = (struct sa_dep_obs){ .op = LI, .dir = "", .name = "", .groups = 1 };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, MDEV192, SA_FP_HELPER);
	ok(v.conf == SU && v.rule == SA_DR_LISTEN_KERNEL,
	   "the same BusyBox listening to group 1: stays suspect");
	o = (struct sa_dep_obs){ .op = RD, .dir = "/class", .name = "net" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, MDEV192 ", PHYSDEVBUS (physdev-key)", FP_ANY);
	ok(v.conf == CF && strstr(v.why, "reads the old layout"),
	   "the same BusyBox with a PHYSDEV key beside: breaks whatever it does");

	ok(!strcmp(sa_dep_kind_name(SA_DK_MAX), "?") && !strcmp(sa_dep_rule_name(SA_DR_MAX), "?"),
	   "kind and rule names are bounded");
	for (int r = 1; r < SA_DR_MAX; r++)
		if (!sa_dep_rule_name(r))
			ok(0, "rule %d has a name", r);
}

static void test_identity(void)
{
	struct sa_listener l[8];
	char val[256], file[512], want[512];
	int n;

	mkdir_p("/etc/sysctl.d");
	put("/etc/sysctl.conf", "# kernel.hotplug = /commented\nkernel.hotplug=/sbin/first\n");
	put("/etc/sysctl.d/10-x.conf", "  kernel.hotplug =  /sbin/second  \n");
	put("/etc/sysctl.d/05-y.conf", "kernel/hotplug = /sbin/earlier\n");
	put("/etc/sysctl.d/20-z.txt", "kernel.hotplug = /sbin/not-a-conf\n");
	snprintf(want, sizeof(want), "%s/etc", root);
	ok(sa_uevent_helper_conf(want, val, sizeof(val), file, sizeof(file)),
	   "kernel.hotplug found in the sysctl files");
	is(val, "/sbin/second", "the last file in order wins, value trimmed");
	snprintf(want, sizeof(want), "%s/etc/sysctl.d/10-x.conf", root);
	is(file, want, "the file that set it");
	snprintf(want, sizeof(want), "%s/none", root);
	ok(!sa_uevent_helper_conf(want, val, sizeof(val), file, sizeof(file)),
	   "no sysctl files: no helper");

	mkdir_p("/proc/net");
	put("/proc/net/netlink",
	    "sk               Eth Pid        Groups   Rmem     Wmem     Dump  Locks    Drops    Inode\n"
	    "(____ptrval____) 15  4242       00000001 0        0        0     2        0        555     \n"
	    "(____ptrval____) 15  0          00000000 0        0        0     2        0        3       \n"
	    "00000000b5544142 0   0          00000000 0        0        0     2        0        4       \n"
	    "00000000b5544143 15  77         00000002 0        0        0     2        0        556     \n"
	    "00000000b5544144 15  1          00000001 0        0        0     2        0        557     \n"
	    "00000000b5544145 15  -4097      00000001 0        0        0     2        0        558     \n");
	mkdir_p("/proc/123/fd");
	lnk("/proc/123/fd/4", "socket:[555]");
	lnk("/proc/123/fd/5", "socket:[9999]");
	/* systemd-udevd-kernel.socket: PID 1 bound it and keeps it, udevd (321) received it */
	mkdir_p("/proc/1/fd");
	lnk("/proc/1/fd/30", "socket:[557]");
	lnk("/proc/1/fd/31", "socket:[558]");
	mkdir_p("/proc/321/fd");
	lnk("/proc/321/fd/3", "socket:[557]");
	mkdir_p("/proc/self");
	snprintf(want, sizeof(want), "%s/proc", root);
	n = sa_listeners_scan(want, l, 8, NULL, 0);
	ok(n == 4, "four uevent sockets with groups (got %d)", n);
	ok(n >= 1 && l[0].inode == 555 && l[0].groups == 1 && l[0].portid == 4242 &&
	   l[0].tgid == 123,
	   "socket 555: group 1, portid 4242, held by 123 (the portid is not the pid)");
	ok(n >= 2 && l[1].inode == 556 && l[1].groups == 2 && l[1].tgid == 0,
	   "socket 556: group 2, no holder found");
	ok(n >= 3 && l[2].inode == 557 && l[2].tgid == 321 && !l[2].init_alone,
	   "socket 557, held by PID 1 and udevd: udevd receives from it, PID 1 is not named "
	   "(got %u)", n >= 3 ? l[2].tgid : 0);
	ok(n >= 4 && l[3].inode == 558 && l[3].tgid == 1 && l[3].init_alone,
	   "socket 558, held by PID 1 alone: PID 1, said to be alone (a socket unit's, maybe)");
	ok(sa_listen_by_init(1, 1) && sa_listen_by_init(1, 3) && !sa_listen_by_init(1, 2) &&
	   !sa_listen_by_init(321, 1),
	   "PID 1 binding group 1 names no listener by its record; group 2, or another pid, does");
	{
		const unsigned long known[] = { 555 };

		n = sa_listeners_scan(want, l, 8, known, 1);
		ok(n == 3 && l[0].inode == 556,
		   "a known socket is skipped, its owner not looked up");
	}
	snprintf(want, sizeof(want), "%s/no-proc", root);
	ok(sa_listeners_scan(want, l, 8, NULL, 0) == -ENOENT, "no /proc/net/netlink: -ENOENT");
}

/* A record as the kernel makes it: exe and cgroup innermost first. */
static void fake_rec(struct sa_dep_rec *r, unsigned int tgid, const char *const *exe, int nexe)
{
	memset(r, 0, sizeof(*r));
	r->tgid = r->pid = tgid;
	r->op = SA_DEP_OP_LSTAT_LINK;
	r->start_ns = 1000 + tgid;
	r->exec_id = 1;
	snprintf(r->comm, sizeof(r->comm), "c%u", tgid);
	for (int i = 0; i < nexe; i++)
		snprintf(r->exe[i], sizeof(r->exe[i]), "%s", exe[nexe - 1 - i]);
	r->nexe = nexe;
}

static void test_ident(void)
{
	static const char *const ls[] = { "usr", "bin", "ls" };
	struct sa_ns_self self = { .mnt = 10, .net = 20, .pid = 30 };
	struct sa_dep_rec r;
	struct sa_ident id;
	char unit[64];

	fake_rec(&r, 77, ls, 3);
	memcpy(r.args, "ls\0-l\0/sys/class/net\0", 22);
	r.args_len = 22;
	snprintf(r.cg[0], sizeof(r.cg[0]), "systemd-udevd.service");
	snprintf(r.cg[1], sizeof(r.cg[1]), "system.slice");
	r.ncg = 2;
	r.mntns = 10;
	r.netns = 21;
	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, &r, "/nonexistent", &self);
	is(id.exe, "/usr/bin/ls", "identity: the executable from the record's path components");
	is(id.args, "ls -l /sys/class/net", "identity: argv from the record");
	is(id.cgroup, "/system.slice/systemd-udevd.service", "identity: the cgroup path");
	is(id.unit, "systemd-udevd.service", "identity: the systemd unit");
	is(id.ns, "net:[21]", "identity: only the namespaces that are not the tracer's");
	ok(!sa_ident_other_mnt(&id, self.mnt) && sa_ident_other_mnt(&id, 11),
	   "identity: our mount namespace by its inode (10), another one's (11) not ours");
	/* Filled with no namespaces of ours (early_exes): no words, the inode still says. */
	r.mntns = 12;
	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, &r, "/nonexistent", NULL);
	ok(id.mntns == 12 && sa_ident_other_mnt(&id, self.mnt) && !sa_ident_other_mnt(&id, 0),
	   "identity: another mount namespace told by the recorded inode, not by the words "
	   "(\"%s\"); ours unknown: ours", id.ns);
	r.mntns = 10;
	ok(id.exec_gen != 0, "identity: an exec generation");

	r.flags |= SA_DEP_F_SCRIPT;
	snprintf(r.script, sizeof(r.script), "/lib/udev/legacy-hotplug");
	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, &r, "/nonexistent", &self);
	is(id.script, "/lib/udev/legacy-hotplug", "identity: the #! script from the exec record");

	r.nexe = 0;
	r.flags = SA_DEP_F_NO_EXE;
	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, &r, "/nonexistent", &self);
	ok(strcmp(id.exe, "?") && strcmp(id.exe, "/proc/self/exe"),
	   "identity: never '?' or /proc/self/exe (got %s)", id.exe);

	/* A docker-<64 hex>.scope is cut by the record; /proc has it whole. */
	{
		static const char *const sh[] = { "bin", "sh" };
		static const char scope[] = "docker-0123456789abcdef0123456789abcdef"
					    "0123456789abcdef0123456789abcdef.scope";
		char dir[] = "/tmp/sa-proc-XXXXXX", path[256], want[256];
		FILE *f;

		fake_rec(&r, 4242, sh, 2);
		memcpy(r.cg[0], scope, sizeof(r.cg[0]) - 1);	/* as the BPF side cuts it */
		snprintf(r.cg[1], sizeof(r.cg[1]), "system.slice");
		r.ncg = 2;
		memset(&id, 0, sizeof(id));
		sa_ident_from_rec(&id, &r, "/nonexistent", &self);
		ok(strlen(id.cgroup) > 3 && !strcmp(id.cgroup + strlen(id.cgroup) - 3, "..."),
		   "identity: a cut cgroup name of a process gone says so (%s)", id.cgroup);
		ok(mkdtemp(dir) != NULL, "fake /proc");
		snprintf(path, sizeof(path), "%s/4242", dir);
		mkdir(path, 0700);
		snprintf(path, sizeof(path), "%s/4242/cgroup", dir);
		snprintf(want, sizeof(want), "/system.slice/%s", scope);
		f = fopen(path, "w");
		fprintf(f, "0::%s\n", want);
		fclose(f);
		memset(&id, 0, sizeof(id));
		sa_ident_from_rec(&id, &r, dir, &self);
		is(id.cgroup, want, "identity: the whole cgroup path from /proc while the process runs");
		is(id.unit, scope, "identity: its unit is the docker scope");
		f = fopen(path, "w");
		fprintf(f, "0::/system.slice/other.service\n");
		fclose(f);
		memset(&id, 0, sizeof(id));
		sa_ident_from_rec(&id, &r, dir, &self);
		ok(strncmp(id.cgroup, "/system.slice/other", 19),
		   "identity: a reused pid's cgroup is not taken (%s)", id.cgroup);
		unlink(path);
		snprintf(path, sizeof(path), "%s/4242", dir);
		rmdir(path);
		rmdir(dir);
	}

	sa_cgroup_unit("/user.slice/user-0.slice/session-3.scope", unit, sizeof(unit));
	is(unit, "session-3.scope", "cgroup unit: a session scope");
	sa_cgroup_unit("/", unit, sizeof(unit));
	is(unit, "", "cgroup unit: the root has none");
}

/* A fake fingerprint: files whose name contains "legacy" read PHYSDEVPATH. */
static int fp_calls;
static unsigned int fake_fp(void *ctx, const char *file, char *out, size_t len)
{
	(void)ctx;
	fp_calls++;
	snprintf(out, len, "%s", strstr(file, "legacy") ? "PHYSDEVPATH (physdev-key)" : "");
	return strstr(file, "legacy") ? FP_ANY : SA_FP_NONE;
}

static const char *fake_pkg(void *ctx, const char *file)
{
	(void)ctx;
	return !strcmp(file, "/usr/bin/ls") ? "coreutils" : NULL;
}

static struct sa_ident mkid(const char *exe, unsigned int pid)
{
	struct sa_ident id;

	memset(&id, 0, sizeof(id));
	snprintf(id.exe, sizeof(id.exe), "%s", exe);
	id.pid = id.tgid = pid;
	id.source = "exec";
	return id;
}

static const struct sa_dependent *store_next(void *ctx, size_t *it)
{
	return sa_dep_store_next(ctx, it);
}

/* Every byte printable ASCII but the newlines (the table), and no ESC at all. */
static bool table_clean(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = buf[i];

		if (c != '\n' && (c < 0x20 || c >= 0x7f))
			return false;
	}
	return true;
}

/*
 * What a dependent's line shows comes from another process: its argv, its
 * executable's and script's names, the path it asked for. Neither the live
 * line nor the summary may pass a control character or invalid UTF-8 on.
 */
#define REQ_HOSTILE "/sys/devices/pci0000:00/0000:00:04.0/virtio1/block:vda\xff\x1b[0m"

static void test_store_hostile(void)
{
	struct sa_dep_store_opts o = {};
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_dep_obs ob = { .op = M, .dir = "/devices/pci0000:00/0000:00:04.0/virtio1",
				 .name = "block:vda",
				 .req = REQ_HOSTILE };
	struct sa_ident id = mkid("/tmp/\x1b]0;owned\aevil", 4242);
	struct sa_dep_totals t = { .start_ns = 0 };
	struct sa_dep_key key = { .op = SA_DEP_OP_MISS, .tgid = 4242 };
	const struct sa_dependent *d;
	struct sa_dep_verdict v;
	char *buf = NULL;
	size_t len = 0;
	json_object *j;
	FILE *f;
	int err;

	snprintf(id.script, sizeof(id.script), "/etc/hotplug/\xe2\x80\xaegpj.sh");
	snprintf(id.args, sizeof(id.args), "evil \x1b[2J \xc0\xaf");
	snprintf(id.comm, sizeof(id.comm), "ev\x1bil");
	sa_dep_classify(&cls, &ob, &v);
	/* The verdict's path is the name the process asked for: any bytes. */
	snprintf(v.path, sizeof(v.path), "%s", REQ_HOSTILE);
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "miss",
			     .req = ob.req, .key = &key, .keylen = sizeof(key) }, &err);
	ok(d != NULL, "hostile: a dependent with control bytes in its names is stored");
	if (!d) {
		sa_dep_store_free(s);
		return;
	}
	f = open_memstream(&buf, &len);
	sa_dep_print_live(f, SA_FMT_TEXT, d, &t, false);
	sa_dep_print_summary(f, SA_FMT_TEXT, &t, store_next, s);
	fclose(f);
	ok(table_clean(buf, len) && strstr(buf, "\\x1b]0;owned\\x07evil") &&
	   strstr(buf, "e.g. /sys/devices/pci0000:00/0000:00:04.0/virtio1/block:vda\\xff\\x1b[0m") &&
	   strstr(buf, "\\xe2\\x80\\xae") && strstr(buf, "\\xc0\\xaf"),
	   "hostile: the live line and the summary show them as \\xNN");
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	sa_dep_print_summary(f, SA_FMT_JSON, &t, store_next, s);
	fclose(f);
	j = json_tokener_parse(buf);
	ok(j && strstr(buf, "\\u001b") && !strchr(buf, 0x1b) && !strstr(buf, "\xff") &&
	   strstr(buf, "block:vda\\\\xff"),
	   "hostile: the JSON summary parses, controls \\u-escaped, invalid bytes as text");
	json_object_put(j);
	free(buf);
	sa_dep_store_free(s);
}

/* The recorder's exe_known: ino 42 was read in the initramfs, ino 43 is not the file at its path. */
static const char *fake_known(void *ctx, const struct sa_ident *id, unsigned int *scope)
{
	(void)ctx;
	if (id->exe_ino == 42) {
		*scope = FP_ANY;
		return "mdev (busybox-mdev) [read in the initramfs: /sbin/mdev, sha256 0123456789abcdef]";
	}
	return id->exe_ino == 43 ? "" : NULL;
}

/*
 * An executable is judged by the file the kernel ran: the copy read in the
 * initramfs (gone by now), never its namesake at the same path.
 */
/* Through the store: the helper line of a BusyBox 1.9.2 breaks, its lstat line not. */
static unsigned int mdev_fp(void *ctx, const char *file, char *out, size_t len)
{
	(void)ctx;
	snprintf(out, len, "%s", strcmp(file, "/sbin/mdev") ? "" : MDEV192);
	return strcmp(file, "/sbin/mdev") ? SA_FP_NONE : SA_FP_HELPER;
}

/*
 * The same mdev under a path whose words look like another item: what the
 * fingerprint proves is its scope, never a parse of its words.
 */
static unsigned int odd_path_fp(void *ctx, const char *file, char *out, size_t len)
{
	(void)ctx;
	snprintf(out, len, "%s: BusyBox 1.9.2 has mdev, which types nodes by the DEVPATH text "
		 "(busybox-mdev-hotplug)", file);
	return SA_FP_HELPER;
}

static void test_store_fp_scope(void)
{
	struct sa_dep_store_opts o = { .fingerprint = odd_path_fp };
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_ident id = mkid("/opt/x (physdev-key)/mdev", 7);
	struct sa_dep_obs ob = { .op = LS, .dir = "", .name = "",
				 .req = "/sys/class/net/dummy0" };
	const struct sa_dependent *d;
	struct sa_dep_verdict v;
	int err;

	sa_dep_classify(&cls, &ob, &v);
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "lstat-link" },
			     &err);
	ok(d && d->conf == SU && d->fp_scope == SA_FP_HELPER,
	   "store: a helper-only mdev whose path reads '(physdev-key)': still suspect by its "
	   "scope (%s)", d ? sa_dep_conf_name(d->conf) : "none");
	sa_dep_classify_helper(true, NULL, &v);
	id = mkid("/opt/x (physdev-key)/mdev", 0);
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "sysctl" }, &err);
	ok(d && d->conf == CF && d->rule == SA_DR_FINGERPRINT,
	   "store: ... as the live helper: breaks");
	sa_dep_store_free(s);
}

static void test_store_mdev_helper(void)
{
	struct sa_dep_store_opts o = { .fingerprint = mdev_fp };
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_ident id = mkid("/sbin/mdev", 0);
	struct sa_dep_obs ob = { .op = LS, .dir = "", .name = "",
				 .req = "/sys/class/net/dummy0" };
	const struct sa_dependent *d;
	struct sa_dep_verdict v;
	int err;

	sa_dep_classify_helper(false, "/etc/sysctl.conf", &v);
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "config" },
			     &err);
	ok(d && d->kind == SA_DK_HELPER && d->conf == CF && strstr(d->why, "1.9.2"),
	   "store: a BusyBox 1.9.2 mdev configured as the helper breaks (%s)", d ? d->why : "");
	id = mkid("/sbin/mdev", 42);
	sa_dep_classify(&cls, &ob, &v);
	sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "lstat-link" }, &err);
	for (size_t it = 0; (d = sa_dep_store_next(s, &it)) && d->kind != SA_DK_SYMLINK_DIR;)
		;
	ok(sa_dep_store_count(s) == 2 && d && d->conf == SU && *d->fingerprint,
	   "store: the same file lstat-ing /sys/class: suspect, fingerprint shown (%s)",
	   d ? d->fingerprint : "");
	sa_dep_store_free(s);
}

static void test_store_exe_known(void)
{
	struct sa_dep_store_opts o = { .fingerprint = fake_fp, .exe_known = fake_known };
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_dep_obs ob = { .op = LS, .dir = "", .name = "", .req = "/sys/class/net/dummy0" };
	struct sa_dep_key key = { .op = SA_DEP_OP_LSTAT_LINK };
	struct sa_ident early = mkid("/sbin/mdev", 300), other = mkid("/usr/bin/legacy-tool", 301);
	const struct sa_dependent *d;
	struct sa_dep_verdict v;
	int err, calls = fp_calls;

	early.exe_ino = 42;
	other.exe_ino = 43;
	sa_dep_classify(&cls, &ob, &v);
	key.tgid = 300;
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &early, .v = &v, .how = "lstat-link",
			     .key = &key, .keylen = sizeof(key) }, &err);
	ok(d && d->conf == SA_DC_BREAKS && strstr(d->fingerprint, "read in the initramfs") &&
	   fp_calls == calls,
	   "store: an executable read in the initramfs is confirmed by that reading, not read again");
	sa_dep_classify(&cls, &ob, &v);
	key.tgid = 301;
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &other, .v = &v, .how = "lstat-link",
			     .key = &key, .keylen = sizeof(key) }, &err);
	ok(d && d->conf != SA_DC_BREAKS && !*d->fingerprint && fp_calls == calls,
	   "store: a path that no longer holds the file the kernel ran is not read (stays suspect)");
	sa_dep_store_free(s);
}

/*
 * Issue 47: the package of an executable read in the initramfs, which its
 * path on the real root cannot give: ino 44 is a byte-for-byte copy of the
 * host's /usr/bin/udevadm (udev), ino 42's /sbin/mdev the host lacks.
 */
static const char *fake_known_copy(void *ctx, const struct sa_ident *id, unsigned int *scope)
{
	(void)ctx;
	*scope = SA_FP_NONE;
	return id->exe_ino == 44 || id->exe_ino == 42 ? "" : NULL;
}

static int copy_calls;

static int fake_exe_package(void *ctx, const struct sa_ident *id, char *pkg, size_t len)
{
	(void)ctx;
	copy_calls++;
	snprintf(pkg, len, "%s", id->exe_ino == 44 ? "udev" : "");
	return id->exe_ino == 44 ? SA_PV_COPY : SA_PV_NO_HOST_FILE;
}

static void test_store_exe_package(void)
{
	struct sa_dep_store_opts o = { .fingerprint = fake_fp, .package = fake_pkg,
				       .exe_known = fake_known_copy,
				       .exe_package = fake_exe_package };
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_dep_obs ob = { .op = LS, .dir = "", .name = "", .req = "/sys/class/net/dummy0" };
	struct sa_dep_key key = { .op = SA_DEP_OP_LSTAT_LINK };
	struct sa_ident udevadm = mkid("/usr/bin/udevadm", 310), mdev = mkid("/sbin/mdev", 311);
	struct sa_dep_totals t = { .start_ns = 0 };
	const struct sa_dependent *d;
	struct sa_dep_verdict v;
	char *buf = NULL;
	size_t len = 0;
	int err;
	FILE *f;

	udevadm.exe_ino = 44;
	mdev.exe_ino = 42;
	sa_dep_classify(&cls, &ob, &v);
	key.tgid = 310;
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &udevadm, .v = &v,
			     .how = "lstat-link", .key = &key, .keylen = sizeof(key) }, &err);
	ok(d && !strcmp(d->id.exe_pkg, "udev") && d->id.exe_pkg_via == SA_PV_COPY,
	   "store: the initramfs's copy of the host's udevadm is package udev, as a copy "
	   "('%s')", d ? d->id.exe_pkg : "");
	sa_dep_classify_helper(true, NULL, &v);
	sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &udevadm, .v = &v, .how = "sysctl" },
			 &err);
	/* not printed again (the same program, no higher verdict): found in the store */
	for (size_t it = 0; (d = sa_dep_store_next(s, &it)) && d->kind != SA_DK_HELPER;)
		;
	ok(d && d->kind == SA_DK_HELPER && !strcmp(d->id.exe_pkg, "udev") &&
	   d->id.exe_pkg_via == SA_PV_COPY && copy_calls == 1,
	   "store: its line of another kind says the same, compared once (%d)", copy_calls);
	sa_dep_classify(&cls, &ob, &v);
	key.tgid = 311;
	d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &mdev, .v = &v, .how = "lstat-link",
			     .key = &key, .keylen = sizeof(key) }, &err);
	ok(d && !*d->id.exe_pkg && d->id.exe_pkg_via == SA_PV_NO_HOST_FILE,
	   "store: a program the host lacks: no package, and why");
	f = open_memstream(&buf, &len);
	sa_dep_print_summary(f, SA_FMT_TEXT, &t, store_next, s);
	fclose(f);
	ok(buf && strstr(buf, "/usr/bin/udevadm [udev, copied into the initramfs]") &&
	   strstr(buf, "/sbin/mdev [no package: the host has no file]"),
	   "summary: the package says it is the host file's copy, or why there is none");
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	sa_dep_print_summary(f, SA_FMT_JSON, &t, store_next, s);
	fclose(f);
	ok(buf && strstr(buf, "\"package\":\"udev\",\"package_via\":\"initramfs-copy\"") &&
	   strstr(buf, "\"package_via\":\"no-host-file\""),
	   "JSON lines: package and package_via");
	free(buf);
	sa_dep_store_free(s);
}

static void test_store(void)
{
	struct sa_dep_store_opts o = { .fingerprint = fake_fp, .package = fake_pkg };
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_dep_obs ob = { .op = LS, .dir = "", .name = "" };
	struct sa_dep_verdict v;
	struct sa_dep_key key = { .op = SA_DEP_OP_LSTAT_LINK };
	struct sa_dep_totals t = { .start_ns = 0 };
	const struct sa_dependent *d;
	int err, printed = 0;
	size_t it = 0;
	char path[64];
	FILE *f;

	/* 600 lstat()s of /sys/class/net entries by 20 ls processes: one line. */
	for (int i = 0; i < 600; i++) {
		struct sa_ident id = mkid("/usr/bin/ls", 100 + i % 20);

		snprintf(path, sizeof(path), "/sys/class/net/dummy0");
		ob.req = path;
		sa_dep_classify(&cls, &ob, &v);
		key.tgid = id.tgid;
		key.obj = i;
		if (sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "lstat-link",
				     .ts_ns = 1000 + i, .key = &key, .keylen = sizeof(key) }, &err))
			printed++;
	}
	ok(sa_dep_store_count(s) == 1 && printed == 1,
	   "store: 600 observations by 20 processes of one program: one line, printed once "
	   "(%zu lines, %d printed)", sa_dep_store_count(s), printed);
	d = sa_dep_store_next(s, &it);
	ok(d && d->count == 600 && d->nprocs == 20 && d->npids == SA_DEP_PIDS &&
	   d->conf == SU && d->nexamples == 1 && !strcmp(d->id.exe_pkg, "coreutils"),
	   "store: count 600, 20 processes, %d pids kept, suspect, one example, package",
	   SA_DEP_PIDS);
	ok(fp_calls == 1, "store: the program's files are fingerprinted once (%d)", fp_calls);

	/* A legacy listener: suspect by its observation, confirmed by its code. */
	{
		struct sa_ident id = mkid("/sbin/legacy-udevd", 5);
		struct sa_dep_obs lo = { .op = LI, .groups = 1 };

		sa_dep_classify(&cls, &lo, &v);
		d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "listen" },
				     &err);
		ok(d && d->conf == CF && d->rule == SA_DR_FINGERPRINT,
		   "store: a listener whose code reads PHYSDEVPATH is confirmed, and printed");
	}
	/* A verdict change is printed again: suspect ':' miss, then a legacy link. */
	{
		struct sa_ident id = mkid("/bin/nashlike", 6);
		struct sa_dep_obs m1 = { .op = M, .dir = P_VIRTIO, .name = "foo:bar" };
		struct sa_dep_obs m2 = { .op = M, .dir = P_VIRTIO, .name = "block:vda" };

		sa_dep_classify(&cls, &m1, &v);
		d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v }, &err);
		ok(d && d->conf == SU, "store: a suspect ':' miss is printed");
		sa_dep_classify(&cls, &m2, &v);
		d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v }, &err);
		ok(d && d->conf == CF && d->rule == SA_DR_MISS_LEGACY_LINK && d->nexamples == 2,
		   "store: the same program's legacy link: confirmed, printed again, 2 examples");
		d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v }, &err);
		ok(!d, "store: nothing new: not printed");
		{
			struct sa_dep_obs rd = { .op = RD, .dir = "/class", .name = "net" };

			sa_dep_classify(&cls, &rd, &v);
			d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v },
					     &err);
			ok(!d && sa_dep_store_count(s) == 4,
			   "store: another kind of a program printed as confirmed: its own line "
			   "in the summary, not printed live again");
		}
	}
	ok(sa_dep_store_with(s, SA_DC_BREAKS) == 2, "store: 2 (program, kind) lines that break");

	/* Bounded: beyond SA_DEP_STORE_MAX lines that do not break, counted as dropped. */
	for (int i = 0; i < SA_DEP_STORE_MAX + 10; i++) {
		struct sa_ident id;

		snprintf(path, sizeof(path), "/opt/p%d", i);
		id = mkid(path, 1000 + i);
		sa_dep_classify(&cls, &ob, &v);
		sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v }, &err);
	}
	ok(sa_dep_store_count(s) == SA_DEP_STORE_MAX + 2 && sa_dep_store_dropped(s) == 12 &&
	   sa_dep_store_dropped_by(s, SU) == 12,
	   "store: bounded at %d suspects besides the 2 that break, 12 counted as dropped "
	   "suspects (%llu)", SA_DEP_STORE_MAX, sa_dep_store_dropped(s));

	sa_dep_store_sort(s);
	it = 0;
	d = sa_dep_store_next(s, &it);
	ok(d && d->conf == CF, "store: the summary lists the programs that break first");
	f = fopen("/dev/null", "w");
	t.programs = sa_dep_store_count(s);
	ok(f && !sa_dep_print_summary(f, SA_FMT_JSON, &t, store_next, s) &&
	   !sa_dep_print_summary(f, SA_FMT_TEXT, &t, store_next, s),
	   "output: the summary renders (JSON and table)");
	if (f)
		fclose(f);
	sa_dep_store_free(s);
	test_store_hostile();
}

static const struct sa_dependent *add_line(struct sa_dep_store *s, const char *exe,
					   unsigned int pid, const struct sa_dep_obs *ob,
					   unsigned int obj)
{
	struct sa_ident id = mkid(exe, pid);
	struct sa_dep_key key = { .tgid = pid, .op = ob->op, .obj = obj };
	struct sa_dep_verdict v;
	int err;

	sa_dep_classify(&cls, ob, &v);
	return sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "miss",
				.key = &key, .keylen = sizeof(key) }, &err);
}

/*
 * No line that breaks is dropped while a weaker one can give way: the
 * store's limit is the suspects', a breaks line evicts the weakest, and
 * what is dropped is counted by verdict.
 */
static void test_store_evict(void)
{
	struct sa_dep_store *s = sa_dep_store_new(NULL);
	struct sa_dep_obs sus = { .op = RD, .dir = "/class", .name = "net" };
	struct sa_dep_obs brk = { .op = M, .dir = P_VIRTIO, .name = "bus" };
	struct sa_dep_totals t = { .start_ns = 0 };
	char exe[64], *buf = NULL;
	const struct sa_dependent *d;
	size_t len = 0, it = 0;
	int i, nb = 0;
	FILE *f;

	for (i = 0; i < SA_DEP_STORE_MAX + 5; i++) {
		snprintf(exe, sizeof(exe), "/opt/s%d", i);
		add_line(s, exe, 2000 + i, &sus, i);
	}
	ok(sa_dep_store_with(s, SU) == SA_DEP_STORE_MAX && sa_dep_store_dropped_by(s, SU) == 5,
	   "evict: suspects stop at %d, 5 dropped as suspects", SA_DEP_STORE_MAX);
	for (i = 0; i < 600; i++) {
		snprintf(exe, sizeof(exe), "/opt/b%d", i);
		nb += add_line(s, exe, 5000 + i, &brk, i) != NULL;
	}
	ok(sa_dep_store_with(s, CF) == 600 && nb == 600 && !sa_dep_store_dropped_by(s, CF),
	   "evict: 600 lines that break beside %d suspects: all kept and printed (%zu)",
	   SA_DEP_STORE_MAX, sa_dep_store_with(s, CF));
	for (; i < SA_DEP_STORE_HARD_MAX - SA_DEP_STORE_MAX + 10; i++) {
		snprintf(exe, sizeof(exe), "/opt/b%d", i);
		add_line(s, exe, 5000 + i, &brk, i);
	}
	ok(sa_dep_store_count(s) == SA_DEP_STORE_HARD_MAX &&
	   sa_dep_store_with(s, CF) == (size_t)i && sa_dep_store_dropped_by(s, SU) == 15 &&
	   !sa_dep_store_dropped_by(s, CF),
	   "evict: at the hard cap (%d), a line that breaks evicts a suspect (10 evicted, "
	   "counted as suspects: %llu)", SA_DEP_STORE_HARD_MAX, sa_dep_store_dropped_by(s, SU));
	for (; i < SA_DEP_STORE_HARD_MAX + 3; i++) {
		snprintf(exe, sizeof(exe), "/opt/b%d", i);
		add_line(s, exe, 5000 + i, &brk, i);
	}
	ok(sa_dep_store_with(s, CF) == SA_DEP_STORE_HARD_MAX && !sa_dep_store_with(s, SU) &&
	   sa_dep_store_dropped_by(s, CF) == 3,
	   "evict: no suspect left: the store is all breaks, the next 3 counted as dropped "
	   "breaks (%llu)", sa_dep_store_dropped_by(s, CF));
	d = sa_dep_store_next(s, &it);
	ok(d && d->conf == CF && !strncmp(d->id.exe, "/opt/b", 6),
	   "evict: the evicted rows hold the new programs (%s)", d ? d->id.exe : "-");
	ok(!add_line(s, "/opt/b0", 5000, &brk, 0) &&
	   sa_dep_store_with(s, CF) == SA_DEP_STORE_HARD_MAX,
	   "evict: a program kept is found again after the rows moved (not a new line)");
	t.programs = sa_dep_store_count(s);
	t.dropped = sa_dep_store_dropped(s);
	for (int c = 0; c < SA_DC_N; c++)
		t.dropped_by[c] = sa_dep_store_dropped_by(s, c);
	f = open_memstream(&buf, &len);
	sa_dep_print_summary(f, SA_FMT_JSON, &t, store_next, s);
	fclose(f);
	ok(buf && strstr(buf, "\"dropped_by\":{\"breaks\":3,\"falls_back\":0,\"suspect\":517"),
	   "evict: the JSON summary counts the dropped by verdict");
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	sa_dep_print_summary(f, SA_FMT_TEXT, &t, store_next, s);
	fclose(f);
	ok(buf && strstr(buf, "DEPENDENTS DROPPED (store full): 3 breaks, 0 falls back, 517 "
			 "suspect") && strstr(buf, ": programs that break are missing"),
	   "evict: the table says that programs that break were dropped");
	free(buf);
	sa_dep_store_free(s);

	/* A falls-back line evicts a suspect; a suspect never evicts one. */
	s = sa_dep_store_new(NULL);
	for (i = 0; i < SA_DEP_STORE_MAX; i++) {
		snprintf(exe, sizeof(exe), "/opt/s%d", i);
		add_line(s, exe, 2000 + i, &sus, i);
	}
	{
		struct sa_ident id = mkid("/opt/fb", 9);
		struct sa_dep_verdict v;
		int err;

		sa_dep_classify(&cls, &brk, &v);
		v.conf = FB;	/* as if its process had looked up <dev>/subsystem */
		d = sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v }, &err);
		ok(d && d->conf == FB && sa_dep_store_with(s, SU) == SA_DEP_STORE_MAX - 1 &&
		   sa_dep_store_dropped_by(s, SU) == 1,
		   "evict: a falls-back line evicts a suspect when the suspects are full");
		add_line(s, "/opt/s-late", 8, &sus, 1);
		ok(sa_dep_store_with(s, FB) == 1 && sa_dep_store_dropped_by(s, SU) == 2,
		   "evict: a new suspect does not evict the falls-back line (dropped instead)");
	}
	sa_dep_store_free(s);
}

/* The table of modern equivalents: each legacy name and what a fallback looks up. */
static void expect_modern(const char *dir, const char *name, const char *req,
			  const char *modern, const char *what)
{
	struct sa_dep_obs o = { .op = M, .dir = dir, .name = name, .req = req };
	struct sa_dep_verdict v;

	sa_dep_classify(&cls, &o, &v);
	ok(v.conf == CF && !strcmp(v.modern, modern), "modern: %s -> %s", what,
	   *modern ? modern : "(none)");
	if (strcmp(v.modern, modern))
		printf("#   got: %s %s modern=%s\n", sa_dep_conf_name(v.conf),
		       sa_dep_rule_name(v.rule), v.modern);
}

static void test_modern(void)
{
	expect_modern(P_VIRTIO, "bus", NULL, P_VIRTIO "/subsystem", "<dev>/bus");
	expect_modern(P_VIRTIO, "block:vda", NULL, "/class/block/vda",
		      "nash's <parent>/block:vda");
	expect_modern(P_INPUT1, "input:event1", NULL, "/class/input/event1",
		      "a stacked class device's <class>:<name>");
	expect_modern("/block", "vda", "/sys/block/vda", "/class/block/vda",
		      "the legacy path /sys/block/vda (a tree without it)");
	expect_modern("/class/input/input1", "event1", "/sys/class/input/input1/event1",
		      "/class/input/event1", "a stacked class device's legacy path");
	expect_modern("/class/input", "input1", "/sys/class/input/input1", "",
		      "a legacy path that is its own modern name");
	{
		struct sa_dep_obs o = { .op = M, .dir = P_VIRTIO "/block/vda", .name = "bus" };
		struct sa_dep_verdict v;

		sa_dep_classify(&cls, &o, &v);
		ok(v.conf == SU && v.rule == SA_DR_MISS_LOOKS_LEGACY &&
		   !strcmp(v.modern, P_VIRTIO "/block/vda/subsystem"),
		   "modern: a suspect 'bus' of a class device -> its subsystem (%s)", v.modern);
		o.dir = P_VIRTIO;
		o.name = "sound:card9";
		sa_dep_classify(&cls, &o, &v);
		ok(v.conf == SU && !strcmp(v.modern, "/class/sound/card9"),
		   "modern: a suspect <class>:<name> -> /class/<class>/<name> (%s)", v.modern);
	}
}

/* What the fallback callback saw, and the store it downgrades. */
struct fb_ctx {
	struct sa_dep_store *s;
	int calls;
	const struct sa_dependent *changed;
};

static void on_fell(void *ctx, const struct sa_dep_fb_hit *h)
{
	struct fb_ctx *c = ctx;

	c->calls++;
	c->changed = sa_dep_store_fell_back(c->s, h->key, h->keylen, h->modern,
					   h->path);
}

/* One process's observation, judged for a fallback, then stored. */
static const struct sa_dependent *judge(struct sa_dep_fb *fb, struct fb_ctx *c, const char *exe,
					unsigned int tgid, unsigned long long gen,
					const struct sa_dep_obs *ob, unsigned int obj,
					enum sa_dep_conf *conf)
{
	struct sa_ident id = mkid(exe, tgid);
	struct sa_dep_key key = { .tgid = tgid, .op = ob->op, .obj = obj };
	struct sa_dep_verdict v;
	int err;

	id.exec_gen = gen;
	sa_dep_classify(&cls, ob, &v);
	sa_dep_fb_judge(fb, tgid, gen, ob, &v, &key, sizeof(key), on_fell, c);
	if (conf)
		*conf = v.conf;
	if (v.kind == SA_DK_NONE)
		return NULL;
	return sa_dep_store_add(c->s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "miss",
				.key = &key, .keylen = sizeof(key) }, &err);
}

/*
 * Falls back: a legacy lookup and the modern name of the same device by
 * the same process, in either order. Anything else keeps it breaking.
 */
static void test_fallback(void)
{
	struct sa_dep_obs bus = { .op = M, .dir = P_VIRTIO, .name = "bus" };
	struct sa_dep_obs subsys = { .op = RL, .dir = P_VIRTIO, .name = "subsystem" };
	struct sa_dep_obs other = { .op = RL, .dir = "/devices/virtual/net/dummy0",
				    .name = "subsystem" };
	struct sa_dep_obs nash = { .op = M, .dir = P_VIRTIO, .name = "block:vda" };
	struct sa_dep_obs cb = { .op = LS, .dir = "/class/block", .name = "vda" };
	struct sa_dep_obs cb_req = { .op = LS, .dir = "", .name = "",
				     .req = "/sys/class/block/vda" };
	struct sa_dep_fb *fb = sa_dep_fb_new();
	struct fb_ctx c = { .s = sa_dep_store_new(NULL) };
	const struct sa_dependent *d;
	enum sa_dep_conf conf;

	/* bus, then subsystem: the line that broke falls back, and is printed again. */
	d = judge(fb, &c, "/opt/libsysfs-tool", 10, 1, &bus, 1, &conf);
	ok(d && d->conf == CF, "fallback: <dev>/bus alone breaks");
	judge(fb, &c, "/opt/libsysfs-tool", 10, 1, &subsys, 2, NULL);
	ok(c.calls == 1 && c.changed && c.changed->conf == FB &&
	   c.changed->rule == SA_DR_FALLS_BACK && strstr(c.changed->why, "/subsystem") &&
	   sa_dep_store_with(c.s, CF) == 0 && sa_dep_store_with(c.s, FB) == 1,
	   "fallback: bus, then readlink <dev>/subsystem by the same process: falls back");
	/* The live table withdraws the breaks it showed: "DEP now ... falls-back". */
	if (c.changed) {
		struct sa_dep_totals t = { 0 };
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		sa_dep_print_live(f, SA_FMT_TEXT, c.changed, &t, true);
		fclose(f);
		ok(buf && strstr(buf, "DEP     now     legacy-name       falls-back") &&
		   strstr(buf, "modern-lookup"),
		   "fallback: the line that broke is printed again, now falls-back");
		if (buf)
			printf("#   %s", buf);
		free(buf);
	}

	/* subsystem first, then bus: falls back at once. */
	judge(fb, &c, "/opt/udev-like", 11, 1, &subsys, 3, NULL);
	d = judge(fb, &c, "/opt/udev-like", 11, 1, &bus, 4, &conf);
	ok(conf == FB && d && d->conf == FB,
	   "fallback: readlink <dev>/subsystem, then bus: falls back at once");

	/* Another process, another exec, another device: still breaks. */
	judge(fb, &c, "/opt/a", 12, 1, &bus, 5, NULL);
	judge(fb, &c, "/opt/a", 13, 1, &subsys, 6, NULL);
	judge(fb, &c, "/opt/b", 14, 1, &bus, 7, NULL);
	judge(fb, &c, "/opt/b", 14, 2, &subsys, 8, NULL);
	judge(fb, &c, "/opt/e", 15, 1, &bus, 9, NULL);
	judge(fb, &c, "/opt/e", 15, 1, &other, 10, NULL);
	ok(sa_dep_store_with(c.s, CF) == 3,
	   "fallback: another process's, another exec's, another device's modern lookup: "
	   "still breaks (%zu)", sa_dep_store_with(c.s, CF));

	/* nash's <parent>/block:vda, then /sys/class/block/vda (by node, or by path). */
	judge(fb, &c, "/opt/nash-fb", 16, 1, &nash, 11, NULL);
	c.changed = NULL;
	judge(fb, &c, "/opt/nash-fb", 16, 1, &cb, 12, NULL);
	ok(c.changed && c.changed->conf == FB,
	   "fallback: <parent>/block:vda, then lstat /sys/class/block/vda: falls back");
	judge(fb, &c, "/opt/nash-fb2", 17, 1, &cb_req, 13, NULL);
	d = judge(fb, &c, "/opt/nash-fb2", 17, 1, &nash, 14, &conf);
	ok(conf == FB, "fallback: lstat(\"/sys/class/block/vda\") first, then block:vda: falls back");

	/* One program, two processes: one falls back, one does not: the line breaks. */
	judge(fb, &c, "/opt/mixed", 18, 1, &bus, 15, NULL);
	judge(fb, &c, "/opt/mixed", 19, 1, &bus, 16, NULL);
	c.changed = NULL;
	judge(fb, &c, "/opt/mixed", 18, 1, &subsys, 17, NULL);
	{
		size_t it = 0;

		while ((d = sa_dep_store_next(c.s, &it)))
			if (!strcmp(d->id.exe, "/opt/mixed"))
				break;
		ok(!c.changed && d && d->conf == CF && d->nbreaks == 1,
		   "fallback: a program whose other process did not fall back still breaks");
	}

	/* Bounded: a process forgotten (SA_DEP_FB_PROCS newer ones) keeps its verdict. */
	judge(fb, &c, "/opt/old", 20, 1, &bus, 18, NULL);
	for (unsigned int i = 0; i < SA_DEP_FB_PROCS; i++)
		judge(fb, &c, "/opt/many", 1000 + i, 1, &subsys, 100 + i, NULL);
	c.changed = NULL;
	judge(fb, &c, "/opt/old", 20, 1, &subsys, 19, NULL);
	ok(!c.changed, "fallback: bounded: a process forgotten keeps breaking");

	/*
	 * udev 095's sysfs_device_get() of a class device: vda/bus (a suspect
	 * by its shape: vda never had one), then vda/subsystem. Its
	 * fingerprint (PHYSDEVPATH=) must not make that lookup break: a
	 * fallback wins, in either order.
	 */
	{
		struct sa_dep_store_opts fo = { .fingerprint = fake_fp };
		struct fb_ctx u = { .s = sa_dep_store_new(&fo) };
		struct sa_dep_obs vbus = { .op = M, .dir = P_VIRTIO "/block/vda", .name = "bus" };
		struct sa_dep_obs vsub = { .op = RL, .dir = P_VIRTIO "/block/vda",
					   .name = "subsystem" };

		d = judge(fb, &u, "/opt/legacy-udevd", 30, 1, &vbus, 1, &conf);
		ok(conf == SU && d && d->conf == CF && d->rule == SA_DR_FINGERPRINT,
		   "fallback: udev 095's vda/bus alone: a suspect, breaks by its fingerprint");
		u.changed = NULL;
		judge(fb, &u, "/opt/legacy-udevd", 30, 1, &vsub, 2, NULL);
		ok(u.changed && u.changed->conf == FB && u.changed->rule == SA_DR_FALLS_BACK &&
		   sa_dep_store_with(u.s, CF) == 0,
		   "fallback: udev 095's vda/bus, then vda/subsystem: falls back, the fingerprint "
		   "notwithstanding");
		judge(fb, &u, "/opt/legacy-udevd2", 31, 1, &vsub, 3, NULL);
		d = judge(fb, &u, "/opt/legacy-udevd2", 31, 1, &vbus, 4, &conf);
		ok(conf == FB && d && d->conf == FB && sa_dep_store_with(u.s, CF) == 0,
		   "fallback: vda/subsystem, then vda/bus by a fingerprinted program: falls back, "
		   "never breaks");
		d = judge(fb, &u, "/opt/plain", 32, 1, &vbus, 5, &conf);
		ok(d && d->conf == SU,
		   "fallback: vda/bus by a program without a fingerprint: suspect");
		u.changed = NULL;
		judge(fb, &u, "/opt/plain", 32, 1, &vsub, 6, NULL);
		ok(u.changed && u.changed->conf == FB &&
		   !strcmp(u.changed->path, "/sys" P_VIRTIO "/block/vda/bus"),
		   "fallback: ... then vda/subsystem: the suspect line falls back, with its path");
		sa_dep_store_free(u.s);
	}

	/* A fingerprint does not turn a fallback back into breaks. */
	{
		struct sa_dep_verdict v;

		sa_dep_classify(&cls, &bus, &v);
		sa_dep_fall_back(&v, P_VIRTIO "/subsystem");
		sa_dep_apply_fingerprint(&v, "/opt/x: PHYSDEVPATH (physdev-key)", FP_ANY);
		ok(v.conf == FB, "fallback: a fingerprint leaves a fallback as it is");
	}
	sa_dep_store_free(c.s);
	sa_dep_fb_free(fb);
}

/* Set @rel's mtime to @sec.@nsec; its inode, or 0 when that failed. */
static ino_t set_mtime(const char *rel, time_t sec, long nsec)
{
	struct timespec t[2] = { { sec, nsec }, { sec, nsec } };
	char p[512];
	struct stat st;

	xsnprintf(p, "%s%s", root, rel);
	if (utimensat(AT_FDCWD, p, t, 0) || stat(p, &st) || st.st_mtim.tv_sec != sec ||
	    st.st_mtim.tv_nsec != nsec)
		return 0;
	return st.st_ino;
}

/*
 * Issue 50: the fingerprint cache's key is the file's device, inode and
 * mtime to the nanosecond, on purpose and not by the filesystem's luck:
 * one file rewritten in place keeps its inode, and utimensat() puts its
 * mtime where each case needs it.
 */
static void test_fingerprint_cache_key(void)
{
	static const char legacy[] = "#!/bin/sh\n[ \"$PHYSDEVBUS\" = scsi ] && echo old\n";
	static const char modern[] = "#!/bin/sh\necho modern\n";
	struct sa_fp_cache *c = sa_fp_cache_new();
	char file[512], other[512], out[512];
	ino_t ino, ino2;

	mkdir_p("/fpkey");
	xsnprintf(file, "%s/fpkey/helper", root);
	xsnprintf(other, "%s/fpkey/other", root);
	put("/fpkey/helper", legacy);
	ino = set_mtime("/fpkey/helper", 1700000000, 100);
	ok(ino && sa_fingerprint(c, file, out, sizeof(out)) & SA_FP_ANY &&
	   strstr(out, "PHYSDEVBUS") && sa_fp_cache_reads(c) == 1,
	   "cache key: a legacy helper read once (%s)", out);

	/* The same inode and mtime: the cache answers, without looking at the content. */
	put("/fpkey/helper", modern);
	ino2 = set_mtime("/fpkey/helper", 1700000000, 100);
	ok(ino2 == ino && strstr(out, "PHYSDEVBUS") &&
	   sa_fingerprint(c, file, out, sizeof(out)) & SA_FP_ANY && sa_fp_cache_reads(c) == 1,
	   "cache key: rewritten in place, the same inode and mtime: served from the cache");

	/* The same inode and second, another nanosecond: read again. */
	ino2 = set_mtime("/fpkey/helper", 1700000000, 101);
	ok(ino2 == ino && sa_fingerprint(c, file, out, sizeof(out)) == SA_FP_NONE && !*out &&
	   sa_fp_cache_reads(c) == 2,
	   "cache key: the same second, 1 ns later: read again, now modern (%s)", out);

	/* The same inode and nanosecond, another second: read again. */
	put("/fpkey/helper", legacy);
	ino2 = set_mtime("/fpkey/helper", 1700000001, 101);
	ok(ino2 == ino && sa_fingerprint(c, file, out, sizeof(out)) & SA_FP_ANY &&
	   sa_fp_cache_reads(c) == 3,
	   "cache key: the same nanoseconds, 1 s later: read again, legacy again");

	/* Another inode with the very same mtime: a file of its own. */
	put("/fpkey/other", modern);
	ino2 = set_mtime("/fpkey/other", 1700000001, 101);
	ok(ino2 && ino2 != ino && sa_fingerprint(c, other, out, sizeof(out)) == SA_FP_NONE &&
	   !*out && sa_fp_cache_reads(c) == 4,
	   "cache key: another inode, the same mtime: read, its own fingerprint (%s)", out);
	sa_fp_cache_free(c);
}

/* A report's confidence, old and new names. */
static void test_conf_names(void)
{
	ok(sa_dep_conf_parse("confirmed") == CF && sa_dep_conf_parse(NULL) == CF &&
	   sa_dep_conf_parse("breaks") == CF && sa_dep_conf_parse("falls-back") == FB &&
	   sa_dep_conf_parse("suspect") == SU,
	   "confidence: confirmed (1.0-1.2) and none read as breaks");
	ok(sa_dep_conf_parse("maybe") < 0 && sa_dep_conf_parse("BREAKS") < 0 &&
	   sa_dep_conf_parse("") < 0,
	   "confidence: a word this build does not know is no verdict (was: suspect)");
	ok(!strcmp(sa_dep_conf_name(CF), "breaks") && !strcmp(sa_dep_conf_name(FB), "falls-back") &&
	   !strcmp(sa_dep_conf_name(SU), "suspect") && !strcmp(sa_dep_conf_name(SA_DC_N), "?"),
	   "confidence: the names of format 1.3");
}

/* The static audit's scanners on real files, cached per file. */
static void test_fingerprint_files(void)
{
	struct sa_fp_cache *c = sa_fp_cache_new();
	char file[512], out[512];

	mkdir_p("/fp");
	put("/fp/hotplug", "#!/bin/sh\n# a 2006 hotplug helper\n"
			   "[ \"$PHYSDEVBUS\" = scsi ] && mount /dev/$DEVNAME /mnt\n");
	put("/fp/modern", "#!/bin/sh\nfor n in /sys/class/net/*; do [ -d $n/wireless ]; done\n");
	xsnprintf(file, "%s/fp/hotplug", root);
	ok(sa_fingerprint(c, file, out, sizeof(out)) & SA_FP_ANY && strstr(out, "PHYSDEVBUS"),
	   "fingerprint: a #! script reading PHYSDEVBUS, evidence whatever it does (%s)", out);
	sa_fingerprint(c, file, out, sizeof(out));
	ok(sa_fp_cache_reads(c) == 1, "fingerprint: the same file is read once");
	xsnprintf(file, "%s/fp/modern", root);
	sa_fingerprint(c, file, out, sizeof(out));
	ok(!*out, "fingerprint: a modern script has none (%s)", out);
	sa_fingerprint(c, "/bin/ls", out, sizeof(out));
	ok(!*out, "fingerprint: GNU ls (an ELF file) has none");
	sa_fingerprint(c, "/nonexistent", out, sizeof(out));
	ok(!*out, "fingerprint: a missing file has none");
	sa_fp_cache_free(c);
}

/*
 * The explanations that list the keys the kernel no longer sends list
 * them from the key table (model/legacy_key.h): a key added there shows
 * up in each, with no edit here or in dep_classify.c.
 */
static void test_key_artifacts(void)
{
	struct sa_dep_obs listen = { .op = LI, .dir = "", .name = "", .groups = 1 };
	struct sa_dep_obs uevent = { .op = SA_DEP_OP_READ_UEVENT, .dir = P_VIRTIO, .name = "uevent",
				     .code = "/opt/x: PHYSDEVPATH (physdev-key)",
				     .code_scope = SA_FP_KEYS };
	struct sa_dep_verdict l, u, h;

	sa_dep_classify(&cls, &listen, &l);
	sa_dep_classify(&cls, &uevent, &u);
	sa_dep_classify_helper(true, NULL, &h);
	for (int k = 0; k < SA_KEY_N; k++)
		ok(strstr(l.artifact, sa_keys[k].name) && strstr(u.artifact, sa_keys[k].name) &&
		   strstr(h.artifact, sa_keys[k].name),
		   "the key table's %s is named by the group-1 listener's, the uevent file's and "
		   "the helper's artifact (%s | %s | %s)", sa_keys[k].name, l.artifact,
		   u.artifact, h.artifact);
}

int main(void)
{
	int err;

	if (fake_sysfs_new())
		return 2;
	build_tree();
	err = sa_classifier_load(&cls, root);
	ok(err == 0, "classifier loads the fake tree (%d)", err);
	if (!err) {
		test_confirmed();
		test_suspect_and_modern();
		test_fingerprint();
		test_store();
		test_store_exe_known();
		test_store_exe_package();
		test_store_fp_scope();
		test_store_mdev_helper();
		test_store_evict();
		test_modern();
		test_fallback();
		test_key_artifacts();
		sa_classifier_free(&cls);
	}
	test_identity();
	test_ident();
	test_fingerprint_files();
	test_fingerprint_cache_key();
	test_conf_names();
	printf("1..%d\n", ntests);
	fake_sysfs_remove();
	return nfailed ? 1 : 0;
}
