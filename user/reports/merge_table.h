/* SPDX-License-Identifier: GPL-2.0 */
/* The merge's tables: rows by their key strings, each with its hosts. */
#ifndef SYSFS_AUDIT_REPORTS_MERGE_TABLE_H
#define SYSFS_AUDIT_REPORTS_MERGE_TABLE_H

#include <stddef.h>

#include "model/merged.h"

/*
 * Add @count to the row of @t whose first t->nkey strings equal @s, for
 * @host; a new row keeps all of @s (the other strings are the first
 * report's). 0 or -ENOMEM.
 */
int sa_mtable_add(struct sa_mtable *t, const char *const s[SA_MROW_STRS],
		  unsigned long long count, size_t host);

/* Once all are added: host sets sorted and distinct, the index dropped (rows may move). */
void sa_mtable_seal(struct sa_mtable *t);

void sa_mtable_free(struct sa_mtable *t);

/* A row's hosts sorted and distinct again. */
void sa_mrow_compact(struct sa_mrow *r);

/*
 * Make room for element @n of *@v when its capacity is implied by the
 * count (16, then powers of two): 0 or -ENOMEM.
 */
int sa_grow_implied(void **v, size_t n, size_t size);

#endif
