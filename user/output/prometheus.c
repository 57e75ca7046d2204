// SPDX-License-Identifier: GPL-2.0
/*
 * Counters for node_exporter's textfile collector, so a fleet's existing
 * Prometheus aggregates thousands of hosts: names sysfs_audit_*_total,
 * HELP and TYPE before the samples, label values escaped as the exposition
 * format requires (\\, \", \n) and made valid UTF-8.
 */
#include <errno.h>
#include <string.h>

#include "common/atomic_file.h"
#include "output/prometheus.h"

/* Length of the valid UTF-8 sequence at @s, or 0. */
static int utf8_len(const unsigned char *s)
{
	int n = *s < 0x80 ? 1 : (*s & 0xe0) == 0xc0 ? 2 : (*s & 0xf0) == 0xe0 ? 3 :
		(*s & 0xf8) == 0xf0 ? 4 : 0;

	if (n == 2 && *s < 0xc2)
		return 0;	/* overlong */
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

static void label_value(FILE *f, const char *v)
{
	const unsigned char *s = (const unsigned char *)(v ? v : "");

	fputc('"', f);
	while (*s) {
		int n = utf8_len(s);

		if (*s == '\\' || *s == '"')
			fprintf(f, "\\%c", *s);
		else if (*s == '\n')
			fputs("\\n", f);
		else if (!n || *s < 0x20 || *s == 0x7f)
			fputc('?', f);	/* invalid UTF-8 or a control character */
		else
			fwrite(s, 1, n, f);
		s += n ? n : 1;
	}
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

int sa_prometheus_print(FILE *f, const struct sa_merged *m)
{
	static const char *const subsys[] = { "subsystem" };
	static const char *const keys[] = { "subsystem", "key" };
	static const char *const kind[] = { "kind" };
	static const char *const deps[] = { "executable", "kind", "confidence" };
	static const char *const sev[] = { "severity" };

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
		sample(f, "sysfs_audit_legacy_links_total", kind, &sa_link_kind_names[k], 1,
		       m->links[k]);
	table(f, "sysfs_audit_dependents_total",
	      "Accesses by running programs that depend on the legacy layout.",
	      &m->dep_exec, deps, 3);
	table(f, "sysfs_audit_findings_total",
	      "Files on disk that depend on the legacy layout, by severity.",
	      &m->severities, sev, 1);
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
