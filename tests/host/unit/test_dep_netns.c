// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for lookups in another network namespace's sysfs
 * (dep_classify.c, obs.other_net): /sys/class/net and <dev>/net show the
 * net devices of the namespace that mounted sysfs, so the model's net
 * devices (the recorder's) are not the ones such a lookup saw. Each case
 * is judged twice, in the model's view and in another, and fails when the
 * other view is judged like the model's. TAP output.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "fake_sysfs.h"
#include "tap.h"

#include "dep_records.h"
#include "deps/dep_classify.h"

#define VNET "/devices/pci0000:00/0000:00:03.0/virtio0"
#define VBLK "/devices/pci0000:00/0000:00:04.0/virtio1"
#define OTHER 4026532281u

static struct sa_classifier cls;

static void judge(unsigned int op, const char *dir, const char *name, const char *req,
		  unsigned int other, struct sa_dep_verdict *v)
{
	struct sa_dep_obs o = { .op = op, .dir = dir, .name = name, .req = req,
				.other_net = other };

	sa_dep_classify(&cls, &o, v);
}

static const char *verdict(const struct sa_dep_verdict *v)
{
	return v->kind == SA_DK_NONE ? "none" : sa_dep_conf_name(v->conf);
}

/* @v is @conf by @rule; @other: and says "other netns" */
static void expect(const struct sa_dep_verdict *v, enum sa_dep_conf conf, enum sa_dep_rule rule,
		   bool other, const char *what)
{
	bool said = strstr(v->why, "other netns");
	bool good = v->kind != SA_DK_NONE && v->conf == conf && v->rule == rule && said == other;

	ok(good, "%s: %s (%s)%s", what, sa_dep_conf_name(conf), sa_dep_rule_name(rule),
	   other ? ", other netns said" : "");
	if (!good)
		printf("#   got: %s %s why=%s\n", verdict(v), sa_dep_rule_name(v->rule), v->why);
}

static void expect_none(const struct sa_dep_verdict *v, const char *what)
{
	ok(v->kind == SA_DK_NONE, "%s: nothing (got %s %s)", what, verdict(v),
	   sa_dep_rule_name(v->rule));
}

static void test_miss(void)
{
	struct sa_dep_verdict v;

	/* The host's eth0, looked up from a container whose /sys lacks it. */
	judge(SA_DEP_OP_MISS, "/class/net", "eth0", "/sys/class/net/eth0", 0, &v);
	expect(&v, SA_DC_BREAKS, SA_DR_MISS_LEGACY_PATH, false,
	       "the model's view, /sys/class/net/eth0 missing (a stale model)");
	judge(SA_DEP_OP_MISS, "/class/net", "eth0", "/sys/class/net/eth0", OTHER, &v);
	expect_none(&v, "another netns's /sys lacking the model's eth0");
	judge(SA_DEP_OP_MISS, "/devices/virtual/net", "dummy0", "/sys/devices/virtual/net/dummy0",
	      OTHER, &v);
	expect_none(&v, "another netns's /sys lacking the model's dummy0, by devpath");

	/* <parent>/net:eth0: the parent is in every view, eth0 in the model's only. */
	judge(SA_DEP_OP_MISS, VNET, "net:eth0", NULL, 0, &v);
	expect(&v, SA_DC_BREAKS, SA_DR_MISS_LEGACY_LINK, false, "<parent>/net:eth0, the model's view");
	judge(SA_DEP_OP_MISS, VNET, "net:eth0", NULL, OTHER, &v);
	expect(&v, SA_DC_SUSPECT, SA_DR_MISS_LOOKS_LEGACY, true,
	       "<parent>/net:eth0 from another netns (eth0 is not its)");

	/* Its own device, unknown to the model. */
	judge(SA_DEP_OP_MISS, "/devices/virtual/net/cdum0", "bus", "/sys/class/net/cdum0/bus",
	      OTHER, &v);
	expect(&v, SA_DC_SUSPECT, SA_DR_MISS_LOOKS_LEGACY, true, "its own cdum0/bus");
	/* Only net devices differ between the views. */
	judge(SA_DEP_OP_MISS, VBLK, "block:vda", NULL, OTHER, &v);
	expect(&v, SA_DC_BREAKS, SA_DR_MISS_LEGACY_LINK, false,
	       "<parent>/block:vda from another netns: still breaks");
	judge(SA_DEP_OP_MISS, VNET, "bus", NULL, OTHER, &v);
	expect(&v, SA_DC_BREAKS, SA_DR_MISS_LEGACY_LINK, false,
	       "the NIC's own <dev>/bus from another netns: still breaks");
}

static void test_links(void)
{
	struct sa_dep_verdict v;

	judge(SA_DEP_OP_LSTAT_LINK, "/class/net", "cdum0", NULL, 0, &v);
	expect_none(&v, "lstat of a /sys/class/net entry unknown to the model, its view");
	judge(SA_DEP_OP_LSTAT_LINK, "/class/net", "cdum0", NULL, OTHER, &v);
	expect(&v, SA_DC_SUSPECT, SA_DR_LSTAT_LEGACY_DIR, true,
	       "lstat of its own /sys/class/net/cdum0");
	judge(SA_DEP_OP_LSTAT_LINK, "/class/net", "eth0", NULL, OTHER, &v);
	ok(v.conf == SA_DC_SUSPECT && !strstr(v.replacement, VNET),
	   "lstat of its /sys/class/net/eth0: not named by the model's eth0 (got %s)",
	   v.replacement);
	judge(SA_DEP_OP_LSTAT_LINK, "/block", "vda", NULL, OTHER, &v);
	expect(&v, SA_DC_SUSPECT, SA_DR_LSTAT_LEGACY_DIR, false,
	       "lstat of /sys/block/vda from another netns: by the model");
	judge(SA_DEP_OP_READLINK, VNET "/net/eth0", "device", NULL, 0, &v);
	ok(v.conf == SA_DC_SUSPECT && strstr(v.artifact, "/sys/class/net/eth0/device -> "),
	   "readlink of eth0/device in the model's view: its legacy link (got %s)", v.artifact);
	judge(SA_DEP_OP_READLINK, VNET "/net/eth0", "device", NULL, OTHER, &v);
	ok(v.conf == SA_DC_SUSPECT && v.rule == SA_DR_READLINK_DEVICE && !strstr(v.artifact, "->") &&
	   strstr(v.why, "other netns"),
	   "readlink of its eth0/device: suspect, no artifact of the model's eth0 (got %s)",
	   v.artifact);
}

static void test_helpers(void)
{
	static const struct {
		const char *dir;
		bool net;
	} dirs[] = {
		{ "/class/net", true },
		{ "/devices/virtual/net", true },
		{ VNET "/net", true },
		{ VNET "/net/eth0/queues/rx-0", true },
		{ "/class/block", false },
		{ "/class/netx", false },
		{ VNET, false },
		{ "/devices/platform/network", false },
		{ "", false },
	};

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		ok(sa_dep_net_dir(dirs[i].dir) == dirs[i].net, "net dir '%s': %s", dirs[i].dir,
		   dirs[i].net ? "yes" : "no");
	ok(!sa_dep_other_view(makedev(0, 21), 21), "the same superblock (0:21) is the model's view");
	ok(sa_dep_other_view(makedev(0, 21), 300), "another superblock is another view");
	ok(sa_dep_other_view(makedev(0, 21), (1u << 20) | 21), "the major counts");
	ok(!sa_dep_other_view(0, 300) && !sa_dep_other_view(makedev(0, 21), 0),
	   "unknown on either side: the model's view");
}

int main(void)
{
	int err;

	if (fake_sysfs_new())
		return 2;
	fake_sysfs_devices();
	/* A NIC: virtio-net with its netdev eth0 below a glue "net" directory. */
	dev("/devices/pci0000:00/0000:00:03.0", "bus", "pci", "virtio-pci", NULL);
	dev(VNET, "bus", "virtio", "virtio_net", NULL);
	dev(VNET "/net/eth0", "class", "net", NULL, "INTERFACE=eth0\n");
	err = sa_classifier_load(&cls, root);
	ok(!err, "the model loads (%d)", err);
	if (!err) {
		test_miss();
		test_links();
		sa_classifier_free(&cls);
	}
	test_helpers();
	fake_sysfs_remove();
	return tap_done();
}
