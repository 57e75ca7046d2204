/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The forms the tool writes in, one table (format.c): `report -f NAME`
 * takes a row by its name; the stream, findings and dependents take text
 * or JSON (-j). A new format is one row there and one renderer file.
 */
#ifndef SYSFS_AUDIT_OUTPUT_FORMAT_H
#define SYSFS_AUDIT_OUTPUT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "output/escape.h"

/* The rows every command knows by name; `report` takes any row of the table. */
enum sa_format {
	SA_FMT_TEXT,		/* fixed-width tables and lines for people */
	SA_FMT_JSON,		/* one JSON object per line, or one document */
	SA_FMT_MARKDOWN,	/* tables for CI pages (report) */
};

/* How a text-like format lays out the lines the renderers share (merged_out.h). */
struct sa_text_layout {
	enum sa_esc esc;		/* how strings from the input are escaped */
	const char *boot_head;		/* before the boot verdicts' first line */
	const char *boot_gap;		/* after it */
	const char *item;		/* before each line of the verdicts' list */
	/* lines under a host: before the 2nd and later, before each, after each */
	const char *line_sep, *line_lead, *line_end;
	const char *warn_open, *warn_close;	/* around a warning line */
};

struct sa_merged;
struct sa_format_desc;
typedef int sa_merged_render(FILE *f, const struct sa_merged *m,
			     const struct sa_format_desc *fd, bool details);

struct sa_format_desc {
	const char *name;		/* -f NAME */
	const char *suffix;		/* a file's name ends with it */
	const struct sa_text_layout *layout;	/* text-like formats; else NULL */
	sa_merged_render *merged;	/* `report`'s merged picture */
};

/*
 * The table: enum sa_format's rows first, at their index, then any other;
 * in the order help texts list them (the first: the default).
 */
extern const struct sa_format_desc sa_formats[];
extern const size_t sa_nformats;

/* The row named @name, or NULL. */
const struct sa_format_desc *sa_format_by_name(const char *name);
/* "text, json or markdown" (@sep ", " and " or "), "text|json|markdown" (@sep "|"). */
const char *sa_format_list(const char *sep, const char *last);

#endif
