// SPDX-License-Identifier: GPL-2.0
/*
 * The dependents' programs send a record packed: a fixed part, then its
 * strings one after another (bpf/dep_records.h). Nothing in it is trusted.
 */
#include <errno.h>
#include <string.h>

#include "deps/dep_decode.h"

struct cursor {
	const unsigned char *p, *end;
};

/* The next string into @dst of @size bytes; -EINVAL if unterminated or too long. */
static int take(struct cursor *c, char *dst, size_t size)
{
	const unsigned char *nul = memchr(c->p, '\0', c->end - c->p);
	size_t n;

	if (!nul)
		return -EINVAL;
	n = nul - c->p;
	if (n >= size)
		return -EINVAL;
	memcpy(dst, c->p, n + 1);
	c->p = nul + 1;
	return 0;
}

int sa_dep_decode(const void *data, size_t len, struct sa_dep_rec *r)
{
	struct cursor c = { data, (const unsigned char *)data + len };
	unsigned int i;
	int err = 0;

	if (len < SA_DEP_FIXED || len > SA_DEP_PACK_MAX)
		return -EINVAL;
	memset(r, 0, sizeof(*r));
	memcpy(r, data, SA_DEP_FIXED);
	c.p += SA_DEP_FIXED;
	if (r->ncomp > SA_DEP_MAX_COMP || r->nexe > SA_DEP_EXE_COMP || r->ncg > SA_DEP_CG_COMP ||
	    r->args_len > SA_DEP_ARGS_LEN - 1 || r->anc_args_len > SA_DEP_ARGS_LEN - 1)
		return -EINVAL;
	err = err ?: take(&c, r->comm, sizeof(r->comm));
	err = err ?: take(&c, r->pcomm, sizeof(r->pcomm));
	err = err ?: take(&c, r->name, sizeof(r->name));
	for (i = 0; i < r->ncomp; i++)
		err = err ?: take(&c, r->comp[i], sizeof(r->comp[i]));
	err = err ?: take(&c, r->req, sizeof(r->req));
	for (i = 0; i < r->nexe; i++)
		err = err ?: take(&c, r->exe[i], sizeof(r->exe[i]));
	for (i = 0; i < r->ncg; i++)
		err = err ?: take(&c, r->cg[i], sizeof(r->cg[i]));
	err = err ?: take(&c, r->script, sizeof(r->script));
	if (err || (size_t)(c.end - c.p) != (size_t)r->args_len + r->anc_args_len)
		return -EINVAL;
	memcpy(r->args, c.p, r->args_len);
	memcpy(r->anc_args, c.p + r->args_len, r->anc_args_len);
	return 0;
}
