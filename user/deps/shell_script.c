// SPDX-License-Identifier: GPL-2.0
/*
 * The script a shell runs, from its argv (shell_script.h), by each shell's
 * own grammar of its command line: a word taken as an option's operand is
 * never the script, and a command line the shell refuses runs none.
 */
#include <stdio.h>
#include <string.h>

#include "deps/shell_script.h"

/*
 * How a shell reads its options (none of them checks the names of its
 * set -o options: an operand is skipped, whatever it is):
 *  - bash (shell.c: parse_long_options(), then parse_shell_options()):
 *    long options come first only, each as --NAME or -NAME; --init-file
 *    and --rcfile take the next word; --help and --version run nothing;
 *    another --NAME is refused. -c and +c: a command string; -s, +s:
 *    standard input; -o, +o, -O, +O take the next word. -i runs the
 *    script all the same.
 *  - dash (options.c: options()): no long options: "--NAME" is refused
 *    ("Illegal option --"). -c, +c: a command string; -s: standard input,
 *    +s not; -o, +o take the next word.
 *  - BusyBox ash (ash.c: options()): the same, but --NAME is ignored
 *    (--login counts), and +s is -s.
 *  - ksh, mksh, zsh: the short options as dash's; a long option may take
 *    an operand (zsh's --emulate): nothing is named after one.
 * "-" and "--" end the options in all of them; the word after is the script.
 */
enum grammar { SH_BASH, SH_DASH, SH_ASH, SH_OTHER };

static const struct {
	const char *name;
	enum grammar g;
} shells[] = {
	{ "bash", SH_BASH }, { "rbash", SH_BASH }, { "sh", SH_DASH }, { "dash", SH_DASH },
	{ "ash", SH_DASH }, { "ksh", SH_OTHER }, { "mksh", SH_OTHER }, { "zsh", SH_OTHER },
};

/* bash's long options (shell.c long_args[]): which take the next word, which exit. */
static const struct {
	const char *name;
	bool operand, exits;
} bash_long[] = {
	{ "debug", false, false }, { "debugger", false, false },
	{ "dump-po-strings", false, false }, { "dump-strings", false, false },
	{ "help", false, true }, { "init-file", true, false }, { "login", false, false },
	{ "noediting", false, false }, { "noprofile", false, false }, { "norc", false, false },
	{ "posix", false, false }, { "pretty-print", false, false },
	{ "protected", false, false }, { "rcfile", true, false },
	{ "restricted", false, false }, { "verbose", false, false },
	{ "version", false, true }, { "wordexp", false, false },
};

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* The grammar of shell @name; false: not a shell. */
static bool shell_of(const char *name, enum grammar *g)
{
	for (size_t i = 0; i < sizeof(shells) / sizeof(shells[0]); i++)
		if (!strcmp(name, shells[i].name)) {
			*g = shells[i].g;
			return true;
		}
	return false;
}

/* The next NUL-terminated argument at *@o, or NULL at the end of @args. */
static const char *next_arg(const char *args, size_t n, size_t *o)
{
	const char *a;
	size_t l;

	if (*o >= n)
		return NULL;
	a = args + *o;
	l = strnlen(a, n - *o);
	if (l == n - *o)
		return NULL;	/* cut by the record's bound: no NUL before the end */
	*o += l + 1;
	return a;
}

/*
 * bash's leading long options, from *@o: false when bash would run no
 * script (an unknown --NAME, --help, --version, an operand missing or cut).
 */
static bool bash_long_options(const char *args, size_t n, size_t *o)
{
	for (;;) {
		size_t at = *o, i;
		const char *a = next_arg(args, n, o), *name;

		if (!a || a[0] != '-' || !a[1] || !strcmp(a, "--")) {
			*o = at;
			return true;
		}
		name = a + 1 + (a[1] == '-');
		for (i = 0; i < sizeof(bash_long) / sizeof(bash_long[0]); i++)
			if (!strcmp(name, bash_long[i].name))
				break;
		if (i == sizeof(bash_long) / sizeof(bash_long[0])) {
			*o = at;
			return a[1] != '-';	/* -NAME: short options after all */
		}
		if (bash_long[i].exits || (bash_long[i].operand && !next_arg(args, n, o)))
			return false;
	}
}

bool sa_shell_script(const char *exe, const char *args, size_t n, char *out, size_t len)
{
	const char *argv0, *a;
	enum grammar g;
	size_t o = 0;

	argv0 = next_arg(args, n, &o);
	if (!argv0 || !exe)
		return false;
	/* BusyBox is the shell its argv[0] names; a login shell's argv[0] is "-sh". */
	if (!strcmp(base(exe), "busybox")) {
		if (!shell_of(base(argv0) + (*base(argv0) == '-'), &g))
			return false;
		g = SH_ASH;
	} else if (!shell_of(base(exe), &g)) {
		return false;
	}
	if (g == SH_BASH && !bash_long_options(args, n, &o))
		return false;
	while ((a = next_arg(args, n, &o))) {
		if (!strcmp(a, "-") || !strcmp(a, "--")) {
			a = next_arg(args, n, &o);
			break;
		}
		if (a[0] != '-' && a[0] != '+')
			break;
		if (a[0] == '-' && a[1] == '-') {
			if (g == SH_ASH)
				continue;	/* ignored, --login included */
			return false;		/* refused, or an operand we cannot tell */
		}
		/* -c, +c: a command string; -s: standard input (+s as well, but in dash). */
		if (strchr(a + 1, 'c') ||
		    (strchr(a + 1, 's') && (a[0] == '-' || g == SH_BASH || g == SH_ASH)))
			return false;
		/* -o NAME, +o NAME (and bash's -O NAME, +O NAME): an operand follows. */
		for (const char *c = a + 1; *c; c++)
			if (*c == 'o' || (*c == 'O' && g == SH_BASH))
				if (!next_arg(args, n, &o))
					return false;
	}
	if (!a || !*a)
		return false;
	return snprintf(out, len, "%s", a) < (int)len;
}
