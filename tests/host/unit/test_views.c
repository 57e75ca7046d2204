// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/trace/views.c: a record seen again (other seqnum,
 * time, result and action) gives the same decoded view without decoding;
 * a record that differs in any byte of its device part gives its own; a
 * malformed record gives none, every time. TAP output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#include "output/stream.h"
#include "trace/event.h"
#include "trace/views.h"

/* The JSON row of an event of view @w, its device parts kept (@id) or not (0). */
static char *row(const struct sa_view *w, const struct sa_rec *h, unsigned long long id)
{
	struct sa_ctx c = {
		.action = sa_action_name(h->action), .subsystem = w->subsystem,
		.devpath = w->devpath, .devname = w->devname,
		.source = sa_source_name(h->source), .seqnum = h->seqnum,
		.sent = h->flags & SA_F_SENT, .ret = h->ret, .trunc = w->trunc, .view = id,
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	sa_print_row(m, SA_FMT_JSON, &c, &w->l);
	fclose(m);
	return buf;
}

static union {
	struct sa_rec r;
	unsigned char b[SA_REC_MAX];
} rec;
static size_t used;

static unsigned short put(const char *s)
{
	size_t off = used;

	memcpy(rec.b + used, s, strlen(s) + 1);
	used += strlen(s) + 1;
	return off;
}

/* /block/<name>: a disk whose parent is a modern root device. */
static void disk(const char *name, const char *devpath)
{
	memset(&rec, 0, sizeof(rec));
	rec.r.nchain = 2;
	rec.r.physdev = 1;
	rec.r.devlink = -1;
	rec.r.source = SA_SRC_TRACEPOINT;
	rec.r.flags = SA_F_SEQNUM | SA_F_SENT | SA_F_CLASS | SA_F_PHYSPATH | SA_F_PHYSBUS;
	used = sizeof(rec.r) + 2 * sizeof(struct sa_rnode);
	rec.r.str[SA_S_DEVPATH] = put(devpath);
	rec.r.str[SA_S_SUBSYS] = put("block");
	rec.r.str[SA_S_DEVNAME] = put(name);
	rec.r.str[SA_S_BUS] = put("virtio");
	rec.r.node[0] = (struct sa_rnode){ .kind = SA_K_BLOCK, .lparent = 1 };
	rec.r.node[0].name = put(name);
	rec.r.node[0].class = put("block");
	rec.r.node[1] = (struct sa_rnode){ .kind = SA_K_MODERN, .lparent = -1, .kdepth = 3 };
	rec.r.size = used;
}

/* disk(), as the program caches it: SA_F_CACHED, then its build's sa_ref. */
static void cached_disk(const char *name, const char *devpath, unsigned long long key,
			unsigned long long stamp)
{
	struct sa_ref ref = { .key = key, .stamp = stamp };

	disk(name, devpath);
	rec.r.flags |= SA_F_CACHED;
	memcpy(rec.b + used, &ref, sizeof(ref));
	used += sizeof(ref);
	rec.r.size = used;
}

static struct sa_views *v;
static struct sa_rec h;
static int err;

static union {
	struct sa_rec r;
	unsigned char b[sizeof(struct sa_rec) + sizeof(struct sa_ref) + 8];
} ref;

/* The view a reference to build (@key, @stamp) gets, event @seqnum. */
static const struct sa_view *reference(unsigned long long key, unsigned long long stamp,
				       unsigned long long seqnum)
{
	struct sa_ref r = { .key = key, .stamp = stamp };

	memcpy(&ref.r, &rec.r, sizeof(ref.r));
	ref.r.flags |= SA_F_REF;
	ref.r.seqnum = seqnum;
	ref.r.size = sizeof(ref.r) + sizeof(r);
	memcpy(ref.b + sizeof(ref.r), &r, sizeof(r));
	return sa_views_get(v, ref.b, ref.r.size, &h, &err);
}

int main(void)
{
	const struct sa_view *a, *b, *c;

	v = sa_views_new();

	ok(v != NULL, "a table of views");
	disk("vda", "/devices/pci0000:00/virtio1/block/vda");
	rec.r.seqnum = 10;
	rec.r.action = 2;
	a = sa_views_get(v, rec.b, used, &h, &err);
	ok(a && !err && !a->err, "a well-formed record gives a view");
	ok(h.seqnum == 10 && h.action == 2, "the event's header fields come back as sent");
	is(a ? a->devpath : NULL, "/devices/pci0000:00/virtio1/block/vda", "DEVPATH");
	is(a ? a->l.devpath : NULL, "/block/vda", "legacy DEVPATH");
	is(a ? a->l.key[SA_KEY_PHYSDEVPATH] : NULL, "/devices/pci0000:00/virtio1", "PHYSDEVPATH");
	is(a ? a->l.key[SA_KEY_PHYSDEVBUS] : NULL, "virtio", "PHYSDEVBUS");

	/* The same device again: another event, the same view. */
	rec.r.seqnum = 11;
	rec.r.ts_ns = 12345;
	rec.r.ret = -105;
	rec.r.action = 0;
	rec.r.flags &= ~SA_F_SENT;
	b = sa_views_get(v, rec.b, used, &h, &err);
	ok(b == a && !err, "the next event of the device reuses its view");
	ok(h.seqnum == 11 && h.ret == -105 && h.action == 0 && !(h.flags & SA_F_SENT),
	   "with this event's own header fields");

	/* Any byte of the device part differs: another view. */
	rec.r.flags &= ~SA_F_PHYSBUS;
	c = sa_views_get(v, rec.b, used, &h, &err);
	ok(c && !err && !c->l.key[SA_KEY_PHYSDEVBUS], "a device flag changed: decoded again");
	disk("vdb", "/devices/pci0000:00/virtio2/block/vdb");
	c = sa_views_get(v, rec.b, used, &h, &err);
	ok(c && !err, "another device gets its own view");
	is(c ? c->l.devpath : NULL, "/block/vdb", "its legacy DEVPATH");
	disk("vda", "/devices/pci0000:00/virtio1/block/vda");
	rec.b[rec.r.node[0].name] = 'x';	/* a renamed disk, same length */
	c = sa_views_get(v, rec.b, used, &h, &err);
	is(c ? c->l.devpath : NULL, "/block/xda", "one string byte differs: decoded again");

	/* The writer's kept parts give the same line as writing it all. */
	for (int i = 0; i < 3; i++) {
		static const char *const names[] = { "sdb1", "sd\"c", "sd\\d" };
		char *kept, *plain;

		disk(names[i], "/devices/pseudo_0/adapter0/host0/target0:0:0/0:0:0:0/block/sdb");
		rec.r.seqnum = i ? 18446744073709551615ULL : 0;
		rec.r.ret = -i * 7;
		rec.r.action = i;
		rec.r.trunc = i == 2 ? SA_T_NAME | SA_T_CHAIN : 0;
		if (i == 1)
			rec.r.flags &= ~SA_F_SENT;
		c = sa_views_get(v, rec.b, used, &h, &err);
		if (!c) {
			ok(0, "a view for the row test");
			continue;
		}
		kept = row(c, &h, c->id);
		kept = (free(kept), row(c, &h, c->id));	/* the second time from memory */
		plain = row(c, &h, 0);
		is(kept, plain, i == 0 ? "a row from kept parts equals the row written in full" :
		   i == 1 ? "... with a quote in a name, not sent, a negative result" :
		   "... with a backslash and truncated fields");
		free(kept);
		free(plain);
	}

	/*
	 * A netdev may be named with any byte but '/', ':' and spaces: in the
	 * table, an ESC, a BEL or a stray byte is shown as \xNN, never written.
	 */
	disk("ev\x1b[2J\x07\x9a", "/devices/virtual/net/ev\x1b[2J\x07\x9a");
	c = sa_views_get(v, rec.b, used, &h, &err);
	if (c) {
		struct sa_ctx tc = { .action = "add", .subsystem = c->subsystem,
				     .devpath = c->devpath, .devname = c->devname,
				     .source = "tracepoint", .seqnum = 7, .view = c->id,
				     .plain = c->plain };
		char *buf = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&buf, &len);
		bool clean = true;

		sa_print_row(m, SA_FMT_TEXT, &tc, &c->l);
		fclose(m);
		for (size_t i = 0; i + 1 < len; i++)
			if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] >= 0x7f)
				clean = false;
		ok(!c->plain && a->plain, "a view knows whether its strings are plain ASCII");
		ok(clean && len && buf[len - 1] == '\n' &&
		   strstr(buf, "ev\\x1b[2J\\x07\\x9a") != NULL,
		   "a table row escapes a device name's control and invalid bytes: %s", buf);
		free(buf);
	} else {
		ok(0, "a view for the hostile name");
	}

	/* A cached record, then the references of the device's next events. */
	{
		const struct sa_view *built, *r;

		cached_disk("sdz", "/devices/pseudo_0/adapter0/block/sdz", 0xffff8880, 5);
		built = sa_views_get(v, rec.b, used, &h, &err);
		ok(built && !err && !strcmp(built->devname, "sdz") &&
		   !strcmp(built->l.devpath, "/block/sdz"),
		   "a cached record decodes, its sa_ref no part of its strings");
		c = reference(0xffff8880, 5, 4242);
		ok(c == built && !err && h.seqnum == 4242 && (h.flags & SA_F_REF),
		   "a reference gives the build's view, with its own event fields");
		c = reference(0xffff8880, 6, 4243);
		ok(!c && err == -ENOENT, "a reference to a build not seen: -ENOENT (read the cache)");
		c = reference(0xffff8890, 5, 4243);
		ok(!c && err == -ENOENT, "... and to another device's key");
		cached_disk("sdz", "/devices/pseudo_0/adapter0/block/sdz", 0xffff8880, 6);
		r = sa_views_get(v, rec.b, used, &h, &err);
		ok(r == built, "rebuilt the same: the same view (the stamp is not the device)");
		ok(reference(0xffff8880, 6, 1) == built && reference(0xffff8880, 5, 1) == built,
		   "the last two builds resolve (a reference racing a rebuild)");
		cached_disk("sdz", "/devices/pseudo_0/adapter0/block/sdz", 0xffff8880, 7);
		sa_views_get(v, rec.b, used, &h, &err);
		ok(!reference(0xffff8880, 5, 1) && err == -ENOENT, "not the third last");
		c = reference(0xffff8880, 7, 1);
		ref.r.size += 8;
		ok(c == built && !sa_views_get(v, ref.b, ref.r.size, &h, &err) && err == -EINVAL,
		   "a reference of another length is malformed");
		/* The last string's NUL overwritten: the only NULs left are the sa_ref's. */
		cached_disk("sdz", "/devices/pseudo_0/adapter0/block/sdz", 0xffff8880, 8);
		rec.b[used - sizeof(struct sa_ref) - 1] = 'x';
		ok(!sa_views_get(v, rec.b, used, &h, &err) && err == -EINVAL,
		   "a string that runs into the sa_ref is malformed");
	}

	/* A storm's round-robin over 724 devices: the second turn decodes none. */
	{
		static const struct sa_view *first[724];
		int same = 0;

		for (int turn = 0; turn < 2; turn++)
			for (int i = 0; i < 724; i++) {
				char name[16], path[64];

				snprintf(name, sizeof(name), "loop%d", i);
				snprintf(path, sizeof(path), "/devices/virtual/block/loop%d", i);
				disk(name, path);
				c = sa_views_get(v, rec.b, used, &h, &err);
				if (!turn)
					first[i] = c;
				else
					same += c && c == first[i];
			}
		ok(same == 724, "724 devices, round-robin: every view found again (%d)", same);
	}

	/* Malformed, twice: never a view, never one remembered. */
	disk("vda", "/devices/pci0000:00/virtio1/block/vda");
	rec.r.str[SA_S_DEVNAME] = 4;	/* inside the header */
	for (int i = 0; i < 2; i++) {
		c = sa_views_get(v, rec.b, used, &h, &err);
		ok(!c && err == -EINVAL, "a malformed record gives no view (%s time)",
		   i ? "second" : "first");
	}
	ok(!sa_views_get(v, rec.b, 10, &h, &err) && err == -EINVAL, "shorter than a header");
	ok(!sa_views_get(v, rec.b, SA_REC_MAX + 1, &h, &err) && err == -EINVAL,
	   "longer than any record");
	sa_views_free(v);
	return tap_done();
}
