// SPDX-License-Identifier: GPL-2.0
/* Paths in programs and scripts that name obsolete ABI (audit/abi_strings.h). */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/abi_strings.h"
#include "common/hash_index.h"

#define PATH_TEXT_MAX	1024	/* a longer path is cut there: no sysfs path is that long */
#define SKIP_MAX	256	/* ${...}, $(...), `...`, [...] longer than this end the path */

struct pat {
	const struct sa_abi_entry *e;
	const struct sa_abi_what *w;
	const char *lit0, *lit1;	/* the first two components when literal, else NULL */
};

struct sa_abi_strings {
	struct pat *p;
	size_t n;
};

struct sa_abi_strings *sa_abi_strings_new(const struct sa_abi *abi)
{
	struct sa_abi_strings *m = calloc(1, sizeof(*m));
	size_t n = 0;

	if (!m)
		return NULL;
	for (size_t i = 0; i < abi->n; i++)
		n += abi->e[i].nwhat;
	m->p = calloc(n ? n : 1, sizeof(*m->p));
	if (!m->p) {
		free(m);
		return NULL;
	}
	for (size_t i = 0; i < abi->n; i++)
		for (size_t k = 0; k < abi->e[i].nwhat; k++) {
			const struct sa_abi_what *w = &abi->e[i].what[k];

			if (w->kind != SA_ABI_PATH || !w->pattern)
				continue;
			m->p[m->n++] = (struct pat){ &abi->e[i], w,
						     sa_abi_pattern_comp_literal(w->pattern, 0),
						     sa_abi_pattern_comp_literal(w->pattern, 1) };
		}
	return m;
}

void sa_abi_strings_free(struct sa_abi_strings *m)
{
	if (!m)
		return;
	free(m->p);
	free(m);
}

bool sa_abi_strings_maybe(const char *s, size_t n)
{
	return memmem(s, n, "/sys/", 5) || memmem(s, n, "/proc/", 6);
}

/* A character that continues a path as written. */
static bool path_char(char c)
{
	return isalnum((unsigned char)c) || strchr("_-.:+@/", c);
}

/* The length of the printf conversion at @s ("%d", "%02x", "%*s"), 0 if none. */
static size_t printf_conv(const char *s, size_t n)
{
	size_t i = 1;

	while (i < n && strchr("-+ #0'", s[i]))
		i++;
	if (i < n && s[i] == '*')
		i++;
	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	if (i < n && s[i] == '.') {
		i++;
		while (i < n && isdigit((unsigned char)s[i]))
			i++;
	}
	while (i < n && strchr("hlLqjzZt", s[i]))
		i++;
	return i < n && strchr("diouxXcsp", s[i]) ? i + 1 : 0;
}

static size_t through(const char *s, size_t n, char close);

/* udev's %k, %n, %s{attr}, %E{key} (udev(7) "substitutions"), 0 if none. */
static size_t udev_subst(const char *s, size_t n)
{
	size_t k;

	if (n < 2 || !strchr("knpbMmcPNrSsE", s[1]))
		return 0;
	if (n > 2 && s[2] == '{' && (k = through(s + 2, n - 2, '}')))
		return 2 + k;
	return 2;
}

/* From @s[0] == @open, the length through its @close, 0 if not within SKIP_MAX. */
static size_t through(const char *s, size_t n, char close)
{
	for (size_t i = 1; i < n && i < SKIP_MAX; i++)
		if (s[i] == close)
			return i + 1;
	return 0;
}

/* The length of the shell (or Perl) expansion or glob at @s, 0 if none. */
static size_t shell_exp(const char *s, size_t n)
{
	size_t i;

	switch (s[0]) {
	case '*': case '?':
		return 1;
	case '[':
		return through(s, n, ']');
	case '`':
		return through(s, n, '`');
	case '$':
		break;
	default:
		return 0;
	}
	if (n < 2)
		return 0;
	if (s[1] == '{')
		return (i = through(s + 1, n - 1, '}')) ? i + 1 : 0;
	if (s[1] == '(')
		return (i = through(s + 1, n - 1, ')')) ? i + 1 : 0;
	if (isdigit((unsigned char)s[1]) || strchr("@*#?$!-", s[1]))
		return 2;
	if (!isalpha((unsigned char)s[1]) && s[1] != '_')
		return 0;
	for (i = 2; i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'); i++)
		;
	/* Perl: $params{pinid}, $pins[3] */
	if (i < n && (s[i] == '{' || s[i] == '[')) {
		size_t k = through(s + i, n - i, s[i] == '{' ? '}' : ']');

		if (k)
			i += k;
	}
	return i;
}

/*
 * The path that starts at @s (on "/sys/" or "/proc/"): its length as
 * written, and its text with holes into @out (PATH_TEXT_MAX bytes).
 */
static size_t read_path(const char *s, size_t n, unsigned int syn, char *out)
{
	size_t i = 0, o = 0, k;

	while (i < n && o < PATH_TEXT_MAX - 1) {
		char c = s[i];

		if (path_char(c) || ((syn & SA_ABI_SYN_ANYNAME) && c == SA_ABI_ANYNAME)) {
			/* "//" is "/" */
			if (!(c == '/' && o && out[o - 1] == '/'))
				out[o++] = c;
			i++;
			continue;
		}
		k = 0;
		if ((syn & SA_ABI_SYN_PRINTF) && c == '%')
			k = printf_conv(s + i, n - i);
		if (!k && (syn & SA_ABI_SYN_UDEV) && c == '%')
			k = udev_subst(s + i, n - i);
		if (!k && (syn & SA_ABI_SYN_SHELL))
			k = shell_exp(s + i, n - i);
		if (k) {
			if (!o || out[o - 1] != SA_ABI_HOLE)
				out[o++] = SA_ABI_HOLE;
			i += k;
			continue;
		}
		/* a quote inside a word: "/sys/class/gpio/gpio"$N"/value" */
		if ((syn & SA_ABI_SYN_SHELL) && (c == '"' || c == '\'') && i + 1 < n &&
		    (path_char(s[i + 1]) || s[i + 1] == '$')) {
			i++;
			continue;
		}
		break;
	}
	while (o > 1 && out[o - 1] == '/')
		o--;
	out[o] = '\0';
	/* trailing quotes and dots are punctuation, not part of the path */
	while (i && (s[i - 1] == '.' || s[i - 1] == '\'' || s[i - 1] == '"'))
		i--;
	while (o > 1 && out[o - 1] == '.') {
		out[--o] = '\0';
		while (o > 1 && out[o - 1] == '/')
			out[--o] = '\0';
	}
	return i;
}

/* "." or ".." as a component: the path is not what its text says. */
static bool has_dots(const char *p)
{
	for (const char *c = p; (c = strstr(c, "/.")); c++)
		if (c[2] == '/' || !c[2] || (c[2] == '.' && (c[3] == '/' || !c[3])))
			return true;
	return false;
}

/* Component @i of @path (starting with '/'), copied into @buf; false if none. */
static bool component(const char *path, size_t i, char *buf, size_t len)
{
	const char *c = path;
	size_t l;

	for (;;) {
		while (*c == '/')
			c++;
		if (!*c)
			return false;
		l = strcspn(c, "/");
		if (!i--)
			break;
		c += l;
	}
	if (l >= len)
		return false;
	memcpy(buf, c, l);
	buf[l] = '\0';
	return true;
}

static bool lit_ok(const char *lit, bool have, const char *comp)
{
	/* a component with a hole may still be the literal: that is for the matcher */
	return !lit || (have && (strchr(comp, SA_ABI_HOLE) || !strcmp(lit, comp)));
}

int sa_abi_strings_find(const struct sa_abi_strings *m, const char *s, size_t n,
			unsigned int syntax, sa_abi_name_fn fn, void *ctx)
{
	char path[PATH_TEXT_MAX], c0[256], c1[256];
	const char *end = s + n, *p = s;
	const char *a = memmem(s, n, "/sys/", 5), *b = memmem(s, n, "/proc/", 6);

	while (p < end) {
		const char *at;
		size_t len;
		bool h0, h1;

		/* each is searched again only once passed: linear in @n however many there are */
		if (a && a < p)
			a = memmem(p, end - p, "/sys/", 5);
		if (b && b < p)
			b = memmem(p, end - p, "/proc/", 6);
		at = a && (!b || a < b) ? a : b;
		if (!at)
			break;
		/* inside a longer word ("/usr/sys/", "$ROOT/sys/"): not an absolute path */
		if (at > s && (path_char(at[-1]) || at[-1] == '}' || at[-1] == '$')) {
			p = at + 1;
			continue;
		}
		len = read_path(at, end - at, syntax, path);
		p = at + (len ? len : 1);
		if (has_dots(path))
			continue;
		h0 = component(path, 0, c0, sizeof(c0));
		h1 = component(path, 1, c1, sizeof(c1));
		for (size_t i = 0; i < m->n; i++) {
			const struct pat *t = &m->p[i];
			struct sa_abi_name nm;
			int err;

			if (!lit_ok(t->lit0, h0, c0) || !lit_ok(t->lit1, h1, c1) ||
			    !sa_abi_pattern_match_holes(t->w->pattern, path))
				continue;
			nm = (struct sa_abi_name){ at, len, at - s, t->e, t->w };
			err = fn(&nm, ctx);
			if (err)
				return err;
			break;	/* the first entry that names it */
		}
	}
	return 0;
}

bool sa_abi_names_add(struct sa_abi_names *s, const struct sa_abi_name *nm)
{
	unsigned long long h = SA_HASH_INIT;

	for (size_t i = 0; i < nm->len; i++)
		h = (h ^ (unsigned char)nm->text[i]) * 1099511628211ULL;
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].entry == nm->entry && s->v[i].hash == h)
			return false;
	if (s->n == SA_ABI_NAMES_MAX) {
		s->more++;
		return false;
	}
	s->v[s->n].entry = nm->entry;
	s->v[s->n++].hash = h;
	return true;
}

const char *sa_abi_kind(const struct sa_abi_entry *e)
{
	return !strncmp(e->file, "removed/", 8) ? SA_KIND_REMOVED_ABI : SA_KIND_OBSOLETE_ABI;
}

int sa_abi_hit(const struct sa_abi_name *nm, struct sa_abi_names *seen, unsigned long line,
	       unsigned long col, long long offset, sa_hit_cb cb, void *ctx)
{
	const struct sa_abi_entry *e = nm->entry;
	bool removed = !strcmp(sa_abi_kind(e), SA_KIND_REMOVED_ABI);
	char key[256], msg[768];
	size_t kl = nm->len < sizeof(key) - 1 ? nm->len : sizeof(key) - 1;
	struct sa_hit h = {
		.line = line,
		.col = col,
		.offset = offset,
		.kind = sa_abi_kind(e),
		.key = key,
		.sev = SA_SEV_NOTE,
		.message = msg,
		.abi = e,
		.abi_what = nm->what->text,
		.confidence = SA_ABI_CONFIDENCE,
	};

	if (!sa_abi_names_add(seen, nm))
		return 0;
	memcpy(key, nm->text, kl);
	key[kl] = '\0';
	/* a rule's "any device of the class" reads as a glob */
	for (char *c = key; (c = strchr(c, SA_ABI_ANYNAME)); )
		*c = '*';
	snprintf(msg, sizeof(msg), "names %s, %s ABI (Documentation/ABI/%s: %s%s%s%s%s): "
		 SA_ABI_CONFIDENCE ", until a trace (abi watch) sees it read",
		 nm->what->text, removed ? "removed" : "obsolete", e->file,
		 e->date ? "since " : "", e->date ? e->date : "",
		 e->date && e->kernel_version ? ", " : "",
		 e->kernel_version ? "kernel " : "", e->kernel_version ? e->kernel_version : "");
	return cb(&h, ctx);
}

int sa_abi_hit_more(const struct sa_abi_names *seen, sa_hit_cb cb, void *ctx)
{
	char key[32], msg[160];
	struct sa_hit h = {
		.offset = -1,
		.kind = SA_KIND_ABI_MORE,
		.key = key,
		.sev = SA_SEV_NOTE,
		.message = msg,
		.confidence = SA_ABI_CONFIDENCE,
	};

	if (!seen->more)
		return 0;
	snprintf(key, sizeof(key), "%lu more", seen->more);
	snprintf(msg, sizeof(msg), "%lu more paths that name obsolete or removed ABI entries, "
		 "past the first %d: not listed one by one", seen->more, SA_ABI_NAMES_MAX);
	return cb(&h, ctx);
}
