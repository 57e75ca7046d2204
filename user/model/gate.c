// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "model/gate.h"

static const struct {
	const char *name;
	unsigned int bit;
} conditions[] = {
	{ "boot", SA_FAIL_BOOT },
	{ "incomplete", SA_FAIL_INCOMPLETE },
	{ "keys", SA_FAIL_KEYS },
	{ "paths", SA_FAIL_PATHS },
	{ "dependents", SA_FAIL_DEPENDENTS },
	{ "findings", SA_FAIL_FINDINGS },
	{ "suspects", SA_FAIL_SUSPECTS },
	{ "obsolete", SA_FAIL_OBSOLETE },
};
#define NCONDITIONS (sizeof(conditions) / sizeof(conditions[0]))

int sa_fail_on_parse(const char *arg, unsigned int allowed, unsigned int *out)
{
	const char *p = arg;

	if (!*p)
		return -EINVAL;
	while (*p) {
		size_t len = strcspn(p, ","), i;

		for (i = 0; i < NCONDITIONS; i++)
			if (len == strlen(conditions[i].name) &&
			    !strncmp(p, conditions[i].name, len))
				break;
		if (i == NCONDITIONS || !(conditions[i].bit & allowed))
			return -EINVAL;
		*out |= conditions[i].bit;
		p += len;
		if (*p == ',' && !*++p)
			return -EINVAL;
	}
	return 0;
}

void sa_fail_on_arg(const char *cmd, const char *arg, unsigned int allowed,
		    struct argp_state *state, unsigned int *out)
{
	char names[128] = "";

	if (!sa_fail_on_parse(arg, allowed, out))
		return;
	for (size_t i = 0; i < NCONDITIONS; i++)
		if (conditions[i].bit & allowed)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 *names ? ", " : "", conditions[i].name);
	argp_error(state, "invalid --fail-on: '%s' (%s gates on: %s)", arg, cmd, names);
}

int sa_gate(const struct sa_gate_counts *c, unsigned int fail_on)
{
	const unsigned long long n[NCONDITIONS] = {
		c->boot, c->incomplete, c->keys, c->paths, c->dependents, c->findings,
		c->suspects, c->obsolete,
	};

	for (size_t i = 0; i < NCONDITIONS; i++)
		if ((fail_on & conditions[i].bit) && n[i])
			return conditions[i].bit;
	return 0;
}
