/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fake sysfs trees for the host unit tests, below the directory in root[]:
 * directories, files, symlinks and devices with their subsystem and
 * driver links, as the model's walker reads them.
 */
#ifndef SYSFS_AUDIT_TEST_FAKE_SYSFS_H
#define SYSFS_AUDIT_TEST_FAKE_SYSFS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

/* snprintf that refuses to truncate: a cut path would test the wrong tree. */
#define xsnprintf(buf, ...)						\
	do {								\
		if (snprintf(buf, sizeof(buf), __VA_ARGS__) >= (int)sizeof(buf)) { \
			fprintf(stderr, "path too long\n");		\
			exit(2);					\
		}							\
	} while (0)

static inline void mkdir_p(const char *rel)
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

/* A new empty tree in root[], with its /class and /bus; 0, or 2 (said). */
static inline int fake_sysfs_new(void)
{
	snprintf(root, sizeof(root), "/tmp/sa-unit-XXXXXX");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 2;
	}
	mkdir_p("/class");
	mkdir_p("/bus");
	return 0;
}

static inline void fake_sysfs_remove(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", root);
}

static inline void put(const char *rel, const char *content)
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

static inline void lnk(const char *rel, const char *target)
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
static inline void dev(const char *path, const char *kind, const char *name,
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

/*
 * The devices both the legacy-view and the classifier tests walk: a
 * virtio-blk disk, a scsi_debug stack, snd-dummy, stacked input class
 * devices and a parentless netdev.
 */
static inline void fake_sysfs_devices(void)
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

#endif
