// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/dependents.c without BPF: packed records fed to
 * the ring's consumer (sa_deps_feed()) on a fake /sys. The directory is
 * rebuilt from the record's innermost-first names, all of them; the
 * tracer's own records are never judged. TAP output.
 */
#define _GNU_SOURCE
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
	fake_sysfs_remove();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", proc);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", proc);
	return tap_done();
}
