// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/trace/ring_decode.c: packed ring buffer records, built by hand
 * the way the BPF side lays them out, decoded; and every malformed shape
 * refused. TAP output.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"

#include "trace/ring_decode.h"


/* A record under construction: header, nodes, then appended strings. */
static union {
	struct sa_rec r;
	unsigned char b[SA_REC_MAX];
} rec;
static size_t used;

static void start(int nchain)
{
	memset(&rec, 0, sizeof(rec));
	rec.r.nchain = nchain;
	rec.r.physdev = -1;
	rec.r.devlink = -1;
	for (int i = 0; i < nchain; i++)
		rec.r.node[i].lparent = -1;
	used = sizeof(rec.r) + nchain * sizeof(struct sa_rnode);
}

static unsigned short put(const char *s)
{
	size_t off = used;

	memcpy(rec.b + used, s, strlen(s) + 1);
	used += strlen(s) + 1;
	return off;
}

static int decode(struct sa_event *e)
{
	rec.r.size = used;
	return sa_rec_decode(rec.b, used, e);
}

int main(void)
{
	static struct sa_event e;
	char longname[SA_NAME_LEN + 8];

	/* vda1: partition of vda, on the virtio bus, the shape BPF sends. */
	start(3);
	rec.r.seqnum = 4242;
	rec.r.action = 2;
	rec.r.source = SA_SRC_TRACEPOINT;
	rec.r.flags = SA_F_SEQNUM | SA_F_SENT | SA_F_CLASS | SA_F_PHYSPATH | SA_F_PHYSBUS;
	rec.r.physdev = 2;
	rec.r.str[SA_S_DEVPATH] = put("/devices/pci0000:00/0000:00:04.0/virtio1/block/vda/vda1");
	rec.r.str[SA_S_SUBSYS] = put("block");
	rec.r.str[SA_S_DEVNAME] = put("vda1");
	rec.r.str[SA_S_BUS] = put("virtio");
	rec.r.node[0] = (struct sa_rnode){ .kind = SA_K_CHILD, .lparent = 1 };
	rec.r.node[0].name = put("vda1");
	rec.r.node[0].class = put("block");
	rec.r.node[1] = (struct sa_rnode){ .kind = SA_K_BLOCK, .lparent = 2 };
	rec.r.node[1].name = put("vda");
	rec.r.node[2] = (struct sa_rnode){ .kind = SA_K_MODERN, .lparent = -1, .kdepth = 4 };
	ok(decode(&e) == 0, "a well-formed record decodes");
	ok(e.seqnum == 4242 && e.action == 2 && e.source == SA_SRC_TRACEPOINT, "header fields");
	ok(e.nchain == 3 && e.physdev == 2 && e.devlink == -1, "chain size and indices");
	is(e.devpath, "/devices/pci0000:00/0000:00:04.0/virtio1/block/vda/vda1", "DEVPATH");
	is(e.subsystem, "block", "SUBSYSTEM");
	is(e.devname, "vda1", "DEVNAME");
	is(e.bus, "virtio", "PHYSDEVBUS");
	is(e.driver, "", "an absent string (offset 0) is empty");
	is(e.chain[0].name, "vda1", "node 0 name");
	is(e.chain[0].class, "block", "node 0 class");
	is(e.chain[1].name, "vda", "node 1 name");
	ok(e.chain[2].kind == SA_K_MODERN && e.chain[2].kdepth == 4, "node 2 kind and depth");
	ok(e.chain[3].lparent == -1 && e.chain[3].kind == SA_K_NONE && !e.chain[3].name[0],
	   "nodes past nchain are cleared, whatever the previous record left");
	ok(used < 200, "the record is small (under 200 bytes for a partition)");

	/* Malformed: each refused. */
	start(1);
	rec.r.str[SA_S_DEVPATH] = put("/devices/x");
	rec.r.size = used + 1;
	ok(sa_rec_decode(rec.b, used, &e) != 0, "size field differs from the length");
	ok(sa_rec_decode(rec.b, 10, &e) != 0, "shorter than a header");
	start(SA_MAX_CHAIN + 1);
	used = sizeof(rec.r);
	ok(decode(&e) != 0, "more nodes than SA_MAX_CHAIN");
	start(4);
	used = sizeof(rec.r) + 2 * sizeof(struct sa_rnode);
	ok(decode(&e) != 0, "nodes beyond the record's end");
	start(1);
	rec.r.str[SA_S_SUBSYS] = 4;	/* inside the header */
	ok(decode(&e) != 0, "a string offset inside the header or nodes");
	start(1);
	put("abc");
	rec.r.str[SA_S_DEVNAME] = used + 10;
	ok(decode(&e) != 0, "a string offset past the end");
	start(1);
	rec.r.str[SA_S_DEVNAME] = put("abc");
	used--;	/* cut the terminating NUL */
	ok(decode(&e) != 0, "an unterminated string");
	start(1);
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	rec.r.node[0].name = put(longname);
	ok(decode(&e) != 0, "a string longer than its field");
	start(1);
	memset(longname, 'y', SA_NAME_LEN);
	longname[SA_NAME_LEN] = '\0';
	rec.r.node[0].name = put(longname);
	ok(decode(&e) != 0, "a string that fills its field, no room for the NUL");
	start(2);
	put("pad");
	rec.r.str[SA_S_DEVNAME] = sizeof(rec.r) + 2 * sizeof(struct sa_rnode) - 4;
	ok(decode(&e) != 0, "a string offset inside the last node");
	start(2);
	rec.r.node[0].lparent = 2;
	ok(decode(&e) != 0, "a legacy parent beyond nchain");
	start(2);
	rec.r.node[1].lparent = -2;
	ok(decode(&e) != 0, "a negative legacy parent other than -1");
	start(2);
	rec.r.physdev = 2;
	ok(decode(&e) != 0, "PHYSDEV node beyond nchain");
	start(2);
	rec.r.devlink = 5;
	ok(decode(&e) != 0, "device link node beyond nchain");

	return tap_done();
}
