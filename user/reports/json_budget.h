/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one grammar of a report: JSON as RFC 8259 has it, checked and
 * counted in one pass before json-c builds anything. json-c, even with
 * JSON_TOKENER_STRICT (0.16), still takes single-quoted member names, NaN
 * and Infinity, "1.", "00", raw control characters in strings, and
 * without it comments and trailing commas too: a scan that knew only
 * double-quoted strings counted 16 MiB of "{}," hidden behind a comment
 * holding a '"' as one string, and json-c built 5.6 million objects
 * (4.3 GB). So json-c only ever parses a text this scanner accepted,
 * and the cost counted here is the cost of the tree json-c builds.
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

/* Objects and arrays nested deeper are refused (json-c's tokener gets the same depth). */
#define SA_JSON_MAX_DEPTH	64

struct sa_json_budget {
	size_t objects, arrays, values;	/* counted so far (values: scalars and member names) */
	unsigned long long cost;	/* the estimate in bytes, at the stop */
	size_t at;			/* where the scan stopped */
	bool over;			/* the estimate passed the limit at @at */
	bool nul_key;			/* a member name with \u0000 ends at @at */
	const char *bad;		/* not JSON at @at: what is wrong there, else NULL */
};

/*
 * Check @len bytes at @buf against the JSON grammar (RFC 8259: one value,
 * double-quoted strings without raw control characters, no comments, no
 * trailing commas, no NaN or Infinity, at most SA_JSON_MAX_DEPTH deep),
 * counting objects, arrays and values; stop at the first error (@bad), at
 * the first member name holding an escaped NUL, which json-c would cut
 * (@nul_key), or when the estimate passes @limit (@over). Returns true
 * when the text is JSON, within the budget, and no member name holds a NUL.
 */
bool sa_json_budget(const char *buf, size_t len, unsigned long long limit,
		    struct sa_json_budget *b);

#endif
