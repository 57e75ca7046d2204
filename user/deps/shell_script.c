// SPDX-License-Identifier: GPL-2.0
/* The script a shell runs, from its argv (shell_script.h). */
#include <stdio.h>
#include <string.h>

#include "deps/shell_script.h"

static const char *const shells[] = { "sh", "bash", "dash", "ash", "ksh", "mksh", "zsh", "rbash" };

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static bool is_shell(const char *name)
{
	for (size_t i = 0; i < sizeof(shells) / sizeof(shells[0]); i++)
		if (!strcmp(name, shells[i]))
			return true;
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

bool sa_shell_script(const char *exe, const char *args, size_t n, char *out, size_t len)
{
	const char *argv0, *a;
	size_t o = 0;

	argv0 = next_arg(args, n, &o);
	if (!argv0 || !exe)
		return false;
	/* A login shell's argv[0] is "-bash". */
	if (!is_shell(base(exe)) &&
	    !(!strcmp(base(exe), "busybox") && is_shell(base(argv0) + (*base(argv0) == '-'))))
		return false;
	while ((a = next_arg(args, n, &o))) {
		if (!strcmp(a, "--")) {
			a = next_arg(args, n, &o);
			break;
		}
		if (!strcmp(a, "-") || (a[0] != '-' && a[0] != '+'))
			break;
		if (a[1] == '-')
			continue;		/* bash's --norc, --login, ... */
		/* -c: a command string; -s, -i: standard input or interactive. */
		if (a[0] == '-' && strpbrk(a + 1, "csi"))
			return false;
		/* -o NAME, +o NAME, -O NAME, +O NAME: an option's operand follows. */
		if (strpbrk(a + 1, "oO"))
			next_arg(args, n, &o);
	}
	if (!a || !*a || !strcmp(a, "-"))
		return false;
	return snprintf(out, len, "%s", a) < (int)len;
}
