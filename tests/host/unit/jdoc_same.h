/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Does the report reader's tree (reports/json_budget.h) say what json-c's
 * says of the same text? Its reader took json-c's tree before (issue 49):
 * types, numbers as json-c clamps them, strings byte for byte, the last
 * of two members of the same name. Shared by test_json_doc and the
 * report fuzzer.
 */
#ifndef SYSFS_AUDIT_TEST_JDOC_SAME_H
#define SYSFS_AUDIT_TEST_JDOC_SAME_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/json_budget.h"

/* The member that counts in @o: the last named @k, a JSON null too; NULL: none. */
static inline const struct sa_jnode *jdoc_last(const struct sa_jnode *o, const char *k)
{
	const struct sa_jnode *c = sa_jfirst(o), *v = NULL;

	for (unsigned int i = 0; i < o->len; i++, c = sa_jnext(c))
		if (!strcmp(c->key, k))
			v = c;
	return v;
}

/* NULL when @v and @j are the same value, else where they differ (in @why). */
static inline const char *jdoc_differs(const struct sa_jnode *v, json_object *j, char *why,
				       size_t n)
{
	const struct sa_jnode *c = sa_jfirst(v);
	const char *d;
	size_t distinct = 0;

	switch (v->type) {
	case SA_J_NULL:
		if (j)
			snprintf(why, n, "null against json-c's %s",
				 json_type_to_name(json_object_get_type(j)));
		return j ? why : NULL;
	case SA_J_BOOL:
		if (!json_object_is_type(j, json_type_boolean) || json_object_get_boolean(j) != v->b)
			return snprintf(why, n, "boolean %d", v->b), why;
		return NULL;
	case SA_J_INT:
		if (!json_object_is_type(j, json_type_int) ||
		    json_object_get_int64(j) != sa_jint64(v) ||
		    json_object_get_uint64(j) != sa_juint64(v))
			return snprintf(why, n, "integer %lld/%llu against json-c's %s", sa_jint64(v),
					sa_juint64(v), json_object_get_string(j)), why;
		return NULL;
	case SA_J_DOUBLE:
		if (!json_object_is_type(j, json_type_double) ||
		    (json_object_get_double(j) != v->d &&
		     !(isnan(json_object_get_double(j)) && isnan(v->d))))
			return snprintf(why, n, "double %.17g against json-c's %s", v->d,
					json_object_get_string(j)), why;
		return NULL;
	case SA_J_STRING:
		if (!json_object_is_type(j, json_type_string) ||
		    (size_t)json_object_get_string_len(j) != v->len ||
		    memcmp(json_object_get_string(j), v->s, v->len) || v->s[v->len])
			return snprintf(why, n, "string '%.40s' (%u bytes) against json-c's '%.40s'",
					v->s, v->len, json_object_get_string(j)), why;
		return NULL;
	case SA_J_ARRAY:
		if (!json_object_is_type(j, json_type_array) ||
		    json_object_array_length(j) != v->len)
			return snprintf(why, n, "an array of %u", v->len), why;
		for (unsigned int i = 0; i < v->len; i++, c = sa_jnext(c))
			if ((d = jdoc_differs(c, json_object_array_get_idx(j, i), why, n)))
				return d;
		return NULL;
	case SA_J_OBJECT:
		if (!json_object_is_type(j, json_type_object))
			return snprintf(why, n, "an object of %u", v->len), why;
		for (unsigned int i = 0; i < v->len; i++, c = sa_jnext(c)) {
			json_object *m;

			if (!json_object_object_get_ex(j, c->key, &m))
				return snprintf(why, n, "member '%.40s' not in json-c's", c->key), why;
			if (jdoc_last(v, c->key) != c)
				continue;	/* an earlier one of the name: json-c kept the last */
			distinct++;
			if ((d = jdoc_differs(c, m, why, n)))
				return d;
		}
		if ((size_t)json_object_object_length(j) != distinct)
			return snprintf(why, n, "%zu names against json-c's %d", distinct,
					json_object_object_length(j)), why;
		return NULL;
	}
	return snprintf(why, n, "type %d", v->type), why;
}

#endif
