// SPDX-License-Identifier: GPL-2.0
/*
 * A report's "obsolete_abi" section (format 1.6, docs/report-format.md),
 * read as strictly as the rest: every member type-checked, a verdict only
 * from sa_abi_states[], every string within the field it goes into, the
 * entries and users within SA_ABI_MAX_ENTRIES and SA_ABI_MAX_USERS.
 * Strings are copied into the model's fixed fields: the fields are the
 * bound, and one longer is refused (-E2BIG), never cut.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/abi_read.h"

struct actx {
	char *err;
	size_t errlen;
};

static int __attribute__((format(printf, 3, 4))) fail(struct actx *c, int err,
						       const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(c->err, c->errlen, "obsolete_abi");

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < c->errlen)
		vsnprintf(c->err + n, c->errlen - n, fmt, ap);
	va_end(ap);
	return err;
}

/* One string member into a fixed field; required: present and not null. */
struct sfield {
	const char *key;
	size_t off, size;
	bool required;
};

#define VF(k, m, req) { k, offsetof(struct sa_abi_verdict, m), \
			sizeof(((struct sa_abi_verdict *)0)->m), req }
#define UF(k, m, req) { k, offsetof(struct sa_abi_user, m), \
			sizeof(((struct sa_abi_user *)0)->m), req }

static const struct sfield verdict_strs[] = {
	VF("file", file, true), VF("what", what, true), VF("date", date, false),
	VF("kernel_version", kernel_version, false), VF("example", example, false),
};

static const struct sfield user_strs[] = {
	UF("exe", id.exe, false), UF("exe_package", id.exe_pkg, false),
	UF("script", id.script, false), UF("script_package", id.script_pkg, false),
	UF("comm", id.comm, true), UF("argv", id.args, true), UF("unit", id.unit, false),
	UF("container", id.ns, false), UF("path", path, true),
};

static int read_strs(struct actx *c, const char *where, const struct sa_jnode *o,
		     const struct sfield *f, size_t n, void *base)
{
	for (size_t i = 0; i < n; i++) {
		const struct sa_jnode *v = sa_jget(o, f[i].key);

		if (!v) {
			if (f[i].required)
				return fail(c, -EBADMSG, "%s.%s: missing (a string is required)",
					    where, f[i].key);
			continue;
		}
		if (!sa_jis(v, SA_J_STRING))
			return fail(c, -EBADMSG, "%s.%s: expected a string", where, f[i].key);
		if (v->len >= f[i].size || memchr(v->s, '\0', v->len))
			return fail(c, v->len >= f[i].size ? -E2BIG : -EBADMSG,
				    "%s.%s: %u bytes%s, longer than the %zu a report may hold "
				    "(see LIMITS in sysfs-audit(8))", where, f[i].key, v->len,
				    v->len >= f[i].size ? "" : " with a NUL", f[i].size - 1);
		memcpy((char *)base + f[i].off, v->s, v->len + 1);
	}
	return 0;
}

/* A count member: a non-negative integer at most @max. */
static int read_u64(struct actx *c, const char *where, const struct sa_jnode *o, const char *k,
		    unsigned long long max, unsigned long long *out)
{
	const struct sa_jnode *v = sa_jget(o, k);

	if (!sa_jis(v, SA_J_INT) || v->neg)
		return fail(c, -EBADMSG, "%s.%s: %s", where, k,
			    v ? "expected a non-negative integer" : "missing (an integer is required)");
	if (v->u > max)
		return fail(c, -EBADMSG, "%s.%s: %llu is out of range (at most %llu)", where, k,
			    v->u, max);
	*out = v->u;
	return 0;
}

static int read_user(struct actx *c, const char *where, const struct sa_jnode *o,
		     struct sa_abi_user *a)
{
	const struct sa_jnode *pids = sa_jget(o, "pids"), *wr = sa_jget(o, "writes"), *p;
	unsigned long long first, last;
	int err;

	if (!sa_jis(o, SA_J_OBJECT))
		return fail(c, -EBADMSG, "%s: expected an object", where);
	if ((err = read_strs(c, where, o, user_strs, sizeof(user_strs) / sizeof(user_strs[0]), a)) ||
	    (err = read_u64(c, where, o, "opens", ~0ULL, &a->count)) ||
	    (err = read_u64(c, where, o, "first_ms", ~0ULL / 1000000, &first)) ||
	    (err = read_u64(c, where, o, "last_ms", ~0ULL / 1000000, &last)))
		return err;
	if (!a->id.exe[0] && !a->id.script[0])
		return fail(c, -EBADMSG, "%s: neither exe nor script: a user is a program", where);
	if (first > last)
		return fail(c, -EBADMSG, "%s: first_ms after last_ms", where);
	a->first_ns = first * 1000000;
	a->last_ns = last * 1000000;
	if (!sa_jis(wr, SA_J_BOOL))
		return fail(c, -EBADMSG, "%s.writes: expected true or false", where);
	a->wrote = wr->b;
	if (!sa_jis(pids, SA_J_ARRAY))
		return fail(c, -EBADMSG, "%s.pids: expected an array", where);
	if (pids->len > SA_ABI_USER_PIDS)
		return fail(c, -E2BIG, "%s.pids: more than %d (see LIMITS in sysfs-audit(8))",
			    where, SA_ABI_USER_PIDS);
	p = sa_jfirst(pids);
	for (unsigned int i = 0; i < pids->len; i++, p = sa_jnext(p)) {
		if (!sa_jis(p, SA_J_INT) || p->neg || !p->u || p->u > 0x7fffffff)
			return fail(c, -EBADMSG, "%s.pids[%u]: expected a process id", where, i);
		a->pids[a->npids++] = p->u;
	}
	return 0;
}

static int read_entry(struct actx *c, const char *where, const struct sa_jnode *o,
		      struct sa_abi_verdict *v, size_t *users_left)
{
	const struct sa_jnode *verdict = sa_jget(o, "verdict"), *users = sa_jget(o, "users"), *e;
	unsigned long long line, paths;
	int st, err;
	char at[96];

	if (!sa_jis(o, SA_J_OBJECT))
		return fail(c, -EBADMSG, "%s: expected an object", where);
	if ((err = read_strs(c, where, o, verdict_strs,
			     sizeof(verdict_strs) / sizeof(verdict_strs[0]), v)) ||
	    (err = read_u64(c, where, o, "line", 0x7fffffff, &line)) ||
	    (err = read_u64(c, where, o, "paths", ~0ULL, &paths)))
		return err;
	v->line = line;
	v->present = paths;
	if (!sa_jis(verdict, SA_J_STRING))
		return fail(c, -EBADMSG, "%s.verdict: %s", where,
			    verdict ? "expected a string" : "missing (a string is required)");
	st = sa_abi_state_parse(verdict->s);
	if (st < 0 || !sa_abi_states[st].in_report)
		return fail(c, -EBADMSG, "%s.verdict: '%.40s' is not a verdict a report holds "
			    "(in-use, present-unused, absent)", where, verdict->s);
	v->state = st;
	if (!sa_jis(users, SA_J_ARRAY))
		return fail(c, -EBADMSG, "%s.users: expected an array", where);
	/* The verdict and what it rests on agree: a reader is not told two stories. */
	if ((st == SA_ABI_IN_USE) != (users->len > 0))
		return fail(c, -EBADMSG, "%s: verdict %s with %u users", where, verdict->s,
			    users->len);
	if ((st == SA_ABI_ABSENT) != (paths == 0) || (paths > 0) != (v->example[0] != 0))
		return fail(c, -EBADMSG, "%s: verdict %s with %llu paths%s", where, verdict->s,
			    paths, v->example[0] ? "" : " and no example");
	if (users->len > *users_left)
		return fail(c, -E2BIG, ": more than %d users in all (see LIMITS in sysfs-audit(8))",
			    SA_ABI_MAX_USERS);
	*users_left -= users->len;
	if (users->len && !(v->users = calloc(users->len, sizeof(*v->users))))
		return fail(c, -ENOMEM, ": out of memory");
	e = sa_jfirst(users);
	for (unsigned int i = 0; i < users->len; i++, e = sa_jnext(e)) {
		snprintf(at, sizeof(at), "%s.users[%u]", where, i);
		if ((err = read_user(c, at, e, &v->users[v->nusers++])))
			return err;
	}
	return 0;
}

static int read_stats(struct actx *c, const struct sa_jnode *s, struct sa_abi_use *u)
{
	static const struct { const char *k; size_t off; } f[] = {
		{ "lost", offsetof(struct sa_abi_use, lost) },
		{ "map_full", offsetof(struct sa_abi_use, map_full) },
		{ "candidates", offsetof(struct sa_abi_use, candidates) },
		{ "confirmed", offsetof(struct sa_abi_use, confirmed) },
		{ "unconfirmed", offsetof(struct sa_abi_use, unconfirmed) },
		{ "refreshes", offsetof(struct sa_abi_use, refreshes) },
		{ "malformed", offsetof(struct sa_abi_use, malformed) },
	};
	int err;

	if (!sa_jis(s, SA_J_OBJECT))
		return fail(c, -EBADMSG, ".stats: %s", s ? "expected an object" :
			    "missing (a report's section was watched: an object is required)");
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if ((err = read_u64(c, ".stats", s, f[i].k, ~0ULL,
				    (unsigned long long *)((char *)u + f[i].off))))
			return err;
	return 0;
}

static int parse(struct actx *c, const struct sa_jnode *o, struct sa_abi_use *u)
{
	const struct sa_jnode *entries = sa_jget(o, "entries"), *e;
	unsigned long long watched;
	size_t users_left = SA_ABI_MAX_USERS;
	char at[48];
	int err;

	if (!sa_jis(o, SA_J_OBJECT))
		return fail(c, -EBADMSG, ": expected an object (or null)");
	if ((err = read_u64(c, "", o, "watched_ms", ~0ULL / 1000000, &watched)) ||
	    (err = read_stats(c, sa_jget(o, "stats"), u)))
		return err;
	u->watched = true;
	u->start_ns = 0;
	u->end_ns = watched * 1000000;
	if (!sa_jis(entries, SA_J_ARRAY))
		return fail(c, -EBADMSG, ".entries: %s", entries ? "expected an array" :
			    "missing (an array is required)");
	if (entries->len > SA_ABI_MAX_ENTRIES)
		return fail(c, -E2BIG, ".entries: more than %d (see LIMITS in sysfs-audit(8))",
			    SA_ABI_MAX_ENTRIES);
	if (entries->len && !(u->v = calloc(entries->len, sizeof(*u->v))))
		return fail(c, -ENOMEM, ": out of memory");
	e = sa_jfirst(entries);
	for (unsigned int i = 0; i < entries->len; i++, e = sa_jnext(e)) {
		snprintf(at, sizeof(at), ".entries[%u]", i);
		u->n++;
		if ((err = read_entry(c, at, e, &u->v[i], &users_left)))
			return err;
	}
	return 0;
}

int sa_abi_section_parse(const struct sa_jnode *o, struct sa_abi_use **out, char *err,
			 size_t errlen)
{
	struct actx c = { err, errlen };
	struct sa_abi_use *u;
	int rc;

	*out = NULL;
	if (!o)
		return 0;	/* absent or null: no watch ran (1.0-1.5, record without --abi) */
	u = calloc(1, sizeof(*u));
	if (!u)
		return fail(&c, -ENOMEM, ": out of memory");
	rc = parse(&c, o, u);
	if (rc) {
		sa_abi_use_free(u);
		free(u);
		return rc;
	}
	*out = u;
	return 0;
}
