/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place where text from untrusted input (file names, rule values,
 * host names from reports) is made safe to print: no control character
 * reaches a terminal or splits a line, no invalid UTF-8 reaches JSON or a
 * Prometheus file, and distinct Prometheus label values stay distinct.
 */
#ifndef SYSFS_AUDIT_ESCAPE_H
#define SYSFS_AUDIT_ESCAPE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Length of the well-formed UTF-8 sequence at @s (at most @n bytes), or 0:
 * overlong forms, surrogates, code points past U+10FFFF, truncated or
 * stray continuation bytes are not well-formed (RFC 3629).
 */
size_t sa_utf8_len(const unsigned char *s, size_t n);

/*
 * The bytes @n bytes at @s take once an output has made them valid UTF-8:
 * each byte of invalid UTF-8 becomes the 4-byte text \xNN (every format
 * writes it so, JSON included), the rest stays as it is once decoded.
 */
size_t sa_utf8_written_len(const char *s, size_t n);

/*
 * Is the well-formed sequence of @len bytes at @s a C0 control, DEL, a C1
 * control (U+0080..U+009F) or a bidi override (U+202A..U+202E,
 * U+2066..U+2069)? Text and markdown show these as \xNN, JSON as \uXXXX.
 */
bool sa_utf8_is_control(const unsigned char *s, size_t len);

enum sa_esc {
	/*
	 * Diagnostics and tables: a control character (C0, DEL, C1), a bidi
	 * override and each byte of invalid UTF-8 as \xNN; the rest as is.
	 */
	SA_ESC_TEXT,
	/*
	 * A markdown table cell (a GitHub step summary): as text, and each
	 * character markdown or HTML acts on (|, `, *, _, [, <, &, :, ...)
	 * escaped with a backslash: only plain text reaches the page.
	 */
	SA_ESC_MARKDOWN,
	/*
	 * A string for the JSON writer (which escapes control characters
	 * itself): each byte of invalid UTF-8 as the text \xNN, the rest as is.
	 */
	SA_ESC_JSON,
	/*
	 * A Prometheus label value, reversibly: '\' as \\, a control character
	 * (C0, DEL, C1), a bidi override or a byte of invalid UTF-8 as \xNN, an empty (not absent) string as
	 * \e; then the exposition format's own escapes (\\ and \"). Absent
	 * (NULL) is the empty label value.
	 */
	SA_ESC_PROM,
};

/* True when @s (NULL: empty) is printable ASCII: no escaping changes it. */
bool sa_esc_plain(const char *s);

/* Write @s (NULL: nothing) to @f escaped as @how. */
void sa_esc_fputs(FILE *f, const char *s, enum sa_esc how);

/* @s escaped as @how in a new string (NULL: ""); NULL on no memory. */
char *sa_esc_dup(const char *s, enum sa_esc how);

/*
 * A C1 control or bidi override of @len bytes at @s as the JSON escape
 * \uXXXX in @out: 6, or 0 when it is any other character.
 */
size_t sa_esc_json_uxxxx(char out[7], const unsigned char *s, size_t len);

/*
 * One table line: printf, then sa_esc_fputs(SA_ESC_TEXT) all of it but the
 * final newline (which it always ends with). For lines that show strings
 * from other processes or devices: the fixed-width columns are ASCII and
 * keep their widths, what came from outside cannot move the cursor.
 * Returns the characters formatted (before escaping), or -1 as fprintf().
 */
int sa_esc_line(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* printf into a buffer, then sa_esc_fputs(SA_ESC_TEXT) it: one diagnostic line. */
void sa_esc_vprint(FILE *f, const char *fmt, va_list ap);

#endif
