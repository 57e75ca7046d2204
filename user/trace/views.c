// SPDX-License-Identifier: GPL-2.0
/*
 * A table of decoded views, indexed by a hash of the record's device part
 * and confirmed by comparing all of its bytes: a record is trusted no more
 * than before, only not decoded twice. A cached record's view is also
 * found by its build (struct sa_ref), which is all a reference carries.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "output/escape.h"
#include "trace/event.h"
#include "trace/ring_decode.h"
#include "trace/views.h"

/*
 * A power of two. A record is looked for in WAYS consecutive slots: with
 * one slot per hash, devices whose hashes collided evicted each other at
 * every turn of a round-robin storm (~20 % of 211 devices, ~half of 724).
 */
#define NSLOTS 4096
#define WAYS 8

struct slot {
	unsigned char *key;	/* the record, its event fields zeroed */
	size_t len;
	struct sa_view view;
};

/*
 * The last builds of each cached device, by its key (the kobject): a
 * power of two, looked for in REF_WAYS consecutive entries. A build not
 * found is read from the program's cache by the caller.
 */
#define NREFS 2048
#define REF_WAYS 8

/*
 * A device's last two builds: a reference read from the cache just before
 * another CPU rebuilt the entry may reach the ring after the new build's
 * record.
 */
struct ref_entry {
	unsigned long long key;		/* 0: empty */
	struct {
		unsigned long long stamp;
		unsigned int view;	/* the slot's view id when indexed (low bits) */
		unsigned int slot;
	} b[2];
};

struct sa_views {
	struct slot slot[NSLOTS];
	struct ref_entry refs[NREFS];
	/* The key being looked up: a record, aligned as one. */
	unsigned char buf[SA_REC_MAX] __attribute__((aligned(8)));
	struct sa_event e;		/* a record being decoded */
	unsigned int victim;		/* which way a full window gives up next */
};

/* View ids are unique in the process: the writers key what they keep by them. */
static unsigned long long next_id;

struct sa_views *sa_views_new(void)
{
	return calloc(1, sizeof(struct sa_views));
}

static void slot_clear(struct slot *s)
{
	free(s->key);
	free(s->view.subsystem);
	free(s->view.devpath);
	free(s->view.devname);
	sa_legacy_free(&s->view.l);
	memset(s, 0, sizeof(*s));
}

void sa_views_free(struct sa_views *v)
{
	if (!v)
		return;
	for (int i = 0; i < NSLOTS; i++)
		slot_clear(&v->slot[i]);
	free(v);
}

/* FNV-1a-like over 8-byte words (the table only needs a spread). */
static uint64_t hash(const unsigned char *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL, w;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0x100000001b3ULL;
	}
	while (len--)
		h = (h ^ *p++) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

/* Decode @len bytes of v->buf's record into @s; 0, -EINVAL or -ENOMEM. */
static int fill(struct sa_views *v, struct slot *s, const void *rec, size_t len)
{
	struct sa_view *w = &s->view;
	int err;

	if (sa_rec_decode(rec, len, &v->e))
		return -EINVAL;
	s->key = malloc(len);
	w->subsystem = strdup(v->e.subsystem);
	w->devpath = strdup(v->e.devpath);
	w->devname = strdup(v->e.devname);
	if (!s->key || !w->subsystem || !w->devpath || !w->devname)
		return -ENOMEM;
	memcpy(s->key, v->buf, len);
	s->len = len;
	w->id = ++next_id;
	w->trunc = v->e.trunc;
	err = sa_event_legacy(&v->e, &w->l);
	if (err == -ENOMEM)
		return err;
	w->err = err;
	w->plain = sa_esc_plain(w->subsystem) && sa_esc_plain(w->devpath) &&
		   sa_esc_plain(w->devname) && sa_esc_plain(w->l.devpath);
	for (int k = 0; k < SA_KEY_N; k++)
		w->plain = w->plain && sa_esc_plain(w->l.key[k]);
	return 0;
}

static unsigned int ref_hash(unsigned long long key)
{
	return ((key >> 4) * 0x9e3779b97f4a7c15ULL) >> 40;
}

/* The device's entry, or where it goes (a free one, else the next victim). */
static struct ref_entry *ref_entry(struct sa_views *v, unsigned long long key, bool add)
{
	unsigned int h = ref_hash(key);
	struct ref_entry *free = NULL, *e;

	for (unsigned int i = 0; i < REF_WAYS; i++) {
		e = &v->refs[(h + i) & (NREFS - 1)];
		if (e->key == key)
			return e;
		if (!e->key && !free)
			free = e;
	}
	if (!add)
		return NULL;
	e = free ? free : &v->refs[(h + v->victim++ % REF_WAYS) & (NREFS - 1)];
	memset(e, 0, sizeof(*e));
	e->key = key;
	return e;
}

static void index_ref(struct sa_views *v, const struct sa_ref *r, const struct slot *s)
{
	struct ref_entry *e = ref_entry(v, r->key, true);

	if (e->b[0].stamp != r->stamp)
		e->b[1] = e->b[0];
	e->b[0].stamp = r->stamp;
	e->b[0].slot = s - v->slot;
	e->b[0].view = s->view.id;
}

/* The view of the build @r names, if it is one of the device's last two, still kept. */
static const struct sa_view *by_ref(struct sa_views *v, const struct sa_ref *r)
{
	const struct ref_entry *e = ref_entry(v, r->key, false);

	for (int i = 0; e && i < 2; i++) {
		const struct slot *s = &v->slot[e->b[i].slot];

		if (e->b[i].view && e->b[i].stamp == r->stamp)
			return s->key && (unsigned int)s->view.id == e->b[i].view ? &s->view : NULL;
	}
	return NULL;
}

const struct sa_view *sa_views_get(struct sa_views *v, const void *rec, size_t len,
				   struct sa_rec *hdr, int *err)
{
	struct sa_rec *k = (struct sa_rec *)v->buf;
	struct sa_ref ref = {};
	struct slot *s;
	uint64_t h0;

	*err = -EINVAL;
	if (len < sizeof(*hdr) || len > sizeof(v->buf))
		return NULL;
	memcpy(hdr, rec, sizeof(*hdr));
	if (hdr->flags & SA_F_REF) {
		const struct sa_view *w;

		if (len != sizeof(*hdr) + sizeof(ref) || hdr->size != len)
			return NULL;
		memcpy(&ref, (const unsigned char *)rec + sizeof(*hdr), sizeof(ref));
		w = by_ref(v, &ref);
		*err = w ? 0 : -ENOENT;
		return w;
	}
	memcpy(v->buf, rec, len);
	/* The build's stamp is no part of the device: rebuilt, it is the same view. */
	if (hdr->flags & SA_F_CACHED) {
		if (len < sizeof(*hdr) + sizeof(ref))
			return NULL;
		memcpy(&ref, v->buf + len - sizeof(ref), sizeof(ref));
		memset(v->buf + len - sizeof(ref), 0, sizeof(ref));
	}
	k->seqnum = 0;
	k->ts_ns = 0;
	k->ret = 0;
	k->flags &= ~(SA_F_SEQNUM | SA_F_SENT);
	k->action = 0;
	k->source = 0;
	h0 = hash(v->buf, len);
	s = NULL;
	for (unsigned int i = 0; i < WAYS; i++) {
		struct slot *t = &v->slot[(h0 + i) & (NSLOTS - 1)];

		if (t->key && t->len == len && !memcmp(t->key, v->buf, len)) {
			*err = 0;
			if (ref.key)
				index_ref(v, &ref, t);
			return &t->view;
		}
		if (!t->key && !s)
			s = t;
	}
	if (!s)
		s = &v->slot[(h0 + v->victim++ % WAYS) & (NSLOTS - 1)];
	slot_clear(s);
	*err = fill(v, s, rec, len);
	if (*err) {
		slot_clear(s);
		return NULL;
	}
	if (ref.key)
		index_ref(v, &ref, s);
	return &s->view;
}
