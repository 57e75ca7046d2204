// SPDX-License-Identifier: GPL-2.0
/*
 * What no hook of the dependents engine records, found by looking
 * (deps/deps_impl.h): the processes that hold a uevent socket, and the
 * uevent helper the kernel runs or the configuration names.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "deps/dep_classify.h"
#include "deps/deps_impl.h"
#include "deps/identity.h"
#include "deps/uevent_reader.h"
#include "model/phase.h"

/* /proc/<pid>/comm, /proc/<pid>/status: for processes found by scanning. */
static void proc_basics(struct sa_deps *d, struct sa_ident *id)
{
	char path[256], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%u/comm", d->o.proc_root, id->tgid);
	if ((f = fopen(path, "re"))) {
		if (fgets(id->comm, sizeof(id->comm), f))
			id->comm[strcspn(id->comm, "\n")] = '\0';
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/%u/status", d->o.proc_root, id->tgid);
	if ((f = fopen(path, "re"))) {
		while (fgets(line, sizeof(line), f)) {
			sscanf(line, "PPid: %u", &id->ppid);
			sscanf(line, "Uid: %u", &id->uid);
		}
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/%u/comm", d->o.proc_root, id->ppid);
	if (id->ppid && (f = fopen(path, "re"))) {
		if (fgets(id->pcomm, sizeof(id->pcomm), f))
			id->pcomm[strcspn(id->pcomm, "\n")] = '\0';
		fclose(f);
	}
}

/*
 * @final: the trace ends. Until then a group-1 socket that only PID 1
 * holds is not named: a socket unit's (systemd-udevd-kernel.socket) that
 * its service has not received yet; it is named by the service that
 * receives it, at a later scan. Still PID 1's alone at the end, it is
 * PID 1's own.
 */
void sa_deps_scan_listeners(struct sa_deps *d, const char *how, bool final)
{
	struct sa_listener l[64];
	int n = sa_listeners_scan(d->o.proc_root, l, 64, d->inodes, d->ninodes);
	static struct sa_ident id;

	clock_gettime(CLOCK_MONOTONIC, &d->last_scan);
	for (int i = 0; i < n; i++) {
		struct sa_dep_obs obs = { .op = SA_DEP_OP_LISTEN, .groups = l[i].groups };
		/* The same key as the kernel's record of that subscription. */
		struct sa_dep_key key = { .tgid = l[i].tgid, .op = SA_DEP_OP_LISTEN,
					  .obj = l[i].groups };
		struct sa_dep_verdict v;
		char req[96];
		bool known = false;

		for (int k = 0; k < d->ninodes; k++)
			known |= d->inodes[k] == l[i].inode;
		if (known || (unsigned int)getpid() == l[i].tgid)
			continue;
		if (l[i].init_alone && (l[i].groups & 1) && !final)
			continue;	/* scanned again: not yet known */
		if (d->ninodes < 256)
			d->inodes[d->ninodes++] = l[i].inode;
		if (l[i].tgid && sa_dep_store_has_key(d->store, &key, sizeof(key)))
			continue;
		sa_dep_classify(&d->cls, &obs, &v);
		memset(&id, 0, sizeof(id));
		id.tgid = id.pid = l[i].tgid;
		if (l[i].tgid) {
			proc_basics(d, &id);
			sa_ident_fill(&id, l[i].tgid, d->o.proc_root);
		} else {
			snprintf(id.exe, sizeof(id.exe), "?");
			snprintf(id.comm, sizeof(id.comm), "?");
			id.source = "none";
		}
		snprintf(req, sizeof(req), "socket:[%lu] portid %u", l[i].inode, l[i].portid);
		sa_deps_add_seen(d, &(struct sa_dep_seen){
			.id = &id, .v = &v, .how = how, .req = req, .groups = l[i].groups,
			.ts_ns = sa_mono_ns(), .key = l[i].tgid ? &key : NULL, .keylen = sizeof(key),
			.events = d->t.events, .physdev = d->t.physdev });
	}
}

/* Name the helper @val (@file: where it is configured; NULL: the kernel's). */
static void name_helper(struct sa_deps *d, const char *val, const char *file)
{
	struct sa_dep_verdict v;
	static struct sa_ident id;

	sa_dep_classify_helper(!file, file, &v);
	memset(&id, 0, sizeof(id));
	snprintf(id.exe, sizeof(id.exe), "%s", val);
	snprintf(id.comm, sizeof(id.comm), "(helper)");
	id.source = "config";
	sa_deps_add_seen(d, &(struct sa_dep_seen){ .id = &id, .v = &v, .how = file ? "config" : "sysctl",
					.ts_ns = sa_mono_ns(), .events = d->t.events,
					.physdev = d->t.physdev });
}

/*
 * The uevent helper, whenever it is set: the kernel's at every call (once
 * per value it takes: set after the start by sysctl, /proc/sys/kernel/
 * hotplug or /sys/kernel/uevent_helper, it is named by its own file from
 * then on); with @conf, also the one configured for the next boot
 * (sysctl.conf, sysctl.d) while the kernel runs none, once per value and
 * file.
 */
void sa_deps_find_helper(struct sa_deps *d, bool conf)
{
	char val[PATH_MAX], file[PATH_MAX] = "", both[sizeof(d->helper_conf)];

	sa_uevent_helper_live(d->o.proc_root, val, sizeof(val));
	if (*val) {
		if (strcmp(val, d->helper_live)) {
			snprintf(d->helper_live, sizeof(d->helper_live), "%s", val);
			name_helper(d, val, NULL);
		}
		return;
	}
	d->helper_live[0] = '\0';	/* cleared: the next value is named again */
	if (!conf || !sa_uevent_helper_conf(d->o.etc_root, val, sizeof(val), file, sizeof(file)))
		return;
	snprintf(both, sizeof(both), "%s\n%s", val, file);
	if (!strcmp(both, d->helper_conf))
		return;
	snprintf(d->helper_conf, sizeof(d->helper_conf), "%s", both);
	name_helper(d, val, file);
}
