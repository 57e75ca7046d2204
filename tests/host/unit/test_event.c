// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/trace/event.c: turning a BPF record (decisions already
 * made) into the legacy view. Records are built by hand. TAP output.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"

#include "trace/event.h"


static void node(struct sa_event *e, int i, int kind, int lparent, const char *name,
		 const char *class, int kdepth)
{
	struct sa_node *n = &e->chain[i];

	n->kind = kind;
	n->lparent = lparent;
	n->kdepth = kdepth;
	snprintf(n->name, sizeof(n->name), "%s", name ? name : "");
	snprintf(n->class, sizeof(n->class), "%s", class ? class : "");
	if (i >= e->nchain)
		e->nchain = i + 1;
}

static const char *target(const struct sa_legacy *l, const char *link)
{
	static char path[1024];

	for (int i = 0; i < l->nlinks; i++) {
		snprintf(path, sizeof(path), "%s/%s", l->links[i].dir, l->links[i].name);
		if (!strcmp(path, link))
			return l->links[i].target;
	}
	return NULL;
}

int main(void)
{
	struct sa_event e;
	struct sa_legacy l;

	/* event1 <- input1 <- serio0 <- i8042 <- platform: stacked input. */
	memset(&e, 0, sizeof(e));
	snprintf(e.devpath, sizeof(e.devpath), "%s",
		 "/devices/platform/i8042/serio0/input/input1/event1");
	node(&e, 0, SA_K_CHILD, 1, "event1", "input", 0);
	node(&e, 1, SA_K_CLASS, 2, "input1", "input", 0);
	node(&e, 2, SA_K_MODERN, 3, NULL, NULL, 4);
	node(&e, 3, SA_K_MODERN, 4, NULL, NULL, 3);
	node(&e, 4, SA_K_MODERN, -1, NULL, NULL, 2);
	e.flags = SA_F_CLASS | SA_F_PHYSPATH | SA_F_PHYSBUS | SA_F_PHYSDRV;
	e.physdev = 2;
	e.devlink = 2;
	e.links = SA_L_CLASSDIR | SA_L_DEVICE | SA_L_CLASSNAME;
	snprintf(e.bus, sizeof(e.bus), "serio");
	snprintf(e.driver, sizeof(e.driver), "atkbd");
	ok(sa_event_legacy(&e, &l) == 0, "stacked input event formats");
	is(l.devpath, "/class/input/input1/event1", "legacy DEVPATH through a CLASS root");
	is(l.key[SA_KEY_PHYSDEVPATH], "/devices/platform/i8042/serio0", "PHYSDEVPATH: DEVPATH prefix of kdepth 4");
	is(l.key[SA_KEY_PHYSDEVBUS], "serio", "PHYSDEVBUS");
	is(l.key[SA_KEY_PHYSDEVDRIVER], "atkbd", "PHYSDEVDRIVER");
	is(target(&l, "/class/input/event1"), "/class/input/input1/event1", "class-directory link");
	is(target(&l, "/class/input/input1/event1/device"), "/devices/platform/i8042/serio0",
	   "device link");
	is(target(&l, "/class/input/input1/input:event1"), "/class/input/input1/event1",
	   "<class>:<name> link in the legacy parent");
	ok(l.nlinks == 3, "three links");
	sa_legacy_free(&l);

	/* A partition: CHILD of a BLOCK root; no links. */
	memset(&e, 0, sizeof(e));
	snprintf(e.devpath, sizeof(e.devpath), "%s",
		 "/devices/pci0000:00/0000:00:02.0/virtio0/block/vda/vda1");
	node(&e, 0, SA_K_CHILD, 1, "vda1", "block", 0);
	node(&e, 1, SA_K_BLOCK, 2, "vda", NULL, 0);
	node(&e, 2, SA_K_MODERN, 3, NULL, NULL, 4);
	node(&e, 3, SA_K_MODERN, 4, NULL, NULL, 3);
	node(&e, 4, SA_K_MODERN, -1, NULL, NULL, 2);
	e.flags = SA_F_CLASS | SA_F_PHYSPATH | SA_F_PHYSBUS;
	e.physdev = 2;
	snprintf(e.bus, sizeof(e.bus), "virtio");
	ok(sa_event_legacy(&e, &l) == 0, "partition formats");
	is(l.devpath, "/block/vda/vda1", "partition nested in /block/<disk>");
	is(l.key[SA_KEY_PHYSDEVPATH], "/devices/pci0000:00/0000:00:02.0/virtio0", "PHYSDEVPATH");
	is(l.key[SA_KEY_PHYSDEVDRIVER], NULL, "no PHYSDEVDRIVER without SA_F_PHYSDRV");
	ok(l.nlinks == 0, "no links");
	sa_legacy_free(&l);

	/* A bus device at the root: unchanged path, bus link to its own bus. */
	memset(&e, 0, sizeof(e));
	snprintf(e.devpath, sizeof(e.devpath), "%s", "/devices/platform/serial8250");
	node(&e, 0, SA_K_CHILD, 1, "serial8250", NULL, 0);
	node(&e, 1, SA_K_MODERN, -1, NULL, NULL, 2);
	e.flags = SA_F_PHYSBUS | SA_F_PHYSDRV;
	e.physdev = 0;
	e.links = SA_L_BUS;
	snprintf(e.bus, sizeof(e.bus), "platform");
	snprintf(e.ownbus, sizeof(e.ownbus), "platform");
	snprintf(e.driver, sizeof(e.driver), "serial8250");
	ok(sa_event_legacy(&e, &l) == 0, "bus device formats");
	is(l.devpath, "/devices/platform/serial8250", "bus device keeps its path");
	is(l.key[SA_KEY_PHYSDEVPATH], NULL, "no PHYSDEVPATH for a bus device");
	is(target(&l, "/devices/platform/serial8250/bus"), "/bus/platform", "bus link");
	sa_legacy_free(&l);

	/* A sound card device: no legacy counterpart. */
	memset(&e, 0, sizeof(e));
	node(&e, 0, SA_K_NONE, 1, NULL, NULL, 0);
	node(&e, 1, SA_K_MODERN, -1, NULL, NULL, 3);
	ok(sa_event_legacy(&e, &l) == 0 && !l.exists && !l.devpath, "card: no counterpart");
	sa_legacy_free(&l);

	/* Malformed records are refused, never followed out of bounds. */
	memset(&e, 0, sizeof(e));
	ok(sa_event_legacy(&e, &l) != 0, "empty chain is malformed");
	sa_legacy_free(&l);
	memset(&e, 0, sizeof(e));
	node(&e, 0, SA_K_CHILD, 0, "loop", "x", 0);	/* its own parent */
	ok(sa_event_legacy(&e, &l) != 0, "a cycle of legacy parents is malformed");
	sa_legacy_free(&l);
	/*
	 * Parent beyond nchain, with plausible nodes behind it: only the
	 * nchain bound can refuse it (zeroed entries would fail on their own).
	 */
	memset(&e, 0, sizeof(e));
	snprintf(e.devpath, sizeof(e.devpath), "%s", "/devices/a/b/c");
	for (int i = 1; i < SA_MAX_CHAIN; i++)
		node(&e, i, SA_K_MODERN, -1, NULL, NULL, 2);
	node(&e, 0, SA_K_CHILD, 3, "far", "x", 0);
	e.nchain = 1;
	ok(sa_event_legacy(&e, &l) != 0, "a parent beyond the chain is malformed");
	sa_legacy_free(&l);

	/* PHYSDEVBUS comes from bus, the bus link from ownbus: a swap shows. */
	memset(&e, 0, sizeof(e));
	snprintf(e.devpath, sizeof(e.devpath), "%s", "/devices/platform/foo");
	node(&e, 0, SA_K_CHILD, 1, "foo", NULL, 0);
	node(&e, 1, SA_K_MODERN, -1, NULL, NULL, 2);
	e.flags = SA_F_PHYSBUS;
	e.physdev = 0;
	e.links = SA_L_BUS;
	snprintf(e.bus, sizeof(e.bus), "physbus");
	snprintf(e.ownbus, sizeof(e.ownbus), "ownbus");
	ok(sa_event_legacy(&e, &l) == 0, "distinct bus and ownbus format");
	is(l.key[SA_KEY_PHYSDEVBUS], "physbus", "PHYSDEVBUS is the record's bus");
	is(target(&l, "/devices/platform/foo/bus"), "/bus/ownbus", "the bus link is the own bus");
	sa_legacy_free(&l);
	memset(&e, 0, sizeof(e));
	snprintf(e.devpath, sizeof(e.devpath), "%s", "/devices/a");
	node(&e, 0, SA_K_MODERN, -1, NULL, NULL, 5);	/* deeper than DEVPATH */
	ok(sa_event_legacy(&e, &l) == 0, "kdepth beyond DEVPATH does not overrun");
	is(l.devpath, "/devices/a", "... and yields the whole DEVPATH");
	sa_legacy_free(&l);

	is(sa_action_name(7), "unbind", "action names");
	is(sa_action_name(200), "unknown", "out-of-range action");
	is(sa_source_name(SA_SRC_FEXIT), "fexit", "source names");

	return tap_done();
}
