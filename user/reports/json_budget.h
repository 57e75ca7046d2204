/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one grammar of a report: JSON as RFC 8259 has it, checked and
 * counted in one pass before json-c builds anything. json-c, even with
 * JSON_TOKENER_STRICT (0.16), still takes single-quoted member names, NaN
 * and Infinity, "1.", "00", raw control characters in strings, and
 * without it comments and trailing commas too: a scan that knew only
 * double-quoted strings would count megabytes of "{}," hidden behind a
 * comment holding a '"' as one string, for json-c to build millions of
 * objects from. So json-c only ever parses a text this scanner accepted,
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

/*
 * The same pass builds the tree the report reader walks: one flat array
 * of nodes, a subtree's nodes in a row, strings decoded in place in the
 * caller's buffer (a string never grows when decoded; its closing quote
 * becomes its NUL). No allocation per value: json-c's tree (an object is
 * a hash table of its own) cost more than half the time of reading a
 * report, and freeing it most of the rest of the allocator's time.
 * Numbers and duplicate member names read as json-c reads them: integers
 * clamped to 64 bits, the last of two members of the same name.
 */
enum sa_jtype { SA_J_NULL, SA_J_BOOL, SA_J_INT, SA_J_DOUBLE, SA_J_STRING, SA_J_ARRAY, SA_J_OBJECT };

struct sa_jnode {
	const char *key;	/* a member's name, decoded; NULL in an array or at the top */
	const char *s;		/* STRING: decoded, NUL-terminated; DOUBLE: its text (len bytes) */
	union {
		unsigned long long u;	/* INT >= 0, clamped to 2^64 - 1 */
		long long i;		/* INT < 0 (neg), clamped to -2^63 */
		double d;		/* DOUBLE */
		bool b;			/* BOOL */
	};
	unsigned int len;	/* STRING, DOUBLE: bytes; ARRAY, OBJECT: members */
	unsigned int next;	/* nodes in this subtree: the next sibling is this + next */
	unsigned char type;	/* enum sa_jtype */
	bool neg;		/* INT: negative */
};

/* Zero-initialise; kept from one text to the next (its nodes are reused). */
struct sa_jdoc {
	struct sa_jnode *v;	/* v[0]: the value of the whole text */
	size_t n, cap;
	bool oom;		/* sa_jdoc_parse() failed for memory */
};

/*
 * sa_json_budget() on @buf, building @d's nodes and decoding the strings
 * in place (@buf is changed, and must outlive the nodes). False as
 * sa_json_budget() is, or with d->oom.
 */
bool sa_jdoc_parse(struct sa_jdoc *d, char *buf, size_t len, unsigned long long limit,
		   struct sa_json_budget *b);
void sa_jdoc_free(struct sa_jdoc *d);

/* Member @k of object @o (the last of that name), or NULL: absent, JSON null, @o no object. */
const struct sa_jnode *sa_jget(const struct sa_jnode *o, const char *k);

/* NULL reads as JSON null, as json-c's NULL object does. */
static inline bool sa_jis(const struct sa_jnode *v, enum sa_jtype t)
{
	return v ? v->type == t : t == SA_J_NULL;
}

/* The first member of an array or object (when it has any), then the next. */
static inline const struct sa_jnode *sa_jfirst(const struct sa_jnode *c)
{
	return c + 1;
}

static inline const struct sa_jnode *sa_jnext(const struct sa_jnode *v)
{
	return v + v->next;
}

/* An INT as json-c's int64 (clamped to INT64_MAX) and uint64 (0 below 0). */
long long sa_jint64(const struct sa_jnode *v);
unsigned long long sa_juint64(const struct sa_jnode *v);
/* An INT or DOUBLE as a double. */
double sa_jdouble(const struct sa_jnode *v);

#endif
