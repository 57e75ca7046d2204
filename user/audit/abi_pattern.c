// SPDX-License-Identifier: GPL-2.0
/* A Documentation/ABI What: path as a pattern (audit/abi_pattern.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/abi_pattern.h"

enum atom_kind {
	A_LIT,		/* the text itself */
	A_NUM,		/* one or more digits */
	A_NAME,		/* one or more characters */
	A_STAR,		/* zero or more characters */
	A_CLASS,	/* one character of a set */
	A_ALT,		/* one of nwords words, NUL-separated in text */
};

struct atom {
	enum atom_kind kind;
	char *text;
	size_t len, nwords;
	unsigned char set[32];
};

struct seg {
	bool any_depth;		/* "...": one or more components */
	char *src;		/* the component as written */
	struct atom *a;
	size_t n;
};

struct sa_abi_pattern {
	struct seg *s;
	size_t n;
	bool prefix;		/* a trailing '/': the directory and all below */
	bool wild;
};

#define MAX_COMPONENTS 128

static void seg_free(struct seg *s)
{
	free(s->src);
	for (size_t i = 0; i < s->n; i++)
		free(s->a[i].text);
	free(s->a);
}

void sa_abi_pattern_free(struct sa_abi_pattern *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		seg_free(&p->s[i]);
	free(p->s);
	free(p);
}

static struct atom *add_atom(struct seg *s, enum atom_kind kind)
{
	struct atom *a = realloc(s->a, (s->n + 1) * sizeof(*a));

	if (!a)
		return NULL;
	s->a = a;
	a = &s->a[s->n++];
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	return a;
}

/* Append @c to the literal at the end of @s, starting one if needed. */
static int add_char(struct seg *s, char c)
{
	struct atom *a = s->n && s->a[s->n - 1].kind == A_LIT ? &s->a[s->n - 1] : NULL;
	char *t;

	if (!a && !(a = add_atom(s, A_LIT)))
		return -ENOMEM;
	t = realloc(a->text, a->len + 2);
	if (!t)
		return -ENOMEM;
	t[a->len++] = c;
	t[a->len] = '\0';
	a->text = t;
	return 0;
}

/* The inside of [...] (@b, @n bytes) as a set; false when it is not one. */
static bool char_class(struct atom *a, const char *b, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char lo = b[i], hi = lo;

		if (i + 2 < n && b[i + 1] == '-') {
			hi = b[i + 2];
			i += 2;
		}
		if (hi < lo)
			return false;
		for (unsigned int c = lo; c <= hi; c++)
			a->set[c / 8] |= 1 << (c % 8);
	}
	return true;
}

/* A capital X, Y, Z or N right after a lower-case letter, ending a word: a number. */
static bool is_placeholder(const char *c, const char *start)
{
	return *c && strchr("XYZN", *c) && c > start && c[-1] >= 'a' && c[-1] <= 'z' &&
	       !((c[1] >= 'a' && c[1] <= 'z') || (c[1] >= 'A' && c[1] <= 'Z') ||
		 (c[1] >= '0' && c[1] <= '9'));
}

static int fail(char *why, size_t len, const char *fmt, const char *comp)
{
	snprintf(why, len, fmt, comp);
	return -EINVAL;
}

/* One path component @c (NUL-terminated) into @s. */
static int compile_component(struct seg *s, const char *c, bool *wild, char *why, size_t len)
{
	struct atom *a;
	const char *e;
	int err;

	if (!strcmp(c, "...")) {
		s->any_depth = *wild = true;
		return 0;
	}
	for (const char *p = c; *p; p++) {
		switch (*p) {
		case '<':
			e = strchr(p, '>');
			if (!e)
				return fail(why, len, "an unclosed '<' in '%s'", c);
			if (e == p + 1)
				return fail(why, len, "an empty '<>' in '%s'", c);
			a = add_atom(s, memchr(p, '|', e - p) ? A_ALT : A_NAME);
			if (!a)
				return -ENOMEM;
			if (a->kind == A_ALT) {
				a->len = e - p - 1;
				if (!(a->text = strndup(p + 1, a->len)))
					return -ENOMEM;
				a->nwords = 1;
				for (char *w = a->text; *w; w++)
					if (*w == '|') {
						*w = '\0';
						a->nwords++;
					}
			}
			*wild = true;
			p = e;
			break;
		case '[':
			e = strchr(p, ']');
			if (!e)
				return fail(why, len, "an unclosed '[' in '%s'", c);
			if (e - p == 4 && !strncmp(p, "[0-9]", 5) && e[1] == '+') {
				if (!add_atom(s, A_NUM))
					return -ENOMEM;
				e++;
			} else {
				a = add_atom(s, A_CLASS);
				if (!a)
					return -ENOMEM;
				if (!char_class(a, p + 1, e - p - 1))
					return fail(why, len, "a character class it cannot read in '%s'",
						    c);
			}
			*wild = true;
			p = e;
			break;
		case '*':
			if (!add_atom(s, A_STAR))
				return -ENOMEM;
			*wild = true;
			break;
		case '{': case '}': case '?': case '(': case ')': case '\\': case '>': case ']':
		case '|':
			return fail(why, len, "a wildcard it does not know in '%s'", c);
		default:
			if (is_placeholder(p, c)) {
				if (!add_atom(s, A_NUM))
					return -ENOMEM;
				*wild = true;
				break;
			}
			if ((err = add_char(s, *p)))
				return err;
		}
	}
	return 0;
}

struct sa_abi_pattern *sa_abi_pattern_new(const char *path, char *why, size_t len)
{
	struct sa_abi_pattern *p;
	char *copy, *save = NULL, *c;
	int err = 0;

	snprintf(why, len, "%s", "");
	if (path[0] != '/') {
		snprintf(why, len, "not an absolute path");
		errno = EINVAL;
		return NULL;
	}
	p = calloc(1, sizeof(*p));
	copy = strdup(path);
	if (!p || !copy) {
		free(p);
		free(copy);
		errno = ENOMEM;
		return NULL;
	}
	p->prefix = path[1] && path[strlen(path) - 1] == '/';
	for (c = strtok_r(copy, "/", &save); c && !err; c = strtok_r(NULL, "/", &save)) {
		struct seg *s;

		if (p->n >= MAX_COMPONENTS) {
			snprintf(why, len, "more than %d components", MAX_COMPONENTS);
			err = -EINVAL;
			break;
		}
		s = realloc(p->s, (p->n + 1) * sizeof(*s));
		if (!s) {
			err = -ENOMEM;
			break;
		}
		p->s = s;
		memset(&p->s[p->n], 0, sizeof(*s));
		if (!(p->s[p->n].src = strdup(c))) {
			err = -ENOMEM;
			break;
		}
		err = compile_component(&p->s[p->n++], c, &p->wild, why, len);
	}
	free(copy);
	if (!err && !p->n)
		err = fail(why, len, "%s", "no component");
	if (err) {
		sa_abi_pattern_free(p);
		errno = -err;
		return NULL;
	}
	return p;
}

bool sa_abi_pattern_wild(const struct sa_abi_pattern *p)
{
	return p->wild;
}

/*
 * <port|partner|cable> names a kind of device, whose directories are
 * "port0", "port0-partner", "port0-cable": a component holding one of
 * the words, not the word alone.
 */
static bool has_word(const struct atom *a, const char *s, size_t k)
{
	for (const char *w = a->text; w < a->text + a->len; w += strlen(w) + 1)
		if (*w && memmem(s, k, w, strlen(w)))
			return true;
	return false;
}

static bool match_atoms(const struct atom *a, size_t n, const char *s)
{
	if (!n)
		return !*s;
	switch (a->kind) {
	case A_LIT:
		return !strncmp(s, a->text, a->len) && match_atoms(a + 1, n - 1, s + a->len);
	case A_CLASS:
		return *s && (a->set[(unsigned char)*s / 8] & 1 << ((unsigned char)*s % 8)) &&
		       match_atoms(a + 1, n - 1, s + 1);
	case A_ALT:
		for (size_t k = 1, l = strlen(s); k <= l; k++)
			if (has_word(a, s, k) && match_atoms(a + 1, n - 1, s + k))
				return true;
		return false;
	case A_NUM:
		for (size_t k = 0; s[k] >= '0' && s[k] <= '9'; k++)
			if (match_atoms(a + 1, n - 1, s + k + 1))
				return true;
		return false;
	case A_NAME:
	case A_STAR:
		for (size_t k = a->kind == A_NAME ? 1 : 0, l = strlen(s); k <= l; k++)
			if (match_atoms(a + 1, n - 1, s + k))
				return true;
		return false;
	}
	return false;
}

static bool match_segs(const struct sa_abi_pattern *p, size_t pi, char **comp, size_t nc,
		       size_t ci)
{
	if (pi == p->n)
		return ci == nc || (p->prefix && ci < nc);
	if (p->s[pi].any_depth) {
		for (size_t k = ci + 1; k <= nc; k++)
			if (match_segs(p, pi + 1, comp, nc, k))
				return true;
		return false;
	}
	return ci < nc && match_atoms(p->s[pi].a, p->s[pi].n, comp[ci]) &&
	       match_segs(p, pi + 1, comp, nc, ci + 1);
}

size_t sa_abi_pattern_ncomp(const struct sa_abi_pattern *p)
{
	return p->n;
}

bool sa_abi_pattern_comp_any(const struct sa_abi_pattern *p, size_t i)
{
	return i < p->n && p->s[i].any_depth;
}

const char *sa_abi_pattern_comp_literal(const struct sa_abi_pattern *p, size_t i)
{
	if (i >= p->n || p->s[i].any_depth || p->s[i].n != 1 || p->s[i].a[0].kind != A_LIT)
		return NULL;
	return p->s[i].a[0].text;
}

const char *sa_abi_pattern_comp_text(const struct sa_abi_pattern *p, size_t i)
{
	return i < p->n ? p->s[i].src : NULL;
}

bool sa_abi_pattern_comp_match(const struct sa_abi_pattern *p, size_t i, const char *name)
{
	return i < p->n && !p->s[i].any_depth && match_atoms(p->s[i].a, p->s[i].n, name);
}

bool sa_abi_pattern_prefix(const struct sa_abi_pattern *p)
{
	return p->prefix;
}

/* @path's components into @comp, pointing into @buf (4096 bytes); false if it does not fit. */
static bool split(const char *path, char *buf, char **comp, size_t *nc)
{
	char *save = NULL, *c;

	*nc = 0;
	if (path[0] != '/' || snprintf(buf, 4096, "%s", path) >= 4096)
		return false;
	for (c = strtok_r(buf, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
		if (*nc == MAX_COMPONENTS)
			return false;
		comp[(*nc)++] = c;
	}
	return true;
}

bool sa_abi_pattern_match(const struct sa_abi_pattern *p, const char *path)
{
	char buf[4096], *comp[MAX_COMPONENTS];
	size_t nc;

	return split(path, buf, comp, &nc) && match_segs(p, 0, comp, nc, 0);
}

/*
 * Matching a path read out of a program (audit/abi_strings.h): a hole
 * (SA_ABI_HOLE) stands for text the program fills in at run time ("%d",
 * "$PIN"). A hole may stand for any of the pattern's wildcards, and for
 * none, but never for literal text: "/sys/class/rfkill/rfkill%u/%s" is
 * no evidence of reading ".../claim", while "gpio%d" is one of "gpioN".
 * A component is matched by a table over (pattern unit, position), so
 * the work is bounded by their product whatever the input holds.
 */
#define HOLE_COMP_MAX 256	/* longer components never match (NAME_MAX is 255) */

struct unit {
	const struct atom *a;	/* the atom this unit is (a wildcard) or is part of */
	char c;			/* a literal's character (a == NULL for none) */
	bool lit;
};

struct hole_match {
	const struct unit *u;
	size_t nu;
	const char *s;
	size_t ns;
	unsigned char *memo;	/* (nu + 1) * (ns + 1) * 2: 0 unknown, 1 no, 2 yes */
};

static bool unit_takes(const struct unit *u, char c)
{
	if (c == SA_ABI_HOLE)
		return false;
	switch (u->a->kind) {
	case A_NUM:
		return c >= '0' && c <= '9';
	case A_CLASS:
		return u->a->set[(unsigned char)c / 8] & 1 << ((unsigned char)c % 8);
	default:
		/* A_ALT is taken as a name here: only paths with holes come this way */
		return true;
	}
}

/* @run: unit @ui has taken a character already and may take more. */
static bool hm(struct hole_match *m, size_t ui, size_t j, bool run)
{
	unsigned char *memo = &m->memo[((ui * (m->ns + 1)) + j) * 2 + run];
	const struct unit *u = ui < m->nu ? &m->u[ui] : NULL;
	bool r = false;

	if (*memo)
		return *memo == 2;
	if (j < m->ns && m->s[j] == SA_ABI_HOLE) {
		/* the hole ends here, or stands for this wildcard too */
		r = hm(m, ui, j + 1, run) || (u && !u->lit && hm(m, ui + 1, j, false));
	} else if (!u) {
		r = j == m->ns;
	} else if (u->lit) {
		r = j < m->ns && m->s[j] == u->c && hm(m, ui + 1, j + 1, false);
	} else if (u->a->kind == A_CLASS) {
		r = j < m->ns && unit_takes(u, m->s[j]) && hm(m, ui + 1, j + 1, false);
	} else {
		/* a run: one or more (zero for '*') characters, then the next unit */
		r = ((run || u->a->kind == A_STAR) && hm(m, ui + 1, j, false)) ||
		    (j < m->ns && unit_takes(u, m->s[j]) && hm(m, ui, j + 1, true));
	}
	*memo = r ? 2 : 1;
	return r;
}

static bool comp_match_holes(const struct seg *g, const char *s)
{
	struct unit u[HOLE_COMP_MAX];
	size_t nu = 0, ns = strlen(s);
	unsigned char *memo;
	bool r;

	if (s[0] == SA_ABI_ANYNAME && !s[1])
		return true;
	if (!strchr(s, SA_ABI_HOLE))
		return match_atoms(g->a, g->n, s);
	if (ns >= HOLE_COMP_MAX)
		return false;
	for (size_t i = 0; i < g->n; i++) {
		const struct atom *a = &g->a[i];

		if (a->kind != A_LIT) {
			if (nu == HOLE_COMP_MAX)
				return false;
			u[nu++] = (struct unit){ .a = a };
			continue;
		}
		for (size_t k = 0; k < a->len; k++) {
			if (nu == HOLE_COMP_MAX)
				return false;
			u[nu++] = (struct unit){ .a = a, .c = a->text[k], .lit = true };
		}
	}
	memo = calloc((nu + 1) * (ns + 1) * 2, 1);
	if (!memo)
		return false;
	r = hm(&(struct hole_match){ u, nu, s, ns, memo }, 0, 0, false);
	free(memo);
	return r;
}

static bool match_segs_holes(const struct sa_abi_pattern *p, size_t pi, char **comp, size_t nc,
			     size_t ci, unsigned int *budget)
{
	if (!*budget || !--*budget)
		return false;
	if (pi == p->n)
		return ci == nc || (p->prefix && ci < nc);
	if (p->s[pi].any_depth) {
		for (size_t k = ci + 1; k <= nc; k++)
			if (match_segs_holes(p, pi + 1, comp, nc, k, budget))
				return true;
		return false;
	}
	return ci < nc && comp_match_holes(&p->s[pi], comp[ci]) &&
	       match_segs_holes(p, pi + 1, comp, nc, ci + 1, budget);
}

bool sa_abi_pattern_match_holes(const struct sa_abi_pattern *p, const char *path)
{
	char buf[4096], *comp[MAX_COMPONENTS];
	/* "..." runs try every split: bounded, as the components are (MAX_COMPONENTS) */
	unsigned int budget = 1U << 16;
	size_t nc;

	return split(path, buf, comp, &nc) && match_segs_holes(p, 0, comp, nc, 0, &budget);
}
