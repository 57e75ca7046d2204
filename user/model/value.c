// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "model/value.h"

struct sa_value *sa_value_append(struct sa_value *p, const char *key)
{
	struct sa_value *c;

	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 4;
		struct sa_value *v = realloc(p->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		p->v = v;
		p->cap = cap;
	}
	c = &p->v[p->n];
	memset(c, 0, sizeof(*c));
	if (key && !(c->key = strdup(key)))
		return NULL;
	p->n++;
	return c;
}

void sa_value_clear(struct sa_value *v)
{
	for (size_t i = 0; i < v->n; i++) {
		sa_value_clear(&v->v[i]);
		free(v->v[i].key);
	}
	free(v->v);
	free(v->s);
	v->v = NULL;
	v->s = NULL;
	v->n = v->cap = v->len = 0;
	v->u = 0;
	v->type = SA_V_NULL;
}

struct sa_value *sa_value_new(enum sa_vtype type)
{
	struct sa_value *v = calloc(1, sizeof(*v));

	if (v)
		v->type = type;
	return v;
}

void sa_value_free(struct sa_value *v)
{
	if (!v)
		return;
	sa_value_clear(v);
	free(v->key);
	free(v);
}
