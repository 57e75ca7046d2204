// SPDX-License-Identifier: GPL-2.0
/*
 * Format the legacy view of one BPF record. The BPF side already decided
 * every rule (node kinds, legacy parents, the PHYSDEV node, the links);
 * here strings are only joined, so that the userspace model (legacy.c)
 * stays an independent oracle for the BPF side.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/event.h"

static const char *const actions[] = {
	"add", "remove", "change", "move", "online", "offline", "bind", "unbind",
};

const char *sa_action_name(unsigned int action)
{
	return action < sizeof(actions) / sizeof(actions[0]) ? actions[action] : "unknown";
}

const char *sa_source_name(unsigned int source)
{
	switch (source) {
	case SA_SRC_TRACEPOINT: return "tracepoint";
	case SA_SRC_FEXIT: return "fexit";
	case SA_SRC_KPROBE: return "kprobe";
	}
	return "unknown";
}

/* The first @k components of @path ("/a/b/c", k = 2 -> "/a/b"). */
static char *prefix(const char *path, unsigned int k)
{
	const char *p = path;

	if (!k || path[0] != '/')
		return NULL;
	for (unsigned int seen = 0; *p; p++)
		if (*p == '/' && seen++ == k)
			break;
	return strndup(path, p - path);
}

static char *lpath(const struct sa_event *e, int i, int depth)
{
	const struct sa_node *nd;
	char *head, *s = NULL;

	if (i < 0 || i >= e->nchain || i >= SA_MAX_CHAIN || depth > SA_MAX_CHAIN)
		return NULL;
	nd = &e->chain[i];
	switch (nd->kind) {
	case SA_K_MODERN:
		return prefix(e->devpath, nd->kdepth);
	case SA_K_BLOCK:
		return asprintf(&s, "/block/%.*s", SA_NAME_LEN, nd->name) < 0 ? NULL : s;
	case SA_K_CLASS:
		return asprintf(&s, "/class/%.*s/%.*s", SA_CLASS_LEN, nd->class,
				SA_NAME_LEN, nd->name) < 0 ? NULL : s;
	case SA_K_CHILD:
		head = lpath(e, nd->lparent, depth + 1);
		if (head && asprintf(&s, "%s/%.*s", head, SA_NAME_LEN, nd->name) < 0)
			s = NULL;
		free(head);
		return s;
	}
	return NULL;
}

static int add_link(struct sa_legacy *l, char *dir, char *name, char *target)
{
	struct sa_link *k = &l->links[l->nlinks];

	if (!dir || !name || !target || l->nlinks >= SA_MAX_LINKS) {
		free(dir);
		free(name);
		free(target);
		return -EINVAL;
	}
	k->dir = dir;
	k->name = name;
	k->target = target;
	l->nlinks++;
	return 0;
}

static char *fmt(const char *f, const char *a, const char *b)
{
	char *s;

	return asprintf(&s, f, a, b) < 0 ? NULL : s;
}

int sa_event_legacy(const struct sa_event *e, struct sa_legacy *l)
{
	const struct sa_node *n0 = &e->chain[0];
	int err = 0;

	memset(l, 0, sizeof(*l));
	if (!e->nchain || n0->kind == SA_K_NONE)
		return e->nchain ? 0 : -EINVAL;
	l->exists = true;
	l->devpath = lpath(e, 0, 0);
	if (!l->devpath)
		return -EINVAL;
	if (e->flags & SA_F_PHYSPATH) {
		l->key[SA_KEY_PHYSDEVPATH] = lpath(e, e->physdev, 0);
		if (!l->key[SA_KEY_PHYSDEVPATH])
			return -EINVAL;
	}
	if ((e->flags & SA_F_PHYSBUS) &&
	    !(l->key[SA_KEY_PHYSDEVBUS] = strndup(e->bus, SA_BUS_LEN)))
		return -ENOMEM;
	if ((e->flags & SA_F_PHYSDRV) &&
	    !(l->key[SA_KEY_PHYSDEVDRIVER] = strndup(e->driver, SA_DRIVER_LEN)))
		return -ENOMEM;

	/* The device's own legacy path is l->devpath; each link gets a copy. */
	if (e->links & SA_L_CLASSDIR)
		err = add_link(l, fmt("/class/%s%s", n0->class, ""), strndup(n0->name, SA_NAME_LEN),
			       strdup(l->devpath));
	if (!err && (e->links & SA_L_DEVICE))
		err = add_link(l, strdup(l->devpath), strdup("device"), lpath(e, e->devlink, 0));
	if (!err && (e->links & SA_L_CLASSNAME))
		err = add_link(l, lpath(e, n0->lparent, 0), fmt("%s:%s", n0->class, n0->name),
			       strdup(l->devpath));
	if (!err && (e->links & SA_L_BUS))
		err = add_link(l, strdup(l->devpath), strdup("bus"), fmt("/bus/%s%s", e->ownbus, ""));
	return err;
}
