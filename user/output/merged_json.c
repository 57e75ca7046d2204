// SPDX-License-Identifier: GPL-2.0
/*
 * The merged picture as JSON, streamed (json_out.h): the same bytes
 * json-c printed for the tree this replaced, member for member.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "common/common.h"
#include "output/abi_report_out.h"
#include "output/json_out.h"
#include "output/merged_json.h"
#include "output/merged_out.h"

struct out {
	struct sa_jw j;
	const struct sa_merged *m;
	char **hs;		/* each host name as a JSON string, or NULL */
};

/*
 * Each host name as a JSON string, escaped once: a fleet's rows repeat the
 * same names hundreds of thousands of times. NULL on no memory, and then
 * each name is escaped where it is written.
 */
static char **host_strings(const struct sa_merged *m)
{
	char **v = calloc(m->nhosts + 1, sizeof(*v));

	for (size_t i = 0; v && i < m->nhosts; i++) {
		size_t len = 0;
		FILE *f = open_memstream(&v[i], &len);

		if (!f)
			continue;
		sa_jw_quote(f, m->hosts[i].hostname);
		if (fclose(f)) {
			free(v[i]);
			v[i] = NULL;
		}
	}
	return v;
}

static void free_host_strings(const struct sa_merged *m, char **v)
{
	for (size_t i = 0; v && i < m->nhosts; i++)
		free(v[i]);
	free(v);
}

static void host_name(struct out *o, size_t host)
{
	if (o->hs && o->hs[host])
		sa_jw_raw(&o->j, NULL, o->hs[host]);
	else
		sa_jw_str(&o->j, NULL, o->m->hosts[host].hostname);
}

/*
 * 1.6's member of a dependents row, package_via: absent, not null, where no
 * report said it, so a merge of reports without it is written as before (1.5).
 */
#define DEXE_VIA 7	/* its index in dexe[] */
#define NO_OPTIONAL (-1)

static bool any_via(const struct sa_mtable *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].s[DEXE_VIA])
			return true;
	return false;
}

/*
 * Rows of @t as objects with the given member names for its strings; the
 * member at index @optional (NO_OPTIONAL: none) is left out where it is null.
 */
static void rows(struct out *o, const char *key, const struct sa_mtable *t,
		 const char *const *names, int nnames, int optional, const char *count)
{
	struct sa_jw *j = &o->j;

	sa_jw_array(j, key);
	for (size_t i = 0; i < t->n; i++) {
		const struct sa_mrow *r = &t->v[i];

		sa_jw_object(j, NULL);
		for (int k = 0; k < nnames; k++)
			if (r->s[k] || k != optional)
				sa_jw_str(j, names[k], r->s[k]);
		sa_jw_u64(j, count, r->count);
		sa_jw_u64(j, "nhosts", r->nhosts);
		sa_jw_array(j, "hosts");
		for (size_t h = 0; h < r->nhosts; h++)
			host_name(o, r->hosts[h]);
		sa_jw_end(j);
		sa_jw_end(j);
	}
	sa_jw_end(j);
}

/* {"breaks": n, "falls_back": n, "suspect": n}: counts by verdict, what breaks first. */
static void by_conf(struct sa_jw *j, const unsigned long long n[SA_DC_N])
{
	for (int i = 0; i < SA_DC_N; i++) {
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		sa_jw_u64(j, sa_dep_confs[c].member, n[c]);
	}
}

static void losses(struct sa_jw *j, const char *key, const struct sa_losses *l)
{
	if (!l->known) {
		sa_jw_null(j, key);
		return;
	}
	sa_jw_object(j, key);
	for (int k = 0; k < SA_DLOST_N; k++)
		sa_jw_u64(j, sa_dep_loss_names[k], l->deps[k]);
	/* 1.3: of store_full, the lines that broke, fell back, were suspect. */
	sa_jw_object(j, "store_full_by");
	by_conf(j, l->store_full_by);
	sa_jw_end(j);
	sa_jw_end(j);
}

/* By phase: {"initramfs": n, "coldplug": n, "runtime": n}. */
static void by_phase(struct sa_jw *j, const char *key, const unsigned long long *v)
{
	sa_jw_object(j, key);
	for (int i = 0; i < SA_PHASE_N; i++)
		sa_jw_u64(j, sa_phases[i].name, v[i]);
	sa_jw_end(j);
}

/* What the boot audits could not vouch for: one object per phase with a gap. */
static void gaps(struct sa_jw *j, const char *key, const struct sa_boot_gaps *g)
{
	sa_jw_array(j, key);
	for (int i = 0; i < SA_GAP_SLOTS; i++) {
		if (!g->why[i])
			continue;
		sa_jw_object(j, NULL);
		sa_jw_str(j, "phase", i == SA_GAP_UNKNOWN ? NULL : sa_phases[i].name);
		sa_jw_bool(j, "boot_path", sa_gap_in_boot_path(g, i));
		sa_jw_array(j, "reasons");
		for (int r = 0; r < SA_GAP_N; r++)
			if (g->why[i] & 1u << r)
				sa_jw_str(j, NULL, sa_gap_names[r]);
		sa_jw_end(j);
		sa_jw_u64(j, "events_lost", g->events_lost[i]);
		sa_jw_object(j, "dependents_lost");
		for (int k = 0; k < SA_DLOST_N; k++)
			sa_jw_u64(j, sa_dep_loss_names[k], g->deps_lost[i][k]);
		sa_jw_end(j);
		sa_jw_end(j);
	}
	sa_jw_end(j);
}

/* A host's boot audits: null when none; its verdict, why, and per-phase counts. */
static void host_boot(struct sa_jw *j, const struct sa_mhost *h)
{
	enum sa_boot_verdict v = sa_mhost_boot(h);
	unsigned long long n[SA_PHASE_N];

	if (!h->nboot) {
		sa_jw_null(j, "boot");
		return;
	}
	sa_jw_object(j, "boot");
	sa_jw_str(j, "verdict", sa_boot_verdict_names[v]);
	sa_jw_bool(j, "boot_path", v == SA_BOOT_PATH);
	sa_jw_u64(j, "reports", h->nboot);
	by_phase(j, "events", h->phase_events);
	by_phase(j, "dependents", h->phase_deps);
	for (int i = 0; i < SA_DC_N; i++) {
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		for (int p = 0; p < SA_PHASE_N; p++)
			n[p] = h->phase_by_conf[p][c];
		by_phase(j, sa_dep_confs[c].plural, n);
	}
	gaps(j, "incomplete", &h->gaps);
	sa_jw_end(j);
}

static void hosts(struct out *o)
{
	struct sa_jw *j = &o->j;
	char t[32];

	sa_jw_array(j, "hosts");
	for (size_t i = 0; i < o->m->nhosts; i++) {
		const struct sa_mhost *h = &o->m->hosts[i];

		sa_jw_object(j, NULL);
		sa_jw_str(j, "hostname", h->hostname);
		sa_jw_str(j, "machine_id", h->machine_id);
		sa_jw_str(j, "kernel", h->kernel);
		sa_jw_str(j, "attach", h->attach);
		sa_jw_u64(j, "reports", h->nreports);
		sa_jw_u64(j, "seen", h->seen);
		sa_jw_u64(j, "lost", h->lost);
		sa_jw_u64(j, "emitted", h->emitted);
		sa_jw_u64(j, "events", h->events);
		sa_time_format(h->start, t, sizeof(t));
		sa_jw_str(j, "start", t);
		sa_time_format(h->end, t, sizeof(t));
		sa_jw_str(j, "end", t);
		losses(j, "dependents_lost", &h->dep_lost);
		host_boot(j, h);
		sa_jw_end(j);
	}
	sa_jw_end(j);
}

/* Host names whose boot verdict is @v. */
static void hosts_with(struct out *o, const char *key, enum sa_boot_verdict v)
{
	sa_jw_array(&o->j, key);
	for (size_t i = 0; i < o->m->nhosts; i++)
		if (o->m->hosts[i].nboot && sa_mhost_boot(&o->m->hosts[i]) == v)
			host_name(o, i);
	sa_jw_end(&o->j);
}

static void boot(struct out *o)
{
	static const char *const bdep[] = { "phase", "confidence", "executable", "kind", "path" };
	static const char *const blk[] = { "executable", "phase" };
	const struct sa_merged *m = o->m;
	struct sa_jw *j = &o->j;

	sa_jw_object(j, "boot");
	sa_jw_u64(j, "hosts", m->nboot);
	sa_jw_object(j, "verdicts");
	for (int i = 0; i < SA_BOOT_N; i++)
		sa_jw_u64(j, sa_boot_verdict_names[i], m->nverdict[i]);
	sa_jw_end(j);
	sa_jw_object(j, "incomplete_reasons");
	for (int i = 0; i < SA_GAP_N; i++)
		sa_jw_u64(j, sa_gap_names[i], m->nincomplete_why[i]);
	sa_jw_end(j);
	hosts_with(o, "boot_path_hosts", SA_BOOT_PATH);
	hosts_with(o, "incomplete_hosts", SA_BOOT_INCOMPLETE);
	hosts_with(o, "later_only_hosts", SA_BOOT_LATER_ONLY);
	hosts_with(o, "clean_hosts", SA_BOOT_CLEAN);
	rows(o, "would_not_boot_by", &m->boot_blockers, blk, 2, NO_OPTIONAL, "count");
	rows(o, "dependents", &m->boot_deps, bdep, 5, NO_OPTIONAL, "count");
	sa_jw_end(j);
}

int sa_merged_write_json(FILE *f, const struct sa_merged *m)
{
	static const char *const subsys[] = { "subsystem" };
	static const char *const keys[] = { "subsystem", "key" };
	static const char *const paths[] = { "path", "kind" };
	static const char *const dexe[] = { "executable", "kind", "confidence", "package", "path",
					    "legacy", "replacement", [DEXE_VIA] = "package_via" };
	static const char *const dpkg[] = { "package", "executable" };
	static const char *const find[] = { "file", "line", "kind", "key", "severity", "message",
					    "package" };
	struct out o = { .m = m, .hs = host_strings(m) };
	struct sa_jw *j = &o.j;
	char ver[16];
	int rc;

	sa_jw_init(j, f, SA_JW_PRETTY);
	sa_jw_object(j, NULL);
	sa_jw_str(j, "format", "sysfs-audit-merged");
	snprintf(ver, sizeof(ver), "%d.%d", SA_REPORT_MAJOR,
		 m->abi || any_via(&m->dep_exec) ? SA_REPORT_MINOR : SA_REPORT_MINOR_NO_ABI);
	sa_jw_str(j, "version", ver);
	sa_jw_u64(j, "reports", m->nreports);
	sa_jw_object(j, "dependents_by_verdict");
	by_conf(j, m->by_conf);
	sa_jw_end(j);
	hosts(&o);
	sa_jw_array(j, "skipped");
	for (size_t i = 0; i < m->nskipped; i++) {
		sa_jw_object(j, NULL);
		sa_jw_str(j, "file", m->skipped[i].file);
		sa_jw_str(j, "reason", m->skipped[i].reason);
		sa_jw_i64(j, "status", m->skipped[i].status);
		sa_jw_end(j);
	}
	sa_jw_end(j);
	sa_jw_object(j, "events");
	sa_jw_u64(j, "seen", m->seen);
	sa_jw_u64(j, "lost", m->lost);
	sa_jw_u64(j, "emitted", m->emitted);
	sa_jw_u64(j, "traced", m->events);
	sa_jw_end(j);
	losses(j, "dependents_lost", &m->dep_lost);
	sa_jw_object(j, "would_carry");
	for (int k = 0; k < SA_KEY_N; k++)
		sa_jw_u64(j, sa_keys[k].name, m->keys[k]);
	sa_jw_end(j);
	sa_jw_object(j, "legacy_links");
	for (int k = 0; k < SA_LK_N; k++)
		sa_jw_u64(j, sa_link_kinds[k].name, m->links[k]);
	sa_jw_end(j);
	rows(&o, "by_subsystem", &m->subsys, subsys, 1, NO_OPTIONAL, "events");
	rows(&o, "keys", &m->keyrows, keys, 2, NO_OPTIONAL, "events");
	rows(&o, "paths", &m->paths, paths, 2, NO_OPTIONAL, "events");
	rows(&o, "dependents_by_executable", &m->dep_exec, dexe, 8, DEXE_VIA, "count");
	rows(&o, "dependents_by_package", &m->dep_pkg, dpkg, 2, NO_OPTIONAL, "count");
	rows(&o, "findings", &m->findings, find, 7, NO_OPTIONAL, "reports");
	boot(&o);
	sa_abi_merged_json(j, m);
	sa_jw_end(j);
	rc = sa_jw_finish(j);
	free_host_strings(m, o.hs);
	return rc;
}

int sa_merged_json(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		   bool details)
{
	(void)fd;
	(void)details;	/* JSON is always whole */
	return sa_merged_write_json(f, m);
}
