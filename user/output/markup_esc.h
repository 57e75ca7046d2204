/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-controlled text inside HTML and SVG (the boot timeline, the fleet
 * page): one escaper for both, used for element text and quoted attribute
 * values alike, so that no string from a report becomes markup.
 */
#ifndef SYSFS_AUDIT_MARKUP_ESC_H
#define SYSFS_AUDIT_MARKUP_ESC_H

#include <stdio.h>

/*
 * Write @s (NULL: nothing) to @f: & < > " ' as character references; a
 * control character (C0, DEL, C1), a bidi override and each byte of
 * invalid UTF-8 as the visible text \xNN, as SA_ESC_TEXT shows them (XML
 * 1.0 allows no C0 control, not even as a reference). Safe in element
 * text and in a quoted attribute value; never in a tag name or a comment.
 */
void sa_markup_fputs(FILE *f, const char *s);

/* At most @max characters of @s, then "…" if it was longer; escaped as above. */
void sa_markup_fputs_cut(FILE *f, const char *s, size_t max);

/* The last @max characters of @s, after "…" if it was longer (a path's end says most). */
void sa_markup_fputs_tail(FILE *f, const char *s, size_t max);

#endif
