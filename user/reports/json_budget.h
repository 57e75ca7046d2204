/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What json-c's tree of a JSON text would cost, counted on the text before
 * json-c builds it: the 16 MiB bound on a file does not bound the tree
 * (16 MiB of "{}," is 5.6 million objects, 4.3 GB in json-c 0.16).
 */
#ifndef SYSFS_AUDIT_REPORTS_JSON_BUDGET_H
#define SYSFS_AUDIT_REPORTS_JSON_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The estimate per value, measured on json-c 0.16 (Debian 12): an empty
 * object 792 bytes (its hash table), an array 152, a string, number or
 * member 72 to 104; plus the text itself.
 */
#define SA_JSON_COST_OBJECT	800
#define SA_JSON_COST_ARRAY	160
#define SA_JSON_COST_VALUE	112

struct sa_json_budget {
	size_t objects, arrays, values;	/* counted so far (values: an upper bound) */
	unsigned long long cost;	/* the estimate in bytes, at the stop */
	size_t at;			/* where the scan stopped */
	bool over;			/* the estimate passed the limit at @at */
	bool nul_key;			/* a member name with \u0000 ends at @at */
};

/*
 * Scan @len bytes of JSON text at @buf in one pass, counting objects,
 * arrays and values, and stop at the first member name holding an escaped
 * NUL (which json-c would cut) or when the estimate passes @limit. The
 * text need not be valid: json-c judges that afterwards. Returns true when
 * the text is within the budget and no member name holds a NUL.
 */
bool sa_json_budget(const char *buf, size_t len, unsigned long long limit,
		    struct sa_json_budget *b);

#endif
