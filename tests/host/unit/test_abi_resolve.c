// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for walking a tree along a What: pattern (audit/abi_resolve.c):
 * a small /sys in a temporary directory, with the class links, the bus
 * links and a link back up that real sysfs has.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"

#include "audit/abi_pattern.h"
#include "audit/abi_resolve.h"

static char root[PATH_MAX];

static void mk(const char *rel, const char *link)
{
	char p[PATH_MAX * 2], cmd[PATH_MAX * 3];

	snprintf(p, sizeof(p), "%s%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", p);
	if (system(cmd))
		abort();
	if (link) {
		if (symlink(link, p))
			abort();
	} else if (rel[strlen(rel) - 1] == '/') {
		mkdir(p, 0755);
	} else {
		FILE *f = fopen(p, "w");

		if (!f)
			abort();
		fclose(f);
	}
}

struct got {
	char s[4096];
	unsigned long long ino[64];
	int n;
};

static int collect(const struct sa_abi_hit *h, void *ctx)
{
	struct got *g = ctx;
	size_t l = strlen(g->s);

	snprintf(g->s + l, sizeof(g->s) - l, "%s%s%s", l ? " " : "", h->path, h->dir ? "/" : "");
	if (g->n < 64)
		g->ino[g->n++] = h->ino;
	return 0;
}

/* The hits of @pat in the tree, sorted, space-separated; the count in *@rc. */
static const char *res(const char *pat, int *rc)
{
	static struct got g;
	char why[160], *w[64], *save = NULL, out[4096] = "";
	struct sa_abi_pattern *p = sa_abi_pattern_new(pat, why, sizeof(why));
	int n = 0;

	memset(&g, 0, sizeof(g));
	if (!p) {
		*rc = -EINVAL;
		return "(no pattern)";
	}
	*rc = sa_abi_resolve(p, root, collect, &g);
	sa_abi_pattern_free(p);
	for (char *t = strtok_r(g.s, " ", &save); t && n < 64; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	for (int i = 0; i < n; i++)
		for (int k = i + 1; k < n; k++)
			if (strcmp(w[k], w[i]) < 0) {
				char *x = w[i];

				w[i] = w[k];
				w[k] = x;
			}
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%s", i ? " " : "", w[i]);
	strcpy(g.s, out);
	return g.s;
}

static int stop(const struct sa_abi_hit *h, void *ctx)
{
	(void)h;
	(void)ctx;
	return -EINTR;
}

int main(void)
{
	char why[160];
	struct sa_abi_pattern *p;
	struct stat st;
	char path[PATH_MAX * 2];
	int rc;

	snprintf(root, sizeof(root), "%s/sa-abi-resolve-XXXXXX", getenv("TMPDIR") ?: "/tmp");
	if (!mkdtemp(root))
		return 1;
	mk("/sys/devices/virtual/ieee80211/phy0/rfkill0/state", NULL);
	mk("/sys/devices/virtual/ieee80211/phy0/rfkill0/soft", NULL);
	mk("/sys/devices/virtual/ieee80211/phy0/rfkill0/subsystem", "../../../../../class/rfkill");
	mk("/sys/devices/virtual/ieee80211/phy1/rfkill12/state", NULL);
	mk("/sys/class/rfkill/rfkill0", "../../devices/virtual/ieee80211/phy0/rfkill0");
	mk("/sys/class/rfkill/rfkill12", "../../devices/virtual/ieee80211/phy1/rfkill12");
	mk("/sys/class/rfkill/rfkillx", "../../devices/virtual/ieee80211/phy1/rfkill12");
	mk("/sys/devices/platform/iio/iio:device0/scan_elements/in_accel_x_en", NULL);
	mk("/sys/devices/platform/iio/iio:device0/buffer/length", NULL);
	mk("/sys/bus/iio/devices/iio:device0", "../../../devices/platform/iio/iio:device0");
	mk("/sys/devices/platform/gpio-sim.0/gpiochip0/gpio5/value", NULL);
	mk("/sys/devices/platform/gpio-sim.0/gpiochip0/gpio5/deep/x", NULL);
	mk("/sys/class/gpio/export", NULL);
	mk("/sys/class/gpio/gpio5", "../../devices/platform/gpio-sim.0/gpiochip0/gpio5");
	mk("/sys/devices/pci0/usb1/1-1/power/level", NULL);
	mk("/sys/devices/pci0/usb1/power/level", NULL);
	mk("/sys/bus/usb/devices/usb1", "../../../devices/pci0/usb1");
	mk("/sys/bus/usb/devices/1-1", "../../../devices/pci0/usb1/1-1");
	mk("/sys/firmware/acpi/hotplug/force_remove", NULL);

	is(res("/sys/firmware/acpi/hotplug/force_remove", &rc), "/sys/firmware/acpi/hotplug/force_remove",
	   "a literal path that exists: itself");
	ok(rc == 1, "  counted once (%d)", rc);
	is(res("/sys/kernel/fadump_enabled", &rc), "", "a literal path that does not: nothing");
	ok(rc == 0, "  no hit, no error (%d)", rc);
	is(res("/sys/class/rfkill/rfkill[0-9]+/state", &rc),
	   "/sys/class/rfkill/rfkill0/state /sys/class/rfkill/rfkill12/state",
	   "a wildcard component through the class links; rfkillx is no number");
	is(res("/sys/class/rfkill/rfkill[0-9]+/claim", &rc), "",
	   "an attribute the devices lack (removed): nothing");
	is(res("/sys/.../iio:deviceX/scan_elements/in_accel_x_en", &rc),
	   "/sys/devices/platform/iio/iio:device0/scan_elements/in_accel_x_en",
	   "...: the device found once, through real directories, not the bus link too");
	is(res("/sys/bus/iio/devices/iio:deviceX/buffer/length", &rc),
	   "/sys/bus/iio/devices/iio:device0/buffer/length",
	   "a named bus link is followed");
	is(res("/sys/class/gpio/", &rc),
	   "/sys/class/gpio/ /sys/class/gpio/export /sys/class/gpio/gpio5/ "
	   "/sys/class/gpio/gpio5/deep/ /sys/class/gpio/gpio5/value",
	   "a trailing /: the directory, its entries, and one level into their links");
	is(res("/sys/bus/usb/devices/.../power/level", &rc),
	   "/sys/bus/usb/devices/1-1/power/level /sys/bus/usb/devices/usb1/1-1/power/level "
	   "/sys/bus/usb/devices/usb1/power/level",
	   "...: the links of its first level followed, real directories below");
	p = sa_abi_pattern_new("/sys/class/rfkill/rfkill[0-9]+/state", why, sizeof(why));
	ok(p && sa_abi_resolve(p, root, stop, NULL) == -EINTR, "a callback's error stops the walk");
	sa_abi_pattern_free(p);
	res("/sys/class/rfkill/rfkill0/state", &rc);
	snprintf(path, sizeof(path), "%s/sys/devices/virtual/ieee80211/phy0/rfkill0/state", root);
	{
		struct got g = {};

		p = sa_abi_pattern_new("/sys/class/rfkill/rfkill0/state", why, sizeof(why));
		ok(p && sa_abi_resolve(p, root, collect, &g) == 1 && !stat(path, &st) &&
		   g.ino[0] == st.st_ino,
		   "a hit carries the inode of what the link leads to (on sysfs: the kernfs id)");
		sa_abi_pattern_free(p);
	}
	{
		struct sa_abi_cache *c = sa_abi_cache_new();
		struct sa_abi_pattern *a = sa_abi_pattern_new(
			"/sys/.../iio:deviceX/scan_elements/in_accel_x_en", why, sizeof(why));
		struct sa_abi_pattern *b = sa_abi_pattern_new(
			"/sys/.../iio:deviceX/buffer/length", why, sizeof(why));
		struct got g1 = {}, g2 = {};
		int r1, r2;

		r1 = c && a ? sa_abi_resolve_cached(a, root, c, collect, &g1) : -1;
		/* The tree changes; the cache is the pass's: b finds the old run's device. */
		mk("/sys/devices/platform/iio2/iio:device1/buffer/length", NULL);
		r2 = c && b ? sa_abi_resolve_cached(b, root, c, collect, &g2) : -1;
		ok(r1 == 1 && r2 == 1 && !strcmp(g2.s, "/sys/devices/platform/iio/iio:device0/buffer/length"),
		   "a \"...\" run is walked once per cache: the second pattern reuses the first's "
		   "matches (%d %d: %s)", r1, r2, g2.s);
		is(res("/sys/.../iio:deviceX/buffer/length", &rc),
		   "/sys/devices/platform/iio/iio:device0/buffer/length "
		   "/sys/devices/platform/iio2/iio:device1/buffer/length",
		   "  and a new pass sees the new device");
		sa_abi_pattern_free(a);
		sa_abi_pattern_free(b);
		sa_abi_cache_free(c);
	}
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	if (system(path))
		return 1;
	return tap_done();
}
