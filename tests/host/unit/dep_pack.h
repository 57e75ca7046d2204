/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pack a dependents' record as bpf/dep_common.bpf.h does (the layout in
 * bpf/dep_records.h), for the decoder's unit test and fuzz target.
 */
#ifndef SYSFS_AUDIT_TEST_DEP_PACK_H
#define SYSFS_AUDIT_TEST_DEP_PACK_H

#include <string.h>

#include "dep_records.h"

static inline size_t dep_pack_str(unsigned char *out, size_t o, const char *s)
{
	size_t n = strlen(s) + 1;

	memcpy(out + o, s, n);
	return o + n;
}

/* @r packed into @out (SA_DEP_PACK_MAX bytes at least); its size. */
static inline size_t dep_pack(const struct sa_dep_rec *r, unsigned char *out)
{
	size_t o = SA_DEP_FIXED;

	memcpy(out, r, SA_DEP_FIXED);
	o = dep_pack_str(out, o, r->comm);
	o = dep_pack_str(out, o, r->pcomm);
	o = dep_pack_str(out, o, r->name);
	for (unsigned int i = 0; i < r->ncomp; i++)
		o = dep_pack_str(out, o, r->comp[i]);
	o = dep_pack_str(out, o, r->req);
	for (unsigned int i = 0; i < r->nexe; i++)
		o = dep_pack_str(out, o, r->exe[i]);
	for (unsigned int i = 0; i < r->ncg; i++)
		o = dep_pack_str(out, o, r->cg[i]);
	o = dep_pack_str(out, o, r->script);
	memcpy(out + o, r->args, r->args_len);
	o += r->args_len;
	memcpy(out + o, r->anc_args, r->anc_args_len);
	return o + r->anc_args_len;
}

#endif
