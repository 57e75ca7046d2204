// SPDX-License-Identifier: GPL-2.0
/*
 * sa_oracle - check every event `sysfs-audit trace --json` reported against
 * an oracle built without BPF: the userspace model (`sysfs-audit snapshot`)
 * applied to sysfs as it was around the event, and the kernel's own
 * netlink messages (ueventmon) for which events happened.
 *
 *   sa_oracle STEPS TRACE NETLINK SNAPDIR
 *
 * STEPS has one line per workload step, "NAME LO HI": the step's events have
 * SEQNUM in (LO, HI]. SNAPDIR/I.before.json and I.after.json are snapshots
 * taken around step I. A remove event is judged against the snapshot before
 * its step, any other event against the one after (or the other one, when
 * the device is only in that).
 *
 * Drivers change within a step, so PHYSDEVDRIVER is judged against the
 * driver at event time. For a bus device's own event the kernel says it:
 * DRIVER= in the same message. For a class device it is the PHYSDEV
 * device's driver after its last bind/unbind event up to this one (else as
 * in the snapshot before the step) -- except that a driver is set before
 * its probe() runs and the bind event is only sent after it returns, so
 * devices created inside probe() already see the driver. When a bind event
 * of the PHYSDEV device follows in the step, both values are accepted and
 * the event is counted as ambiguous.
 *
 * Completeness: within each step, the traced events must be exactly the
 * netlink events whose DEVPATH is a device in either snapshot (kobjects
 * that are not devices, such as net queues, also send uevents).
 *
 * A device can send a uevent while its kobject is not in sysfs (6.12's SCSI
 * code sends 'change' for a device not yet added, DEVPATH=/0:0:0:0): no
 * snapshot can judge that, so such events (DEVPATH outside /devices/) are
 * only checked against netlink, listed, and counted apart.
 *
 * Where the attach point cannot see SEQNUM (fexit, kprobe), a traced event
 * gets the SEQNUM of the earliest netlink event not yet taken with the same
 * ACTION and DEVPATH. dev_uevent() runs before SEQNUM is assigned and the
 * broadcast sleeps on a mutex, so events of two tasks (modprobe, a SCSI
 * scan worker) can reach netlink in another order than the tracer. Such an
 * event's ACTION and DEVPATH are not compared with the netlink event chosen
 * by those same two fields (that would prove nothing); its existence on
 * netlink is what is checked. A tracepoint event must carry its SEQNUM:
 * there is no order fallback for it.
 *
 * Every trace line must be a JSON record, and every traced event must be a
 * netlink event (no invented or duplicated events) inside a workload step:
 * a line that is not, or an event outside every step, fails the
 * "every trace line accounted for" result.
 *
 * Prints KTAP results, one per step plus four totals, and exits 1 if any
 * result failed (2 on bad usage or a missing input file); see tests/guest.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#define MAX_STEPS 64

struct step {
	char name[64];
	unsigned long long lo, hi;
	json_object *before, *after;	/* devpath -> device object */
	int traced, agree, netlink;
};

static struct step steps[MAX_STEPS];
static int nsteps, ktap_n, ktap_failed;
static json_object *netlink;		/* "seqnum" -> object of KEY=VALUE */
static json_object *arrival;		/* the same objects, in arrival order */
static char *taken;			/* arrival[i] matched a traced event */

static void result(int ok, const char *fmt, ...)
{
	va_list ap;

	ktap_failed += !ok;
	printf("%sok %d ", ok ? "" : "not ", ++ktap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static FILE *xopen(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f) {
		printf("# cannot open %s\n", path);
		exit(2);
	}
	return f;
}

static json_object *load_snapshot(const char *path)
{
	json_object *map = json_object_new_object();
	char *line = NULL;
	size_t cap = 0;
	FILE *f = xopen(path);

	while (getline(&line, &cap, f) > 0) {
		json_object *o = json_tokener_parse(line), *t, *p;

		if (!o)
			continue;
		if (json_object_object_get_ex(o, "type", &t) &&
		    !strcmp(json_object_get_string(t), "device") &&
		    json_object_object_get_ex(o, "devpath", &p))
			json_object_object_add(map, json_object_get_string(p), o);
		else
			json_object_put(o);
	}
	free(line);
	fclose(f);
	return map;
}

static void load_netlink(const char *path)
{
	char *line = NULL, *save, *tok;
	size_t cap = 0;
	FILE *f = xopen(path);

	netlink = json_object_new_object();
	arrival = json_object_new_array();
	while (getline(&line, &cap, f) > 0) {
		json_object *o = json_object_new_object();
		const char *seq = NULL;

		line[strcspn(line, "\n")] = '\0';
		for (tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
			char *eq = strchr(tok, '=');

			if (!eq)
				continue;
			*eq = '\0';
			json_object_object_add(o, tok, json_object_new_string(eq + 1));
			if (!strcmp(tok, "SEQNUM"))
				seq = json_object_get_string(json_object_object_get(o, "SEQNUM"));
		}
		if (seq) {
			json_object_object_add(netlink, seq, o);
			json_object_array_add(arrival, json_object_get(o));
		} else {
			json_object_put(o);
		}
	}
	free(line);
	fclose(f);
}

static const char *sget(json_object *o, const char *k)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, k, &v) || json_object_is_type(v, json_type_null))
		return NULL;
	return json_object_get_string(v);
}

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The links as one sorted, comparable string. */
static char *links_key(json_object *legacy)
{
	json_object *arr;
	char *items[16], *out;
	size_t n = 0, len = 1;

	if (legacy && json_object_object_get_ex(legacy, "links", &arr))
		for (size_t i = 0; i < json_object_array_length(arr) && n < 16; i++) {
			json_object *k = json_object_array_get_idx(arr, i);

			if (asprintf(&items[n], "%s -> %s", sget(k, "link"), sget(k, "target")) > 0)
				len += strlen(items[n++]) + 2;
		}
	qsort(items, n, sizeof(*items), cmpstr);
	out = calloc(1, len);
	for (size_t i = 0; i < n; i++) {
		strcat(out, items[i]);
		strcat(out, "; ");
		free(items[i]);
	}
	return out;
}

/* Compare one field; print both values on mismatch. */
static int field(const char *what, const char *got, const char *want, const char *devpath)
{
	if (same(got, want))
		return 1;
	printf("# %s: %s: traced '%s', oracle '%s'\n", devpath, what, got ? got : "(none)",
	       want ? want : "(none)");
	return 0;
}

/* The modern DEVPATH of the device whose legacy path is @legacy. */
static const char *modern_of(struct step *s, const char *legacy)
{
	json_object *snaps[2] = { s->before, s->after };

	for (int i = 0; i < 2; i++) {
		json_object_object_foreach(snaps[i], path, dev) {
			json_object *l;

			if (json_object_object_get_ex(dev, "legacy", &l) &&
			    same(sget(l, "devpath"), legacy))
				return path;
		}
	}
	return NULL;
}

static unsigned long long ambiguous;

/*
 * The driver of @devpath at SEQNUM @at within step @s (see the top), and in
 * *@next the driver of its first bind event after @at, if any.
 */
static const char *driver_at(struct step *s, const char *devpath, unsigned long long at,
			     const char **next, int *has_next)
{
	unsigned long long best = 0, first = ~0ULL;
	const char *drv = NULL;
	json_object *dev;
	int found = 0;

	*has_next = 0;
	json_object_object_foreach(netlink, seqstr, nl) {
		unsigned long long sq = strtoull(seqstr, NULL, 10);
		const char *a = sget(nl, "ACTION");

		if (sq <= s->lo || sq > s->hi || !same(sget(nl, "DEVPATH"), devpath) ||
		    !(same(a, "bind") || same(a, "unbind")))
			continue;
		if (sq <= at && sq >= best) {
			best = sq;
			found = 1;
			drv = same(a, "bind") ? sget(nl, "DRIVER") : NULL;
		} else if (sq > at && sq < first && same(a, "bind")) {
			first = sq;
			*has_next = 1;
			*next = sget(nl, "DRIVER");
		}
	}
	if (found)
		return drv;
	if (!json_object_object_get_ex(s->before, devpath, &dev))
		return NULL;
	return sget(dev, "driver");
}

/* SEQNUM of the earliest untaken netlink event like @ev; 0 if none. */
static unsigned long long seqnum_by_order(json_object *ev)
{
	size_t n = json_object_array_length(arrival);

	if (!taken && !(taken = calloc(n + 1, 1)))
		return 0;
	for (size_t i = 0; i < n; i++) {
		json_object *nl = json_object_array_get_idx(arrival, i);

		if (!taken[i] && same(sget(nl, "ACTION"), sget(ev, "action")) &&
		    same(sget(nl, "DEVPATH"), sget(ev, "devpath"))) {
			taken[i] = 1;
			return strtoull(sget(nl, "SEQNUM"), NULL, 10);
		}
	}
	printf("# no netlink event for traced %s %s\n", sget(ev, "action"), sget(ev, "devpath"));
	return 0;
}

/* @by_order: the SEQNUM was chosen by ACTION and DEVPATH (fexit, kprobe). */
static int judge(json_object *ev, struct step *s, int by_order)
{
	const char *devpath = sget(ev, "devpath"), *action = sget(ev, "action");
	const char *seq = sget(ev, "seqnum");
	json_object *snap = !strcmp(action, "remove") ? s->before : s->after;
	json_object *dev = NULL, *got = NULL, *want = NULL, *nl;
	const char *want_drv, *phys;
	char *lg, *lw;
	int ok = 1;

	nl = seq ? json_object_object_get(netlink, seq) : NULL;
	if (!nl) {
		printf("# seqnum %s (%s %s): no such netlink event\n", seq, action, devpath);
		return 0;
	}
	if (!by_order) {
		ok &= field("ACTION vs netlink", action, sget(nl, "ACTION"), devpath);
		ok &= field("DEVPATH vs netlink", devpath, sget(nl, "DEVPATH"), devpath);
	}
	/* Netlink has it, so it was sent: sent true, ret 0. */
	ok &= field("sent", json_object_get_boolean(json_object_object_get(ev, "sent")) ?
		    "true" : "false", "true", devpath);
	ok &= field("ret", sget(ev, "ret"), "0", devpath);
	if (!json_object_object_get_ex(snap, devpath, &dev)) {
		snap = snap == s->before ? s->after : s->before;
		if (!json_object_object_get_ex(snap, devpath, &dev)) {
			printf("# %s: %s: in neither snapshot of step %s\n", devpath, action,
			       s->name);
			return 0;
		}
	}
	json_object_object_get_ex(ev, "legacy", &got);
	json_object_object_get_ex(dev, "legacy", &want);
	want_drv = NULL;
	phys = sget(want, "PHYSDEVPATH") ? modern_of(s, sget(want, "PHYSDEVPATH")) :
	       sget(want, "PHYSDEVBUS") ? devpath : NULL;
	if (phys == devpath) {
		want_drv = sget(nl, "DRIVER");
	} else if (phys) {
		const char *next = NULL;
		int has_next;

		want_drv = driver_at(s, phys, strtoull(seq, NULL, 10), &next, &has_next);
		if (has_next && !same(want_drv, next)) {
			ambiguous++;
			if (same(sget(got, "PHYSDEVDRIVER"), next))
				want_drv = next;
		}
	}
	ok &= field("exists", json_object_get_boolean(json_object_object_get(got, "exists")) ? "yes" : "no",
		    json_object_get_boolean(json_object_object_get(want, "exists")) ? "yes" : "no",
		    devpath);
	ok &= field("legacy DEVPATH", sget(got, "devpath"), sget(want, "devpath"), devpath);
	ok &= field("PHYSDEVPATH", sget(got, "PHYSDEVPATH"), sget(want, "PHYSDEVPATH"), devpath);
	ok &= field("PHYSDEVBUS", sget(got, "PHYSDEVBUS"), sget(want, "PHYSDEVBUS"), devpath);
	ok &= field("PHYSDEVDRIVER", sget(got, "PHYSDEVDRIVER"), want_drv, devpath);
	lg = links_key(got);
	lw = links_key(want);
	ok &= field("links", lg, lw, devpath);
	free(lg);
	free(lw);
	return ok;
}

int main(int argc, char **argv)
{
	unsigned long long lost = 0, outside = 0, total = 0, agree = 0, unsysfs = 0;
	unsigned long long badline = 0, unmatched = 0, dup = 0, noseq = 0, byorder = 0;
	json_object *seen;	/* SEQNUMs of the traced events so far */
	char *line = NULL, path[4096];
	int have_summary = 0, have_deps = 0;
	size_t cap = 0;
	FILE *f;

	if (argc != 5) {
		fprintf(stderr, "usage: sa_oracle STEPS TRACE NETLINK SNAPDIR\n");
		return 2;
	}
	f = xopen(argv[1]);
	while (nsteps < MAX_STEPS && getline(&line, &cap, f) > 0) {
		struct step *s = &steps[nsteps];

		if (sscanf(line, "%63s %llu %llu", s->name, &s->lo, &s->hi) != 3)
			continue;
		snprintf(path, sizeof(path), "%s/%d.before.json", argv[4], nsteps);
		s->before = load_snapshot(path);
		snprintf(path, sizeof(path), "%s/%d.after.json", argv[4], nsteps);
		s->after = load_snapshot(path);
		nsteps++;
	}
	fclose(f);
	load_netlink(argv[3]);

	/* Device events the kernel sent, per step (DEVPATH under /devices). */
	json_object_object_foreach(netlink, seqstr, nl) {
		unsigned long long sq = strtoull(seqstr, NULL, 10);
		const char *dp = sget(nl, "DEVPATH");

		for (int i = 0; i < nsteps; i++)
			if (sq > steps[i].lo && sq <= steps[i].hi && dp &&
			    (json_object_object_get_ex(steps[i].before, dp, NULL) ||
			     json_object_object_get_ex(steps[i].after, dp, NULL)))
				steps[i].netlink++;
	}

	seen = json_object_new_object();
	f = xopen(argv[2]);
	while (getline(&line, &cap, f) > 0) {
		json_object *o = json_tokener_parse(line);
		const char *type = json_object_is_type(o, json_type_object) ? sget(o, "type") : NULL;
		int placed = 0, by_order = 0;

		if (type && !strcmp(type, "dependent") && !have_summary) {
			/* Dependents are judged by 50-dependents.t, not here. */
			goto next;
		} else if (type && !strcmp(type, "dependents") && !have_deps && !have_summary) {
			have_deps = 1;
			goto next;
		} else if (!type || !(!strcmp(type, "summary") || !strcmp(type, "event")) ||
		    (!strcmp(type, "summary") && have_summary)) {
			printf("# not an event, a dependent or the one summary: %s", line);
			badline++;
		} else if (!strcmp(type, "summary")) {
			have_summary = 1;
			lost = json_object_get_uint64(json_object_object_get(o, "lost"));
		} else {
			unsigned long long sq = json_object_get_uint64(json_object_object_get(o, "seqnum"));
			const char *dp = sget(o, "devpath"), *seqstr;
			json_object *nl;

			if (!sq && same(sget(o, "source"), "tracepoint")) {
				printf("# tracepoint event without SEQNUM: %s", line);
				noseq++;
				goto next;
			}
			if (!sq) {
				by_order = 1;
				sq = seqnum_by_order(o);
				json_object_object_add(o, "seqnum", json_object_new_uint64(sq));
			}
			seqstr = sget(o, "seqnum");
			nl = json_object_object_get(netlink, seqstr);
			if (!sq || !nl || !sget(o, "action") || !dp) {
				printf("# traced event netlink never sent: %s", line);
				unmatched++;
				goto next;
			}
			if (json_object_object_get_ex(seen, seqstr, NULL)) {
				printf("# traced twice: SEQNUM %s: %s", seqstr, line);
				dup++;
				goto next;
			}
			json_object_object_add(seen, seqstr, NULL);

			if (strncmp(dp, "/devices/", 9)) {
				printf("# not in sysfs, not judged: %s %s (netlink: %s %s)\n",
				       sget(o, "action"), dp, sget(nl, "ACTION"), sget(nl, "DEVPATH"));
				unsysfs++;
				if (!same(sget(nl, "DEVPATH"), dp) ||
				    !same(sget(nl, "ACTION"), sget(o, "action")))
					total++;	/* a traced event netlink never saw */
				goto next;
			}
			for (int i = 0; i < nsteps && !placed; i++) {
				if (sq > steps[i].lo && sq <= steps[i].hi) {
					int ok = judge(o, &steps[i], by_order);

					steps[i].traced++;
					steps[i].agree += ok;
					total++;
					agree += ok;
					placed = 1;
				}
			}
			if (!placed) {
				printf("# SEQNUM %s outside every workload step: %s", seqstr, line);
				outside++;
			}
			byorder += by_order;
		}
next:
		json_object_put(o);
	}
	free(line);
	fclose(f);

	for (int i = 0; i < nsteps; i++) {
		struct step *s = &steps[i];

		result(s->traced > 0 && s->agree == s->traced && s->traced == s->netlink,
		       "step %s: %d/%d traced events agree with the oracle, %d device events on netlink",
		       s->name, s->agree, s->traced, s->netlink);
	}
	printf("# %llu events matched to netlink by ACTION and DEVPATH (no SEQNUM)\n", byorder);
	printf("# %llu traced events of kobjects not in sysfs (checked against netlink only)\n",
	       unsysfs);
	printf("# %llu events inside a probe() window: PHYSDEVDRIVER judged leniently\n", ambiguous);
	result(total > 0 && agree == total, "agreement %llu/%llu (%.1f%%)", agree, total,
	       total ? 100.0 * agree / total : 0.0);
	result(have_summary, "trace ended with a summary");
	result(have_summary && lost == 0, "no events lost (%llu)", lost);
	result(!badline && !unmatched && !dup && !noseq && !outside,
	       "every trace line accounted for: %llu not records, %llu not on netlink, "
	       "%llu duplicates, %llu tracepoint events without SEQNUM, %llu outside every step",
	       badline, unmatched, dup, noseq, outside);
	json_object_put(seen);
	return ktap_failed ? 1 : 0;
}
