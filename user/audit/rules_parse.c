// SPDX-License-Identifier: GPL-2.0
/*
 * The udev rules grammar as systemd-udevd (and udev before it) reads it, and
 * what each legacy construct meant. Sources for the semantics: udev's
 * udev_rules.c before 098 (BUS, ID, SYSFS{}, DRIVER matched while walking up
 * the physical devices), udev_rules_parse.c of 098..1xx (BUS and ID became
 * aliases of SUBSYSTEMS and KERNELS, SYSFS{} of ATTRS{}, DRIVER matches the
 * event device only, PHYSDEV* and the "device" link warned about), udev 174
 * (BUS, ID, SYSFS removed). See docs/design.md.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/rules_parse.h"
#include "model/legacy_key.h"

struct growbuf {
	char *p;
	size_t n, cap;
};

static int gb_add(struct growbuf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *p;

		while (cap < b->n + n + 1)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p)
			return -ENOMEM;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
	return 0;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static bool is_keychar(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Split one logical rule into tokens; on a syntax error keep what was read. */
static int tokenize(struct sa_rule *r, struct sa_rule_token **tokbuf, size_t *tokcap)
{
	const char *t = r->text;
	size_t n = r->len, i = 0;

	r->ntok = 0;
	r->error = NULL;
	for (;;) {
		struct sa_rule_token tk = {};
		size_t start;

		while (i < n && (is_space(t[i]) || t[i] == ','))
			i++;
		if (i >= n)
			break;
		start = i;
		if (!isalpha((unsigned char)t[i]) && t[i] != '_') {
			r->error = "expected a key";
			r->error_col = i + 1;
			break;
		}
		while (i < n && is_keychar(t[i]))
			i++;
		tk.key = t + start;
		tk.key_len = i - start;
		tk.col = start + 1;
		if (i < n && t[i] == '{') {
			size_t as = ++i;

			while (i < n && t[i] != '}')
				i++;
			if (i >= n) {
				r->error = "missing closing brace";
				r->error_col = as;
				break;
			}
			tk.attr = t + as;
			tk.attr_len = i - as;
			i++;
		}
		while (i < n && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i + 1 < n && t[i + 1] == '=' && strchr("=!+-:", t[i]) && t[i]) {
			static const enum sa_rule_op ops[] = {
				SA_OP_MATCH, SA_OP_NOMATCH, SA_OP_ADD, SA_OP_REMOVE, SA_OP_FINAL,
			};
			tk.op = ops[strchr("=!+-:", t[i]) - "=!+-:"];
			i += 2;
		} else if (i < n && t[i] == '=') {
			tk.op = SA_OP_ASSIGN;
			i++;
		} else {
			r->error = "expected an operator";
			r->error_col = i + 1;
			break;
		}
		while (i < n && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i + 1 < n && t[i] == 'e' && t[i + 1] == '"')
			i++;	/* e"..." : C escapes in the value */
		if (i < n && (t[i] == '"' || t[i] == '\'')) {
			char q = t[i];
			size_t vs = ++i;

			while (i < n && t[i] != q) {
				if (q == '"' && t[i] == '\\' && i + 1 < n)
					i++;
				i++;
			}
			if (i >= n) {
				r->error = "unterminated quoted value";
				r->error_col = vs;	/* the quote, 1-based */
				break;
			}
			tk.value = t + vs;
			tk.value_len = i - vs;
			i++;
		} else {
			/* udev before 098 accepted unquoted values */
			size_t vs = i;

			while (i < n && !is_space(t[i]) && t[i] != ',')
				i++;
			tk.value = t + vs;
			tk.value_len = i - vs;
		}
		if (r->ntok == *tokcap) {
			size_t cap = *tokcap ? *tokcap * 2 : 16;
			struct sa_rule_token *p = realloc(*tokbuf, cap * sizeof(*p));

			if (!p)
				return -ENOMEM;
			*tokbuf = p;
			*tokcap = cap;
		}
		(*tokbuf)[r->ntok++] = tk;
	}
	r->tok = *tokbuf;
	return 0;
}

/*
 * udev's own line grammar, as systemd 252 reads a rules file
 * (src/udev/udev-rules.c, udev_rules_parse_file(); src/basic/fileio.c,
 * read_line_full()):
 *  - a physical line ends at LF, CR or NUL, or at a run of them in which no
 *    kind repeats and nothing follows a NUL ("\r\n", "\n\r", "\n\0" are one
 *    end; "\n\n" and "\0\n" are two);
 *  - a line of UDEV_LINE_SIZE (16384) bytes or more fails read_line() with
 *    ENOBUFS: udev stops reading the file there (the rules before it stay);
 *  - leading blanks (" \t\n\r") are skipped, trailing ones are not: only a
 *    '\' that is the very last byte continues a line;
 *  - a line whose first non-blank byte is '#' is a comment whatever it ends
 *    with, and is skipped even between continued lines (which go on after it);
 *  - a continued line is joined without its '\'; the joined line is tested
 *    again for a final '\'; a joined line of 16384 bytes or more is ignored
 *    ("Line is too long, ignored") up to the end of its continuation;
 *  - a continuation still open at the end of the file is dropped, silently.
 * The rule is reported at the line it starts on.
 */
#define UDEV_LINE_SIZE 16384

enum { EOL_ZERO = 1, EOL_TEN = 2, EOL_THIRTEEN = 4 };

static unsigned int eol_kind(char c)
{
	return c == '\n' ? EOL_TEN : c == '\r' ? EOL_THIRTEEN : c == '\0' ? EOL_ZERO : 0;
}

/* read_line(): the line at *@pos (its length), *@pos moved past its end. */
static size_t read_line(const char *buf, size_t len, size_t *pos)
{
	size_t s = *pos, p = s;
	unsigned int prev = 0;

	while (p < len && !eol_kind(buf[p]))
		p++;
	*pos = p;
	while (*pos < len && eol_kind(buf[*pos])) {
		unsigned int e = eol_kind(buf[*pos]);

		if ((prev & EOL_ZERO) || (prev & e))
			break;
		prev |= e;
		(*pos)++;
	}
	return p - s;
}

static int emit_rule(struct sa_rule *r, struct sa_rule_token **toks, size_t *tokcap,
		     sa_rule_cb cb, void *ctx)
{
	int err = 0;

	if (r->len)
		err = tokenize(r, toks, tokcap);
	if (!err)
		err = cb(r, ctx);
	return err;
}

int sa_rules_parse(const char *buf, size_t len, sa_rule_cb cb, void *ctx)
{
	struct growbuf lb = {};
	struct sa_rule_token *toks = NULL;
	size_t tokcap = 0, pos = 0;
	unsigned long lineno = 0, start_line = 0;
	bool cont = false, too_long = false;
	int err = 0;

	while (pos < len && !err) {
		const char *p = buf + pos, *line;
		size_t l = read_line(buf, len, &pos), ll;
		struct sa_rule r = {};

		lineno++;
		if (l >= UDEV_LINE_SIZE) {
			r.line = lineno;
			r.udev_skips = "a line of 16384 bytes or more: udev stops reading this "
				       "file here, the rest of it is not checked either";
			err = cb(&r, ctx);
			cont = false;
			break;
		}
		while (l && (*p == ' ' || *p == '\t'))
			p++, l--;
		if (l && *p == '#')
			continue;	/* a comment, whatever it ends with */
		line = p;
		ll = l;
		if (cont && !too_long) {
			if (lb.n + l >= UDEV_LINE_SIZE)
				too_long = true;
			err = gb_add(&lb, p, l);
			if (err)
				break;
			if (!too_long) {
				line = lb.p;
				ll = lb.n;
			}
		}
		if (ll && line[ll - 1] == '\\') {
			if (too_long)
				continue;
			if (cont) {
				lb.p[--lb.n] = '\0';
			} else {
				lb.n = 0;
				err = gb_add(&lb, p, l - 1);
				start_line = lineno;
				cont = true;
			}
			continue;
		}
		r.line = cont ? start_line : lineno;
		if (too_long) {
			r.text = lb.p;
			r.len = lb.n;
			r.udev_skips = "a continued line of 16384 bytes or more: udev ignores "
				       "this rule";
			err = emit_rule(&r, &toks, &tokcap, cb, ctx);
		} else if (ll) {
			r.text = line;
			r.len = ll;
			err = emit_rule(&r, &toks, &tokcap, cb, ctx);
		}
		cont = too_long = false;
	}
	if (!err && cont) {
		struct sa_rule r = { .line = start_line, .text = lb.p, .len = lb.n };

		r.udev_skips = too_long ? "a continued line of 16384 bytes or more: udev ignores "
					  "this rule" :
					  "the file ends inside a continued line ('\\' at its "
					  "end): udev ignores this rule";
		err = emit_rule(&r, &toks, &tokcap, cb, ctx);
	}
	free(lb.p);
	free(toks);
	return err;
}

/* ---- the classifier ------------------------------------------------------ */

static bool key_is(const struct sa_rule_token *t, const char *name)
{
	return t->key_len == strlen(name) && !strncasecmp(t->key, name, t->key_len);
}

static bool attr_is(const struct sa_rule_token *t, const char *name)
{
	return t->attr && t->attr_len == strlen(name) && !memcmp(t->attr, name, t->attr_len);
}

static bool has(const char *s, size_t n, const char *what)
{
	return s && memmem(s, n, what, strlen(what));
}

static const char *op_str(enum sa_rule_op op)
{
	static const char *const s[] = { "==", "!=", "=", "+=", "-=", ":=" };

	return s[op];
}

/* Keep quoted pieces of user text short in messages. */
#define SHOW 64
#define SHOWN(n) ((int)((n) > SHOW ? SHOW : (n)))

static void set_key(struct sa_rule_issue *is, const struct sa_rule_token *t)
{
	if (t->attr)
		snprintf(is->key, sizeof(is->key), "%.*s{%.*s}", SHOWN(t->key_len), t->key,
			 SHOWN(t->attr_len), t->attr);
	else
		snprintf(is->key, sizeof(is->key), "%.*s", SHOWN(t->key_len), t->key);
}

static bool is_physdev(const char *s, size_t n)
{
	return sa_key_find(s, n) >= 0;
}

bool sa_rule_is_legacy(const struct sa_rule *r)
{
	for (size_t i = 0; i < r->ntok; i++) {
		const struct sa_rule_token *t = &r->tok[i];

		if (key_is(t, "BUS") || key_is(t, "ID") || key_is(t, "WAIT_FOR_SYSFS") ||
		    (t->key_len >= 5 && !strncasecmp(t->key, "SYSFS", 5)) ||
		    (key_is(t, "ENV") && t->attr && is_physdev(t->attr, t->attr_len)) ||
		    has(t->value, t->value_len, "$sysfs{"))
			return true;
	}
	return false;
}

struct emit {
	const struct sa_rule *r;
	sa_issue_cb cb;
	void *ctx;
};

static int emit(struct emit *e, struct sa_rule_issue *is)
{
	return e->cb(e->r, is, e->ctx);
}

static int physdev_env(struct emit *e, const struct sa_rule_token *t)
{
	struct sa_rule_issue is = { .col = t->col, .kind = "physdev-key", .sev = SA_SEV_ERROR };
	const char *with;

	set_key(&is, t);
	with = sa_keys[sa_key_find(t->attr, t->attr_len)].rules_match;
	if (t->op == SA_OP_MATCH || t->op == SA_OP_NOMATCH)
		snprintf(is.replacement, sizeof(is.replacement), "%s%s\"%.*s\"", with,
			 op_str(t->op), SHOWN(t->value_len), t->value);
	else
		snprintf(is.replacement, sizeof(is.replacement), "%s==", with);
	snprintf(is.message, sizeof(is.message),
		 "%.*s is no longer set by the kernel (CONFIG_SYSFS_DEPRECATED), this silently "
		 "never matches: use %s", (int)t->attr_len, t->attr, is.replacement);
	return emit(e, &is);
}

static int removed_key(struct emit *e, const struct sa_rule_token *t, const char *with,
		       const char *old_meaning)
{
	struct sa_rule_issue is = { .col = t->col, .kind = "removed-key", .sev = SA_SEV_ERROR };

	set_key(&is, t);
	snprintf(is.replacement, sizeof(is.replacement), "%s%s\"%.*s\"", with,
		 t->op == SA_OP_NOMATCH ? "!=" : "==", SHOWN(t->value_len), t->value);
	snprintf(is.message, sizeof(is.message),
		 "%s (%s) was removed in udev 174; today's udev rejects the whole rule: use %s",
		 is.key, old_meaning, is.replacement);
	return emit(e, &is);
}

static int parent_attr(struct emit *e, const struct sa_rule_token *t, size_t col,
		       const char *what, size_t what_len)
{
	struct sa_rule_issue is = { .col = col, .kind = "parent-attr", .sev = SA_SEV_WARNING };
	const char *base = what;
	size_t blen = what_len;

	/* the attribute's own name: after the last '/' */
	for (size_t i = 0; i < what_len; i++)
		if (what[i] == '/') {
			base = what + i + 1;
			blen = what_len - i - 1;
		}
	set_key(&is, t);
	snprintf(is.replacement, sizeof(is.replacement), "ATTRS{%.*s}", SHOWN(blen), base);
	snprintf(is.message, sizeof(is.message),
		 "'%.*s' reaches a parent through '../' or the 'device' link, whose distance "
		 "changed with the sysfs layout: match the parent with %s",
		 SHOWN(what_len), what, is.replacement);
	return emit(e, &is);
}

/*
 * The substitution @name{@a} reads the attribute of the device the rule
 * matched, where udev < 098 searched its parents too: @why, and what to
 * write instead.
 */
static int searched_parents(struct emit *e, struct sa_rule_issue *is, const char *name,
			    const char *a, size_t alen, const char *why)
{
	is->kind = "legacy-semantics";
	is->sev = SA_SEV_WARNING;
	snprintf(is->key, sizeof(is->key), "%s{%.*s}", name, SHOWN(alen), a);
	snprintf(is->replacement, sizeof(is->replacement), "ATTRS{%.*s}==\"?*\" with $attr{%.*s}",
		 SHOWN(alen), a, SHOWN(alen), a);
	snprintf(is->message, sizeof(is->message), "%s: use %s", why, is->replacement);
	return emit(e, is);
}

/* ${name}{attr} / %c{attr} substitutions inside a value. */
static int value_substs(struct emit *e, const struct sa_rule_token *t, bool legacy)
{
	const char *v = t->value, *end = v + t->value_len;
	int err = 0;

	for (const char *p = v; p < end && !err; p++) {
		/* the column of the substitution itself */
		struct sa_rule_issue is = { .col = (size_t)(p - e->r->text) + 1 };
		const char *a, *close, *sub;
		size_t alen;
		int kind;	/* 0 $sysfs, 1 %s, 2 $attr, 3 $env/%E */

		if (*p != '$' && *p != '%')
			continue;
		if (end - p >= 7 && !memcmp(p, "$sysfs{", 7))
			kind = 0, a = p + 7;
		else if (end - p >= 3 && !memcmp(p, "%s{", 3))
			kind = 1, a = p + 3;
		else if (end - p >= 6 && !memcmp(p, "$attr{", 6))
			kind = 2, a = p + 6;
		else if (end - p >= 5 && !memcmp(p, "$env{", 5))
			kind = 3, a = p + 5;
		else if (end - p >= 3 && !memcmp(p, "%E{", 3))
			kind = 3, a = p + 3;
		else
			continue;
		/*
		 * As udev reads a value: the attribute runs to the first '}'
		 * and the scan goes on after it, so each byte is read once.
		 * Without a '}' no later substitution closes either: searching
		 * again from each opening was quadratic in a run of "$env{".
		 */
		close = memchr(a, '}', end - a);
		if (!close)
			break;
		alen = close - a;
		sub = p;
		p = close;
		if (kind == 3) {
			if (!is_physdev(a, alen))
				continue;
			is.kind = "physdev-key";
			is.sev = SA_SEV_ERROR;
			snprintf(is.key, sizeof(is.key), "%.*s", (int)(close + 1 - sub), sub);
			snprintf(is.replacement, sizeof(is.replacement), "%s", alen == 10 ?
				 "SUBSYSTEMS==" : alen == 13 ? "DRIVERS==" : "KERNELS==");
			snprintf(is.message, sizeof(is.message),
				 "%.*s is always empty today (CONFIG_SYSFS_DEPRECATED): match the "
				 "parent with %s instead", (int)alen, a, is.replacement);
			err = emit(e, &is);
			continue;
		}
		if (has(a, alen, "../") || (alen >= 7 && !memcmp(a, "device/", 7))) {
			if (legacy)
				err = parent_attr(e, t, is.col, a, alen);
			continue;
		}
		if (kind == 0)
			/* systemd-udevd still reads $sysfs{} as a deprecated alias of $attr{} */
			err = searched_parents(e, &is, "$sysfs", a, alen,
					       "$sysfs{} is the old name of $attr{}; before udev 098 "
					       "it searched the parent devices for the attribute, "
					       "today it reads the device the rule matched");
		else if (kind == 1 && legacy)
			err = searched_parents(e, &is, "%s", a, alen,
					       "before udev 098 %s{} searched the parent devices for "
					       "the attribute; today it reads the device the rule "
					       "matched");
	}
	return err;
}

/* Hard-coded legacy sysfs paths in a value (mostly RUN / PROGRAM / IMPORT). */
static int legacy_paths(struct emit *e, const struct sa_rule_token *t)
{
	const char *v = t->value;
	size_t n = t->value_len;
	struct sa_rule_issue is = { .col = t->col, .kind = "legacy-path" };
	const char *p;

	set_key(&is, t);
	p = memmem(v, n, "device/bus", 10);
	if (p && (p + 10 == v + n || !is_keychar(p[10]))) {
		is.sev = SA_SEV_ERROR;
		snprintf(is.replacement, sizeof(is.replacement), "device/subsystem");
		snprintf(is.message, sizeof(is.message),
			 "the 'bus' link of bus devices went with CONFIG_SYSFS_DEPRECATED: "
			 "read %s instead", is.replacement);
		return emit(e, &is);
	}
	if (memmem(v, n, "device/..", 9)) {
		is.sev = SA_SEV_WARNING;
		snprintf(is.replacement, sizeof(is.replacement),
			 "KERNELS==/SUBSYSTEMS== and $attr{}");
		snprintf(is.message, sizeof(is.message),
			 "walks up from the 'device' link by path text; the number of levels "
			 "changed with the sysfs layout: match the parent with %s", is.replacement);
		return emit(e, &is);
	}
	return 0;
}

static int legacy_devpath(struct emit *e, const struct sa_rule_token *t)
{
	struct sa_rule_issue is = { .col = t->col, .kind = "legacy-devpath", .sev = SA_SEV_ERROR };
	const char *v = t->value;
	size_t n = t->value_len, cl = 0;

	if (n >= 7 && !memcmp(v, "/block/", 7)) {
		snprintf(is.replacement, sizeof(is.replacement), "SUBSYSTEM==\"block\"");
	} else if (n >= 7 && !memcmp(v, "/class/", 7)) {
		while (7 + cl < n && v[7 + cl] != '/')
			cl++;
		snprintf(is.replacement, sizeof(is.replacement), "SUBSYSTEM==\"%.*s\"",
			 SHOWN(cl), v + 7);
	} else {
		return 0;
	}
	set_key(&is, t);
	snprintf(is.message, sizeof(is.message),
		 "DEVPATH \"%.*s\" is a legacy path; every DEVPATH starts with /devices/ today, so "
		 "this silently never matches: use %s and KERNEL==", SHOWN(n), v, is.replacement);
	return emit(e, &is);
}

int sa_rules_classify(const struct sa_rule *r, bool legacy_file, sa_issue_cb cb, void *ctx)
{
	struct emit e = { r, cb, ctx };
	bool legacy = legacy_file || sa_rule_is_legacy(r);
	int err = 0;

	for (size_t i = 0; i < r->ntok && !err; i++) {
		const struct sa_rule_token *t = &r->tok[i];
		bool match = t->op == SA_OP_MATCH || t->op == SA_OP_NOMATCH;

		if (key_is(t, "ENV") && t->attr && is_physdev(t->attr, t->attr_len)) {
			err = physdev_env(&e, t);
		} else if (key_is(t, "BUS") && !t->attr) {
			err = removed_key(&e, t, "SUBSYSTEMS",
					  "matched the bus of the device or of a parent");
		} else if (key_is(t, "ID") && !t->attr) {
			err = removed_key(&e, t, "KERNELS",
					  "matched the bus id of the device or of a parent");
		} else if (t->key_len >= 5 && !strncasecmp(t->key, "SYSFS", 5) &&
			   (t->attr || (t->key_len > 6 && t->key[5] == '_'))) {
			struct sa_rule_issue is = { .col = t->col, .kind = "removed-key",
						    .sev = SA_SEV_ERROR };
			const char *a = t->attr ? t->attr : t->key + 6;
			size_t al = t->attr ? t->attr_len : t->key_len - 6;

			if (has(a, al, "../") || (al >= 7 && !memcmp(a, "device/", 7))) {
				err = parent_attr(&e, t, t->col, a, al);
				if (err)
					break;
			}
			set_key(&is, t);
			snprintf(is.replacement, sizeof(is.replacement), "ATTRS{%.*s}%s\"%.*s\"",
				 SHOWN(al), a, t->op == SA_OP_NOMATCH ? "!=" : "==",
				 SHOWN(t->value_len), t->value);
			snprintf(is.message, sizeof(is.message),
				 "%s (an attribute of the device or of a parent) was removed in "
				 "udev 174; today's udev rejects the whole rule: use %s",
				 is.key, is.replacement);
			err = emit(&e, &is);
		} else if (key_is(t, "WAIT_FOR_SYSFS")) {
			struct sa_rule_issue is = { .col = t->col, .kind = "removed-key",
						    .sev = SA_SEV_ERROR };

			set_key(&is, t);
			snprintf(is.message, sizeof(is.message),
				 "WAIT_FOR_SYSFS polled for a sysfs file%s; the key is gone and "
				 "today's udev rejects the whole rule: drop it (attributes exist "
				 "before the uevent is sent)",
				 t->value_len == 3 && !memcmp(t->value, "bus", 3) ?
				 " (\"bus\": the legacy bus link, which no longer exists)" : "");
			err = emit(&e, &is);
		} else if (key_is(t, "DRIVER") && !t->attr && legacy && match) {
			struct sa_rule_issue is = { .col = t->col, .kind = "legacy-semantics",
						    .sev = SA_SEV_WARNING };

			set_key(&is, t);
			snprintf(is.replacement, sizeof(is.replacement), "DRIVERS%s\"%.*s\"",
				 op_str(t->op), SHOWN(t->value_len), t->value);
			snprintf(is.message, sizeof(is.message),
				 "in this legacy rule DRIVER== also matched a parent's driver "
				 "(what PHYSDEVDRIVER carried); since udev 098 it matches the "
				 "event device only: use %s", is.replacement);
			err = emit(&e, &is);
		} else if (key_is(t, "DEVPATH") && !t->attr && match) {
			err = legacy_devpath(&e, t);
		} else if ((key_is(t, "ATTR") || key_is(t, "ATTRS")) && t->attr && legacy &&
			   (has(t->attr, t->attr_len, "../") ||
			    (t->attr_len >= 7 && !memcmp(t->attr, "device/", 7)))) {
			err = parent_attr(&e, t, t->col, t->attr, t->attr_len);
		}
		if (!err)
			err = value_substs(&e, t, legacy);
		if (!err && (key_is(t, "RUN") || key_is(t, "PROGRAM") || key_is(t, "IMPORT")))
			err = legacy_paths(&e, t);
	}
	return err;
}

int sa_rule_programs(const struct sa_rule *r, sa_prog_cb cb, void *ctx)
{
	for (size_t i = 0; i < r->ntok; i++) {
		const struct sa_rule_token *t = &r->tok[i];
		const char *v = t->value;
		size_t n = t->value_len, s = 0, w;
		int err;

		if (key_is(t, "RUN")) {
			if (t->attr && !attr_is(t, "program"))
				continue;
		} else if (key_is(t, "IMPORT")) {
			if (!attr_is(t, "program"))
				continue;
		} else if (!key_is(t, "PROGRAM")) {
			continue;
		}
		if (t->op == SA_OP_MATCH || t->op == SA_OP_NOMATCH || t->op == SA_OP_REMOVE)
			continue;
		while (s < n && is_space(v[s]))
			s++;
		for (w = s; w < n && !is_space(v[w]); w++)
			;
		if (w == s || memchr(v + s, '$', w - s) || memchr(v + s, '%', w - s) ||
		    (w - s >= 7 && !memcmp(v + s, "socket:", 7)))
			continue;
		err = cb(v + s, w - s, ctx);
		if (err)
			return err;
	}
	return 0;
}
