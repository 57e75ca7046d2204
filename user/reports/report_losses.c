// SPDX-License-Identifier: GPL-2.0
/*
 * What a recording lost (format 1.2): the dependents' records lost, for the
 * whole report ("dependents_lost") and, in a boot audit, by phase (each
 * phase's "lost" and "dependents_lost"). Optional members: a report that
 * does not carry them (1.0, 1.1) is read as "unknown", never as "none".
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/common.h"
#include "output/json_out.h"
#include "reports/report_model.h"

static int bad(char *err, size_t len, const char *where, const char *k, const char *why)
{
	snprintf(err, len, "%s%s%s: %s", where, *where ? "." : "", k, why);
	return EXIT_REPORT_INVALID;
}

/* An optional non-negative integer @k of @o (absent or null: 0, *@seen untouched). */
static int get_count(json_object *o, const char *where, const char *k,
		     unsigned long long *out, bool *seen, char *err, size_t len)
{
	json_object *v = NULL;

	*out = 0;
	if (!json_object_object_get_ex(o, k, &v) || json_object_is_type(v, json_type_null))
		return 0;
	if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0)
		return bad(err, len, where, k, "expected a non-negative integer");
	*out = json_object_get_uint64(v);
	if (*out == UINT64_MAX)
		return bad(err, len, where, k, "out of range (at most 18446744073709551614)");
	*seen = true;
	return 0;
}

int sa_losses_parse(json_object *o, const char *where, bool events, struct sa_losses *l,
		    char *err, size_t len)
{
	json_object *d = NULL;
	char w[96];
	int rc;

	memset(l, 0, sizeof(*l));
	if (events) {
		rc = get_count(o, where, "lost", &l->events, &l->known, err, len);
		if (rc)
			return rc;
	}
	if (!json_object_object_get_ex(o, "dependents_lost", &d) ||
	    json_object_is_type(d, json_type_null))
		return 0;
	if (!json_object_is_type(d, json_type_object))
		return bad(err, len, where, "dependents_lost", "expected an object or null");
	l->known = true;
	snprintf(w, sizeof(w), "%s%sdependents_lost", where, *where ? "." : "");
	for (int i = 0; i < SA_DLOST_N; i++) {
		rc = get_count(d, w, sa_dep_loss_names[i], &l->deps[i], &l->known, err, len);
		if (rc)
			return rc;
	}
	return 0;
}

void sa_losses_json(json_object *o, const struct sa_losses *l, bool events)
{
	json_object *d;

	if (!l->known)
		return;
	if (events)
		sa_json_add_u64(o, "lost", l->events);
	d = json_object_new_object();
	for (int i = 0; i < SA_DLOST_N; i++)
		sa_json_add_u64(d, sa_dep_loss_names[i], l->deps[i]);
	json_object_object_add(o, "dependents_lost", d);
}

unsigned long long sa_losses_deps(const struct sa_losses *l)
{
	unsigned long long n = 0;

	for (int i = 0; i < SA_DLOST_N; i++)
		n = sa_sat_add(n, l->deps[i]);
	return n;
}
