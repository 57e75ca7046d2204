// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "model/boot_status.h"

const char *const sa_check_state_names[SA_CHECK_N] = {
	[SA_CHECK_OK] = "ok",
	[SA_CHECK_NO] = "NO",
	[SA_CHECK_WARN] = "warn",
	[SA_CHECK_SKIP] = "skip",
};

struct sa_check *sa_check_add(struct sa_boot_status *s, enum sa_check_state state,
			      const char *subject, const char *fmt, ...)
{
	struct sa_check *c;
	va_list ap;

	if (s->n < SA_CHECKS_MAX)
		s->n++;
	c = &s->checks[s->n - 1];
	c->state = state;
	snprintf(c->subject, sizeof(c->subject), "%s", subject);
	va_start(ap, fmt);
	vsnprintf(c->text, sizeof(c->text), fmt, ap);
	va_end(ap);
	c->fix[0] = '\0';
	return c;
}

void sa_check_fix(struct sa_check *c, const char *fmt, ...)
{
	va_list ap;

	int n;

	va_start(ap, fmt);
	n = vsnprintf(c->fix, sizeof(c->fix), fmt, ap);
	va_end(ap);
	/* a command cut short could end inside a quote: a comment instead, pasted harmlessly */
	if (n < 0 || (size_t)n >= sizeof(c->fix))
		snprintf(c->fix, sizeof(c->fix), "# the command is longer than %zu bytes: "
			 "not shown", sizeof(c->fix) - 1);
}

const struct sa_check *sa_boot_status_first(const struct sa_boot_status *s,
					    enum sa_check_state state)
{
	for (int i = 0; i < s->n; i++)
		if (s->checks[i].state == state)
			return &s->checks[i];
	return NULL;
}

bool sa_boot_status_armed(const struct sa_boot_status *s)
{
	return !sa_boot_status_first(s, SA_CHECK_NO);
}

int sa_boot_status_count(const struct sa_boot_status *s, enum sa_check_state state)
{
	int n = 0;

	for (int i = 0; i < s->n; i++)
		n += s->checks[i].state == state;
	return n;
}
