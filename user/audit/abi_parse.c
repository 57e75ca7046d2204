// SPDX-License-Identifier: GPL-2.0
/* Documentation/ABI files as entries (audit/abi_parse.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/abi_parse.h"
#include "common/slurp.h"

/* An ABI file is a few KiB; a larger one is not one. */
#define ABI_FILE_MAX	(4UL << 20)

enum field { F_NONE, F_WHAT, F_DATE, F_KVER, F_CONTACT, F_DESC, F_USERS, F_VALUES };

static const struct {
	const char *name;
	enum field f;
} tags[] = {
	{ "What", F_WHAT }, { "Date", F_DATE }, { "KernelVersion", F_KVER },
	{ "Contact", F_CONTACT }, { "Description", F_DESC }, { "Users", F_USERS },
	{ "User", F_USERS }, { "Values", F_VALUES },
};

struct ctx {
	struct sa_abi *abi;
	const char *file;
	int line;
	struct sa_abi_entry *cur;
	enum field field;
};

static int error(struct ctx *c, const char *fmt, const char *arg)
{
	struct sa_abi_error *e = realloc(c->abi->err, (c->abi->nerr + 1) * sizeof(*e));

	if (!e)
		return -ENOMEM;
	c->abi->err = e;
	e = &e[c->abi->nerr];
	e->line = c->line;
	if (!(e->file = strdup(c->file)) || asprintf(&e->what, fmt, arg) < 0) {
		free(e->file);
		return -ENOMEM;
	}
	c->abi->nerr++;
	return 0;
}

/* The tag that starts @l at column 0 ("Date:"), its value in *@val; F_NONE: none. */
static enum field tag_of(const char *l, const char **val, bool *user)
{
	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		size_t n = strlen(tags[i].name);

		if (!strncmp(l, tags[i].name, n) && l[n] == ':') {
			for (*val = l + n + 1; **val == ' ' || **val == '\t'; (*val)++)
				;
			*user = !strcmp(tags[i].name, "User");
			return tags[i].f;
		}
	}
	return F_NONE;
}

static int new_entry(struct ctx *c)
{
	struct sa_abi_entry *e = realloc(c->abi->e, (c->abi->n + 1) * sizeof(*e));

	if (!e)
		return -ENOMEM;
	c->abi->e = e;
	c->cur = &e[c->abi->n];
	memset(c->cur, 0, sizeof(*c->cur));
	c->cur->line = c->line;
	if (!(c->cur->file = strdup(c->file)))
		return -ENOMEM;
	c->abi->n++;
	return 0;
}

/* One What: value: a path up to the first blank outside <...>, then a note. */
static int add_what(struct ctx *c, const char *v)
{
	struct sa_abi_entry *e = c->cur;
	struct sa_abi_what *w = realloc(e->what, (e->nwhat + 1) * sizeof(*w));
	const char *end = v;
	char why[160];
	int depth = 0;

	if (!w)
		return -ENOMEM;
	e->what = w;
	w = &w[e->nwhat];
	memset(w, 0, sizeof(*w));
	if (!*v)
		return error(c, "%s", "an empty What:");
	if (*v != '/') {
		w->kind = SA_ABI_FEATURE;
		if (!(w->text = strdup(v)))
			return -ENOMEM;
		c->abi->features++;
		e->nwhat++;
		return 0;
	}
	for (; *end && (depth || (*end != ' ' && *end != '\t')); end++)
		depth += *end == '<' ? 1 : *end == '>' ? -1 : 0;
	if (!(w->text = strndup(v, end - v)))
		return -ENOMEM;
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end) {
		if (!(w->note = strdup(end)))
			return -ENOMEM;
		c->abi->notes++;
	}
	w->kind = SA_ABI_PATH;
	w->pattern = sa_abi_pattern_new(w->text, why, sizeof(why));
	if (!w->pattern) {
		int err = errno == ENOMEM ? -ENOMEM : error(c, "What: %s", why);

		free(w->text);
		free(w->note);
		return err;
	}
	e->nwhat++;
	return 0;
}

/* A single-line field's value; a second one of the same entry is an error. */
static int set_once(struct ctx *c, char **slot, const char *v, const char *name)
{
	if (*slot)
		return error(c, "a second %s: in one entry", name);
	return (*slot = strdup(v)) ? 0 : -ENOMEM;
}

static int field_line(struct ctx *c, enum field f, const char *v, bool user)
{
	struct sa_abi_entry *e;
	int err;

	if (f == F_WHAT) {
		if ((!c->cur || c->field != F_WHAT) && (err = new_entry(c)))
			return err;
		c->field = F_WHAT;
		return add_what(c, v);
	}
	if (!c->cur) {
		c->field = F_NONE;
		return error(c, "a field before any What: ('%.40s')", v);
	}
	e = c->cur;
	c->field = f;
	c->abi->user_tags += user;
	switch (f) {
	case F_DATE:
		return set_once(c, &e->date, v, "Date");
	case F_KVER:
		return set_once(c, &e->kernel_version, v, "KernelVersion");
	case F_CONTACT:
		return e->contact ? 0 : (e->contact = strdup(v)) ? 0 : -ENOMEM;
	case F_DESC:
		return !*v || e->summary ? 0 : (e->summary = strdup(v)) ? 0 : -ENOMEM;
	default:
		return 0;
	}
}

/* A line with no tag: the current field goes on, or nothing does. */
static int text_line(struct ctx *c, const char *l)
{
	const char *t = l;

	while (*t == ' ' || *t == '\t')
		t++;
	if (!*t)
		return 0;
	switch (c->field) {
	case F_NONE:
		/* Before the first entry: the file's own description (get_abi.pl's too). */
		if (!c->cur) {
			c->abi->preamble_lines++;
			return 0;
		}
		return error(c, "text outside any entry ('%.40s')", t);
	case F_WHAT:
		return error(c, "a line after What: that starts no field ('%.40s')", t);
	case F_DESC:
		if (!c->cur->summary && !(c->cur->summary = strdup(t)))
			return -ENOMEM;
		return 0;
	default:
		return 0;
	}
}

int sa_abi_parse(struct sa_abi *abi, const char *file, const char *text, size_t len)
{
	struct ctx c = { .abi = abi, .file = file };
	const char *p = text, *end = text + len;
	char *l = NULL;
	int err = 0;

	abi->nfiles++;
	while (p < end && !err) {
		const char *nl = memchr(p, '\n', end - p), *v;
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		enum field f;
		bool user;

		c.line++;
		free(l);
		if (!(l = strndup(p, n)))
			return -ENOMEM;
		if (n && l[n - 1] == '\r')
			l[n - 1] = '\0';
		if (strlen(l) != n - (n && p[n - 1] == '\r'))
			err = error(&c, "%s", "a NUL byte");
		else if ((f = tag_of(l, &v, &user)) != F_NONE)
			err = field_line(&c, f, v, user);
		else
			err = text_line(&c, l);
		p += n + 1;
	}
	free(l);
	return err;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int sa_abi_load(struct sa_abi *abi, const char *dir, const char *section)
{
	struct dirent **names;
	char path[4096], rel[512];
	int n, err = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, section);
	n = scandir(path, &names, NULL, by_name);
	if (n < 0)
		return -errno;
	for (int i = 0; i < n; i++) {
		char *buf = NULL;
		size_t len = 0;
		int rc;

		if (!err && names[i]->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s/%s", dir, section, names[i]->d_name);
			snprintf(rel, sizeof(rel), "%s/%s", section, names[i]->d_name);
			rc = sa_slurp(path, ABI_FILE_MAX, &buf, &len);
			if (rc) {
				struct ctx c = { .abi = abi, .file = rel };

				err = error(&c, "cannot be read: %s", strerror(-rc));
			} else {
				err = sa_abi_parse(abi, rel, buf, len);
			}
			free(buf);
		}
		free(names[i]);
	}
	free(names);
	return err;
}

int sa_abi_load_file(struct sa_abi *abi, const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	int err = sa_slurp(path, ABI_FILE_MAX, &buf, &len);

	if (!err)
		err = sa_abi_parse(abi, path, buf, len);
	free(buf);
	return err;
}

const struct sa_abi_entry *sa_abi_match(const struct sa_abi *abi, const char *path)
{
	for (size_t i = 0; i < abi->n; i++)
		for (size_t k = 0; k < abi->e[i].nwhat; k++)
			if (abi->e[i].what[k].pattern &&
			    sa_abi_pattern_match(abi->e[i].what[k].pattern, path))
				return &abi->e[i];
	return NULL;
}

void sa_abi_free(struct sa_abi *abi)
{
	for (size_t i = 0; i < abi->n; i++) {
		struct sa_abi_entry *e = &abi->e[i];

		for (size_t k = 0; k < e->nwhat; k++) {
			free(e->what[k].text);
			free(e->what[k].note);
			sa_abi_pattern_free(e->what[k].pattern);
		}
		free(e->what);
		free(e->file);
		free(e->date);
		free(e->kernel_version);
		free(e->contact);
		free(e->summary);
	}
	for (size_t i = 0; i < abi->nerr; i++) {
		free(abi->err[i].file);
		free(abi->err[i].what);
	}
	free(abi->e);
	free(abi->err);
	memset(abi, 0, sizeof(*abi));
}
