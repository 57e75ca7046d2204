// SPDX-License-Identifier: GPL-2.0
/*
 * Counters for node_exporter's textfile collector, so a fleet's existing
 * Prometheus aggregates thousands of hosts: names sysfs_audit_*_total,
 * HELP and TYPE before the samples, label values escaped reversibly and
 * made valid UTF-8 (escape.h, SA_ESC_PROM).
 */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "common/atomic_file.h"
#include "output/escape.h"
#include "model/abi_merged.h"
#include "output/prometheus.h"

/* Reversible and valid UTF-8: two distinct values never give one label. */
static void label_value(FILE *f, const char *v)
{
	fputc('"', f);
	sa_esc_fputs(f, v, SA_ESC_PROM);
	fputc('"', f);
}

static void head(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* name{l0="v0",l1="v1",...} value */
static void sample(FILE *f, const char *name, const char *const *labels,
		   const char *const *values, int n, unsigned long long v)
{
	fputs(name, f);
	if (n) {
		fputc('{', f);
		for (int i = 0; i < n; i++) {
			fprintf(f, "%s%s=", i ? "," : "", labels[i]);
			label_value(f, values[i]);
		}
		fputc('}', f);
	}
	fprintf(f, " %llu\n", v);
}

static void table(FILE *f, const char *name, const char *help, const struct sa_mtable *t,
		  const char *const *labels, int nlabels)
{
	head(f, name, "counter", help);
	for (size_t i = 0; i < t->n; i++)
		sample(f, name, labels, (const char *const *)t->v[i].s, nlabels, t->v[i].count);
}

/* The dependents' losses (format 1.2, 1.3) and the boot verdicts, when the reports have them. */
static void boot_metrics(FILE *f, const struct sa_merged *m)
{
	static const char *const cause[] = { "cause" }, *const verdict[] = { "verdict" };
	static const char *const reason[] = { "reason" };

	if (m->dep_lost.known) {
		head(f, "sysfs_audit_dependents_lost_total", "counter",
		     "Dependents' records lost, by cause: ring, map_full, store_full.");
		for (int k = 0; k < SA_DLOST_N; k++)
			sample(f, "sysfs_audit_dependents_lost_total", cause, &sa_dep_loss_names[k],
			       1, m->dep_lost.deps[k]);
		head(f, "sysfs_audit_dependents_dropped_total", "counter",
		     "Dependents the recorders' full stores dropped, by verdict (format 1.3).");
		for (int i = 0; i < SA_DC_N; i++) {
			enum sa_dep_conf c = sa_dep_conf_shown(i);

			sample(f, "sysfs_audit_dependents_dropped_total", verdict,
			       &sa_dep_confs[c].name, 1, m->dep_lost.store_full_by[c]);
		}
	}
	if (!m->nboot)
		return;
	head(f, "sysfs_audit_boot_hosts", "gauge", "Hosts by the verdict of their boot audits.");
	for (int v = 0; v < SA_BOOT_N; v++)
		sample(f, "sysfs_audit_boot_hosts", verdict, &sa_boot_verdict_names[v], 1,
		       m->nverdict[v]);
	head(f, "sysfs_audit_boot_incomplete_hosts", "gauge",
	     "Hosts whose boot audit is incomplete, by reason (a host counts once per reason).");
	for (int r = 0; r < SA_GAP_N; r++)
		sample(f, "sysfs_audit_boot_incomplete_hosts", reason, &sa_gap_names[r], 1,
		       m->nincomplete_why[r]);
}

/*
 * The obsolete ABI (reports recorded with --abi): hosts per entry and
 * verdict (absent is left out: most entries are absent on most hosts, and
 * hosts minus the others gives it), opens per entry and program, and the
 * watches' losses.
 */
static void abi_metrics(FILE *f, const struct sa_merged *m)
{
	static const char *const ev[] = { "file", "what", "verdict" };
	static const char *const eu[] = { "file", "what", "executable", "script", "package" };
	const struct sa_abi_merged *a = m->abi;

	if (!a)
		return;
	head(f, "sysfs_audit_obsolete_abi_watched_hosts", "gauge",
	     "Hosts whose reports carry an obsolete-ABI watch.");
	sample(f, "sysfs_audit_obsolete_abi_watched_hosts", NULL, NULL, 0, a->nhosts);
	head(f, "sysfs_audit_obsolete_abi_hosts", "gauge",
	     "Hosts by obsolete ABI entry and verdict (in-use, present-unused).");
	for (size_t i = 0; i < a->n; i++)
		for (int s = SA_ABI_UNUSED; s <= SA_ABI_IN_USE; s++) {
			const char *v[] = { a->e[i].file, a->e[i].what, sa_abi_states[s].name };

			if (a->e[i].hosts[s])
				sample(f, "sysfs_audit_obsolete_abi_hosts", ev, v, 3,
				       a->e[i].hosts[s]);
		}
	head(f, "sysfs_audit_obsolete_abi_opens_total", "counter",
	     "Opens of an obsolete ABI entry's files, by entry and program.");
	for (size_t i = 0; i < a->users.n; i++) {
		const struct sa_mrow *u = &a->users.v[i];
		const char *pkg = u->s[3] ? u->s[5] : u->s[4];
		const char *v[] = { u->s[0], u->s[1], u->s[2], u->s[3], pkg };

		sample(f, "sysfs_audit_obsolete_abi_opens_total", eu, v, 5, u->count);
	}
	head(f, "sysfs_audit_obsolete_abi_lost_total", "counter",
	     "Obsolete-ABI watch records lost because the ring buffer was full.");
	sample(f, "sysfs_audit_obsolete_abi_lost_total", NULL, NULL, 0, a->lost);
}

/*
 * When the newest report ended: a host whose recorder stopped writing
 * keeps its last file, and only its age tells (the shipped rules alert
 * on it). Not written without a known end.
 */
static void end_metric(FILE *f, const struct sa_merged *m)
{
	time_t end = 0;

	for (size_t i = 0; i < m->nhosts; i++)
		if (m->hosts[i].end > end)
			end = m->hosts[i].end;
	if (!end)
		return;
	head(f, "sysfs_audit_report_end_timestamp_seconds", "gauge",
	     "When the newest report merged here ended (Unix time).");
	sample(f, "sysfs_audit_report_end_timestamp_seconds", NULL, NULL, 0,
	       (unsigned long long)end);
}

int sa_prometheus_print(FILE *f, const struct sa_merged *m)
{
	static const char *const subsys[] = { "subsystem" };
	static const char *const keys[] = { "subsystem", "key" };
	static const char *const kind[] = { "kind" };
	static const char *const deps[] = { "executable", "kind", "confidence" };
	static const char *const sev[] = { "severity" };
	char help[256], names[128];

	head(f, "sysfs_audit_reports", "gauge", "Reports merged into these metrics.");
	sample(f, "sysfs_audit_reports", NULL, NULL, 0, m->nreports);
	head(f, "sysfs_audit_hosts", "gauge", "Distinct hosts (machine-id) in the reports.");
	sample(f, "sysfs_audit_hosts", NULL, NULL, 0, m->nhosts);
	head(f, "sysfs_audit_events_seen_total", "counter",
	     "Device uevents the BPF program saw.");
	sample(f, "sysfs_audit_events_seen_total", NULL, NULL, 0, m->seen);
	head(f, "sysfs_audit_events_lost_total", "counter",
	     "Device uevents lost because the ring buffer was full.");
	sample(f, "sysfs_audit_events_lost_total", NULL, NULL, 0, m->lost);
	table(f, "sysfs_audit_events_total", "Device uevents traced, by subsystem.",
	      &m->subsys, subsys, 1);
	table(f, "sysfs_audit_physdev_key_events_total",
	      "Device uevents that would have carried a PHYSDEV key, by subsystem and key.",
	      &m->keyrows, keys, 2);
	head(f, "sysfs_audit_legacy_links_total", "counter",
	     "Legacy sysfs links the traced events would have needed, by kind.");
	for (int k = 0; k < SA_LK_N; k++)
		sample(f, "sysfs_audit_legacy_links_total", kind, &sa_link_kinds[k].name, 1,
		       m->links[k]);
	snprintf(help, sizeof(help), "Accesses by running programs that depend on the legacy "
		 "layout, by verdict (confidence: %s).", sa_dep_conf_names(names, sizeof(names)));
	table(f, "sysfs_audit_dependents_total", help, &m->dep_exec, deps, 3);
	head(f, "sysfs_audit_dependents", "gauge",
	     "Dependents (programs and kinds) in the reports, by verdict.");
	for (int i = 0; i < SA_DC_N; i++) {
		static const char *const verdict[] = { "verdict" };
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		sample(f, "sysfs_audit_dependents", verdict, &sa_dep_confs[c].name, 1,
		       m->by_conf[c]);
	}
	table(f, "sysfs_audit_findings_total",
	      "Files on disk that depend on the legacy layout, by severity.",
	      &m->severities, sev, 1);
	boot_metrics(f, m);
	abi_metrics(f, m);
	end_metric(f, m);
	return ferror(f) ? -EIO : 0;
}

static int write_cb(FILE *f, void *ctx)
{
	return sa_prometheus_print(f, ctx);
}

int sa_prometheus_write(const char *path, const struct sa_merged *m)
{
	return sa_atomic_write(path, write_cb, (void *)m);
}
