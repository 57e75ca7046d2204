// SPDX-License-Identifier: GPL-2.0
/*
 * Classify what a process did in sysfs against the legacy reconstruction.
 *
 * The reconstruction (legacy.c) gives, for every device of today's tree,
 * its legacy path and the legacy links (<class>:<name> in the parent,
 * 'device', 'bus', the class-directory link of stacked class devices). An
 * access *breaks* only on evidence: it asks for a name that exists only in
 * the old layout, or the program's own code reads the old layout
 * (sa_dep_apply_fingerprint). A legacy name whose modern equivalent the
 * same process looks up as well *falls back* (dep_fallback.c keeps the
 * processes; modern_of() below is the table of equivalents). What modern
 * programs do as well (lstat and readlink of /sys/class entries, listing
 * them, listening to group 1) is at most *suspect*, and says what would
 * confirm it. See docs/design.md, "Dependents", for the rules and the
 * catalogue.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deps/dep_classify.h"
#include "deps/dep_decode.h"
#include "model/legacy_key.h"
#include "dep_records.h"

static bool streq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* @d is a net device or below one: it is in one network namespace's view only. */
static bool net_dev(const struct sa_dev *d)
{
	for (; d; d = d->parent)
		if (streq(d->class, "net"))
			return true;
	return false;
}

static int add_art(struct sa_classifier *c, const struct sa_dev *d, const char *dir,
		   const char *name, const char *target, const char *path)
{
	struct sa_dep_art *a;

	if (!(c->nart & (c->nart + 1)) || !c->art) {
		void *v = realloc(c->art, (2 * c->nart + 2) * sizeof(*c->art));

		if (!v)
			return -ENOMEM;
		c->art = v;
	}
	a = &c->art[c->nart];
	memset(a, 0, sizeof(*a));
	a->dev = d;
	a->net = net_dev(d);
	if (dir) {
		if (asprintf(&a->path, "%s/%s", dir, name) < 0) {
			a->path = NULL;
			return -ENOMEM;
		}
		a->dir = strdup(dir);
		a->name = strdup(name);
		a->target = strdup(target);
		c->nart++;
		return a->dir && a->name && a->target ? 0 : -ENOMEM;
	}
	a->path = strdup(path);
	c->nart++;
	return a->path ? 0 : -ENOMEM;
}

int sa_classifier_load(struct sa_classifier *c, const char *root)
{
	int err;

	memset(c, 0, sizeof(*c));
	c->root = strdup(root);
	if (!c->root)
		return -ENOMEM;
	err = sa_tree_load(root, &c->tree);
	if (err) {
		free(c->root);
		c->root = NULL;
		return err;
	}
	for (size_t i = 0; i < c->tree.n && !err; i++) {
		const struct sa_dev *d = c->tree.devs[i];
		struct sa_legacy l;

		err = sa_legacy_compute(d, &l);
		if (!err && l.exists)
			err = add_art(c, d, NULL, NULL, NULL, l.devpath);
		for (int k = 0; !err && k < l.nlinks; k++)
			err = add_art(c, d, l.links[k].dir, l.links[k].name, l.links[k].target,
				      NULL);
		sa_legacy_free(&l);
	}
	if (err)
		sa_classifier_free(c);
	return err;
}

void sa_classifier_free(struct sa_classifier *c)
{
	for (size_t i = 0; i < c->nart; i++) {
		free(c->art[i].path);
		free(c->art[i].dir);
		free(c->art[i].name);
		free(c->art[i].target);
	}
	free(c->art);
	free(c->root);
	sa_tree_free(&c->tree);
	memset(c, 0, sizeof(*c));
}

bool sa_dep_other_view(unsigned long long model_dev, unsigned int kdev)
{
	return kdev && model_dev && sa_dep_user_dev(kdev) != model_dev;
}

bool sa_dep_net_dir(const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	if (streq(dir, "/class/net"))
		return true;
	if (strncmp(dir ? dir : "", "/devices/", 9))
		return false;
	return strstr(dir, "/net/") || (n >= 4 && !strcmp(dir + n - 4, "/net"));
}

/*
 * The device at @path, unless it is one network namespace's (a net device)
 * and @o walked another's sysfs: its view has other net devices.
 */
static const struct sa_dev *dev_at(const struct sa_classifier *c, const struct sa_dep_obs *o,
				   const char *path)
{
	const struct sa_dev *d = sa_tree_find(&c->tree, path);

	return d && o->other_net && net_dev(d) ? NULL : d;
}

/* The legacy path of @d (its devpath artifact), or NULL. */
static const char *legacy_of(const struct sa_classifier *c, const struct sa_dev *d)
{
	for (size_t i = 0; i < c->nart; i++)
		if (c->art[i].dev == d && !c->art[i].dir)
			return c->art[i].path;
	return NULL;
}

/* @nonet: not the artifacts of net devices (another network namespace's lookup). */
static const struct sa_dep_art *find_link(const struct sa_classifier *c, const char *dir,
					  const char *name, bool nonet)
{
	for (size_t i = 0; i < c->nart; i++)
		if (c->art[i].dir && !(nonet && c->art[i].net) && streq(c->art[i].dir, dir) &&
		    streq(c->art[i].name, name))
			return &c->art[i];
	return NULL;
}

/* The artifact whose path is @p, or which @p is inside of (longest first). */
static const struct sa_dep_art *find_path(const struct sa_classifier *c, const char *p,
					  bool prefix, bool nonet)
{
	const struct sa_dep_art *best = NULL;
	size_t blen = 0;

	for (size_t i = 0; i < c->nart; i++) {
		size_t n = strlen(c->art[i].path);

		if (nonet && c->art[i].net)
			continue;
		if (!strcmp(c->art[i].path, p))
			return &c->art[i];
		if (prefix && n > blen && !strncmp(c->art[i].path, p, n) && p[n] == '/') {
			best = &c->art[i];
			blen = n;
		}
	}
	return best;
}

#define SET(field, ...) snprintf(v->field, sizeof(v->field), __VA_ARGS__)

/* Room for every key's name, comma-separated (sa_key_names()). */
#define KEYS_LEN (SA_KEY_N * 32)

/* "/sys/x/y/" -> "/x/y" in @buf; NULL when not an absolute path below /sys. */
static const char *below_sys(const char *req, char *buf, size_t len)
{
	size_t n;
	char *s;

	if (!req || strncmp(req, "/sys/", 5))
		return NULL;
	n = snprintf(buf, len, "%s", req + 4);
	if (n >= len)
		return NULL;
	while ((s = strstr(buf, "//")))
		memmove(s, s + 1, strlen(s));
	n = strlen(buf);
	while (n > 1 && buf[n - 1] == '/')
		buf[--n] = '\0';
	return buf;
}

static bool is_bus_link(const struct sa_dep_art *a)
{
	return a->dir && streq(a->name, "bus");
}

static bool is_class_link(const struct sa_dep_art *a)
{
	return a->dir && strchr(a->name, ':') && a->dev->class;
}

/* A class device's legacy path today's tree lacks ("/block/vda", "/class/input/input1/event1"). */
static bool is_class_devpath(const struct sa_dep_art *a)
{
	return !a->dir && a->dev->class;
}

static int subsystem_of(const struct sa_dep_art *a, char *buf, size_t len)
{
	return snprintf(buf, len, "%s/subsystem", a->dev->path);
}

static int class_link_of(const struct sa_dep_art *a, char *buf, size_t len)
{
	return snprintf(buf, len, "/class/%s/%s", a->dev->class, a->dev->name);
}

static void link_replacement(const struct sa_dep_art *a, struct sa_dep_verdict *v, const char *dir)
{
	const struct sa_dev *p;

	if (streq(a->name, "bus"))
		SET(replacement, "/sys%s/subsystem", dir);
	else if (streq(a->name, "device"))
		SET(replacement, "/sys%s", (p = a->dev->parent) ? p->path : a->dev->path);
	else
		SET(replacement, "/sys%s", a->dev->path);
}

/*
 * The modern equivalent of each legacy name the rules know, for the same
 * device: what a program that copes with today's layout looks up instead.
 * Only a link can show it: a lookup that finds a directory runs no hook,
 * a lstat() or readlink() of a link does (a stat() that follows the link
 * does not: such a fallback is not seen, and the lookup still breaks).
 */
static const struct {
	const char *legacy;	/* for docs/design.md's catalogue */
	const char *modern;
	bool (*match)(const struct sa_dep_art *a);
	int (*name)(const struct sa_dep_art *a, char *buf, size_t len);
} fallbacks[] = {
	{ "<dev>/bus", "<dev>/subsystem", is_bus_link, subsystem_of },
	{ "<parent>/<class>:<name>", "/sys/class/<class>/<name>", is_class_link, class_link_of },
	{ "/sys/block/<disk>, /sys/class/<class>/<parent>/<name>", "/sys/class/<class>/<name>",
	  is_class_devpath, class_link_of },
};

/* Fill v->modern for legacy artifact @a, when the table knows its equivalent. */
static void modern_of(const struct sa_dep_art *a, struct sa_dep_verdict *v)
{
	for (size_t i = 0; i < sizeof(fallbacks) / sizeof(fallbacks[0]); i++)
		if (fallbacks[i].match(a) &&
		    fallbacks[i].name(a, v->modern, sizeof(v->modern)) < (int)sizeof(v->modern) &&
		    strcmp(v->modern, a->path))
			return;		/* (the name asked for is no modern equivalent of itself) */
	v->modern[0] = '\0';
}

/* Programs whose code would confirm a suspect (SA_DR_FINGERPRINT). */
#define FP_HINT "breaks if its executable or script reads the old layout " \
		"(PHYSDEV* keys, BusyBox < 1.7 mdev, <dev>/device/bus: 'sysfs-audit scan FILE')"

/* "<class>:<name>" -> "/class/<class>/<name>" in v->modern, else "". */
static void looks_modern(const char *name, struct sa_dep_verdict *v)
{
	const char *colon = strchr(name, ':');

	if (colon && colon > name && colon[1] && !strchr(colon + 1, ':'))
		SET(modern, "/class/%.*s/%s", (int)(colon - name), name, colon + 1);
}

static void classify_miss(const struct sa_classifier *c, const struct sa_dep_obs *o,
			  struct sa_dep_verdict *v)
{
	const struct sa_dev *d = dev_at(c, o, o->dir);
	const struct sa_dep_art *a;
	const char *l, *p, *last;
	char buf[SA_DEP_TEXT];
	bool nonet = o->other_net;

	SET(path, "/sys%s/%s", o->dir, o->name);
	v->kind = SA_DK_LEGACY_NAME;
	/* A legacy link of the device whose directory this is: only the old layout had it. */
	if (d && (l = legacy_of(c, d)) && (a = find_link(c, l, o->name, nonet))) {
		v->conf = SA_DC_BREAKS;
		v->rule = SA_DR_MISS_LEGACY_LINK;
		SET(artifact, "/sys%s -> /sys%s", a->path, a->target);
		link_replacement(a, v, o->dir);
		SET(why, "'%s' existed in this device's directory only in the old layout", o->name);
		modern_of(a, v);
		return;
	}
	/*
	 * The request names a legacy path or link exactly, today's tree has
	 * nothing there, and the walk failed on its last component: the missing
	 * name is the legacy artifact itself. A miss *below* a legacy path is an
	 * attribute that today's device lacks (most legacy devpaths are today's
	 * paths): not evidence.
	 */
	if ((p = below_sys(o->req, buf, sizeof(buf))) && (a = find_path(c, p, false, nonet)) &&
	    !sa_tree_find(&c->tree, p) && (last = strrchr(p, '/')) && streq(last + 1, o->name)) {
		v->conf = SA_DC_BREAKS;
		v->rule = SA_DR_MISS_LEGACY_PATH;
		SET(path, "%s", o->req);
		if (a->dir)
			SET(artifact, "/sys%s -> /sys%s", a->path, a->target);
		else
			SET(artifact, "/sys%s", a->path);
		SET(replacement, "/sys%s", a->dev->path);
		SET(why, "the path asked for existed only in the old layout");
		modern_of(a, v);
		return;
	}
	/* Looks legacy: a <class>:<name> or 'bus' name in a device directory. */
	if ((d || !strncmp(o->dir, "/devices/", 9)) &&
	    (strchr(o->name, ':') || streq(o->name, "bus"))) {
		v->conf = SA_DC_SUSPECT;
		v->rule = SA_DR_MISS_LOOKS_LEGACY;
		/* The modern name too: a process that looks it up as well falls back. */
		if (streq(o->name, "bus")) {
			SET(artifact, "a 'bus' link (which every bus device had)");
			SET(replacement, "/sys%s/subsystem", o->dir);
			SET(modern, "%s/subsystem", o->dir);
		} else {
			SET(artifact, "a <class>:<name> link (class devices had one in their parent)");
			SET(replacement, "/sys%s/<class>/<name>", o->dir);
			looks_modern(o->name, v);
		}
		SET(why, "the name has the old shape but no device of the model had it here; "
		    "breaks if such a device appears, or " FP_HINT);
		return;
	}
	/* An attribute today's tree lacks (udev's sd_device reads, [ -d $n/wireless ]). */
	v->kind = SA_DK_NONE;
}

static void classify_lstat(const struct sa_classifier *c, const struct sa_dep_obs *o,
			   struct sa_dep_verdict *v)
{
	const struct sa_dep_art *a;
	char buf[SA_DEP_TEXT];
	const char *p = buf, *dir, *now;

	/*
	 * The kernel names the link by its kernfs node (any path, dirfd-relative
	 * fstatat() included); an absolute request is the older form.
	 */
	if (o->name && *o->name)
		snprintf(buf, sizeof(buf), "%s/%s", o->dir ? o->dir : "", o->name);
	else if (!(p = below_sys(o->req, buf, sizeof(buf))))
		return;		/* relative, and no node: not judged */
	SET(path, "/sys%.500s", p);
	/*
	 * Every net device's legacy path was /class/net/<name>, in any netns:
	 * another netns's own device is one, unknown to the model.
	 */
	if (o->other_net && !strncmp(p, "/class/net/", 11) && !strchr(p + 11, '/')) {
		dir = p;
		now = NULL;
	} else if ((a = find_path(c, p, false, o->other_net)) && !a->dir) {
		dir = a->path;
		now = a->dev->path;
	} else {
		return;		/* a link then, a link now; or no device of the model */
	}
	/*
	 * ls -l, find, udevadm and mdev 1.6 all lstat these entries; only a
	 * walker that then requires S_ISDIR misses the device, and that is not
	 * visible in the kernel.
	 */
	v->kind = SA_DK_SYMLINK_DIR;
	v->conf = SA_DC_SUSPECT;
	v->rule = SA_DR_LSTAT_LEGACY_DIR;
	SET(artifact, "/sys%.400s (a directory)", dir);
	if (now)
		SET(replacement, "/sys%.400s (stat() following the link)", now);
	else
		SET(replacement, "its target (stat() following the link)");
	SET(why, "lstat() alone is what ls and find do; " FP_HINT);
}

static void classify_readlink(const struct sa_classifier *c, const struct sa_dep_obs *o,
			      struct sa_dep_verdict *v)
{
	const struct sa_dev *d;
	const struct sa_dep_art *a;
	const char *l, *now;

	SET(path, "/sys%s/%s", o->dir, o->name);
	if (streq(o->name, "device")) {
		v->kind = SA_DK_LINK_TEXT;
		v->conf = SA_DC_SUSPECT;
		v->rule = SA_DR_READLINK_DEVICE;
		SET(replacement, "resolve the link (realpath, openat), do not count '../'");
		d = dev_at(c, o, o->dir);
		if (!d || !(l = legacy_of(c, d)) || !(a = find_link(c, l, "device", false))) {
			SET(artifact, "the 'device' link's text (its shape changed)");
		} else {
			SET(artifact, "/sys%s -> /sys%s", a->path, a->target);
			now = d->parent ? legacy_of(c, d->parent) : NULL;
			if (!now || strcmp(now, a->target))
				SET(why, "the old link named another device; reading its text is "
				    "what udev 095 and HAL did, and what realpath does; " FP_HINT);
		}
		if (!*v->why)
			SET(why, "reading a link is what realpath and ls -l do; " FP_HINT);
		return;
	}
	if (streq(o->dir, "/block") ||
	    (!strncmp(o->dir, "/class/", 7) && !strchr(o->dir + 7, '/') &&
	     strcmp(o->dir, "/class/block"))) {
		v->kind = SA_DK_LINK_TEXT;
		v->conf = SA_DC_SUSPECT;
		v->rule = SA_DR_READLINK_ENTRY;
		SET(artifact, "/sys%s/%s was a directory, not a link", o->dir, o->name);
		SET(replacement, "follow the link (stat, openat)");
		SET(why, "reading a link is what realpath and ls -l do; " FP_HINT);
	}
}

static void classify_readdir(const struct sa_dep_obs *o, struct sa_dep_verdict *v)
{
	SET(path, "/sys%s/%s", o->dir, o->name);
	if (!*o->dir && streq(o->name, "block")) {
		SET(artifact, "/sys/block/<disk> were directories");
		SET(replacement, "/sys/class/block; entries are symlinks (DT_LNK): follow them");
	} else if (streq(o->dir, "/class") && !streq(o->name, "block")) {
		SET(artifact, "/sys/class/%s/<device> were directories", o->name);
		SET(replacement, "entries are symlinks (DT_LNK): follow them");
	} else {
		return;		/* /sys/class/block did not exist: a modern reader */
	}
	v->kind = SA_DK_LEGACY_READDIR;
	v->conf = SA_DC_SUSPECT;
	v->rule = SA_DR_READDIR;
	SET(why, "listing is what every tool does, and filtering by d_type is not "
	    "visible in the kernel; " FP_HINT);
}

static void classify_listen(const struct sa_dep_obs *o, struct sa_dep_verdict *v)
{
	char keys[KEYS_LEN];

	v->kind = SA_DK_LISTENER;
	v->conf = SA_DC_SUSPECT;
	SET(path, "NETLINK_KOBJECT_UEVENT groups=%#x", o->groups);
	if (o->groups & 1) {
		v->rule = SA_DR_LISTEN_KERNEL;
		SET(artifact, "kernel uevents (group 1) carried %s",
		    sa_key_names(keys, sizeof(keys)));
		SET(why, "it received the keys, as today's udevd must; " FP_HINT);
	} else {
		v->rule = SA_DR_LISTEN_UDEV;
		SET(artifact, "udev's re-broadcast (group 2) carried the PHYSDEV keys until udev 142");
		SET(why, "udev >= 142 sends no PHYSDEV keys; " FP_HINT);
	}
	SET(replacement, "the parent device through sysfs (libudev udev_device_get_parent*)");
}

/*
 * A read of a device's uevent file. It held the PHYSDEV keys under
 * CONFIG_SYSFS_DEPRECATED; udevd, udevadm, sd_device and cat read these
 * files all the time, so the read alone is nothing. A program whose own
 * code reads the keys (PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER among its
 * strings or script lines) and reads the file where they were breaks: the
 * keys it looks for are no longer there. Its other legacy code (BusyBox
 * 1.6 mdev, device/bus) says nothing about what it wants from this file.
 */
static void classify_uevent(const struct sa_dep_obs *o, struct sa_dep_verdict *v)
{
	char keys[KEYS_LEN];

	if (!(o->code_scope & SA_FP_KEYS))
		return;
	v->kind = SA_DK_UEVENT_READ;
	v->conf = SA_DC_BREAKS;
	v->rule = SA_DR_UEVENT_KEYS;
	SET(path, "/sys%s/%s", o->dir, o->name);
	SET(artifact, "%s in the device's uevent file", sa_key_names(keys, sizeof(keys)));
	SET(replacement, "the parent device's own directory: the 'device' link, and its "
	    "'subsystem' and 'driver' links (libudev udev_device_get_parent*)");
	if (o->via)
		SET(why, "its child %.40s read a uevent file for it, and its code reads the keys "
		    "they no longer hold: %.380s", o->via, o->code);
	else
		SET(why, "it reads uevent files and its code reads the keys they no longer hold: "
		    "%.400s", o->code);
}

void sa_dep_classify_helper(bool live, const char *file, struct sa_dep_verdict *v)
{
	char keys[KEYS_LEN];

	memset(v, 0, sizeof(*v));
	v->kind = SA_DK_HELPER;
	v->conf = SA_DC_SUSPECT;
	v->rule = SA_DR_HELPER;
	SET(path, "%.500s", live ? "/proc/sys/kernel/hotplug" : file ? file : "?");
	SET(artifact, "uevent helper: its environment carried %s%s",
	    sa_key_names(keys, sizeof(keys)), live ? "" : " (configured; this kernel runs no helper)");
	SET(replacement, "a udev rule, or a NETLINK_KOBJECT_UEVENT listener using sysfs links");
	SET(why, "a helper gets every uevent's keys; " FP_HINT ", or is a BusyBox 1.7-1.10 "
	    "mdev, which types nodes by the DEVPATH text");
}

void sa_dep_apply_fingerprint(struct sa_dep_verdict *v, const char *evidence,
			      unsigned int scope)
{
	bool any = scope & SA_FP_ANY;

	if (v->kind == SA_DK_NONE || v->conf != SA_DC_SUSPECT || !scope)
		return;
	if (!evidence)
		evidence = "";
	/* BusyBox 1.7-1.10 mdev types nodes by DEVPATH: wrong as the helper only */
	if (!any && v->kind != SA_DK_HELPER)
		return;
	v->conf = SA_DC_BREAKS;
	v->rule = SA_DR_FINGERPRINT;
	if (any)
		SET(why, "its code reads the old layout: %.400s", evidence);
	else
		SET(why, "as the uevent helper it takes each node's type from DEVPATH, which "
		    "was /class/... or /block/... then and is /devices/... now, so its nodes get "
		    "the wrong type: %.300s", evidence);
}

const char *sa_dep_link_named(const struct sa_dep_obs *o, char *buf, size_t len)
{
	if (o->op != SA_DEP_OP_LSTAT_LINK && o->op != SA_DEP_OP_READLINK)
		return NULL;
	if (o->name && *o->name) {
		if (snprintf(buf, len, "%s/%s", o->dir ? o->dir : "", o->name) >= (int)len)
			return NULL;
		return buf;
	}
	return below_sys(o->req, buf, len);
}

void sa_dep_fall_back(struct sa_dep_verdict *v, const char *modern)
{
	if (v->conf == SA_DC_FALLS_BACK || v->kind == SA_DK_NONE)
		return;
	v->conf = SA_DC_FALLS_BACK;
	v->rule = SA_DR_FALLS_BACK;
	SET(why, "it asked for the old name, and its process for the modern one too: "
	    "/sys%.400s", modern);
	v->modern[0] = '\0';
}

/*
 * A lookup in another network namespace's sysfs, among net devices: said
 * in its why, since the model's net devices were left out of its verdict.
 */
static void note_other_net(const struct sa_dep_obs *o, struct sa_dep_verdict *v)
{
	size_t n = strlen(v->why);

	if (v->kind == SA_DK_NONE || !o->other_net ||
	    !(sa_dep_net_dir(o->dir) || !strncmp(o->name ? o->name : "", "net:", 4)))
		return;
	if (o->other_net == ~0u)
		snprintf(v->why + n, sizeof(v->why) - n, " (other netns: its /sys is another "
			 "network namespace's; the model's net devices are not its)");
	else
		snprintf(v->why + n, sizeof(v->why) - n, " (other netns: its /sys is network "
			 "namespace net:[%u]'s; the model's net devices are not its)", o->other_net);
}

void sa_dep_classify(const struct sa_classifier *c, const struct sa_dep_obs *o,
		     struct sa_dep_verdict *v)
{
	memset(v, 0, sizeof(*v));
	switch (o->op) {
	case SA_DEP_OP_MISS:
		classify_miss(c, o, v);
		break;
	case SA_DEP_OP_LSTAT_LINK:
		classify_lstat(c, o, v);
		break;
	case SA_DEP_OP_READLINK:
		classify_readlink(c, o, v);
		break;
	case SA_DEP_OP_READDIR:
		classify_readdir(o, v);
		break;
	case SA_DEP_OP_LISTEN:
		classify_listen(o, v);
		break;
	case SA_DEP_OP_READ_UEVENT:
		classify_uevent(o, v);
		break;
	}
	note_other_net(o, v);
}
