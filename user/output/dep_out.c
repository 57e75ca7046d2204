// SPDX-License-Identifier: GPL-2.0
/* The dependents' live lines and summary (see dep_out.h). */
#include <errno.h>
#include <string.h>

#include "output/counts_out.h"
#include "output/dep_out.h"
#include "output/escape.h"
#include "output/json_out.h"

double sa_dep_rel_s(const struct sa_dep_totals *t, unsigned long long ns)
{
	return ns > t->start_ns ? (ns - t->start_ns) / 1e9 : 0.0;
}

static const char *nz(const char *s)
{
	return s && *s ? s : NULL;
}

void sa_dep_write(struct sa_jw *w, const struct sa_dependent *d, const struct sa_dep_totals *t,
		  bool final)
{
	sa_jw_object(w, NULL);

	sa_jw_str(w, "type", "dependent");
	sa_jw_str(w, "kind", sa_dep_kind_name(d->kind));
	sa_jw_str(w, "confidence", sa_dep_conf_name(d->conf));
	sa_jw_str(w, "rule", sa_dep_rule_name(d->rule));
	sa_jw_str(w, "why", d->why);
	sa_jw_str(w, "exe", d->id.exe);
	sa_jw_str(w, "script", nz(d->id.script));
	sa_jw_str(w, "package", nz(d->id.exe_pkg));
	sa_jw_str(w, "package_via", d->id.exe_pkg_via > SA_PV_PATH && d->id.exe_pkg_via < SA_PV_N ?
				    sa_pkg_vias[d->id.exe_pkg_via].name : NULL);
	sa_jw_str(w, "script_package", nz(d->id.script_pkg));
	sa_jw_str(w, "fingerprint", nz(d->fingerprint));
	sa_jw_i64(w, "pid", d->id.pid);
	sa_jw_i64(w, "tgid", d->id.tgid);
	sa_jw_i64(w, "ppid", d->id.ppid);
	sa_jw_i64(w, "uid", d->id.uid);
	sa_jw_str(w, "comm", d->id.comm);
	sa_jw_str(w, "parent_comm", nz(d->id.pcomm));
	sa_jw_str(w, "argv", d->id.args);
	sa_jw_bool(w, "argv_truncated", d->id.args_trunc);
	sa_jw_str(w, "identity", d->id.source);
	sa_jw_str(w, "cgroup", nz(d->id.cgroup));
	sa_jw_str(w, "unit", nz(d->id.unit));
	sa_jw_str(w, "namespaces", nz(d->id.ns));
	sa_jw_str(w, "observed", d->how);
	sa_jw_str(w, "path", d->path);
	sa_jw_str(w, "requested", nz(d->req));
	sa_jw_str(w, "legacy", d->artifact);
	sa_jw_str(w, "replacement", d->replacement);
	sa_jw_double(w, "first_s", sa_dep_rel_s(t, d->first_ns));
	if (!final) {
		sa_jw_end(w);
		return;
	}
	sa_jw_u64(w, "count", d->count);
	sa_jw_u64(w, "objects", d->objects);
	sa_jw_u64(w, "processes", d->nprocs);
	sa_jw_double(w, "last_s", sa_dep_rel_s(t, d->last_ns));
	sa_jw_array(w, "pids");
	for (int i = 0; i < d->npids; i++)
		sa_jw_i64(w, NULL, d->pids[i]);
	sa_jw_end(w);
	sa_jw_array(w, "examples");
	for (int i = 0; i < d->nexamples; i++)
		sa_jw_str(w, NULL, d->examples[i]);
	sa_jw_end(w);
	if (d->kind == SA_DK_LISTENER) {
		sa_jw_u64(w, "events_while_listening", d->events);
		sa_jw_u64(w, "physdev_events_while_listening", d->physdev);
	}
	sa_jw_end(w);
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
		struct sa_jw w;

		sa_jw_init(&w, f, SA_JW_LINE);
		sa_dep_write(&w, d, t, false);
		sa_jw_finish(&w);
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
static void dropped_by(struct sa_jw *w, const struct sa_dep_totals *t)
{
	sa_jw_object(w, "dropped_by");
	for (int i = 0; i < SA_DC_N; i++) {
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		sa_jw_u64(w, sa_dep_confs[c].member, t->dropped_by[c]);
	}
	sa_jw_end(w);
}

/*
 * The summary line: counts first, the dependents last, as the counts by
 * kind are known only after the walk (it is walked twice).
 */
static void summary_json(FILE *f, const struct sa_dep_totals *t,
			 const struct sa_dependent *(*next)(void *, size_t *), void *ctx)
{
	unsigned long long byk[SA_DK_MAX] = {};
	const struct sa_dependent *d;
	struct sa_jw w;
	size_t it = 0;

	while ((d = next(ctx, &it)))
		byk[d->kind]++;
	sa_jw_init(&w, f, SA_JW_LINE);
	sa_jw_object(&w, NULL);
	sa_jw_str(&w, "type", "dependents");
	sa_jw_u64(&w, "found", t->programs);
	for (int i = 0; i < SA_DC_N; i++) {
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		sa_jw_u64(&w, sa_dep_confs[c].plural, t->by_conf[c]);
	}
	sa_jw_object(&w, "by_kind");
	for (int i = 1; i < SA_DK_MAX; i++)
		sa_jw_u64(&w, sa_dep_kind_name(i), byk[i]);
	sa_jw_end(&w);
	sa_jw_object(&w, "kernel");
	sa_jw_u64(&w, "sysfs_misses", t->misses);
	sa_jw_u64(&w, "lstat_links", t->lstat_links);
	sa_jw_u64(&w, "readlinks", t->readlinks);
	sa_jw_u64(&w, "readdirs", t->readdirs);
	sa_jw_u64(&w, "listens", t->listens);
	sa_jw_u64(&w, "uevent_reads", t->uevent_reads);
	sa_jw_u64(&w, "records", t->emitted);
	sa_jw_u64(&w, "lost", t->lost);
	sa_jw_u64(&w, "map_full", t->map_full);
	sa_jw_u64(&w, "execs", t->execs);
	sa_jw_u64(&w, "exits", t->exits);
	sa_jw_u64(&w, "records_read", t->records);
	sa_jw_u64(&w, "ignored", t->ignored);
	sa_jw_u64(&w, "malformed", t->malformed);
	sa_jw_u64(&w, "dropped", t->dropped);
	dropped_by(&w, t);
	sa_jw_end(&w);
	sa_jw_u64(&w, "events", t->events);
	sa_jw_u64(&w, "physdev_events", t->physdev);
	sa_jw_str(&w, "hooks_missing", nz(t->hooks_missing));
	sa_jw_array(&w, "dependents");
	it = 0;
	while ((d = next(ctx, &it)))
		sa_dep_write(&w, d, t, true);
	sa_jw_end(&w);
	sa_jw_end(&w);
	sa_jw_finish(&w);
}

int sa_dep_print_summary(FILE *f, enum sa_format fmt, const struct sa_dep_totals *t,
			 const struct sa_dependent *(*next)(void *ctx, size_t *it), void *ctx)
{
	const struct sa_dependent *d;
	char prog[2 * 4096 + 16], pkg[160];
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
		/* "[udev]", "[udev, copied into the initramfs]", "[no package: not ...]" */
		sa_pkg_label(d->id.exe_pkg, d->id.exe_pkg_via, NULL, "", pkg, sizeof(pkg));
		sa_esc_line(f, "%-10s %-17s %5llu %9llu %8.3fs %8.3fs  %s%s%s%s\n",
			    sa_dep_conf_name(d->conf), sa_dep_kind_name(d->kind), d->nprocs,
			    d->count, sa_dep_rel_s(t, d->first_ns), sa_dep_rel_s(t, d->last_ns),
			    program(d, prog, sizeof(prog)), *pkg ? " [" : "", pkg, *pkg ? "]" : "");
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
