// SPDX-License-Identifier: GPL-2.0
/*
 * Reconstruct the deprecated sysfs layout for one device (userspace model).
 *
 * Each rule names the code of the 2010 seed patch it comes from. Two
 * subsystem rules of the seed are modelled as well:
 *  - sound: under the deprecated layout there was no cardN device; sound
 *    devices hung off the card's bus device (snd_card_get_device_link()
 *    returned card->dev), so a cardN device is skipped as a parent and has
 *    no legacy counterpart itself;
 *  - SCSI: hosts and targets were not on the scsi bus
 *    (shost_gendev.bus / starget->dev.bus were only set without
 *    CONFIG_SYSFS_DEPRECATED), which changes the PHYSDEV parent walk and
 *    the bus links.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/legacy.h"

static bool streq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static bool is_partition(const struct sa_dev *d)
{
	return streq(d->devtype, "partition");
}

/* snd_card's own device: class "sound", named card<N>. */
static bool is_sound_card(const struct sa_dev *d)
{
	const char *p;

	if (!streq(d->class, "sound") || strncmp(d->name, "card", 4))
		return false;
	for (p = d->name + 4; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	return p != d->name + 4;
}

const struct sa_dev *sa_legacy_parent(const struct sa_dev *dev)
{
	const struct sa_dev *p = dev->parent;

	if (p && is_sound_card(p))
		p = p->parent;
	return p;
}

/* drivers/scsi/hosts.c, scsi_scan.c: #ifndef CONFIG_SYSFS_DEPRECATED ->bus */
static const char *legacy_bus(const struct sa_dev *d)
{
	if (streq(d->devtype, "scsi_host") || streq(d->devtype, "scsi_target"))
		return NULL;
	return d->bus;
}

static char *fmt2(const char *fmt, const char *a, const char *b)
{
	char *s;

	return asprintf(&s, fmt, a, b) < 0 ? NULL : s;
}

/*
 * Legacy kobject path, from get_device_parent() under CONFIG_SYSFS_DEPRECATED:
 * "class devices without a parent (or whose parent is of another class)
 * live in /sys/class/<classname>/; all other devices keep their parent".
 * Block devices follow the 6.1 block-only layout: disks in /block,
 * partitions inside their disk.
 */
/* Whether @d's legacy path is its parent @p's and its name. */
static bool keeps_parent(const struct sa_dev *d, const struct sa_dev *p)
{
	if (!p)
		return false;
	if (streq(d->class, "block"))
		return is_partition(d);
	if (d->class)
		return streq(p->class, d->class);
	return true;
}

/* The legacy path of a device that does not keep its parent's. */
static char *own_path(const struct sa_dev *d)
{
	if (streq(d->class, "block"))
		return fmt2("/block/%s%s", d->name, "");
	if (d->class)
		return fmt2("/class/%s/%s", d->class, d->name);
	return strdup(d->path);
}

static char *legacy_path(const struct sa_dev *d)
{
	const struct sa_dev *a = d, *p;
	size_t len = 0, n;
	char *s, *end;

	/*
	 * Up to the first device that does not keep its parent's path, then
	 * its names appended in one pass: building it one join per level
	 * cost the square of the depth for every device.
	 */
	while ((p = sa_legacy_parent(a)) && keeps_parent(a, p)) {
		len += strlen(a->name) + 1;
		a = p;
	}
	s = own_path(a);
	if (!s || a == d)
		return s;
	n = strlen(s);
	end = realloc(s, n + len + 1);
	if (!end) {
		free(s);
		return NULL;
	}
	s = end;
	end = s + n + len;
	*end = '\0';
	for (const struct sa_dev *x = d; x != a; x = sa_legacy_parent(x)) {
		size_t l = strlen(x->name);

		end -= l;
		memcpy(end, x->name, l);
		*--end = '/';
	}
	return s;
}

static int add_link(struct sa_legacy *l, char *dir, const char *name, char *target)
{
	struct sa_link *k;

	if (!dir || !target || l->nlinks >= SA_MAX_LINKS) {
		free(dir);
		free(target);
		return -ENOMEM;
	}
	k = &l->links[l->nlinks];
	k->dir = dir;
	k->name = strdup(name);
	k->target = target;
	if (!k->name) {
		free(dir);
		free(target);
		return -ENOMEM;
	}
	l->nlinks++;
	return 0;
}

static int class_links(const struct sa_dev *d, struct sa_legacy *l)
{
	const struct sa_dev *p = sa_legacy_parent(d), *t;
	char *cname;
	int err;

	if (is_partition(d))
		return 0;
	/* "stacked class devices need a symlink in the class directory" */
	if (!streq(d->class, "block") && p && streq(p->class, d->class)) {
		err = add_link(l, fmt2("/class/%s%s", d->class, ""), d->name,
			       legacy_path(d));
		if (err)
			return err;
	}
	if (!p)
		return 0;
	/*
	 * "stacked class devices have the 'device' link pointing to the bus
	 * device instead of the parent"
	 */
	t = p;
	while (t->class && !legacy_bus(t) && sa_legacy_parent(t))
		t = sa_legacy_parent(t);
	err = add_link(l, legacy_path(d), "device", legacy_path(t));
	if (err)
		return err;
	/* make_class_name(): "<class>:<name>" in the parent's directory */
	cname = fmt2("%s:%s", d->class, d->name);
	if (!cname)
		return -ENOMEM;
	err = add_link(l, legacy_path(p), cname, legacy_path(d));
	free(cname);
	return err;
}

int sa_legacy_compute(const struct sa_dev *dev, struct sa_legacy *l)
{
	const struct sa_dev *q;
	const char *bus;
	int err = 0;

	memset(l, 0, sizeof(*l));
	if (is_sound_card(dev))
		return 0;
	l->exists = true;
	l->devpath = legacy_path(dev);
	if (!l->devpath)
		return -ENOMEM;

	/* dev_uevent(): PHYSDEVPATH/PHYSDEVBUS/PHYSDEVDRIVER */
	if (dev->class) {
		q = sa_legacy_parent(dev);
		while (q && !legacy_bus(q))
			q = sa_legacy_parent(q);
		if (q) {
			l->key[SA_KEY_PHYSDEVPATH] = legacy_path(q);
			if (!l->key[SA_KEY_PHYSDEVPATH])
				return -ENOMEM;
		}
	} else {
		q = legacy_bus(dev) ? dev : NULL;
	}
	if (q) {
		l->key[SA_KEY_PHYSDEVBUS] = strdup(legacy_bus(q));
		if (!l->key[SA_KEY_PHYSDEVBUS])
			return -ENOMEM;
		if (q->driver && !(l->key[SA_KEY_PHYSDEVDRIVER] = strdup(q->driver)))
			return -ENOMEM;
	}

	if (dev->class)
		err = class_links(dev, l);
	/* bus_add_device() -> make_deprecated_bus_links(): any bus device */
	if (!err && (bus = legacy_bus(dev)))
		err = add_link(l, legacy_path(dev), "bus",
			       fmt2("/bus/%s%s", bus, ""));
	return err;
}

void sa_legacy_free(struct sa_legacy *l)
{
	free(l->devpath);
	for (int k = 0; k < SA_KEY_N; k++)
		free(l->key[k]);
	for (int i = 0; i < l->nlinks; i++) {
		free(l->links[i].dir);
		free(l->links[i].name);
		free(l->links[i].target);
	}
	memset(l, 0, sizeof(*l));
}
