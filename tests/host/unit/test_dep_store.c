// SPDX-License-Identifier: GPL-2.0
/*
 * Issue 50: the dependents' store keeps at most SA_DEP_STORE_OBS kernel
 * keys (deps/dep_store.h), the ones whose counts are read back; a key past
 * the bound is not remembered (the map's copy is all there is), while its
 * observation still counts on its line. TAP.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"

#include "deps/dep_store.h"

static unsigned long long kept_count;

/* The kernel still has every key, each seen twice. */
static int read_twice(void *ctx, const void *key, size_t keylen, unsigned long long *count,
		      unsigned long long *last_ns)
{
	(void)ctx;
	(void)key;
	(void)keylen;
	kept_count++;
	*count = 2;
	*last_ns = 1;
	return 0;
}

/* An old udevd (pid @pid) looking up a legacy name: the sighting both tests add. */
static void udevd_sighting(struct sa_ident *id, struct sa_dep_verdict *v, int pid)
{
	memset(id, 0, sizeof(*id));
	snprintf(id->exe, sizeof(id->exe), "/sbin/udevd-2006");
	id->pid = id->tgid = pid;
	id->source = "exec";
	memset(v, 0, sizeof(*v));
	v->kind = SA_DK_LEGACY_NAME;
	v->conf = SA_DC_SUSPECT;
	snprintf(v->path, sizeof(v->path), "/sys/class/block/sda/device");
}

static void test_obs_bound(void)
{
	struct sa_dep_store_opts o = {};
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_ident id;
	struct sa_dep_verdict v;
	const struct sa_dependent *d = NULL;
	size_t it = 0;
	unsigned int key;
	int err = 0;

	if (!s) {
		ok(0, "a store");
		return;
	}
	udevd_sighting(&id, &v, 120);
	for (key = 0; !err && key <= SA_DEP_STORE_OBS; key++)
		sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "miss",
				 .key = &key, .keylen = sizeof(key) }, &err);
	ok(!err && sa_dep_store_count(s) == 1, "%u observations of one program: one line (%d)",
	   SA_DEP_STORE_OBS + 1, err);
	key = SA_DEP_STORE_OBS - 1;
	ok(sa_dep_store_has_key(s, &key, sizeof(key)), "the %uth key (the bound) is kept",
	   SA_DEP_STORE_OBS);
	key = SA_DEP_STORE_OBS;
	ok(!sa_dep_store_has_key(s, &key, sizeof(key)), "the %uth key is not",
	   SA_DEP_STORE_OBS + 1);
	key = 0;
	ok(sa_dep_store_has_key(s, &key, sizeof(key)), "nor is the first one pushed out");
	sa_dep_store_refresh(s, read_twice, NULL, 0, 0);
	ok(kept_count == SA_DEP_STORE_OBS, "the counts of %llu keys are read back, the bound",
	   kept_count);
	sa_dep_store_sort(s);
	d = sa_dep_store_next(s, &it);
	ok(d && d->count == 2ULL * SA_DEP_STORE_OBS + 1,
	   "the line counts every observation, the kept keys' as the kernel says: %llu",
	   d ? (unsigned long long)d->count : 0ULL);
	sa_dep_store_free(s);
}

/* Issue 50: one line per program, kind and phase: a boot's two phases, two lines. */
static void test_phase_line(void)
{
	struct sa_dep_store_opts o = {};
	struct sa_dep_store *s = sa_dep_store_new(&o);
	struct sa_ident id;
	struct sa_dep_verdict v;
	int err = 0;

	if (!s) {
		ok(0, "a store");
		return;
	}
	udevd_sighting(&id, &v, 121);
	for (int phase = 1; phase <= 2; phase++)
		sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "miss",
				 .phase = phase }, &err);
	sa_dep_store_add(s, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = "miss", .phase = 1 },
			 &err);
	ok(!err && sa_dep_store_count(s) == 2,
	   "one program and kind in two phases: two lines, the same phase again none (%zu)",
	   sa_dep_store_count(s));
	sa_dep_store_free(s);
}

int main(void)
{
	test_obs_bound();
	test_phase_line();
	return tap_done();
}
