// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/dep_fallback.c alone: the per-process memory of
 * legacy lookups waiting for their modern name, and of modern names seen,
 * is a ring of exactly SA_DEP_FB_PENDING and SA_DEP_FB_NAMES entries per
 * (tgid, exec generation). No model of /sys: each verdict is made here.
 * TAP output.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"

#include "dep_records.h"
#include "deps/dep_classify.h"
#include "deps/dep_fallback.h"

/* The keys handed to the callback, in order. */
static unsigned char fell_key[64][SA_DEP_FB_KEY];
static size_t fell_len[64];
static int nfell;

static void on_fell(void *ctx, const struct sa_dep_fb_hit *h)
{
	(void)ctx;
	if (nfell < 64) {
		memcpy(fell_key[nfell], h->key, h->keylen);
		fell_len[nfell] = h->keylen;
	}
	nfell++;
}

/* Did the callback hand over the legacy lookup whose key is the int @k? */
static bool fell_for(int k)
{
	for (int i = 0; i < nfell && i < 64; i++)
		if (fell_len[i] == sizeof(k) && !memcmp(fell_key[i], &k, sizeof(k)))
			return true;
	return false;
}

/* Process (@tgid, @gen) misses /sys/devices/d@dev/bus (breaks); its key is @dev. */
static enum sa_dep_conf legacy(struct sa_dep_fb *fb, unsigned int tgid, unsigned long long gen,
			       int dev)
{
	char dir[64];
	struct sa_dep_obs o = { .op = SA_DEP_OP_MISS, .dir = dir, .name = "bus" };
	struct sa_dep_verdict v;

	snprintf(dir, sizeof(dir), "/devices/d%d", dev);
	memset(&v, 0, sizeof(v));
	v.kind = SA_DK_LEGACY_NAME;
	v.conf = SA_DC_BREAKS;
	v.rule = SA_DR_MISS_LEGACY_LINK;
	snprintf(v.path, sizeof(v.path), "/sys/devices/d%d/bus", dev);
	snprintf(v.modern, sizeof(v.modern), "/devices/d%d/subsystem", dev);
	sa_dep_fb_judge(fb, tgid, gen, &o, &v, &dev, sizeof(dev), on_fell, NULL);
	return v.conf;
}

/* Process (@tgid, @gen) reads the link /sys/devices/d@dev/subsystem: the modern name. */
static void modern(struct sa_dep_fb *fb, unsigned int tgid, unsigned long long gen, int dev)
{
	char dir[64];
	struct sa_dep_obs o = { .op = SA_DEP_OP_READLINK, .dir = dir, .name = "subsystem" };
	struct sa_dep_verdict v;

	snprintf(dir, sizeof(dir), "/devices/d%d", dev);
	memset(&v, 0, sizeof(v));
	sa_dep_fb_judge(fb, tgid, gen, &o, &v, NULL, 0, on_fell, NULL);
}

int main(void)
{
	struct sa_dep_fb *fb = sa_dep_fb_new();

	if (!fb)
		return 2;

	/* Two legacy lookups in flight: each waits for its own modern name. */
	ok(legacy(fb, 10, 1, 1) == SA_DC_BREAKS && legacy(fb, 10, 1, 2) == SA_DC_BREAKS,
	   "pending: d1/bus and d2/bus, no modern name yet: both break for now");
	modern(fb, 10, 1, 1);
	ok(nfell == 1 && fell_for(1), "pending: d1/subsystem: d1/bus falls back (%d handed)",
	   nfell);
	modern(fb, 10, 1, 2);
	ok(nfell == 2 && fell_for(2),
	   "pending: d2/subsystem: d2/bus falls back too (the second did not replace the first)");
	modern(fb, 10, 1, 1);
	ok(nfell == 2, "pending: a lookup handed over is forgotten: d1/subsystem again hands none");

	/* The ring holds SA_DEP_FB_PENDING: the 17th lookup replaces the 1st. */
	nfell = 0;
	for (int d = 101; d <= 100 + SA_DEP_FB_PENDING + 1; d++)
		legacy(fb, 11, 1, d);
	modern(fb, 11, 1, 101);
	ok(nfell == 0, "pending: %d lookups waiting: the oldest is forgotten (it stays breaks)",
	   SA_DEP_FB_PENDING + 1);
	modern(fb, 11, 1, 102);
	modern(fb, 11, 1, 100 + SA_DEP_FB_PENDING + 1);
	ok(nfell == 2 && fell_for(102) && fell_for(100 + SA_DEP_FB_PENDING + 1),
	   "pending: the second oldest and the newest are still remembered (%d)", nfell);

	/* Modern names first: a ring of SA_DEP_FB_NAMES. */
	for (int d = 201; d <= 200 + SA_DEP_FB_NAMES + 1; d++)
		modern(fb, 12, 1, d);
	ok(legacy(fb, 12, 1, 202) == SA_DC_FALLS_BACK,
	   "names: d202/subsystem seen before d202/bus: falls back at once");
	ok(legacy(fb, 12, 1, 200 + SA_DEP_FB_NAMES + 1) == SA_DC_FALLS_BACK,
	   "names: so does the newest of %d names", SA_DEP_FB_NAMES + 1);
	ok(legacy(fb, 12, 1, 201) == SA_DC_BREAKS,
	   "names: the oldest of %d names is forgotten: d201/bus breaks", SA_DEP_FB_NAMES + 1);

	/* Per process and exec: another generation's modern name explains nothing. */
	nfell = 0;
	legacy(fb, 13, 1, 301);
	modern(fb, 13, 2, 301);
	ok(nfell == 0, "another exec of the same pid: its modern lookup is not this one's");
	ok(legacy(fb, 13, 2, 301) == SA_DC_FALLS_BACK,
	   "the same exec (tgid 13, generation 2): falls back at once");

	/* A kernel key of exactly SA_DEP_FB_KEY bytes is kept; a longer one is not. */
	{
		unsigned char key[SA_DEP_FB_KEY + 1];
		struct sa_dep_obs o = { .op = SA_DEP_OP_MISS, .dir = "/devices/k", .name = "bus" };
		struct sa_dep_verdict v;

		memset(key, 0x5a, sizeof(key));
		memset(&v, 0, sizeof(v));
		v.kind = SA_DK_LEGACY_NAME;
		v.conf = SA_DC_BREAKS;
		snprintf(v.modern, sizeof(v.modern), "/devices/k/subsystem");
		nfell = 0;
		sa_dep_fb_judge(fb, 14, 1, &o, &v, key, SA_DEP_FB_KEY, on_fell, NULL);
		sa_dep_fb_judge(fb, 15, 1, &o, &v, key, SA_DEP_FB_KEY + 1, on_fell, NULL);
		o = (struct sa_dep_obs){ .op = SA_DEP_OP_READLINK, .dir = "/devices/k",
					 .name = "subsystem" };
		sa_dep_fb_judge(fb, 14, 1, &o, &v, NULL, 0, on_fell, NULL);
		ok(nfell == 1 && fell_len[0] == SA_DEP_FB_KEY,
		   "a key of %d bytes waits and is handed back whole", SA_DEP_FB_KEY);
		sa_dep_fb_judge(fb, 15, 1, &o, &v, NULL, 0, on_fell, NULL);
		ok(nfell == 1, "a key of %d bytes cannot be kept: it stays breaks",
		   SA_DEP_FB_KEY + 1);
	}
	sa_dep_fb_free(fb);
	return tap_done();
}
