// SPDX-License-Identifier: GPL-2.0
/* The legacy uevent keys' table (legacy_key.h). */
#include <string.h>

#include "common/common.h"

#include "model/legacy_key.h"

const struct sa_key_desc sa_keys[SA_KEY_N] = {
#define SA_KEY_DESC_(k, opt, elf, script, repl, match)				\
	[SA_KEY_##k] = { .name = #k, .len = sizeof(#k) - 1, .optional = opt,	\
			 .elf_message = SA_KEY_READS(#k) elf,			\
			 .script_message = SA_KEY_READS(#k) script, .replacement = repl, \
			 .rules_match = match },
	SA_LEGACY_KEYS(SA_KEY_DESC_)
#undef SA_KEY_DESC_
};

int sa_key_find(const char *s, size_t n)
{
	for (int k = 0; k < SA_KEY_N; k++)
		if (n == sa_keys[k].len && !memcmp(s, sa_keys[k].name, n))
			return k;
	return -1;
}

static const char *key_name(int k)
{
	return sa_keys[k].name;
}

const char *sa_key_names(char *buf, size_t len)
{
	return sa_comma_list(buf, len, SA_KEY_N, key_name);
}
