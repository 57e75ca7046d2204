/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The deprecated sysfs layout, reconstructed in userspace from a model of
 * today's device tree. This is the oracle the BPF side is checked against;
 * the rules are those of the code removed by the 2010 seed patch
 * ("driver core: remove CONFIG_SYSFS_DEPRECATED"), see docs/design.md.
 */
#ifndef SYSFS_AUDIT_LEGACY_H
#define SYSFS_AUDIT_LEGACY_H

#include <stdbool.h>

#include "model/legacy_key.h"

/* One device of today's tree, as sysfs shows it. */
struct sa_dev {
	char *path;		/* DEVPATH: kobject path below /sys */
	char *name;		/* last component of path */
	char *class;		/* class name, or NULL */
	char *bus;		/* bus name, or NULL */
	char *driver;		/* bound driver, or NULL */
	char *devtype;		/* DEVTYPE, or NULL */
	char *devname;		/* DEVNAME, or NULL */
	struct sa_dev *parent;	/* nearest ancestor that is a device */
};

#define SA_MAX_LINKS 4

/* A symlink the deprecated layout had: <dir>/<name> -> <target>. */
struct sa_link {
	char *dir;
	char *name;
	char *target;
};

struct sa_legacy {
	bool exists;		/* false: the device had no legacy counterpart */
	char *devpath;		/* legacy DEVPATH */
	char *key[SA_KEY_N];	/* the keys' values; NULL when one would be absent */
	int nlinks;
	struct sa_link links[SA_MAX_LINKS];
};

/* Fill @out for @dev. Returns 0, or -ENOMEM. */
int sa_legacy_compute(const struct sa_dev *dev, struct sa_legacy *out);
void sa_legacy_free(struct sa_legacy *l);

/* The device's parent as the legacy layout saw it (sound cards skipped). */
const struct sa_dev *sa_legacy_parent(const struct sa_dev *dev);

#endif
