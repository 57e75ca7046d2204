// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/dependents.c without BPF: packed records fed to
 * the ring's consumer (sa_deps_feed()) on a fake /sys. The directory is
 * rebuilt from the record's innermost-first names, all of them; the
 * tracer's own records are never judged. TAP output.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dep_pack.h"
#include "fake_sysfs.h"
#include "tap.h"

#include "dep_records.h"
#include "deps/dependents.h"

#define VIRTIO "/devices/pci0000:00/0000:00:04.0/virtio1"

/* A miss of <virtio1>/bus by @tgid (no walk: a readlink's), key @obj. */
static size_t miss_bus(unsigned char *buf, unsigned int tgid, unsigned long long obj)
{
	static const char *const comps[] = { "virtio1", "0000:00:04.0", "pci0000:00", "devices" };
	static struct sa_dep_rec r;

	memset(&r, 0, sizeof(r));
	r.op = SA_DEP_OP_MISS;
	r.flags = SA_DEP_F_NO_REQ | SA_DEP_F_NO_EXE;
	r.pid = r.tgid = tgid;
	r.key.tgid = tgid;
	r.key.op = SA_DEP_OP_MISS;
	r.key.obj = obj;
	r.ncomp = 4;
	for (int i = 0; i < 4; i++)
		snprintf(r.comp[i], sizeof(r.comp[i]), "%s", comps[i]);
	snprintf(r.name, sizeof(r.name), "bus");
	snprintf(r.comm, sizeof(r.comm), "legacy");
	return dep_pack(&r, buf);
}

static void put_file(const char *dir, const char *rel, const char *text)
{
	char p[512], cmd[600];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", p);
	if (system(cmd) || !(f = fopen(p, "w")))
		exit(2);
	fputs(text, f);
	fclose(f);
}

/* The dependent whose program is @exe, or NULL. */
static const struct sa_dependent *named(struct sa_deps *d, const char *exe)
{
	const struct sa_dependent *dep;
	size_t it = 0;

	while ((dep = sa_deps_next(d, &it)))
		if (!strcmp(dep->id.exe, exe))
			return dep;
	return NULL;
}

/*
 * The uevent helper, found by looking (deps/dep_scan.c): the kernel's,
 * named at a tick; the one configured for the next boot only while the
 * kernel runs none, and only when the trace ends (not at every tick).
 */
static void test_helper(const char *proc)
{
	struct sa_deps_opts o = { .sysfs_root = root, .proc_root = proc, .etc_root = proc };
	struct sa_deps *d = sa_deps_open(&o);
	const struct sa_dependent *dep;
	size_t n;

	if (!d) {
		ok(0, "helper: dependents opened");
		return;
	}
	put_file(proc, "sysctl.conf", "# next boot\nkernel.hotplug = /sbin/conf-helper\n");
	put_file(proc, "sys/kernel/hotplug", "/sbin/live-helper\n");
	n = sa_deps_found(d);
	sa_deps_tick(d);
	dep = named(d, "/sbin/live-helper");
	ok(sa_deps_found(d) == n + 1 && dep && !strcmp(dep->how, "sysctl") &&
	   !strcmp(dep->id.comm, "(helper)") && !named(d, "/sbin/conf-helper"),
	   "helper: the kernel's, named at a tick, observed by sysctl; the configured one not");
	put_file(proc, "sys/kernel/hotplug", "\n");
	sa_deps_tick(d);
	ok(sa_deps_found(d) == n + 1, "helper: none running now, a tick: the configured one not yet");
	sa_deps_finish(d);
	dep = named(d, "/sbin/conf-helper");
	ok(sa_deps_found(d) == n + 2 && dep && !strcmp(dep->how, "config"),
	   "helper: at the end, the configured one, observed in the config (%s)",
	   dep ? dep->how : "none");
	sa_deps_close(d);
}

/*
 * A live line that cannot be written (a full disk): the feed and
 * sa_deps_write_error() both say so with the negative errno, as every
 * layer below cmd/ does; cmd/ alone makes it an exit status.
 */
static void test_write_error(const char *proc)
{
	static unsigned char buf[SA_DEP_PACK_MAX];
	FILE *full = fopen("/dev/full", "w");
	struct sa_deps_opts o = { .sysfs_root = root, .proc_root = proc, .etc_root = proc };
	struct sa_deps *d;
	size_t n;
	int fed;

	if (!full || setvbuf(full, NULL, _IONBF, 0)) {
		ok(0, "write error: /dev/full opened unbuffered");
		return;
	}
	o.out = full;
	d = sa_deps_open(&o);
	ok(d && sa_deps_write_error(d) == 0, "write error: none before a line is written");
	if (!d) {
		fclose(full);
		return;
	}
	n = miss_bus(buf, 4343, 3);
	fed = sa_deps_feed(d, buf, n);
	ok(fed == -ENOSPC && sa_deps_write_error(d) == -ENOSPC,
	   "write error: a live line to a full disk is -ENOSPC, fed and kept (%d, %d)",
	   fed, sa_deps_write_error(d));
	sa_deps_close(d);
	fclose(full);
}

int main(void)
{
	static unsigned char buf[SA_DEP_PACK_MAX];
	char proc[] = "/tmp/sa-deps-proc-XXXXXX", cmd[64];
	struct sa_deps_opts o = { 0 };
	struct sa_deps *d;
	const struct sa_dependent *dep;
	size_t it = 0, n;

	if (fake_sysfs_new() || !mkdtemp(proc))
		return 2;
	fake_sysfs_devices();
	o.sysfs_root = root;
	o.proc_root = proc;
	o.etc_root = proc;
	d = sa_deps_open(&o);
	ok(d != NULL, "dependents opened on the fake tree");
	if (!d)
		return tap_done();

	n = miss_bus(buf, getpid(), 1);
	ok(!sa_deps_feed(d, buf, n) && sa_deps_found(d) == 0 && sa_deps_totals(d)->records == 0,
	   "the tracer's own record (its pid): not judged, not counted");
	n = miss_bus(buf, 4242, 2);
	ok(!sa_deps_feed(d, buf, n) && sa_deps_found(d) == 1,
	   "another process's miss of <virtio1>/bus: one dependent");
	dep = sa_deps_next(d, &it);
	ok(dep && dep->kind == SA_DK_LEGACY_NAME && dep->conf == SA_DC_BREAKS &&
	   !strcmp(dep->path, "/sys" VIRTIO "/bus"),
	   "its path rebuilt from every name of the record, outermost first (%s)",
	   dep ? dep->path : "none");
	ok(sa_deps_feed(d, buf, n - 1) == 0 && sa_deps_totals(d)->malformed == 1,
	   "a record cut short: counted as malformed");
	sa_deps_close(d);
	test_helper(proc);
	test_write_error(proc);
	fake_sysfs_remove();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", proc);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", proc);
	return tap_done();
}
