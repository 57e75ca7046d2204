// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "output/json_out.h"
#include "output/json_pretty.h"

void sa_jp_init(struct sa_jp *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->first[0] = true;
}

/* What comes before a value: ",\n" after a sibling, the indent, the key. */
static void prefix(struct sa_jp *j, const char *key)
{
	if (j->level) {
		fputs(j->first[j->level] ? "" : ",\n", j->f);
		for (int i = 0; i < j->level; i++)
			fputs("  ", j->f);
	}
	j->first[j->level] = false;
	if (key) {
		jw_str(j->f, key);
		fputs(": ", j->f);
	}
}

static void jp_open(struct sa_jp *j, const char *key, char open, char close)
{
	prefix(j, key);
	putc(open, j->f);
	putc('\n', j->f);
	if (j->level + 1 >= SA_JP_DEPTH) {
		j->overflow = true;
		return;
	}
	j->level++;
	j->first[j->level] = true;
	j->close[j->level] = close;
}

void sa_jp_object(struct sa_jp *j, const char *key)
{
	jp_open(j, key, '{', '}');
}

void sa_jp_array(struct sa_jp *j, const char *key)
{
	jp_open(j, key, '[', ']');
}

void sa_jp_end(struct sa_jp *j)
{
	char c;

	if (!j->level) {
		j->overflow = true;
		return;
	}
	c = j->close[j->level];
	if (!j->first[j->level])
		putc('\n', j->f);
	j->level--;
	for (int i = 0; i < j->level; i++)
		fputs("  ", j->f);
	putc(c, j->f);
}

void sa_jp_str(struct sa_jp *j, const char *key, const char *s)
{
	prefix(j, key);
	jw_str(j->f, s);
}

void sa_jp_u64(struct sa_jp *j, const char *key, unsigned long long v)
{
	prefix(j, key);
	fprintf(j->f, "%llu", v);
}

void sa_jp_int(struct sa_jp *j, const char *key, long long v)
{
	prefix(j, key);
	fprintf(j->f, "%lld", v);
}

void sa_jp_bool(struct sa_jp *j, const char *key, bool v)
{
	prefix(j, key);
	fputs(v ? "true" : "false", j->f);
}

void sa_jp_null(struct sa_jp *j, const char *key)
{
	prefix(j, key);
	fputs("null", j->f);
}

void sa_jp_raw(struct sa_jp *j, const char *key, const char *json)
{
	prefix(j, key);
	fputs(json, j->f);
}

int sa_jp_finish(struct sa_jp *j)
{
	if (j->level || j->overflow)
		return -1;
	return putc('\n', j->f) == EOF || ferror(j->f) ? -1 : 0;
}
