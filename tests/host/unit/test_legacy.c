// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the userspace model of the deprecated layout
 * (user/model/legacy.c) over fake sysfs trees (user/model/sysfs_tree.c). TAP output.
 * Expected values are worked out by hand from the seed patch's code.
 *
 * The second half (source_cases()) does not follow user/model/legacy.c's reading:
 * each expected value there is derived from the 2.6.3x code itself, as the
 * 2010 seed patch (shared/seeds/001-...) removes it, cited by file and
 * function, for trees the first half does not have (a bus device below a
 * class device, a class device below one of another class, a drm card
 * named like a sound card).
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

#include "model/legacy.h"
#include "model/sysfs_tree.h"


static const char *link_target(const struct sa_legacy *l, const char *dir, const char *name)
{
	for (int i = 0; i < l->nlinks; i++)
		if (!strcmp(l->links[i].dir, dir) && !strcmp(l->links[i].name, name))
			return l->links[i].target;
	return NULL;
}

#define P_VIRTIO "/devices/pci0000:00/0000:00:04.0/virtio1"
#define P_SDEV "/devices/pseudo_0/adapter0/host0/target0:0:0/0:0:0:0"
#define P_MMC "/devices/pci0000:00/0000:00:05.0/mmc_host/mmc0"
#define P_DRM "/devices/pci0000:00/0000:00:02.0/drm/card0"

static void build_tree(void)
{
	fake_sysfs_devices();

	/* MMC: a bus device (the card) below a class device (the host) */
	dev("/devices/pci0000:00/0000:00:05.0", "bus", "pci", "sdhci-pci", NULL);
	dev(P_MMC, "class", "mmc_host", NULL, NULL);
	dev(P_MMC "/mmc0:0001", "bus", "mmc", "mmcblk", NULL);
	dev(P_MMC "/mmc0:0001/block/mmcblk0", "class", "block", NULL,
	    "DEVNAME=mmcblk0\nDEVTYPE=disk\n");
	dev(P_MMC "/mmc0:0001/block/mmcblk0/mmcblk0p1", "class", "block", NULL,
	    "DEVNAME=mmcblk0p1\nDEVTYPE=partition\n");

	/* DRM: a card that is no sound card, a connector, a backlight */
	dev("/devices/pci0000:00/0000:00:02.0", "bus", "pci", "i915", NULL);
	dev(P_DRM, "class", "drm", NULL, "DEVNAME=dri/card0\nDEVTYPE=drm_minor\n");
	dev(P_DRM "/card0-LVDS-1", "class", "drm", NULL, "DEVTYPE=drm_connector\n");
	dev(P_DRM "/card0-LVDS-1/intel_backlight", "class", "backlight", NULL, NULL);
}


static struct sa_tree tree;

static void legacy_of(const char *path, struct sa_legacy *l)
{
	struct sa_dev *d = sa_tree_find(&tree, path);

	memset(l, 0, sizeof(*l));
	ok(d != NULL, "device %s found", path);
	if (d)
		ok(sa_legacy_compute(d, l) == 0, "%s: computed", path);
}

/*
 * Expected values from the 2.6.3x source, as removed by the 2010 seed patch:
 *  [gdp] drivers/base/core.c get_device_parent(): "class devices without a
 *        parent live in /sys/class/<classname>/" -- also when the parent is
 *        of another class (parent->class != dev->class); "all other devices
 *        keep their parent" (so a bus device below a class device lives
 *        inside that class device's directory);
 *  [dacs] drivers/base/core.c device_add_class_symlinks(): a class-directory
 *        link only when kobj.parent is not the class directory (stacked),
 *        never for partitions; the "device" link walks up from dev->parent
 *        while the node has a class, no bus and a parent; "<class>:<name>"
 *        (make_class_name()) in dev->parent's directory;
 *  [due] drivers/base/core.c dev_uevent(): a class device's PHYSDEVPATH is
 *        kobject_get_path() of the first parent with a bus, PHYSDEVBUS its
 *        bus, PHYSDEVDRIVER its driver; a bus device gets its own bus and
 *        driver and no PHYSDEVPATH;
 *  [mdbl] drivers/base/bus.c bus_add_device() -> make_deprecated_bus_links():
 *        "bus" -> the bus's directory in every bus device;
 *  [blk] drivers/base/class.c __class_register(): block_class's directory is
 *        /sys/block; block/genhd.c genhd_device_init() creates no separate
 *        /sys/block kobject and fs/partitions/check.c register_disk() no
 *        /sys/block/<disk> link under CONFIG_SYSFS_DEPRECATED; partitions
 *        (add_partition(): pdev->parent = ddev, same class) nest in the disk.
 */
static void source_cases(void)
{
	struct sa_legacy l;

	/* mmc0: class device whose parent has no class [gdp] */
	legacy_of(P_MMC, &l);
	is(l.devpath, "/class/mmc_host/mmc0", "[gdp] mmc0: in its class directory");
	is(l.key[SA_KEY_PHYSDEVPATH], "/devices/pci0000:00/0000:00:05.0", "[due] mmc0: PHYSDEVPATH");
	is(l.key[SA_KEY_PHYSDEVBUS], "pci", "[due] mmc0: PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "sdhci-pci", "[due] mmc0: PHYSDEVDRIVER");
	is(link_target(&l, "/class/mmc_host/mmc0", "device"), "/devices/pci0000:00/0000:00:05.0",
	   "[dacs] mmc0: device link");
	is(link_target(&l, "/devices/pci0000:00/0000:00:05.0", "mmc_host:mmc0"),
	   "/class/mmc_host/mmc0", "[dacs] mmc0: mmc_host:mmc0 in the parent");
	ok(l.nlinks == 2, "[dacs] mmc0: not stacked, no class-directory link (%d)", l.nlinks);
	sa_legacy_free(&l);

	/* mmc0:0001: a bus device keeps its parent, a class device [gdp] */
	legacy_of(P_MMC "/mmc0:0001", &l);
	is(l.devpath, "/class/mmc_host/mmc0/mmc0:0001",
	   "[gdp] mmc0:0001: inside its class-device parent");
	is(l.key[SA_KEY_PHYSDEVPATH], NULL, "[due] mmc0:0001: no PHYSDEVPATH for a bus device");
	is(l.key[SA_KEY_PHYSDEVBUS], "mmc", "[due] mmc0:0001: PHYSDEVBUS is its own");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "mmcblk", "[due] mmc0:0001: PHYSDEVDRIVER is its own");
	is(link_target(&l, "/class/mmc_host/mmc0/mmc0:0001", "bus"), "/bus/mmc",
	   "[mdbl] mmc0:0001: bus link");
	ok(l.nlinks == 1, "mmc0:0001: only the bus link (%d)", l.nlinks);
	sa_legacy_free(&l);

	/* mmcblk0: PHYSDEVPATH is the kobject path, below /class [due] */
	legacy_of(P_MMC "/mmc0:0001/block/mmcblk0", &l);
	is(l.devpath, "/block/mmcblk0", "[blk] mmcblk0: in /block");
	is(l.key[SA_KEY_PHYSDEVPATH], "/class/mmc_host/mmc0/mmc0:0001",
	   "[due] mmcblk0: PHYSDEVPATH is the card's kobject path under /class");
	is(l.key[SA_KEY_PHYSDEVBUS], "mmc", "[due] mmcblk0: PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "mmcblk", "[due] mmcblk0: PHYSDEVDRIVER");
	is(link_target(&l, "/block/mmcblk0", "device"), "/class/mmc_host/mmc0/mmc0:0001",
	   "[dacs] mmcblk0: device link to the card");
	is(link_target(&l, "/class/mmc_host/mmc0/mmc0:0001", "block:mmcblk0"), "/block/mmcblk0",
	   "[dacs] mmcblk0: block:mmcblk0 in the card's directory");
	sa_legacy_free(&l);

	legacy_of(P_MMC "/mmc0:0001/block/mmcblk0/mmcblk0p1", &l);
	is(l.devpath, "/block/mmcblk0/mmcblk0p1", "[blk] mmcblk0p1: nested in its disk");
	is(l.key[SA_KEY_PHYSDEVPATH], "/class/mmc_host/mmc0/mmc0:0001",
	   "[due] mmcblk0p1: PHYSDEVPATH past the bus-less disk");
	ok(l.nlinks == 0, "[dacs] mmcblk0p1: no links for a partition (%d)", l.nlinks);
	sa_legacy_free(&l);

	/* drm card0: named like a sound card, but no sound card */
	legacy_of(P_DRM, &l);
	ok(l.exists, "drm card0: exists (only sound's card<N> has no counterpart)");
	is(l.devpath, "/class/drm/card0", "[gdp] drm card0: in its class directory");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "i915", "[due] drm card0: PHYSDEVDRIVER");
	sa_legacy_free(&l);

	/* card0-LVDS-1: stacked on card0 (same class) [gdp] [dacs] */
	legacy_of(P_DRM "/card0-LVDS-1", &l);
	is(l.devpath, "/class/drm/card0/card0-LVDS-1", "[gdp] card0-LVDS-1: stacked in card0");
	is(link_target(&l, "/class/drm", "card0-LVDS-1"), "/class/drm/card0/card0-LVDS-1",
	   "[dacs] card0-LVDS-1: class-directory link");
	is(link_target(&l, "/class/drm/card0/card0-LVDS-1", "device"),
	   "/devices/pci0000:00/0000:00:02.0", "[dacs] card0-LVDS-1: device link past card0");
	is(link_target(&l, "/class/drm/card0", "drm:card0-LVDS-1"),
	   "/class/drm/card0/card0-LVDS-1", "[dacs] card0-LVDS-1: drm:card0-LVDS-1 in card0");
	is(l.key[SA_KEY_PHYSDEVPATH], "/devices/pci0000:00/0000:00:02.0", "[due] card0-LVDS-1: PHYSDEVPATH");
	sa_legacy_free(&l);

	/* intel_backlight: parent of another class -> own class directory [gdp] */
	legacy_of(P_DRM "/card0-LVDS-1/intel_backlight", &l);
	is(l.devpath, "/class/backlight/intel_backlight",
	   "[gdp] intel_backlight: parent of another class, so /class/backlight");
	is(link_target(&l, "/class/backlight/intel_backlight", "device"),
	   "/devices/pci0000:00/0000:00:02.0", "[dacs] intel_backlight: device link walks two classes up");
	is(link_target(&l, "/class/drm/card0/card0-LVDS-1", "backlight:intel_backlight"),
	   "/class/backlight/intel_backlight", "[dacs] intel_backlight: class name link in its parent");
	ok(l.nlinks == 2, "[dacs] intel_backlight: no class-directory link (%d)", l.nlinks);
	is(l.key[SA_KEY_PHYSDEVBUS], "pci", "[due] intel_backlight: PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "i915", "[due] intel_backlight: PHYSDEVDRIVER");
	sa_legacy_free(&l);
}

int main(void)
{
	struct sa_legacy l;
	int err;

	if (fake_sysfs_new())
		return 2;
	build_tree();

	err = sa_tree_load(root, &tree);
	ok(err == 0, "fake tree loads (%d)", err);
	ok(tree.n == 30, "30 devices found, glue and attribute directories skipped (%zu)", tree.n);

	/* virtio disk */
	legacy_of(P_VIRTIO "/block/vda", &l);
	is(l.devpath, "/block/vda", "vda: legacy DEVPATH");
	is(l.key[SA_KEY_PHYSDEVPATH], P_VIRTIO, "vda: PHYSDEVPATH is the first parent with a bus");
	is(l.key[SA_KEY_PHYSDEVBUS], "virtio", "vda: PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "virtio_blk", "vda: PHYSDEVDRIVER");
	is(link_target(&l, "/block/vda", "device"), P_VIRTIO, "vda: device link");
	is(link_target(&l, P_VIRTIO, "block:vda"), "/block/vda", "vda: block:vda link in parent");
	ok(l.nlinks == 2, "vda: no class-directory link for block (%d links)", l.nlinks);
	sa_legacy_free(&l);

	legacy_of(P_VIRTIO "/block/vda/vda1", &l);
	is(l.devpath, "/block/vda/vda1", "vda1: partition nested in its disk");
	is(l.key[SA_KEY_PHYSDEVBUS], "virtio", "vda1: PHYSDEVBUS through the disk");
	ok(l.nlinks == 0, "vda1: partitions get no links (%d)", l.nlinks);
	sa_legacy_free(&l);

	legacy_of(P_VIRTIO, &l);
	is(l.devpath, P_VIRTIO, "virtio1: bus devices keep their path");
	is(l.key[SA_KEY_PHYSDEVPATH], NULL, "virtio1: no PHYSDEVPATH for a bus device");
	is(l.key[SA_KEY_PHYSDEVBUS], "virtio", "virtio1: PHYSDEVBUS is its own bus");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "virtio_blk", "virtio1: PHYSDEVDRIVER is its own driver");
	is(link_target(&l, P_VIRTIO, "bus"), "/bus/virtio", "virtio1: bus link");
	sa_legacy_free(&l);

	legacy_of("/devices/pci0000:00", &l);
	ok(l.exists && !l.key[SA_KEY_PHYSDEVBUS] && !l.key[SA_KEY_PHYSDEVPATH] && !l.nlinks,
	   "pci0000:00: neither class nor bus, no keys, no links");
	sa_legacy_free(&l);

	/* SCSI */
	legacy_of("/devices/pseudo_0/adapter0/host0", &l);
	ok(!l.key[SA_KEY_PHYSDEVBUS] && !l.nlinks, "host0: SCSI hosts were not on the scsi bus");
	sa_legacy_free(&l);
	legacy_of("/devices/pseudo_0/adapter0/host0/target0:0:0", &l);
	ok(!l.key[SA_KEY_PHYSDEVBUS] && !l.nlinks, "target0:0:0: nor were targets");
	sa_legacy_free(&l);
	legacy_of("/devices/pseudo_0/adapter0/host0/scsi_host/host0", &l);
	is(l.devpath, "/class/scsi_host/host0", "scsi_host/host0: in its class directory");
	is(l.key[SA_KEY_PHYSDEVBUS], "pseudo", "scsi_host/host0: PHYSDEV walk skips the bus-less host");
	is(l.key[SA_KEY_PHYSDEVPATH], "/devices/pseudo_0/adapter0", "scsi_host/host0: PHYSDEVPATH");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "adapter_driver", "scsi_host/host0: PHYSDEVDRIVER");
	is(link_target(&l, "/class/scsi_host/host0", "device"),
	   "/devices/pseudo_0/adapter0/host0", "scsi_host/host0: device link to the host");
	is(link_target(&l, "/devices/pseudo_0/adapter0/host0", "scsi_host:host0"),
	   "/class/scsi_host/host0", "scsi_host/host0: scsi_host:host0 link in the host");
	ok(l.nlinks == 2, "scsi_host/host0: not stacked, no class-directory link (%d links)",
	   l.nlinks);
	sa_legacy_free(&l);
	legacy_of(P_SDEV "/block/sda", &l);
	is(l.devpath, "/block/sda", "sda: legacy DEVPATH");
	is(l.key[SA_KEY_PHYSDEVPATH], P_SDEV, "sda: PHYSDEVPATH");
	is(l.key[SA_KEY_PHYSDEVBUS], "scsi", "sda: PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "sd", "sda: PHYSDEVDRIVER");
	sa_legacy_free(&l);
	legacy_of(P_SDEV, &l);
	is(l.key[SA_KEY_PHYSDEVBUS], "scsi", "0:0:0:0: SCSI devices stay on the bus");
	is(link_target(&l, P_SDEV, "bus"), "/bus/scsi", "0:0:0:0: bus link");
	sa_legacy_free(&l);

	/* sound */
	legacy_of("/devices/platform/snd_dummy.0/sound/card0", &l);
	ok(!l.exists && !l.devpath, "card0: no counterpart in the deprecated layout");
	sa_legacy_free(&l);
	legacy_of("/devices/platform/snd_dummy.0/sound/card0/controlC0", &l);
	is(l.devpath, "/class/sound/controlC0", "controlC0: hangs off the card's bus device");
	is(l.key[SA_KEY_PHYSDEVPATH], "/devices/platform/snd_dummy.0", "controlC0: PHYSDEVPATH");
	is(l.key[SA_KEY_PHYSDEVBUS], "platform", "controlC0: PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "snd_dummy", "controlC0: PHYSDEVDRIVER");
	is(link_target(&l, "/devices/platform/snd_dummy.0", "sound:controlC0"),
	   "/class/sound/controlC0", "controlC0: sound:controlC0 link in the bus device");
	sa_legacy_free(&l);

	/* input, stacked */
	legacy_of("/devices/platform/i8042/serio0/input/input1/event1", &l);
	is(l.devpath, "/class/input/input1/event1", "event1: stacked under input1");
	is(l.key[SA_KEY_PHYSDEVPATH], "/devices/platform/i8042/serio0", "event1: PHYSDEVPATH");
	is(l.key[SA_KEY_PHYSDEVBUS], "serio", "event1: PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "atkbd", "event1: PHYSDEVDRIVER");
	is(link_target(&l, "/class/input", "event1"), "/class/input/input1/event1",
	   "event1: stacked class devices get a class-directory link");
	is(link_target(&l, "/class/input/input1/event1", "device"),
	   "/devices/platform/i8042/serio0", "event1: device link skips the class parent");
	is(link_target(&l, "/class/input/input1", "input:event1"),
	   "/class/input/input1/event1", "event1: input:event1 link in input1");
	sa_legacy_free(&l);

	/* virtual netdev */
	legacy_of("/devices/virtual/net/dummy0", &l);
	is(l.devpath, "/class/net/dummy0", "dummy0: in its class directory");
	ok(!l.key[SA_KEY_PHYSDEVPATH] && !l.key[SA_KEY_PHYSDEVBUS] && !l.key[SA_KEY_PHYSDEVDRIVER] && !l.nlinks,
	   "dummy0: virtual, no keys, no links");
	sa_legacy_free(&l);

	source_cases();
	sa_tree_free(&tree);

	{
		char missing[300], notsys[300];

		/* Made-up paths: /tmp could one day hold anything. */
		xsnprintf(missing, "%s/no-such-dir", root);
		err = sa_tree_load(missing, &tree);
		ok(err == -ENOENT, "missing root: -ENOENT (%d)", err);
		/* A tree whose "devices" is a file, not a directory. */
		mkdir_p("/not-sysfs");
		put("/not-sysfs/devices", "");
		xsnprintf(notsys, "%s/not-sysfs", root);
		err = sa_tree_load(notsys, &tree);
		ok(err == -ENOTDIR, "not a sysfs tree (devices is a file): -ENOTDIR (%d)", err);
		mkdir_p("/empty");
		xsnprintf(notsys, "%s/empty", root);
		err = sa_tree_load(notsys, &tree);
		ok(err == -ENOTDIR, "not a sysfs tree (no devices): -ENOTDIR (%d)", err);
	}

	{
		/* hostile trees: a FIFO named uevent (opened, it would block) and a
		 * uevent symlink out of the tree are no devices */
		char hostile[300], fifo[300];

		mkdir_p("/hostile/devices/real");
		put("/hostile/devices/real/uevent", "DEVNAME=real\n");
		put("/outside-uevent", "DEVNAME=leaked\n");
		mkdir_p("/hostile/devices/fifo");
		xsnprintf(fifo, "%s/hostile/devices/fifo/uevent", root);
		mkdir_p("/hostile/devices/link");
		lnk("/hostile/devices/link/uevent", "/outside-uevent");
		xsnprintf(hostile, "%s/hostile", root);
		err = mkfifo(fifo, 0644) ? -errno : sa_tree_load(hostile, &tree);
		ok(!err && tree.n == 1 && !strcmp(tree.devs[0]->path, "/devices/real") &&
		   !strcmp(tree.devs[0]->devname, "real"),
		   "a FIFO uevent and a uevent symlink out of the tree: not devices (%d, %zu)",
		   err, tree.n);
		if (!err)
			sa_tree_free(&tree);
	}

	fake_sysfs_remove();
	return tap_done();
}
