// SPDX-License-Identifier: GPL-2.0
/* The dependents' live lines and summary (see dep_out.h). */
#include <errno.h>
#include <string.h>

#include "output/counts_out.h"
#include "output/dep_out.h"
#include "output/escape.h"
#include "output/json_out.h"

#define JFLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

double sa_dep_rel_s(const struct sa_dep_totals *t, unsigned long long ns)
{
	return ns > t->start_ns ? (ns - t->start_ns) / 1e9 : 0.0;
}

static const char *nz(const char *s)
{
	return s && *s ? s : NULL;
}

json_object *sa_dep_json(const struct sa_dependent *d, const struct sa_dep_totals *t, bool final)
{
	json_object *o = json_object_new_object(), *a;

	sa_json_add_str(o, "type", "dependent");
	sa_json_add_str(o, "kind", sa_dep_kind_name(d->kind));
	sa_json_add_str(o, "confidence", sa_dep_conf_name(d->conf));
	sa_json_add_str(o, "rule", sa_dep_rule_name(d->rule));
	sa_json_add_str(o, "why", d->why);
	sa_json_add_str(o, "exe", d->id.exe);
	sa_json_add_str(o, "script", nz(d->id.script));
	sa_json_add_str(o, "package", nz(d->id.exe_pkg));
	sa_json_add_str(o, "script_package", nz(d->id.script_pkg));
	sa_json_add_str(o, "fingerprint", nz(d->fingerprint));
	json_object_object_add(o, "pid", json_object_new_int64(d->id.pid));
	json_object_object_add(o, "tgid", json_object_new_int64(d->id.tgid));
	json_object_object_add(o, "ppid", json_object_new_int64(d->id.ppid));
	json_object_object_add(o, "uid", json_object_new_int64(d->id.uid));
	sa_json_add_str(o, "comm", d->id.comm);
	sa_json_add_str(o, "parent_comm", nz(d->id.pcomm));
	sa_json_add_str(o, "argv", d->id.args);
	json_object_object_add(o, "argv_truncated", json_object_new_boolean(d->id.args_trunc));
	sa_json_add_str(o, "identity", d->id.source);
	sa_json_add_str(o, "cgroup", nz(d->id.cgroup));
	sa_json_add_str(o, "unit", nz(d->id.unit));
	sa_json_add_str(o, "namespaces", nz(d->id.ns));
	sa_json_add_str(o, "observed", d->how);
	sa_json_add_str(o, "path", d->path);
	sa_json_add_str(o, "requested", nz(d->req));
	sa_json_add_str(o, "legacy", d->artifact);
	sa_json_add_str(o, "replacement", d->replacement);
	json_object_object_add(o, "first_s", json_object_new_double(sa_dep_rel_s(t, d->first_ns)));
	if (!final)
		return o;
	sa_json_add_u64(o, "count", d->count);
	sa_json_add_u64(o, "objects", d->objects);
	sa_json_add_u64(o, "processes", d->nprocs);
	json_object_object_add(o, "last_s", json_object_new_double(sa_dep_rel_s(t, d->last_ns)));
	a = json_object_new_array();
	for (int i = 0; i < d->npids; i++)
		json_object_array_add(a, json_object_new_int64(d->pids[i]));
	json_object_object_add(o, "pids", a);
	a = json_object_new_array();
	for (int i = 0; i < d->nexamples; i++)
		json_object_array_add(a, sa_esc_json(d->examples[i]));
	json_object_object_add(o, "examples", a);
	if (d->kind == SA_DK_LISTENER) {
		sa_json_add_u64(o, "events_while_listening", d->events);
		sa_json_add_u64(o, "physdev_events_while_listening", d->physdev);
	}
	return o;
}

static const char *program(const struct sa_dependent *d, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s", d->id.exe, *d->id.script ? " script " : "", d->id.script);
	return buf;
}

int sa_dep_print_live(FILE *f, enum sa_format fmt, const struct sa_dependent *d,
		      const struct sa_dep_totals *t, bool again)
{
	char prog[2 * 4096 + 16];

	if (fmt == SA_FMT_JSON) {
		json_object *o = sa_dep_json(d, t, false);

		sa_json_print(f, o, JFLAGS);
		json_object_put(o);
	} else {
		sa_esc_line(f, "%-7s %-7s %-17s %-10s %s pid=%u%s%s%s%s  %s  (%s: %s)\n", "DEP",
			    again ? "now" : "new", sa_dep_kind_name(d->kind),
			    sa_dep_conf_name(d->conf), program(d, prog, sizeof(prog)), d->id.pid,
			    *d->id.exe_pkg ? " pkg=" : "", d->id.exe_pkg,
			    *d->id.unit ? " unit=" : "", d->id.unit, d->path,
			    sa_dep_rule_name(d->rule), d->why);
	}
	return ferror(f) ? -(errno ? errno : EIO) : 0;
}

/* The lines the store dropped, by verdict: {"breaks": N, "falls_back": N, "suspect": N}. */
static json_object *dropped_by(const struct sa_dep_totals *t)
{
	json_object *o = json_object_new_object();

	for (int i = 0; i < SA_DC_N; i++) {
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		sa_json_add_u64(o, sa_dep_confs[c].member, t->dropped_by[c]);
	}
	return o;
}

static void summary_json(FILE *f, const struct sa_dep_totals *t,
			 const struct sa_dependent *(*next)(void *, size_t *), void *ctx)
{
	json_object *o = json_object_new_object(), *arr = json_object_new_array(), *k, *s;
	unsigned long long byk[SA_DK_MAX] = {};
	const struct sa_dependent *d;
	size_t it = 0;

	while ((d = next(ctx, &it))) {
		byk[d->kind]++;
		json_object_array_add(arr, sa_dep_json(d, t, true));
	}
	sa_json_add_str(o, "type", "dependents");
	sa_json_add_u64(o, "found", t->programs);
	for (int i = 0; i < SA_DC_N; i++) {
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		sa_json_add_u64(o, sa_dep_confs[c].plural, t->by_conf[c]);
	}
	k = json_object_new_object();
	for (int i = 1; i < SA_DK_MAX; i++)
		sa_json_add_u64(k, sa_dep_kind_name(i), byk[i]);
	json_object_object_add(o, "by_kind", k);
	s = json_object_new_object();
	sa_json_add_u64(s, "sysfs_misses", t->misses);
	sa_json_add_u64(s, "lstat_links", t->lstat_links);
	sa_json_add_u64(s, "readlinks", t->readlinks);
	sa_json_add_u64(s, "readdirs", t->readdirs);
	sa_json_add_u64(s, "listens", t->listens);
	sa_json_add_u64(s, "uevent_reads", t->uevent_reads);
	sa_json_add_u64(s, "records", t->emitted);
	sa_json_add_u64(s, "lost", t->lost);
	sa_json_add_u64(s, "map_full", t->map_full);
	sa_json_add_u64(s, "execs", t->execs);
	sa_json_add_u64(s, "exits", t->exits);
	sa_json_add_u64(s, "records_read", t->records);
	sa_json_add_u64(s, "ignored", t->ignored);
	sa_json_add_u64(s, "malformed", t->malformed);
	sa_json_add_u64(s, "dropped", t->dropped);
	json_object_object_add(s, "dropped_by", dropped_by(t));
	json_object_object_add(o, "kernel", s);
	sa_json_add_u64(o, "events", t->events);
	sa_json_add_u64(o, "physdev_events", t->physdev);
	sa_json_add_str(o, "hooks_missing", nz(t->hooks_missing));
	json_object_object_add(o, "dependents", arr);
	sa_json_print(f, o, JFLAGS);
	json_object_put(o);
}

int sa_dep_print_summary(FILE *f, enum sa_format fmt, const struct sa_dep_totals *t,
			 const struct sa_dependent *(*next)(void *ctx, size_t *it), void *ctx)
{
	const struct sa_dependent *d;
	char prog[2 * 4096 + 16];
	size_t it = 0;

	if (fmt == SA_FMT_JSON) {
		summary_json(f, t, next, ctx);
		return ferror(f) ? -(errno ? errno : EIO) : 0;
	}
	fprintf(f, "\nDEPENDENTS: %zu programs (", t->programs);
	sa_print_verdicts(f, t->by_conf, true);
	fprintf(f, "); %llu records for %llu sysfs misses, %llu lstat-on-link, %llu readlink, "
		"%llu readdir, %llu listens, %llu uevent reads (%llu lost, %llu dropped)\n",
		t->emitted, t->misses, t->lstat_links, t->readlinks, t->readdirs, t->listens,
		t->uevent_reads, t->lost, t->dropped);
	if (t->dropped) {
		fputs("DEPENDENTS DROPPED (store full): ", f);
		sa_print_verdicts(f, t->dropped_by, true);
		fprintf(f, "%s\n", t->dropped_by[SA_DC_BREAKS] ? ": programs that break are "
			"missing from this list" : "");
	}
	if (t->programs)
		fprintf(f, "%-10s %-17s %5s %9s %9s %9s  %s\n", "VERDICT", "KIND", "PROCS",
			"COUNT", "FIRST", "LAST", "PROGRAM");
	while ((d = next(ctx, &it))) {
		sa_esc_line(f, "%-10s %-17s %5llu %9llu %8.3fs %8.3fs  %s%s%s%s\n",
			    sa_dep_conf_name(d->conf), sa_dep_kind_name(d->kind), d->nprocs,
			    d->count, sa_dep_rel_s(t, d->first_ns), sa_dep_rel_s(t, d->last_ns),
			    program(d, prog, sizeof(prog)), *d->id.exe_pkg ? " [" : "",
			    d->id.exe_pkg, *d->id.exe_pkg ? "]" : "");
		sa_esc_line(f, "%-28s %s: %s\n", "", sa_dep_rule_name(d->rule), d->why);
		for (int i = 0; i < d->nexamples; i++)
			sa_esc_line(f, "%-28s e.g. %s\n", "", d->examples[i]);
		sa_esc_line(f, "%-28s legacy: %s; instead: %s\n", "", d->artifact, d->replacement);
		sa_esc_line(f, "%-28s pid %u comm=%s parent=%s(%u) uid=%u%s%s%s%s argv=%s%s\n", "",
			    d->id.pid, d->id.comm, *d->id.pcomm ? d->id.pcomm : "?", d->id.ppid,
			    d->id.uid, *d->id.unit ? " unit=" : "", d->id.unit,
			    *d->id.ns ? " ns=" : "", d->id.ns, d->id.args,
			    d->id.args_trunc ? "..." : "");
		if (d->kind == SA_DK_LISTENER)
			fprintf(f, "%-28s %llu traced events since, %llu would have carried PHYSDEV keys\n",
				"", d->events, d->physdev);
	}
	return ferror(f) ? -(errno ? errno : EIO) : 0;
}
