// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the udev rules tokenizer and classifier
 * (user/audit/rules_parse.c). TAP output. Expected columns and lines are counted
 * by hand from the literal rules below.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#include "audit/rules_parse.h"


/* Everything a parse produced, flattened to text for comparison. */
struct out {
	char buf[8192];
	size_t n;
	int rules, errors, skips, skip_empty;
};

static void add(struct out *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	o->n += vsnprintf(o->buf + o->n, sizeof(o->buf) - o->n, fmt, ap);
	va_end(ap);
	if (o->n >= sizeof(o->buf))
		o->n = sizeof(o->buf) - 1;
}

static int on_issue(const struct sa_rule *r, const struct sa_rule_issue *is, void *ctx)
{
	add(ctx, "%lu:%zu %s %s %s|", r->line, is->col, sa_sev_name(is->sev), is->kind, is->key);
	return 0;
}

static int on_rule(const struct sa_rule *r, void *ctx)
{
	struct out *o = ctx;

	o->rules++;
	if (r->error)
		o->errors++;
	if (r->udev_skips)
		o->skips++, o->skip_empty += !r->len;
	return sa_rules_classify(r, false, on_issue, o);
}

static const char *run(const char *text, struct out *o)
{
	memset(o, 0, sizeof(*o));
	sa_rules_parse(text, strlen(text), on_rule, o);
	return o->buf;
}

static void expect(const char *text, const char *want, const char *what)
{
	struct out o;
	const char *got = run(text, &o);

	ok(!strcmp(got, want), "%s", what);
	if (strcmp(got, want))
		printf("#   got:  %s\n#   want: %s\n", got, want);
}

static int on_tokens(const struct sa_rule *r, void *ctx)
{
	struct out *o = ctx;

	o->rules++;
	if (r->error)
		add(o, "ERR@%zu:%s|", r->error_col, r->error);
	if (r->udev_skips)
		add(o, "SKIP@%lu|", r->line);
	for (size_t i = 0; i < r->ntok; i++) {
		const struct sa_rule_token *t = &r->tok[i];

		add(o, "%lu:%zu %.*s", r->line, t->col, (int)t->key_len, t->key);
		if (t->attr)
			add(o, "{%.*s}", (int)t->attr_len, t->attr);
		add(o, " %d [%.*s]|", t->op, (int)t->value_len, t->value);
	}
	return 0;
}

/* The tokens of @len bytes at @text (NULs included). */
static void tokens_n(const char *text, size_t len, const char *want, const char *what)
{
	struct out o = {};

	sa_rules_parse(text, len, on_tokens, &o);
	ok(!strcmp(o.buf, want), "%s", what);
	if (strcmp(o.buf, want))
		printf("#   got:  %s\n#   want: %s\n", o.buf, want);
}

static void tokens(const char *text, const char *want, const char *what)
{
	struct out o = {};

	sa_rules_parse(text, strlen(text), on_tokens, &o);
	ok(!strcmp(o.buf, want), "%s", what);
	if (strcmp(o.buf, want))
		printf("#   got:  %s\n#   want: %s\n", o.buf, want);
}

static int on_prog(const char *p, size_t n, void *ctx)
{
	add(ctx, "%.*s|", (int)n, p);
	return 0;
}

static int on_rule_progs(const struct sa_rule *r, void *ctx)
{
	return sa_rule_programs(r, on_prog, ctx);
}

int main(void)
{
	struct out o;
	char *big;

	/* ---- grammar ---- */
	tokens("KERNEL==\"sda\", ATTRS{vendor}!=\"x\",NAME=\"a\"\n",
	       "1:1 KERNEL 0 [sda]|1:16 ATTRS{vendor} 1 [x]|1:35 NAME 2 [a]|",
	       "keys, attributes, ==, != and = with and without spaces after commas");
	tokens("A+=\"1\", B-=\"2\", C:=\"3\"", "1:1 A 3 [1]|1:9 B 4 [2]|1:17 C 5 [3]|",
	       "operators += -= :=");
	tokens("# comment\n\n   # indented comment\nX==\"1\"\n", "4:1 X 0 [1]|",
	       "comments and blank lines are skipped, line numbers kept");
	tokens("A==\"1\", \\\n  B==\"2\", \\\n  C==\"3\"\nD==\"4\"\n",
	       "1:1 A 0 [1]|1:9 B 0 [2]|1:17 C 0 [3]|4:1 D 0 [4]|",
	       "backslash-newline joins lines; the rule is reported at its first line");
	tokens("A==\"a\\\"b\\\\\", B==\"c\"", "1:1 A 0 [a\\\"b\\\\]|1:14 B 0 [c]|",
	       "escaped quote and backslash inside a quoted value");
	tokens("A==e\"x\\ny\"", "1:1 A 0 [x\\ny]|", "e\"...\" string escapes");
	tokens("BUS=\"usb\" ID=\"1\"", "1:1 BUS 2 [usb]|1:11 ID 2 [1]|",
	       "old syntax: whitespace instead of a comma");
	tokens("A==unquoted, B==\"q\"", "1:1 A 0 [unquoted]|1:14 B 0 [q]|",
	       "unquoted values (udev before 098)");
	tokens("A==\"x\", B==\"never closed\n", "ERR@12:unterminated quoted value|1:1 A 0 [x]|",
	       "unterminated quote: an error at its column, earlier tokens kept");
	tokens("A{x==\"1\"", "ERR@2:missing closing brace|", "missing closing brace");
	tokens("A \"1\"", "ERR@3:expected an operator|", "missing operator");
	tokens("A==\"1\", ==\"2\"", "ERR@9:expected a key|1:1 A 0 [1]|", "empty key");
	tokens("\x01\x02\xff==\"x\"", "ERR@1:expected a key|", "binary junk");
	tokens("A==\"1\" \\", "SKIP@1|1:1 A 0 [1]|",
	       "continuation at end of file: udev drops the rule, we say so and check it");
	tokens("A==\"1\"\r\nB==\"2\"\r\n", "1:1 A 0 [1]|2:1 B 0 [2]|", "CRLF line ends");
	tokens_n("A==\"1\"\0B==\"2\"\n", 14, "1:1 A 0 [1]|2:1 B 0 [2]|",
		 "a NUL ends a line, as udev's read_line() reads it");

	/* ---- udev's line grammar (systemd 252, issue 49): comments hide nothing ---- */
	tokens("# old rule \\\nRUN+=\"/x\"\n", "2:1 RUN 3 [/x]|",
	       "a comment ending in '\\' is not continued: the next rule is live");
	tokens("# comment\rRUN+=\"/x\"\n", "2:1 RUN 3 [/x]|", "CR ends a comment");
	tokens_n("# comment\0RUN+=\"/x\"\n", 20, "2:1 RUN 3 [/x]|", "NUL ends a comment");
	tokens("# comment \\\r\nRUN+=\"/x\"\n", "2:1 RUN 3 [/x]|",
	       "CRLF after a '\\' comment: one line end, the rule is live");
	tokens("A==\"1\", \\\n# between\nB==\"2\"\n", "1:1 A 0 [1]|1:9 B 0 [2]|",
	       "a comment inside a continuation is skipped, the continuation goes on");
	tokens("A==\"1\" \\ \nB==\"2\"\n", "ERR@8:expected a key|1:1 A 0 [1]|2:1 B 0 [2]|",
	       "a '\\' followed by a blank does not continue (udev strips no trailing blank)");
	tokens("A==\"1\"\n\rB==\"2\"\n\nC==\"3\"", "1:1 A 0 [1]|2:1 B 0 [2]|4:1 C 0 [3]|",
	       "\\n\\r is one line end, \\n\\n two");
	tokens("A==\"1\"\r\rB==\"2\"", "1:1 A 0 [1]|3:1 B 0 [2]|", "\\r\\r is two line ends");
	tokens("  \t# indented comment \\\nX==\"1\"", "2:1 X 0 [1]|",
	       "blanks before '#': still a comment");
	tokens("A==\"1\", \\\\\n\nB==\"2\"", "1:1 A 0 [1]|1:9 B 0 [2]|",
	       "a joined line ending in '\\' goes on, as udev tests the joined line");
	/* ---- classifier ---- */
	expect("BUS==\"usb\", SYSFS{idVendor}==\"0781\", ID==\"1-1\"",
	       "1:1 error removed-key BUS|1:13 error removed-key SYSFS{idVendor}|"
	       "1:38 error removed-key ID|", "BUS, SYSFS{}, ID: removed keys");
	expect("bus==\"usb\", Sysfs{x}==\"y\", id==\"z\"",
	       "1:1 error removed-key bus|1:13 error removed-key Sysfs{x}|"
	       "1:28 error removed-key id|",
	       "key names are case-insensitive, as old udev read them");
	expect("ENV{PHYSDEVPATH}==\"?*\", ENV{PHYSDEVBUS}==\"usb\", ENV{PHYSDEVDRIVER}!=\"x\"",
	       "1:1 error physdev-key ENV{PHYSDEVPATH}|1:25 error physdev-key ENV{PHYSDEVBUS}|"
	       "1:49 error physdev-key ENV{PHYSDEVDRIVER}|", "ENV{PHYSDEV*}: never matches");
	expect("ENV{physdevbus}==\"usb\"", "",
	       "ENV{} names are case-sensitive: physdevbus is not a key");
	expect("WAIT_FOR_SYSFS=\"bus\"", "1:1 error removed-key WAIT_FOR_SYSFS|", "WAIT_FOR_SYSFS");
	expect("DEVPATH==\"/class/input/*\", DEVPATH!=\"/block/*\", DEVPATH==\"/devices/*\"",
	       "1:1 error legacy-devpath DEVPATH|1:28 error legacy-devpath DEVPATH|",
	       "DEVPATH /class/ and /block/ patterns, not /devices/");
	expect("RUN+=\"/bin/x $env{PHYSDEVBUS} %E{PHYSDEVDRIVER}\"",
	       "1:14 error physdev-key $env{PHYSDEVBUS}|1:31 error physdev-key %E{PHYSDEVDRIVER}|",
	       "PHYSDEV substitutions, at their own columns");
	expect("PROGRAM=\"/bin/cat /sys%p/device/bus\"", "1:1 error legacy-path PROGRAM|",
	       "the bus link in a PROGRAM path");
	expect("PROGRAM=\"/bin/cat /sys%p/device/business\"", "",
	       "device/business is not the bus link");
	expect("RUN+=\"/bin/x /sys%p/device/../..\"", "1:1 warning legacy-path RUN|",
	       "device/.. path arithmetic in RUN");
	/* still valid today, flagged only in a legacy rule or file */
	expect("ATTR{../idVendor}==\"1\", NAME=\"$attr{device/name} %s{x}\", DRIVER==\"e1000\"", "",
	       "modern rule: ../, device/, %s{} and DRIVER== are valid");
	expect("BUS==\"pci\", DRIVER==\"e1000\", NAME=\"%s{x}\"",
	       "1:1 error removed-key BUS|1:13 warning legacy-semantics DRIVER|"
	       "1:36 warning legacy-semantics %s{x}|",
	       "legacy rule: DRIVER== and %s{} changed meaning");
	expect("SYSFS{../x}==\"1\"",
	       "1:1 warning parent-attr SYSFS{../x}|1:1 error removed-key SYSFS{../x}|",
	       "SYSFS{../x}: both the parent walk and the removed key");
	expect("NAME=\"$sysfs{model}\"", "1:7 warning legacy-semantics $sysfs{model}|",
	       "$sysfs{} is the deprecated alias of $attr{}");
	expect("SUBSYSTEM==\"block\", KERNEL==\"sd*\", SUBSYSTEMS==\"usb\", "
	       "ATTRS{idVendor}==\"1\", RUN+=\"/sbin/foo\"", "", "modern keys: no finding");
	expect("# BUS==\"usb\"\n", "", "a commented-out legacy rule is no finding");
	expect("A==\"1\", BUS==\"never closed\n", "", "an unterminated value is not classified");

	/* the programs a rule runs */
	memset(&o, 0, sizeof(o));
	{
		const char *t = "RUN+=\"/sbin/a x\", RUN{program}+=\"b\", RUN{builtin}+=\"kmod\", "
				"PROGRAM=\"c %k\", IMPORT{program}=\"/d\", IMPORT{builtin}=\"e\", "
				"IMPORT{file}=\"/f\", RUN+=\"socket:@/x\", RUN+=\"$env{X}\", "
				"PROGRAM==\"g\"";

		sa_rules_parse(t, strlen(t), on_rule_progs, &o);
		ok(!strcmp(o.buf, "/sbin/a|b|c|/d|"),
		   "programs of RUN, PROGRAM, IMPORT{program} (%s)", o.buf);
	}

	/* a 1 MiB logical line */
	big = malloc((1 << 20) + 64);
	if (big) {
		size_t n = 0;

		n += sprintf(big, "BUS==\"");
		memset(big + n, 'a', 1 << 20);
		n += 1 << 20;
		strcpy(big + n, "\"");
		run(big, &o);
		ok(o.rules == 1 && !o.n && o.skips == 1 && o.skip_empty == 1,
		   "a 1 MiB line: udev stops reading the file there, and so do we, saying so");
		free(big);
	}
	return tap_done();
}
