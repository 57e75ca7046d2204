// SPDX-License-Identifier: GPL-2.0
/*
 * What a recording lost (format 1.2): the dependents' records lost, for the
 * whole report ("dependents_lost") and, in a boot audit, by phase (each
 * phase's "lost" and "dependents_lost"). Optional members: a report that
 * does not carry them (1.0, 1.1) is read as "unknown", never as "none".
 * 1.3: the whole report's "dependents_lost" says of its store_full how
 * many lines broke, fell back, were suspect ("store_full_by").
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/common.h"
#include "output/json_out.h"
#include "reports/report_model.h"

static int bad(char *err, size_t len, const char *where, const char *k, const char *why)
{
	snprintf(err, len, "%s%s%s: %s", where, *where ? "." : "", k, why);
	return -EBADMSG;
}

/* An optional non-negative integer @k of @o (absent or null: 0, *@seen untouched). */
static int get_count(const struct sa_jnode *o, const char *where, const char *k,
		     unsigned long long *out, bool *seen, char *err, size_t len)
{
	const struct sa_jnode *v = NULL;

	*out = 0;
	if (!(v = sa_jget(o, k)) || sa_jis(v, SA_J_NULL))
		return 0;
	if (!sa_jis(v, SA_J_INT) || sa_jint64(v) < 0)
		return bad(err, len, where, k, "expected a non-negative integer");
	*out = sa_juint64(v);
	if (*out == UINT64_MAX)
		return bad(err, len, where, k, "out of range (at most 18446744073709551614)");
	*seen = true;
	return 0;
}

static int parse_by(const struct sa_jnode *d, const char *where, struct sa_losses *l, char *err,
		    size_t len)
{
	const struct sa_jnode *b = NULL;
	char w[128];
	int rc;

	if (!(b = sa_jget(d, "store_full_by")) ||
	    sa_jis(b, SA_J_NULL))
		return 0;
	if (!sa_jis(b, SA_J_OBJECT))
		return bad(err, len, where, "store_full_by", "expected an object or null");
	snprintf(w, sizeof(w), "%s.store_full_by", where);
	for (int c = 0; c < SA_DC_N; c++) {
		rc = get_count(b, w, sa_dep_confs[c].member, &l->store_full_by[c], &l->known, err,
			       len);
		if (rc)
			return rc;
	}
	return 0;
}

int sa_losses_parse(const struct sa_jnode *o, const char *where, bool events,
		    struct sa_losses *l, char *err, size_t len)
{
	const struct sa_jnode *d = NULL;
	char w[96];
	int rc;

	memset(l, 0, sizeof(*l));
	if (events) {
		rc = get_count(o, where, "lost", &l->events, &l->known, err, len);
		if (rc)
			return rc;
	}
	if (!(d = sa_jget(o, "dependents_lost")) ||
	    sa_jis(d, SA_J_NULL))
		return 0;
	if (!sa_jis(d, SA_J_OBJECT))
		return bad(err, len, where, "dependents_lost", "expected an object or null");
	l->known = true;
	snprintf(w, sizeof(w), "%s%sdependents_lost", where, *where ? "." : "");
	for (int i = 0; i < SA_DLOST_N; i++) {
		rc = get_count(d, w, sa_dep_loss_names[i], &l->deps[i], &l->known, err, len);
		if (rc)
			return rc;
	}
	return events ? 0 : parse_by(d, w, l, err, len);
}

void sa_losses_write(struct sa_jw *w, const struct sa_losses *l, bool events)
{
	if (!l->known)
		return;
	if (events)
		sa_jw_u64(w, "lost", l->events);
	sa_jw_object(w, "dependents_lost");
	for (int i = 0; i < SA_DLOST_N; i++)
		sa_jw_u64(w, sa_dep_loss_names[i], l->deps[i]);
	if (!events) {
		sa_jw_object(w, "store_full_by");
		for (int i = 0; i < SA_DC_N; i++) {
			enum sa_dep_conf c = sa_dep_conf_shown(i);

			sa_jw_u64(w, sa_dep_confs[c].member, l->store_full_by[c]);
		}
		sa_jw_end(w);
	}
	sa_jw_end(w);
}

unsigned long long sa_losses_deps(const struct sa_losses *l)
{
	unsigned long long n = 0;

	for (int i = 0; i < SA_DLOST_N; i++)
		n = sa_sat_add(n, l->deps[i]);
	return n;
}
