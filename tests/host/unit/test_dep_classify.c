// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the dependents' classifier (user/dep_classify.c) over the
 * fake sysfs tree of test_legacy.c, and for the listener/helper discovery
 * of user/identity.c over a fake /proc and /etc. TAP output.
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

#include "dep_classify.h"
#include "dep_records.h"
#include "identity.h"

static int ntests, nfailed;
static char root[256];

static void ok(int cond, const char *fmt, ...)
{
	va_list ap;

	ntests++;
	if (!cond)
		nfailed++;
	printf("%sok %d - ", cond ? "" : "not ", ntests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static void is(const char *got, const char *want, const char *what)
{
	int same = (!got && !want) || (got && want && !strcmp(got, want));

	ok(same, "%s", what);
	if (!same)
		printf("#   got:  %s\n#   want: %s\n", got ? got : "(none)", want ? want : "(none)");
}

/* snprintf that refuses to truncate: a cut path would test the wrong tree. */
#define xsnprintf(buf, ...)						\
	do {								\
		if (snprintf(buf, sizeof(buf), __VA_ARGS__) >= (int)sizeof(buf)) { \
			fprintf(stderr, "path too long\n");		\
			exit(2);					\
		}							\
	} while (0)

static void mkdir_p(const char *rel)
{
	char p[1024], *s;

	xsnprintf(p, "%s%s", root, rel);
	for (s = p + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	mkdir(p, 0755);
}

static void put(const char *rel, const char *content)
{
	char p[1024];
	FILE *f;

	xsnprintf(p, "%s%s", root, rel);
	f = fopen(p, "w");
	if (!f) {
		perror(p);
		exit(2);
	}
	fputs(content, f);
	fclose(f);
}

static void lnk(const char *rel, const char *target)
{
	char p[1024];

	xsnprintf(p, "%s%s", root, rel);
	if (symlink(target, p)) {
		perror(p);
		exit(2);
	}
}

/*
 * A device at PATH (below /devices) with subsystem KIND ("class"/"bus") NAME,
 * an optional driver and extra uevent lines. Link targets are absolute into
 * the fake tree, as the walker only looks at their last components.
 */
static void dev(const char *path, const char *kind, const char *name,
		const char *driver, const char *uevent)
{
	char p[1024], t[1024];

	mkdir_p(path);
	xsnprintf(p, "%s/uevent", path);
	put(p, uevent ? uevent : "");
	if (kind) {
		xsnprintf(t, "%s/%s/%s", root, kind, name);
		xsnprintf(p, "%s/subsystem", path);
		lnk(p, t);
	}
	if (driver) {
		xsnprintf(t, "%s/bus/x/drivers/%s", root, driver);
		xsnprintf(p, "%s/driver", path);
		lnk(p, t);
	}
}

static void build_tree(void)
{
	/* virtio-blk disk with two partitions */
	dev("/devices/pci0000:00", NULL, NULL, NULL, NULL);
	dev("/devices/pci0000:00/0000:00:04.0", "bus", "pci", "virtio-pci", NULL);
	dev("/devices/pci0000:00/0000:00:04.0/virtio1", "bus", "virtio", "virtio_blk", NULL);
	mkdir_p("/devices/pci0000:00/0000:00:04.0/virtio1/block");	/* glue */
	dev("/devices/pci0000:00/0000:00:04.0/virtio1/block/vda", "class", "block", NULL,
	    "MAJOR=254\nMINOR=0\nDEVNAME=vda\nDEVTYPE=disk\n");
	dev("/devices/pci0000:00/0000:00:04.0/virtio1/block/vda/vda1", "class", "block", NULL,
	    "DEVNAME=vda1\nDEVTYPE=partition\nPARTN=1\n");

	/* scsi_debug: pseudo root, adapter, host, target, device, disk */
	dev("/devices/pseudo_0", NULL, NULL, NULL, NULL);
	dev("/devices/pseudo_0/adapter0", "bus", "pseudo", "adapter_driver", NULL);
	dev("/devices/pseudo_0/adapter0/host0", "bus", "scsi", NULL, "DEVTYPE=scsi_host\n");
	dev("/devices/pseudo_0/adapter0/host0/scsi_host/host0", "class", "scsi_host", NULL, NULL);
	dev("/devices/pseudo_0/adapter0/host0/target0:0:0", "bus", "scsi", NULL,
	    "DEVTYPE=scsi_target\n");
	dev("/devices/pseudo_0/adapter0/host0/target0:0:0/0:0:0:0", "bus", "scsi", "sd",
	    "DEVTYPE=scsi_device\n");
	dev("/devices/pseudo_0/adapter0/host0/target0:0:0/0:0:0:0/block/sda", "class", "block",
	    NULL, "DEVNAME=sda\nDEVTYPE=disk\n");

	/* snd-dummy: card0 did not exist in the deprecated layout */
	dev("/devices/platform", NULL, NULL, NULL, NULL);
	dev("/devices/platform/snd_dummy.0", "bus", "platform", "snd_dummy", NULL);
	dev("/devices/platform/snd_dummy.0/sound/card0", "class", "sound", NULL, NULL);
	dev("/devices/platform/snd_dummy.0/sound/card0/controlC0", "class", "sound", NULL,
	    "DEVNAME=snd/controlC0\n");

	/* input: stacked class devices */
	dev("/devices/platform/i8042", "bus", "platform", "i8042", NULL);
	dev("/devices/platform/i8042/serio0", "bus", "serio", "atkbd", NULL);
	dev("/devices/platform/i8042/serio0/input/input1", "class", "input", NULL, NULL);
	dev("/devices/platform/i8042/serio0/input/input1/event1", "class", "input", NULL,
	    "DEVNAME=input/event1\n");

	/* a virtual netdev: class device without parent */
	mkdir_p("/devices/virtual/net");
	dev("/devices/virtual/net/dummy0", "class", "net", NULL, "INTERFACE=dummy0\n");
	/* not devices: attribute directories without uevent */
	mkdir_p("/devices/virtual/net/dummy0/queues/rx-0");
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
#define CF SA_DC_CONFIRMED
#define SU SA_DC_SUSPECT

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

/* The program's own code: the fingerprint rule, and the helper. */
static void test_fingerprint(void)
{
	struct sa_dep_obs o = { .op = LI, .dir = "", .name = "", .groups = 1 };
	struct sa_dep_verdict v;

	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, NULL);
	ok(v.conf == SU && v.rule == SA_DR_LISTEN_KERNEL, "no fingerprint: a listener stays suspect");
	sa_dep_apply_fingerprint(&v, "");
	ok(v.conf == SU, "an empty fingerprint confirms nothing");
	sa_dep_apply_fingerprint(&v, "/sbin/udevd: PHYSDEVPATH (physdev-key)");
	ok(v.conf == CF && v.rule == SA_DR_FINGERPRINT && strstr(v.why, "PHYSDEVPATH"),
	   "udev 095: a group-1 listener whose executable reads PHYSDEVPATH is confirmed");

	o = (struct sa_dep_obs){ .op = LS, .dir = "", .name = "", .req = "/sys/class/net/dummy0" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "/bin/busybox: BusyBox v1.6.1 has mdev (busybox-mdev)");
	ok(v.kind == SA_DK_SYMLINK_DIR && v.conf == CF && v.rule == SA_DR_FINGERPRINT,
	   "mdev 1.6: lstat of a then-directory by a BusyBox < 1.7 is confirmed");

	o = (struct sa_dep_obs){ .op = M, .dir = "/devices/virtual/net/dummy0", .name = "wireless",
				 .req = "/sys/class/net/dummy0/wireless" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "/tmp/x.sh: PHYSDEVBUS (physdev-key)");
	ok(v.kind == SA_DK_NONE, "a fingerprint does not turn an ignored miss into a dependent");

	o = (struct sa_dep_obs){ .op = RD, .dir = "/class", .name = "net" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "/tmp/hotplug: PHYSDEVBUS (physdev-key)");
	ok(v.conf == CF && v.rule == SA_DR_FINGERPRINT, "a #! script reading PHYSDEVBUS: confirmed");

	o = (struct sa_dep_obs){ .op = M, .dir = P_VIRTIO, .name = "bus" };
	sa_dep_classify(&cls, &o, &v);
	sa_dep_apply_fingerprint(&v, "x: PHYSDEVBUS");
	ok(v.conf == CF && v.rule == SA_DR_MISS_LEGACY_LINK,
	   "a confirmed name keeps its own rule under a fingerprint");

	sa_dep_classify_helper(false, "/etc/sysctl.d/50-hotplug.conf", &v);
	ok(v.kind == SA_DK_HELPER && v.conf == SU && v.rule == SA_DR_HELPER &&
	   !strcmp(v.path, "/etc/sysctl.d/50-hotplug.conf"),
	   "a configured uevent helper without a fingerprint: suspect, the file named");
	sa_dep_apply_fingerprint(&v, "/sbin/legacy-hotplug: PHYSDEVBUS (physdev-key)");
	ok(v.conf == CF && v.rule == SA_DR_FINGERPRINT,
	   "a configured uevent helper whose script reads PHYSDEVBUS: confirmed");
	sa_dep_classify_helper(true, NULL, &v);
	ok(v.conf == SU && !strcmp(v.path, "/proc/sys/kernel/hotplug"),
	   "a live helper without a fingerprint: suspect");

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
	    "00000000b5544143 15  77         00000002 0        0        0     2        0        556     \n");
	mkdir_p("/proc/123/fd");
	lnk("/proc/123/fd/4", "socket:[555]");
	lnk("/proc/123/fd/5", "socket:[9999]");
	mkdir_p("/proc/self");
	snprintf(want, sizeof(want), "%s/proc", root);
	n = sa_listeners_scan(want, l, 8, NULL, 0);
	ok(n == 2, "two uevent sockets with groups (got %d)", n);
	ok(n >= 1 && l[0].inode == 555 && l[0].groups == 1 && l[0].portid == 4242 &&
	   l[0].tgid == 123,
	   "socket 555: group 1, portid 4242, held by 123 (the portid is not the pid)");
	ok(n >= 2 && l[1].inode == 556 && l[1].groups == 2 && l[1].tgid == 0,
	   "socket 556: group 2, no holder found");
	{
		const unsigned long known[] = { 555 };

		n = sa_listeners_scan(want, l, 8, known, 1);
		ok(n == 1 && l[0].inode == 556, "a known socket is skipped, its owner not looked up");
	}
	snprintf(want, sizeof(want), "%s/no-proc", root);
	ok(sa_listeners_scan(want, l, 8, NULL, 0) == -ENOENT, "no /proc/net/netlink: -ENOENT");
}

int main(void)
{
	int err;

	snprintf(root, sizeof(root), "/tmp/sa-unit-XXXXXX");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 2;
	}
	mkdir_p("/class");
	mkdir_p("/bus");
	build_tree();
	err = sa_classifier_load(&cls, root);
	ok(err == 0, "classifier loads the fake tree (%d)", err);
	if (!err) {
		test_confirmed();
		test_suspect_and_modern();
		test_fingerprint();
		sa_classifier_free(&cls);
	}
	test_identity();
	printf("1..%d\n", ntests);
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd))
			fprintf(stderr, "could not remove %s\n", root);
	}
	return nfailed ? 1 : 0;
}
