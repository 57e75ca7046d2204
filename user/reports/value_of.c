// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash_index.h"
#include "reports/value_of.h"

struct key_ctx {
	const struct sa_value *o;
	const char *key;
};

static bool key_eq(const void *ctx, size_t row)
{
	const struct key_ctx *k = ctx;

	return !strcmp(k->o->v[row].key, k->key);
}

static int members(const struct sa_jnode *n, struct sa_value *out)
{
	const struct sa_jnode *c = sa_jfirst(n);
	struct sa_hindex ix = { 0 };
	int err = 0;

	for (unsigned int i = 0; !err && i < n->len; i++, c = sa_jnext(c)) {
		struct key_ctx k = { out, c->key };
		uint64_t h = 0;
		long at = -1;
		struct sa_value *m;

		if (out->type == SA_V_OBJECT) {
			h = sa_hash_str(SA_HASH_INIT, c->key);
			at = sa_hindex_find(&ix, h, key_eq, &k);
		}
		if (at >= 0) {
			/* json-c replaced the value in place */
			err = sa_value_of(c, &out->v[at]);
			continue;
		}
		m = sa_value_append(out, out->type == SA_V_OBJECT ? c->key : NULL);
		if (!m || (out->type == SA_V_OBJECT && sa_hindex_add(&ix, h, out->n - 1)))
			err = -ENOMEM;
		else
			err = sa_value_of(c, m);
	}
	sa_hindex_free(&ix);
	return err;
}

int sa_value_of(const struct sa_jnode *n, struct sa_value *out)
{
	sa_value_clear(out);
	switch (n->type) {
	case SA_J_NULL:
		return 0;
	case SA_J_BOOL:
		out->type = SA_V_BOOL;
		out->b = n->b;
		return 0;
	case SA_J_INT:
		if (!n->neg) {
			out->type = SA_V_UINT;
			out->u = n->u;
		} else {
			out->type = SA_V_INT;
			out->i = sa_jint64(n);
		}
		return 0;
	case SA_J_DOUBLE:
	case SA_J_STRING:
		out->type = n->type == SA_J_DOUBLE ? SA_V_NUMBER : SA_V_STRING;
		out->len = n->len;
		out->s = malloc(n->len + 1);
		if (!out->s)
			return -ENOMEM;
		memcpy(out->s, n->s, n->len);
		out->s[n->len] = '\0';
		return 0;
	case SA_J_ARRAY:
	case SA_J_OBJECT:
		out->type = n->type == SA_J_ARRAY ? SA_V_ARRAY : SA_V_OBJECT;
		return members(n, out);
	}
	return -EINVAL;
}

int sa_value_parse(char *buf, size_t len, struct sa_value *out)
{
	struct sa_json_budget b;
	struct sa_jdoc d = { 0 };
	int err;

	if (!sa_jdoc_parse(&d, buf, len, ~0ULL, &b))
		err = d.oom ? -ENOMEM : -EINVAL;
	else
		err = sa_value_of(d.v, out);
	sa_jdoc_free(&d);
	return err;
}
