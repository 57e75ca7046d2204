// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

char *sa_argv0;

/*
 * One fprintf, so one write(): when stderr is /dev/kmsg (a quiet boot),
 * each write is a record of its own.
 */
void sa_warn(const char *fmt, ...)
{
	char buf[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(stderr, "sysfs-audit: %s\n", buf);
}

long sa_parse_long(const char *arg, long min, long max, struct argp_state *state,
		   const char *what)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < min || v > max)
		argp_error(state, "invalid %s: '%s' (expected %ld..%ld)", what, arg, min, max);
	return v;
}

int sa_argp_parse(const struct argp *argp, int argc, char **argv, void *input)
{
	char name[64];
	char *saved = argv[0];
	int err;

	snprintf(name, sizeof(name), "sysfs-audit %s", argv[0]);
	argv[0] = name;
	err = argp_parse(argp, argc, argv, 0, NULL, input);
	argv[0] = saved;
	return err ? -EINVAL : 0;
}

/* at(0), at(1), ... into @buf, the last after @last ("or ", or ", " for none) */
static const char *join(char *buf, size_t len, int n, const char *(*at)(int i),
			const char *last)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s",
				 i ? (i == n - 1 ? last : ", ") : "", at(i));
	return buf;
}

const char *sa_or_list(char *buf, size_t len, int n, const char *(*at)(int i))
{
	return join(buf, len, n, at, " or ");
}

const char *sa_comma_list(char *buf, size_t len, int n, const char *(*at)(int i))
{
	return join(buf, len, n, at, ", ");
}
