// SPDX-License-Identifier: GPL-2.0
/*
 * The escaper of the pictures (output/markup_esc.c): what HTML and SVG
 * act on becomes references, what a terminal or XML cannot take becomes
 * \xNN text, and cutting never splits a character or an escape.
 */
#include <stdio.h>
#include <stdlib.h>

#include "output/markup_esc.h"
#include "tap.h"

enum how { ALL, CUT, TAIL };

static void check(enum how how, const char *in, size_t max, const char *want, const char *what)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f) {
		ok(0, "%s: open_memstream", what);
		return;
	}
	if (how == ALL)
		sa_markup_fputs(f, in);
	else if (how == CUT)
		sa_markup_fputs_cut(f, in, max);
	else
		sa_markup_fputs_tail(f, in, max);
	fclose(f);
	is(buf, want, what);
	free(buf);
}

int main(void)
{
	check(ALL, "<script>alert(1)</script>", 0, "&lt;script&gt;alert(1)&lt;/script&gt;",
	      "a script element is text");
	check(ALL, "a&b\"c'd", 0, "a&amp;b&quot;c&#39;d",
	      "& and both quotes: safe in a quoted attribute value of either kind");
	check(ALL, "x\x1b[31my\x7f", 0, "x\\x1b[31my\\x7f", "C0 controls and DEL as \\xNN");
	check(ALL, "a\xc2\x85" "b", 0, "a\\xc2\\x85b", "a C1 control as \\xNN");
	check(ALL, "l\xe2\x80\xaer", 0, "l\\xe2\\x80\\xaer", "a bidi override as \\xNN");
	check(ALL, "a\xff\xc3" "b", 0, "a\\xff\\xc3b", "each byte of invalid UTF-8 as \\xNN");
	check(ALL, "caf\xc3\xa9 \xe2\x9c\x93", 0, "caf\xc3\xa9 \xe2\x9c\x93",
	      "well-formed UTF-8 as is");
	check(ALL, NULL, 0, "", "NULL: nothing");
	check(CUT, "abcdef", 3, "abc\xe2\x80\xa6", "cut at 3 characters, then an ellipsis");
	check(CUT, "\xc3\xa9\xc3\xa9\xc3\xa9", 2, "\xc3\xa9\xc3\xa9\xe2\x80\xa6",
	      "cut counts characters, not bytes");
	check(CUT, "<<<<", 2, "&lt;&lt;\xe2\x80\xa6", "cut counts a character, not its escape");
	check(CUT, "abc", 3, "abc", "no ellipsis when nothing was cut");
	check(TAIL, "/usr/lib/systemd/x", 5, "\xe2\x80\xa6md/x", "tail keeps the end of a path");
	check(TAIL, "aaaa<b", 3, "\xe2\x80\xa6&lt;b", "tail escapes what it keeps");
	check(TAIL, "a\xff\xfe\xfd", 3, "\xe2\x80\xa6\\xfe\\xfd",
	      "tail counts a byte of invalid UTF-8 as one character");
	check(TAIL, "short", 40, "short", "tail of a short string is the string");
	return tap_done();
}
