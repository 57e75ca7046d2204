/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A neutral value tree: what the tool keeps of a document it passes
 * through unread (a report's summary, coldplug summary and sample).
 * Plain data with no rendering in it: the output writer prints it in
 * whichever style it writes (output/json_out.h).
 */
#ifndef SYSFS_AUDIT_MODEL_VALUE_H
#define SYSFS_AUDIT_MODEL_VALUE_H

#include <stdbool.h>
#include <stddef.h>

enum sa_vtype {
	SA_V_NULL,
	SA_V_BOOL,
	SA_V_UINT,	/* u: an integer >= 0 */
	SA_V_INT,	/* i: an integer < 0 */
	SA_V_NUMBER,	/* s: a number's text as read (a fraction or exponent) */
	SA_V_STRING,	/* s, len: any bytes, NUL included */
	SA_V_ARRAY,	/* v, n */
	SA_V_OBJECT,	/* v, n: members in order, each with its key */
};

struct sa_value {
	enum sa_vtype type;
	char *key;		/* a member's name; NULL in an array or at the top */
	char *s;
	size_t len;
	union {
		bool b;
		unsigned long long u;
		long long i;
	};
	struct sa_value *v;	/* ARRAY, OBJECT */
	size_t n, cap;
};

/* A new member or element at the end of @parent (its key @key); NULL on no memory. */
struct sa_value *sa_value_append(struct sa_value *parent, const char *key);
/* Free what @v holds (not @v itself) and make it SA_V_NULL. */
void sa_value_clear(struct sa_value *v);
/* A new top-level value, or NULL on no memory; sa_value_free() frees both. */
struct sa_value *sa_value_new(enum sa_vtype type);
void sa_value_free(struct sa_value *v);

#endif
