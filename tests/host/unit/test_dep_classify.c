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

#include "fake_sysfs.h"
#include "tap.h"

#include "trace/dep_classify.h"
#include "dep_records.h"
#include "trace/identity.h"


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

#define M SA_DEP_OP_MISS
#define LS SA_DEP_OP_LSTAT_LINK
#define RL SA_DEP_OP_READLINK
#define RD SA_DEP_OP_READDIR
#define LI SA_DEP_OP_LISTEN
#define CF SA_DC_CONFIRMED
#define SU SA_DC_SUSPECT

static void test_classifier(void)
{
	char buf[512];

	expect(M, P_VIRTIO, "bus", NULL, 0, SA_DK_LEGACY_NAME, CF,
	       "/sys" P_VIRTIO "/subsystem", "miss <dev>/bus of a bus device");
	expect(M, P_VIRTIO, "block:vda", NULL, 0, SA_DK_LEGACY_NAME, CF,
	       "/sys" P_VIRTIO "/block/vda", "miss <parent>/<class>:<name>");
	expect(M, P_INPUT1, "input:event1", NULL, 0, SA_DK_LEGACY_NAME, CF, NULL,
	       "miss <class>:<name> of a stacked class device in its class parent");
	expect(M, "/devices/virtual/net/dummy0", "bus", NULL, 0, SA_DK_LEGACY_NAME, SU, NULL,
	       "miss 'bus' of a class device (it had none)");
	expect(M, P_VIRTIO, "foo:bar", NULL, 0, SA_DK_LEGACY_NAME, SU, NULL,
	       "miss of an unknown ':' name in a device directory");
	expect(M, "/devices/virtual/net/dummy0/queues", "uevent", NULL, 0, SA_DK_NONE, SU, NULL,
	       "miss of a plain attribute");
	expect(M, "/class/input", "input1", "/sys/class/input/input1/event1/dev", 0,
	       SA_DK_LEGACY_NAME, CF, "/sys" P_INPUT1 "/event1",
	       "miss below a legacy devpath (/class/input/input1/event1)");
	expect(M, "/devices", "nonexistent", "/sys/devices/nonexistent", 0, SA_DK_NONE, SU, NULL,
	       "miss of a path that never existed");

	expect(LS, "", "", "/sys/block/vda", 0, SA_DK_SYMLINK_DIR, CF,
	       "/sys" P_VIRTIO "/block/vda (stat() following the link)", "lstat /sys/block/vda");
	expect(LS, "", "", "/sys//block/vda/", 0, SA_DK_SYMLINK_DIR, CF, NULL,
	       "lstat /sys//block/vda/ (normalised)");
	expect(LS, "", "", "/sys/class/net/dummy0", 0, SA_DK_SYMLINK_DIR, CF, NULL,
	       "lstat /sys/class/net/dummy0 (a class directory then)");
	expect(LS, "", "", "/sys/class/input/event1", 0, SA_DK_NONE, SU, NULL,
	       "lstat of a stacked class device's class link (a link then too)");
	expect(LS, "", "", "/sys/class/net/eth9", 0, SA_DK_SYMLINK_DIR, SU, NULL,
	       "lstat of an unknown class entry");
	expect(LS, "", "", "/sys/bus/pci/devices/0000:00:04.0", 0, SA_DK_NONE, SU, NULL,
	       "lstat of a bus device link");
	expect(LS, "", "", "vda", 0, SA_DK_NONE, SU, NULL, "lstat of a relative path");

	expect(RL, P_VIRTIO "/block/vda", "device", NULL, 0, SA_DK_LINK_TEXT, SU, NULL,
	       "readlink <disk>/device (same device then and now)");
	expect(RL, P_INPUT1 "/event1", "device", NULL, 0, SA_DK_LINK_TEXT, CF, NULL,
	       "readlink <stacked class dev>/device (pointed to the bus device then)");
	expect(RL, "/block", "vda", NULL, 0, SA_DK_LINK_TEXT, SU, NULL, "readlink /sys/block/vda");
	expect(RL, "/class/block", "vda", NULL, 0, SA_DK_NONE, SU, NULL,
	       "readlink /sys/class/block/vda (did not exist then)");
	expect(RL, P_VIRTIO, "subsystem", NULL, 0, SA_DK_NONE, SU, NULL,
	       "readlink subsystem (the same then and now)");

	expect(RD, "", "block", NULL, 0, SA_DK_LEGACY_READDIR, SU, NULL, "readdir /sys/block");
	expect(RD, "/class", "net", NULL, 0, SA_DK_LEGACY_READDIR, SU, NULL,
	       "readdir /sys/class/net");
	expect(RD, "/class", "block", NULL, 0, SA_DK_NONE, SU, NULL,
	       "readdir /sys/class/block (a modern reader)");

	expect(LI, "", "", NULL, 1, SA_DK_LISTENER, CF, NULL, "listener on group 1");
	expect(LI, "", "", NULL, 0xffffffff, SA_DK_LISTENER, CF, NULL, "listener on all groups");
	expect(LI, "", "", NULL, 2, SA_DK_LISTENER, SU, NULL, "listener on group 2 only");

	snprintf(buf, sizeof(buf), "%s", sa_dep_kind_name(SA_DK_MAX));
	ok(!strcmp(buf, "?"), "kind names are bounded");
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
		test_classifier();
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
