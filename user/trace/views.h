/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The decoded legacy views of the devices a trace sees, kept while their
 * records repeat: in a storm every device sends the same record (but for
 * the event's own header fields) again and again, and decoding and joining
 * its strings cost more than the rest of the loader's work per event.
 */
#ifndef SYSFS_AUDIT_VIEWS_H
#define SYSFS_AUDIT_VIEWS_H

#include <stddef.h>

#include "model/legacy.h"
#include "sysfs_audit.h"

/* One device's view: what sa_rec_decode() and sa_event_legacy() made of it. */
struct sa_view {
	unsigned long long id;	/* unique among the views of a trace, never 0 */
	int err;		/* sa_event_legacy()'s result (-EINVAL: malformed) */
	unsigned int trunc;	/* SA_T_* */
	char *subsystem, *devpath, *devname;
	bool plain;		/* all of them printable ASCII, and l's paths too */
	struct sa_legacy l;
};

struct sa_views;

struct sa_views *sa_views_new(void);
void sa_views_free(struct sa_views *v);

/*
 * The view of the @len-byte record at @rec, decoded on its first sight and
 * then found by the record's bytes (the event's own fields left out: the
 * header's seqnum, time, result, action, source and event flags, which the
 * caller reads from @hdr; and a cached record's struct sa_ref). A reference
 * (SA_F_REF) is found by the build it names. Returns NULL with *@err =
 * -EINVAL for a record that does not decode, -ENOENT for a reference to a
 * build not seen (or no longer kept: read it from the program's cache and
 * pass it here), -ENOMEM when out of memory.
 */
const struct sa_view *sa_views_get(struct sa_views *v, const void *rec, size_t len,
				   struct sa_rec *hdr, int *err);

#endif
