// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/dep_stale.c: a lookup of a name a rename took
 * away, judged on the model before the rename (breaks) and after it
 * (nothing), and what sa_dep_rejudge() keeps of the two. TAP output.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_sysfs.h"
#include "tap.h"

#include "dep_records.h"
#include "deps/dep_classify.h"
#include "deps/dep_stale.h"

#define NET "/devices/virtual/net"

/* The miss of /sys/class/net/@name, as the kernel reports it, on @c. */
static void miss_class_net(const struct sa_classifier *c, const char *name,
			   struct sa_dep_verdict *v)
{
	char req[256];
	struct sa_dep_obs o = { .op = SA_DEP_OP_MISS, .dir = "/class/net", .name = name,
				.req = req };

	snprintf(req, sizeof(req), "/sys/class/net/%s", name);
	sa_dep_classify(c, &o, v);
}

static const char *verdict(const struct sa_dep_verdict *v)
{
	return v->kind == SA_DK_NONE ? "none" : sa_dep_conf_name(v->conf);
}

int main(void)
{
	struct sa_classifier before, after;
	struct sa_dep_verdict old, fresh, v;
	char from[1024], to[1024];
	int err;

	if (fake_sysfs_new())
		return 2;
	mkdir_p("/class/net");
	dev(NET "/eth0", "class", "net", NULL, "INTERFACE=eth0\n");
	err = sa_classifier_load(&before, root);
	ok(!err, "the model before the rename loads (%d)", err);
	if (err)
		return tap_done();

	/* ip link set eth0 name ens3 */
	xsnprintf(from, "%s" NET "/eth0", root);
	xsnprintf(to, "%s" NET "/ens3", root);
	ok(!rename(from, to), "eth0 renamed to ens3 in the fake tree");
	put(NET "/ens3/uevent", "INTERFACE=ens3\n");
	err = sa_classifier_load(&after, root);
	ok(!err, "the model after the rename loads (%d)", err);
	if (err)
		return tap_done();

	miss_class_net(&before, "eth0", &old);
	ok(old.conf == SA_DC_BREAKS && old.rule == SA_DR_MISS_LEGACY_PATH,
	   "the old model: a miss of /sys/class/net/eth0 breaks by %s (got %s, %s)",
	   sa_dep_rule_name(SA_DR_MISS_LEGACY_PATH), verdict(&old), sa_dep_rule_name(old.rule));
	miss_class_net(&after, "eth0", &fresh);
	ok(fresh.kind == SA_DK_NONE, "the fresh model: the same miss is nothing (got %s)",
	   verdict(&fresh));

	v = old;
	sa_dep_rejudge(&v, &fresh, true);
	ok(v.kind == SA_DK_NONE,
	   "the rename came before the lookup: the fresh verdict stands, nothing (got %s)",
	   verdict(&v));

	v = old;
	sa_dep_rejudge(&v, &fresh, false);
	ok(v.kind == old.kind && v.conf == SA_DC_SUSPECT && strstr(v.why, "around this lookup") &&
	   !strcmp(v.path, old.path),
	   "a change after the lookup, or when unknown: a suspect that says why (got %s: %s)",
	   verdict(&v), v.why);

	/* A legacy-path miss on a steady tree breaks on either model. */
	miss_class_net(&before, "eth0", &v);
	miss_class_net(&after, "ens3", &fresh);
	sa_dep_rejudge(&v, &fresh, true);
	ok(v.conf == SA_DC_BREAKS && strstr(v.path, "ens3"),
	   "breaks on the fresh model stands (got %s, %s)", verdict(&v), v.path);
	miss_class_net(&before, "eth0", &v);
	sa_dep_rejudge(&v, &fresh, false);
	ok(v.conf == SA_DC_BREAKS, "and stands when the order is unknown (got %s)", verdict(&v));

	/*
	 * Issue 50: any verdict of the fresh model stands, not only breaks: a
	 * fresh falls back or suspect replaces the old breaks, whatever the order.
	 */
	for (int conf = SA_DC_SUSPECT; conf <= SA_DC_FALLS_BACK; conf++) {
		struct sa_dep_verdict f;

		memset(&f, 0, sizeof(f));
		f.kind = SA_DK_LEGACY_NAME;
		f.conf = conf;
		f.rule = conf == SA_DC_SUSPECT ? SA_DR_MISS_LOOKS_LEGACY : SA_DR_FALLS_BACK;
		snprintf(f.path, sizeof(f.path), "/sys" NET "/ens3/bus");
		snprintf(f.why, sizeof(f.why), "the fresh model's own why");
		miss_class_net(&before, "eth0", &v);
		sa_dep_rejudge(&v, &f, false);
		ok(v.conf == (enum sa_dep_conf)conf && v.rule == f.rule && !strcmp(v.why, f.why) &&
		   !strcmp(v.path, f.path),
		   "a fresh %s stands over the old breaks, order unknown (got %s, %s)",
		   sa_dep_conf_name(conf), verdict(&v), v.why);
	}

	sa_classifier_free(&before);
	sa_classifier_free(&after);
	fake_sysfs_remove();
	return tap_done();
}
