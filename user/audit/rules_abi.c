// SPDX-License-Identifier: GPL-2.0
/* udev rules that name paths of obsolete ABI (audit/rules_abi.h). */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "audit/rules_abi.h"

/* what a rule fills in; ANYNAME: the paths attr_paths() builds */
#define SYN (SA_ABI_SYN_SHELL | SA_ABI_SYN_UDEV | SA_ABI_SYN_ANYNAME)

struct rctx {
	const struct sa_rule_token *t;
	struct sa_abi_names *seen;
	unsigned long line;
	sa_hit_cb cb;
	void *ctx;
};

static int on_name(const struct sa_abi_name *nm, void *ctx)
{
	struct rctx *c = ctx;

	return sa_abi_hit(nm, c->seen, c->line, c->t->col, -1, c->cb, c->ctx);
}

static bool is_key(const struct sa_rule_token *t, const char *name)
{
	return t->key_len == strlen(name) && !strncasecmp(t->key, name, t->key_len);
}

/* The value of the first match (==) token @name, or NULL. */
static const struct sa_rule_token *match_of(const struct sa_rule *r, const char *name)
{
	for (size_t i = 0; i < r->ntok; i++)
		if (r->tok[i].op == SA_OP_MATCH && is_key(&r->tok[i], name))
			return &r->tok[i];
	return NULL;
}

/*
 * A match value as a path component: a literal (its globs and
 * substitutions holes), or any name at all when the rule has none, or an
 * alternative ("a|b"), or one that cannot be a component (a '/').
 */
static void component(const struct sa_rule_token *t, char *out, size_t len)
{
	if (!t || !t->value_len || memchr(t->value, '/', t->value_len) ||
	    memchr(t->value, '|', t->value_len) || t->value_len >= len) {
		snprintf(out, len, "%c", SA_ABI_ANYNAME);
		return;
	}
	memcpy(out, t->value, t->value_len);
	out[t->value_len] = '\0';
}

/* ATTR{a}, ATTRS{a}, TEST{mode} (its attribute is the value): on the devices the rule selects. */
static int attr_paths(const struct sa_rule *r, const struct sa_rule_token *t,
		      const struct sa_abi_strings *m, struct rctx *c)
{
	const struct sa_rule_token *sub, *kern = match_of(r, "KERNEL");
	const char *attr;
	size_t alen;
	char s[160], k[160], path[700];
	int err, n;

	if (is_key(t, "ATTR") || is_key(t, "ATTRS")) {
		if (!t->attr || !t->attr_len)
			return 0;
		attr = t->attr;
		alen = t->attr_len;
	} else if (is_key(t, "TEST") && t->value_len && t->value[0] != '/') {
		attr = t->value;
		alen = t->value_len;
	} else {
		return 0;
	}
	sub = is_key(t, "ATTRS") ? match_of(r, "SUBSYSTEMS") : NULL;
	if (!sub)
		sub = match_of(r, "SUBSYSTEM");
	/* without a literal subsystem the rule names no class or bus */
	if (!sub || !sub->value_len || memchr(sub->value, '/', sub->value_len))
		return 0;
	component(sub, s, sizeof(s));
	component(is_key(t, "ATTRS") ? match_of(r, "KERNELS") : kern, k, sizeof(k));
	if (s[0] == SA_ABI_ANYNAME)
		return 0;
	n = snprintf(path, sizeof(path), "/sys/class/%s/%s/%.*s", s, k, (int)alen, attr);
	if (n < 0 || (size_t)n >= sizeof(path))
		return 0;
	err = sa_abi_strings_find(m, path, n, SYN, on_name, c);
	if (err)
		return err;
	n = snprintf(path, sizeof(path), "/sys/bus/%s/devices/%s/%.*s", s, k, (int)alen, attr);
	if (n < 0 || (size_t)n >= sizeof(path))
		return 0;
	return sa_abi_strings_find(m, path, n, SYN, on_name, c);
}

/*
 * "/sys%p/value", "/sys$devpath/value": the device's own directory, which
 * udev knows and the text does not. With the rule's subsystem and kernel
 * name it is /sys/class/S/K (@dir); rewritten into @out, or false when
 * the value has none or it does not fit.
 */
static bool devpath_rewrite(const struct sa_rule_token *t, const char *dir, char *out,
			    size_t len)
{
	static const char *const forms[] = { "/sys%p", "/sys$devpath", "/sys${devpath}" };
	size_t o = 0, i = 0;
	bool any = false;

	while (i < t->value_len) {
		size_t f, fl = 0;

		for (f = 0; f < 3; f++) {
			fl = strlen(forms[f]);
			if (t->value_len - i >= fl && !memcmp(t->value + i, forms[f], fl))
				break;
		}
		if (f < 3) {
			size_t dl = strlen(dir);

			if (o + dl >= len)
				return false;
			memcpy(out + o, dir, dl);
			o += dl;
			i += fl;
			any = true;
		} else {
			if (o + 1 >= len)
				return false;
			out[o++] = t->value[i++];
		}
	}
	out[o] = '\0';
	return any;
}

static int devpath_paths(const struct sa_rule *r, const struct sa_rule_token *t,
			 const struct sa_abi_strings *m, struct rctx *c)
{
	const struct sa_rule_token *sub = match_of(r, "SUBSYSTEM");
	char s[160], k[160], dir[400], text[2048];
	int err;

	if (!t->value_len || !memmem(t->value, t->value_len, "/sys", 4) || !sub ||
	    !sub->value_len || memchr(sub->value, '/', sub->value_len))
		return 0;
	component(sub, s, sizeof(s));
	component(match_of(r, "KERNEL"), k, sizeof(k));
	if (s[0] == SA_ABI_ANYNAME)
		return 0;
	snprintf(dir, sizeof(dir), "/sys/class/%s/%s", s, k);
	if (devpath_rewrite(t, dir, text, sizeof(text)) &&
	    (err = sa_abi_strings_find(m, text, strlen(text), SYN, on_name, c)))
		return err;
	snprintf(dir, sizeof(dir), "/sys/bus/%s/devices/%s", s, k);
	if (devpath_rewrite(t, dir, text, sizeof(text)))
		return sa_abi_strings_find(m, text, strlen(text), SYN, on_name, c);
	return 0;
}

int sa_rules_abi(const struct sa_rule *r, const struct sa_abi_strings *m,
		 struct sa_abi_names *seen, sa_hit_cb cb, void *ctx)
{
	int err = 0;

	for (size_t i = 0; i < r->ntok && !err; i++) {
		const struct sa_rule_token *t = &r->tok[i];
		struct rctx c = { t, seen, r->line, cb, ctx };

		if (t->value_len && sa_abi_strings_maybe(t->value, t->value_len))
			err = sa_abi_strings_find(m, t->value, t->value_len,
						  SA_ABI_SYN_SHELL | SA_ABI_SYN_UDEV, on_name, &c);
		if (!err)
			err = attr_paths(r, t, m, &c);
		if (!err)
			err = devpath_paths(r, t, m, &c);
	}
	return err;
}
