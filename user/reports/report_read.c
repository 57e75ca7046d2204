// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a report: the reader trusts nothing. The size is bounded before
 * anything is read, json-c's tokener has a depth limit, and every member
 * used is type-checked; an error names the member (docs/report-format.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "common/common.h"
#include "model/dependent.h"
#include "output/escape.h"
#include "reports/abi_read.h"
#include "reports/json_budget.h"
#include "reports/report_model.h"
#include "reports/value_of.h"

struct pctx {
	char *err;
	size_t errlen;
	bool verbatim;	/* keep summary, coldplug and sample as read */
};

static int __attribute__((format(printf, 2, 3))) bad(struct pctx *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, p->errlen, fmt, ap);
	va_end(ap);
	return -EBADMSG;
}

static int oom(struct pctx *p)
{
	snprintf(p->err, p->errlen, "out of memory");
	return -ENOMEM;
}

/* @k in object @o, or NULL (absent). A JSON null is returned as NULL too. */
static const struct sa_jnode *member(const struct sa_jnode *o, const char *k)
{
	return sa_jget(o, k);
}

/* REQ: must be present; NAME: a string bounded as a name, not as a text (LIMITS). */
enum { OPT = 0, REQ = 1, NAME = 2 };

/*
 * A string a host controls, longer than any sysfs-audit writes (record
 * cuts and marks its own, report_model.c): refused whole, never cut here,
 * so no report can make a host name 0.25 MB long and every row repeat it.
 */
static int too_long(struct pctx *p, const char *where, const char *k, size_t n, size_t max)
{
	snprintf(p->err, p->errlen, "%s%s%s: %zu bytes, longer than the %zu a report may hold "
		 "(see LIMITS in sysfs-audit(8))", where, *where && *k ? "." : "", k, n, max);
	return -E2BIG;
}


static int get_obj(struct pctx *p, const struct sa_jnode *o, const char *where, const char *k, int req,
		   const struct sa_jnode **out)
{
	const struct sa_jnode *v = member(o, k);

	*out = NULL;
	if (!v) {
		if (req)
			return bad(p, "%s%s%s: missing (an object is required)", where,
				   *where ? "." : "", k);
		return 0;
	}
	if (!sa_jis(v, SA_J_OBJECT))
		return bad(p, "%s%s%s: expected an object", where, *where ? "." : "", k);
	*out = v;
	return 0;
}

static int get_arr(struct pctx *p, const struct sa_jnode *o, const char *where, const char *k,
		   const struct sa_jnode **out)
{
	const struct sa_jnode *v = member(o, k);

	if (!v || !sa_jis(v, SA_J_ARRAY))
		return bad(p, "%s%s%s: %s", where, *where ? "." : "", k,
			   v ? "expected an array" : "missing (an array is required)");
	if (v->len > SA_REPORT_MAX_LIST)
		return bad(p, "%s%s%s: more than %d entries", where, *where ? "." : "", k,
			   SA_REPORT_MAX_LIST);
	*out = v;
	return 0;
}

/*
 * A string member; REQ: must be present and non-null (absent/null gives
 * NULL); NAME: at most SA_REPORT_MAX_NAME bytes, else SA_REPORT_MAX_TEXT.
 */
static int get_str(struct pctx *p, const struct sa_jnode *o, const char *where, const char *k, int req,
		   char **out)
{
	const struct sa_jnode *v = member(o, k);
	size_t max = req & NAME ? SA_REPORT_MAX_NAME : SA_REPORT_MAX_TEXT;

	*out = NULL;
	if (!v || sa_jis(v, SA_J_NULL)) {
		if (req & REQ)
			return bad(p, "%s%s%s: missing (a string is required)", where,
				   *where ? "." : "", k);
		return 0;
	}
	if (!sa_jis(v, SA_J_STRING))
		return bad(p, "%s%s%s: expected a string", where, *where ? "." : "", k);
	/* a C string would silently end at an escaped NUL */
	if (strlen(v->s) != (size_t)v->len)
		return bad(p, "%s%s%s: contains a NUL character (\\u0000)", where,
			   *where ? "." : "", k);
	if ((size_t)v->len > max)
		return too_long(p, where, k, v->len, max);
	*out = strdup(v->s);
	return *out ? 0 : oom(p);
}

static int as_u64(struct pctx *p, const struct sa_jnode *v, const char *where, const char *k,
		  unsigned long long *out)
{
	if (!sa_jis(v, SA_J_INT) || sa_jint64(v) < 0)
		return bad(p, "%s%s%s: expected a non-negative integer", where, *where ? "." : "", k);
	*out = sa_juint64(v);
	/* json-c clamps a larger number to 2^64 - 1: refuse it rather than guess */
	if (*out == UINT64_MAX)
		return bad(p, "%s%s%s: out of range (at most 18446744073709551614)", where,
			   *where ? "." : "", k);
	return 0;
}

static int get_u64(struct pctx *p, const struct sa_jnode *o, const char *where, const char *k, int req,
		   unsigned long long *out)
{
	const struct sa_jnode *v = member(o, k);

	*out = 0;
	if (!v) {
		if (req)
			return bad(p, "%s%s%s: missing (an integer is required)", where,
				   *where ? "." : "", k);
		return 0;
	}
	return as_u64(p, v, where, k, out);
}

static int get_time(struct pctx *p, const struct sa_jnode *o, const char *where, const char *k, int req,
		    time_t *out)
{
	char *s;
	int err = get_str(p, o, where, k, req, &s);

	*out = 0;
	if (err || !s)
		return err;
	if (sa_time_parse(s, out))
		err = bad(p, "%s.%s: '%.40s' is not a UTC time like 2026-12-03T08:00:00Z", where,
			  k, s);
	free(s);
	return err;
}

static int parse_need(struct pctx *p, const struct sa_jnode *v, const char *where, struct sa_need *n)
{
	const struct sa_jnode *links;
	int err;

	if (!sa_jis(v, SA_J_OBJECT))
		return bad(p, "%s: expected an object", where);
	if ((err = get_u64(p, v, where, "events", REQ, &n->events)))
		return err;
	for (int k = 0; k < SA_KEY_N; k++)
		if ((err = get_u64(p, v, where, sa_keys[k].name, sa_keys[k].optional ? OPT : REQ,
				   &n->keys[k])))
			return err;
	if ((err = get_obj(p, v, where, "links", REQ, &links)))
		return err;
	for (int k = 0; k < SA_LK_N; k++)
		if ((err = get_u64(p, links, where, sa_link_kinds[k].name, REQ, &n->links[k])))
			return err;
	return 0;
}

static int parse_need_table(struct pctx *p, const struct sa_jnode *needs, const char *k,
			    struct sa_need_table *t)
{
	const struct sa_jnode *o, *v;
	char where[128];
	size_t kept, wlen;
	int err = get_obj(p, needs, "needs", k, REQ, &o);

	if (err)
		return err;
	v = sa_jfirst(o);
	for (unsigned int i = 0; i < o->len; i++, v = sa_jnext(v)) {
		const char *name = v->key;
		struct sa_need n = {}, *d;

		snprintf(where, sizeof(where), "needs.%s.%.60s", k, name);
		/*
		 * A name is a member name, which the writer cannot cut (two cut
		 * names could meet): bounded as it will be written again, an
		 * invalid byte as its 4-byte \xNN, so what report writes it reads.
		 */
		wlen = sa_utf8_written_len(name, strlen(name));
		if (wlen > SA_REPORT_MAX_NAME)
			return too_long(p, where, "", wlen, SA_REPORT_MAX_NAME);
		if ((err = parse_need(p, v, where, &n)))
			return err;
		kept = t->n;
		if (!(d = sa_need_get(t, name)))
			return oom(p);
		/*
		 * A name the table already holds is a member given twice (the
		 * table starts empty): what json-c made of it (the last one)
		 * says less than the report does, so it is refused.
		 */
		if (d != &t->other && t->n == kept)
			return bad(p, "%s: the same name twice in one object", where);
		sa_need_add(d, &n);
	}
	return 0;
}

static int parse_paths(struct pctx *p, const struct sa_jnode *needs, struct sa_report *r)
{
	const struct sa_jnode *a, *e;
	char where[64];
	unsigned long long other;
	int err = get_arr(p, needs, "needs", "paths", &a);

	if (err)
		return err;
	e = sa_jfirst(a);
	for (size_t i = 0; i < a->len; i++, e = sa_jnext(e)) {
		char *path = NULL, *kind = NULL;
		unsigned long long count;

		snprintf(where, sizeof(where), "needs.paths[%zu]", i);
		if (!sa_jis(e, SA_J_OBJECT))
			return bad(p, "%s: expected an object", where);
		if (!(err = get_str(p, e, where, "path", REQ, &path)) &&
		    !(err = get_str(p, e, where, "kind", REQ | NAME, &kind)) &&
		    !(err = get_u64(p, e, where, "count", REQ, &count)))
			err = sa_report_add_path(r, path, kind, count) ? oom(p) : 0;
		free(path);
		free(kind);
		if (err)
			return err;
	}
	/* paths past the per-report cap were counted in paths_other above: add, never overwrite */
	if ((err = get_u64(p, needs, "needs", "paths_other", OPT, &other)))
		return err;
	if (__builtin_add_overflow(r->paths_other, other, &r->paths_other))
		r->paths_other = ~0ULL;
	return 0;
}

/* "examples": at most SA_REPORT_DEP_EXAMPLES strings are kept; more are not an error. */
static int parse_examples(struct pctx *p, const struct sa_jnode *e, const char *where,
			  struct sa_report_dependent *d)
{
	const struct sa_jnode *a = member(e, "examples"), *v;
	size_t n;

	if (!a || sa_jis(a, SA_J_NULL))
		return 0;
	if (!sa_jis(a, SA_J_ARRAY))
		return bad(p, "%s.examples: expected an array of strings", where);
	n = a->len;
	v = sa_jfirst(a);
	for (size_t j = 0; j < n; j++, v = sa_jnext(v)) {
		if (!sa_jis(v, SA_J_STRING))
			return bad(p, "%s.examples[%zu]: expected a string", where, j);
		if ((size_t)v->len > SA_REPORT_MAX_TEXT) {
			char at[96];

			snprintf(at, sizeof(at), "%.60s.examples[%zu]", where, j);
			return too_long(p, at, "", v->len,
					SA_REPORT_MAX_TEXT);
		}
		if (j < SA_REPORT_DEP_EXAMPLES &&
		    !(d->examples[j] = strdup(v->s)))
			return oom(p);
	}
	return 0;
}

/*
 * 1.6's package_via: a name this build knows, and a package only where it
 * vouches for one (the initramfs's copy of a host file). A copy that
 * differs with a package, or a word of a newer writer, would name a
 * package nobody checked: the report is refused, as an unknown phase is.
 */
static int check_package_via(struct pctx *p, const struct sa_report_dependent *d,
			     const char *where)
{
	int via = sa_pkg_via_parse(d->package_via);
	char list[128];

	if (via < 0)
		return bad(p, "%s.package_via: expected %s or null", where,
			   sa_pkg_via_list(list, sizeof(list)));
	if (d->package && via != SA_PV_PATH && via != SA_PV_COPY)
		return bad(p, "%s.package_via: \"%s\" names no package, but package is \"%s\"",
			   where, d->package_via, d->package);
	return 0;
}

static int parse_dependent(struct pctx *p, const struct sa_jnode *e, const char *where,
			   struct sa_report_dependent *d)
{
	const struct sa_jnode *pids, *pid;
	int err;

	if (!sa_jis(e, SA_J_OBJECT))
		return bad(p, "%s: expected an object", where);
	/* trace's "type": "dependent" objects name it "exe" and carry one "pid". */
	if ((err = get_str(p, e, where, member(e, "executable") ? "executable" : "exe", REQ,
			   &d->executable)) ||
	    (err = get_str(p, e, where, "comm", NAME, &d->comm)) ||
	    (err = get_str(p, e, where, "package", NAME, &d->package)) ||
	    (err = get_str(p, e, where, "package_via", NAME, &d->package_via)) ||
	    (err = get_str(p, e, where, "kind", REQ | NAME, &d->kind)) ||
	    (err = get_str(p, e, where, "confidence", NAME, &d->confidence)) ||
	    (err = get_str(p, e, where, "path", OPT, &d->path)) ||
	    (err = get_str(p, e, where, "legacy", OPT, &d->legacy)) ||
	    (err = get_str(p, e, where, "replacement", OPT, &d->replacement)) ||
	    (err = get_str(p, e, where, "script", OPT, &d->script)) ||
	    (err = get_str(p, e, where, "script_package", NAME, &d->script_package)) ||
	    (err = get_str(p, e, where, "rule", OPT, &d->rule)) ||
	    (err = get_str(p, e, where, "why", OPT, &d->why)) ||
	    (err = get_str(p, e, where, "unit", NAME, &d->unit)) ||
	    (err = get_str(p, e, where, "cgroup", OPT, &d->cgroup)) ||
	    (err = get_str(p, e, where, "namespaces", NAME, &d->namespaces)) ||
	    (err = get_str(p, e, where, "argv", OPT, &d->argv)) ||
	    (err = get_u64(p, e, where, "processes", OPT, &d->processes)) ||
	    (err = get_u64(p, e, where, "count", REQ, &d->count)) ||
	    (err = get_time(p, e, where, "first", OPT, &d->first)) ||
	    (err = get_time(p, e, where, "last", OPT, &d->last)) ||
	    (err = get_str(p, e, where, "phase", NAME, &d->phase)) ||
	    (err = parse_examples(p, e, where, d)))
		return err;
	if (d->phase && sa_phase_parse(d->phase) < 0) {
		char list[128];

		return bad(p, "%s.phase: expected %s", where, sa_phase_list(list, sizeof(list)));
	}
	if ((err = check_package_via(p, d, where)))
		return err;
	/*
	 * One verdict, one name, from here on: what the gate counts is what the
	 * merge, every output and the Prometheus labels say. 1.0-1.2's
	 * "confirmed" and no confidence at all are breaks. Any other word
	 * ("BREAKS", "", a newer writer's verdict) is no verdict this build
	 * can count: the report is refused, as an unknown phase is, rather
	 * than counted as a verdict it may not be.
	 */
	{
		int c = sa_dep_conf_parse(d->confidence);
		char list[128];

		if (c < 0)
			return bad(p, "%s.confidence: expected %s (or confirmed, or none: breaks)",
				   where, sa_dep_conf_list(list, sizeof(list)));
		free(d->confidence);
		if (!(d->confidence = strdup(sa_dep_conf_name(c))))
			return oom(p);
	}
	pids = member(e, "pids");
	if (!pids) {
		unsigned long long v;

		pid = member(e, "pid");
		if (!pid || sa_jis(pid, SA_J_NULL))
			return 0;
		if ((err = as_u64(p, pid, where, "pid", &v)))
			return err;
		if (!v)
			return 0;	/* a configured helper: no process */
		d->pids = calloc(1, sizeof(*d->pids));
		if (!d->pids)
			return oom(p);
		d->pids[d->npids++] = (long long)(v > (unsigned long long)INT32_MAX ? INT32_MAX : v);
		return 0;
	}
	if ((err = get_arr(p, e, where, "pids", &pids)))
		return err;
	d->pids = calloc(pids->len + 1, sizeof(*d->pids));
	if (!d->pids)
		return oom(p);
	pid = sa_jfirst(pids);
	for (size_t j = 0; j < pids->len; j++, pid = sa_jnext(pid)) {
		const struct sa_jnode *v = pid;

		if (!sa_jis(v, SA_J_INT) || sa_jint64(v) <= 0)
			return bad(p, "%s.pids[%zu]: expected a positive integer", where, j);
		d->pids[d->npids++] = sa_jint64(v);
	}
	return 0;
}

int sa_report_add_dependents(struct sa_report *r, const struct sa_jnode *a, char *err, size_t errlen)
{
	struct pctx p = { err, errlen, false };
	struct sa_report_dependent *v;
	const struct sa_jnode *e;
	char where[64];
	size_t n;
	int rc;

	if (!sa_jis(a, SA_J_ARRAY))
		return bad(&p, "dependents: expected an array");
	n = a->len;
	if (n > SA_REPORT_MAX_LIST)
		return bad(&p, "dependents: more than %d entries", SA_REPORT_MAX_LIST);
	v = realloc(r->deps, (r->ndeps + n + 1) * sizeof(*v));
	if (!v)
		return oom(&p);
	r->deps = v;
	memset(v + r->ndeps, 0, (n + 1) * sizeof(*v));
	e = sa_jfirst(a);
	for (size_t i = 0; i < n; i++, e = sa_jnext(e)) {
		snprintf(where, sizeof(where), "dependents[%zu]", i);
		r->ndeps++;
		rc = parse_dependent(&p, e, where, &r->deps[r->ndeps - 1]);
		if (rc)
			return rc;
	}
	return 0;
}

static int parse_finding(struct pctx *p, const struct sa_jnode *e, const char *where, struct sa_report_finding *f)
{
	const struct sa_jnode *line;
	int err;

	if (!sa_jis(e, SA_J_OBJECT))
		return bad(p, "%s: expected an object", where);
	if ((err = get_str(p, e, where, "file", REQ, &f->file)) ||
	    (err = get_str(p, e, where, "kind", REQ | NAME, &f->kind)) ||
	    (err = get_str(p, e, where, "key", OPT, &f->key)) ||
	    (err = get_str(p, e, where, "severity", REQ | NAME, &f->severity)) ||
	    (err = get_str(p, e, where, "message", REQ, &f->message)) ||
	    (err = get_str(p, e, where, "package", NAME, &f->package)))
		return err;
	line = member(e, "line");
	if (line && !sa_jis(line, SA_J_NULL)) {
		if (!sa_jis(line, SA_J_INT) || sa_jint64(line) <= 0)
			return bad(p, "%s.line: expected a positive integer or null", where);
		f->line = sa_jint64(line);
	}
	return 0;
}

static int parse_lists(struct pctx *p, const struct sa_jnode *o, struct sa_report *r)
{
	const struct sa_jnode *a, *e;
	char where[64];
	size_t n;
	int err;

	if ((err = get_arr(p, o, "", "dependents", &a)))
		return err;
	n = a->len;
	r->deps = calloc(n + 1, sizeof(*r->deps));
	if (!r->deps)
		return oom(p);
	e = sa_jfirst(a);
	for (size_t i = 0; i < n; i++, e = sa_jnext(e)) {
		snprintf(where, sizeof(where), "dependents[%zu]", i);
		r->ndeps++;
		if ((err = parse_dependent(p, e, where, &r->deps[i])))
			return err;
	}
	if ((err = get_arr(p, o, "", "findings", &a)))
		return err;
	n = a->len;
	r->findings = calloc(n + 1, sizeof(*r->findings));
	if (!r->findings)
		return oom(p);
	e = sa_jfirst(a);
	for (size_t i = 0; i < n; i++, e = sa_jnext(e)) {
		snprintf(where, sizeof(where), "findings[%zu]", i);
		r->nfindings++;
		if ((err = parse_finding(p, e, where, &r->findings[i])))
			return err;
	}
	return 0;
}

/* "summary" and "coldplug" share the stream's summary object. */
static int check_summary(struct pctx *p, const struct sa_jnode *v, const char *k)
{
	const struct sa_jnode *t;

	if (!sa_jis(v, SA_J_OBJECT))
		return bad(p, "%s: expected an object", k);
	t = member(v, "type");
	if (!t || !sa_jis(t, SA_J_STRING) ||
	    strcmp(t->s, "summary"))
		return bad(p, "%s: not a summary object (\"type\": \"summary\")", k);
	return 0;
}

static int parse_version(struct pctx *p, const struct sa_jnode *o, struct sa_report *r)
{
	const struct sa_jnode *f = member(o, "format"), *v = member(o, "version");
	const char *s;
	char *end;
	long major, minor;

	if (!f || !sa_jis(f, SA_J_STRING) ||
	    strcmp(f->s, SA_REPORT_FORMAT))
		return bad(p, "not a sysfs-audit report (\"format\" is not \"%s\")",
			   SA_REPORT_FORMAT);
	if (!v || !sa_jis(v, SA_J_STRING))
		return bad(p, "version: missing (a string \"MAJOR.MINOR\" is required)");
	s = v->s;
	errno = 0;
	major = strtol(s, &end, 10);
	if (errno || end == s || *s < '0' || *s > '9' || *end != '.' || major > 1000000)
		return bad(p, "version: '%.20s' is not MAJOR.MINOR", s);
	s = end + 1;
	minor = strtol(s, &end, 10);
	if (errno || end == s || *s < '0' || *s > '9' || *end || minor > 1000000)
		return bad(p, "version: '%.20s' is not MAJOR.MINOR", v->s);
	if (major > SA_REPORT_MAJOR) {
		snprintf(p->err, p->errlen,
			 "report format version %ld.%ld is newer than this tool reads (%d.x)",
			 major, minor, SA_REPORT_MAJOR);
		return -EPROTONOSUPPORT;
	}
	if (major < SA_REPORT_MAJOR)
		return bad(p, "version %ld.%ld: no such report format version", major, minor);
	r->major = major;
	r->minor = minor;
	return 0;
}

/* @v kept as it was read, in a new value at @out (summary, coldplug, sample). */
static int keep(const struct sa_jnode *v, struct sa_value **out)
{
	*out = sa_value_new(SA_V_NULL);
	return *out && !sa_value_of(v, *out) ? 0 : -ENOMEM;
}

static int parse_report(struct pctx *p, const struct sa_jnode *o, struct sa_report *r)
{
	const struct sa_jnode *x, *needs, *e;
	int err;

	if (!sa_jis(o, SA_J_OBJECT))
		return bad(p, "the document is not a JSON object");
	if ((err = parse_version(p, o, r)))
		return err;
	if ((err = get_obj(p, o, "", "tool", REQ, &x)) ||
	    (err = get_str(p, x, "tool", "version", REQ | NAME, &r->tool_version)) ||
	    (err = get_obj(p, o, "", "host", REQ, &x)) ||
	    (err = get_str(p, x, "host", "hostname", REQ | NAME, &r->hostname)) ||
	    (err = get_str(p, x, "host", "machine_id", NAME, &r->machine_id)) ||
	    (err = get_str(p, x, "host", "boot_id", NAME, &r->boot_id)) ||
	    (err = get_str(p, x, "host", "kernel", REQ | NAME, &r->kernel)) ||
	    (err = get_str(p, o, "", "attach", NAME, &r->attach)) ||
	    (err = get_obj(p, o, "", "span", REQ, &x)) ||
	    (err = get_time(p, x, "span", "start", REQ, &r->start)) ||
	    (err = get_time(p, x, "span", "end", REQ, &r->end)))
		return err;
	if (r->end < r->start)
		return bad(p, "span: end is before start");
	if ((err = get_obj(p, o, "", "events", REQ, &x)) ||
	    (err = get_u64(p, x, "events", "seen", REQ, &r->seen)) ||
	    (err = get_u64(p, x, "events", "lost", REQ, &r->lost)) ||
	    (err = get_u64(p, x, "events", "emitted", REQ, &r->emitted)) ||
	    (err = get_u64(p, x, "events", "unread", OPT, &r->unread)) ||
	    (err = get_u64(p, x, "events", "skipped", OPT, &r->skipped)) ||
	    (err = get_u64(p, x, "events", "malformed", OPT, &r->malformed)) ||
	    (err = sa_losses_parse(o, "", false, &r->dep_lost, p->err, p->errlen)))
		return err;
	x = member(o, "summary");
	if (!x)
		return bad(p, "summary: missing (an object is required)");
	if ((err = check_summary(p, x, "summary")))
		return err;
	if (p->verbatim && keep(x, &r->summary_kept))
		return oom(p);
	x = member(o, "coldplug");
	if (x && !sa_jis(x, SA_J_NULL)) {
		if ((err = check_summary(p, x, "coldplug")))
			return err;
		if (p->verbatim && keep(x, &r->coldplug_kept))
			return oom(p);
	}
	if ((err = get_arr(p, o, "", "sample", &x)))
		return err;
	e = sa_jfirst(x);
	for (size_t i = 0; i < x->len; i++, e = sa_jnext(e))
		if (!sa_jis(e, SA_J_OBJECT))
			return bad(p, "sample[%zu]: expected an event object", i);
	if (p->verbatim && keep(x, &r->sample))
		return oom(p);
	if ((err = get_obj(p, o, "", "needs", REQ, &needs)) ||
	    (err = parse_need_table(p, needs, "by_subsystem", &r->by_subsystem)) ||
	    (err = parse_need_table(p, needs, "by_bus", &r->by_bus)) ||
	    (err = parse_need_table(p, needs, "by_driver", &r->by_driver)) ||
	    (err = parse_paths(p, needs, r)))
		return err;
	if ((err = sa_report_boot_parse(member(o, "boot"), r, p->err, p->errlen)) ||
	    (err = sa_abi_section_parse(member(o, "obsolete_abi"), &r->abi, p->err, p->errlen)))
		return err;
	return parse_lists(p, o, r);
}

/*
 * Parse @len bytes at @buf, changed in place, with @doc's nodes (kept by
 * the caller); @verbatim: keep the parts a report only carries (pctx).
 */
static int parse_with(struct sa_jdoc *doc, char *buf, size_t len, bool verbatim,
		      struct sa_report *r, char *err, size_t errlen)
{
	struct pctx p = { err, errlen, verbatim };
	struct sa_json_budget b;
	int rc;

	memset(r, 0, sizeof(*r));
	snprintf(err, errlen, "unknown error");
	if (len == 0)
		return bad(&p, "empty file");
	if (len > (size_t)SA_REPORT_MAX_BYTES)
		return bad(&p, "too large (%zu bytes; the limit is %ld)", len, SA_REPORT_MAX_BYTES);
	if (memchr(buf, '\0', len))
		return bad(&p, "contains a NUL byte: not a JSON text");
	/*
	 * One grammar, one pass: the text is checked as JSON (RFC 8259), the
	 * tree counted against the budget and built as flat nodes at once
	 * (json_budget.h); the report is read from those nodes.
	 */
	if (!sa_jdoc_parse(doc, buf, len, SA_REPORT_MAX_TREE, &b)) {
		if (doc->oom)
			return oom(&p);
		if (b.bad)
			return bad(&p, "malformed JSON near byte %zu: %s", b.at, b.bad);
		if (b.nul_key)
			return bad(&p, "a member name contains a NUL character (\\u0000) near "
				   "byte %zu", b.at);
		snprintf(err, errlen, "too many JSON values to hold in memory: %zu objects, "
			 "%zu arrays and %zu values by byte %zu would take more than %llu MiB "
			 "(the limit of one report); not parsed", b.objects, b.arrays, b.values,
			 b.at, SA_REPORT_MAX_TREE >> 20);
		return -E2BIG;
	}
	rc = parse_report(&p, &doc->v[0], r);
	if (rc) {
		sa_report_free(r);
		return rc;
	}
	return 0;
}

int sa_report_parse(const char *buf, size_t len, struct sa_report *r, char *err, size_t errlen)
{
	struct sa_jdoc doc = {};
	char *copy = malloc(len ? len : 1);	/* the strings are decoded in place */
	int rc;

	if (!copy) {
		memset(r, 0, sizeof(*r));
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	memcpy(copy, buf, len);
	rc = parse_with(&doc, copy, len, true, r, err, errlen);
	sa_jdoc_free(&doc);
	free(copy);
	return rc;
}

void sa_report_reader_free(struct sa_report_reader *rd)
{
	free(rd->buf);
	sa_jdoc_free(&rd->doc);
	memset(rd, 0, sizeof(*rd));
}

int sa_report_read(const char *file, struct sa_report *r, char *err, size_t errlen)
{
	struct sa_report_reader rd = { .verbatim = true };
	int rc = sa_report_reader_read(&rd, file, r, err, errlen);

	sa_report_reader_free(&rd);
	return rc;
}

int sa_report_reader_read(struct sa_report_reader *rd, const char *file, struct sa_report *r,
			  char *err, size_t errlen)
{
	struct stat st;
	size_t len = 0;
	ssize_t n;
	int fd;

	memset(r, 0, sizeof(*r));
	fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open: %s%s", strerror(errno), !strcmp(file, "-") ?
			 " (a report is read from a file, not from standard input)" : "");
		return -EIO;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		bool stat_ok = !fstat(fd, &st);

		snprintf(err, errlen, "cannot read: %s", !stat_ok ? strerror(errno) :
			 S_ISDIR(st.st_mode) ? "is a directory (give the reports in it: DIR/*.json)" :
			 "not a regular file");
		close(fd);
		return -EIO;
	}
	if (st.st_size > SA_REPORT_MAX_BYTES) {
		snprintf(err, errlen, "too large (%lld bytes; the limit is %ld)",
			 (long long)st.st_size, SA_REPORT_MAX_BYTES);
		close(fd);
		return -EBADMSG;
	}
	/*
	 * Read to EOF, never past the limit: the size may change under us. The
	 * buffer is kept from the previous report and grown to this file's
	 * size (and further if the file grows), so a fleet of small reports
	 * neither allocates 16 MiB for each nor allocates anew for each.
	 */
	if (rd->cap < (size_t)st.st_size + 1) {
		free(rd->buf);
		rd->cap = 0;
		rd->buf = malloc((size_t)st.st_size + 1);
		if (!rd->buf) {
			close(fd);
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		rd->cap = (size_t)st.st_size + 1;
	}
	while (len <= (size_t)SA_REPORT_MAX_BYTES) {
		if (len == rd->cap) {
			size_t c = rd->cap * 2 > (size_t)SA_REPORT_MAX_BYTES + 1 ?
				   (size_t)SA_REPORT_MAX_BYTES + 1 : rd->cap * 2;
			char *nb = realloc(rd->buf, c);

			if (!nb) {
				close(fd);
				snprintf(err, errlen, "out of memory");
				return -ENOMEM;
			}
			rd->buf = nb;
			rd->cap = c;
		}
		n = read(fd, rd->buf + len, rd->cap - len);
		if (!n)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "cannot read: %s", strerror(errno));
			close(fd);
			return -EIO;
		}
		len += n;
		/* A regular file reads short only at its end: no read() for the EOF. */
		if (len < rd->cap)
			break;
	}
	close(fd);
	return parse_with(&rd->doc, rd->buf, len, rd->verbatim, r, err, errlen);
}
