// SPDX-License-Identifier: GPL-2.0
/*
 * The ring buffer carries packed records (bpf/sysfs_audit.h): a header,
 * nchain nodes and the strings they name by offset; a cached record then
 * its struct sa_ref. Nothing in a record is trusted: every offset must
 * point past the nodes and at a string that ends before the sa_ref.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "trace/ring_decode.h"

_Static_assert(offsetof(struct sa_rec, node) == sizeof(struct sa_rec),
	       "nodes must follow the header without padding");

/* Copy the string at offset @off (0: absent) into @dst of @size bytes. */
static int get_str(const unsigned char *rec, size_t len, size_t first, unsigned int off,
		   char *dst, size_t size)
{
	const unsigned char *nul;
	size_t n;

	dst[0] = '\0';
	if (!off)
		return 0;
	if (off < first || off >= len)
		return -EINVAL;
	nul = memchr(rec + off, '\0', len - off);
	if (!nul)
		return -EINVAL;
	n = nul - (rec + off);
	if (n >= size)
		return -EINVAL;	/* longer than the BPF side can send */
	memcpy(dst, rec + off, n + 1);
	return 0;
}

int sa_rec_decode(const void *data, size_t len, struct sa_event *e)
{
	const unsigned char *p = data;
	struct sa_rec h;
	size_t first;
	int err = 0;

	if (len < sizeof(h))
		return -EINVAL;
	memcpy(&h, p, sizeof(h));
	if (h.size != len || h.nchain > SA_MAX_CHAIN || (h.flags & SA_F_REF))
		return -EINVAL;
	/* A cached record's struct sa_ref ends it: no string reaches into it. */
	if (h.flags & SA_F_CACHED) {
		if (len < sizeof(h) + sizeof(struct sa_ref))
			return -EINVAL;
		len -= sizeof(struct sa_ref);
	}
	first = sizeof(h) + h.nchain * sizeof(struct sa_rnode);
	if (first > len)
		return -EINVAL;
	if (h.nchain && (h.physdev >= h.nchain || h.devlink >= h.nchain))
		return -EINVAL;

	memset(e, 0, offsetof(struct sa_event, devpath));
	e->seqnum = h.seqnum;
	e->ts_ns = h.ts_ns;
	e->ret = h.ret;
	e->flags = h.flags;
	e->trunc = h.trunc;
	e->action = h.action;
	e->source = h.source;
	e->physdev = h.physdev;
	e->devlink = h.devlink;
	e->nchain = h.nchain;
	e->links = h.links;

	err |= get_str(p, len, first, h.str[SA_S_DEVPATH], e->devpath, sizeof(e->devpath));
	err |= get_str(p, len, first, h.str[SA_S_SUBSYS], e->subsystem, sizeof(e->subsystem));
	err |= get_str(p, len, first, h.str[SA_S_DEVNAME], e->devname, sizeof(e->devname));
	err |= get_str(p, len, first, h.str[SA_S_BUS], e->bus, sizeof(e->bus));
	err |= get_str(p, len, first, h.str[SA_S_DRIVER], e->driver, sizeof(e->driver));
	err |= get_str(p, len, first, h.str[SA_S_OWNBUS], e->ownbus, sizeof(e->ownbus));
	for (int i = 0; i < SA_MAX_CHAIN; i++) {
		struct sa_node *nd = &e->chain[i];
		struct sa_rnode rn;

		if (i >= h.nchain) {
			memset(nd, 0, sizeof(*nd));
			nd->lparent = -1;
			continue;
		}
		memcpy(&rn, p + sizeof(h) + i * sizeof(rn), sizeof(rn));
		if (rn.lparent >= h.nchain || rn.lparent < -1)
			return -EINVAL;
		nd->kdepth = rn.kdepth;
		nd->lparent = rn.lparent;
		nd->kind = rn.kind;
		nd->flags = rn.flags;
		memset(nd->pad, 0, sizeof(nd->pad));
		err |= get_str(p, len, first, rn.name, nd->name, sizeof(nd->name));
		err |= get_str(p, len, first, rn.class, nd->class, sizeof(nd->class));
	}
	return err ? -EINVAL : 0;
}
