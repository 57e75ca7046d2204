// SPDX-License-Identifier: GPL-2.0
/* The built-in obsolete-ABI table (audit/abi_builtin.h). */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "audit/abi_builtin.h"

struct abi_text {
	const char *series, *version, *file, *text;
};

#include "abi_builtin.inc"

#define NTEXTS (sizeof(abi_texts) / sizeof(abi_texts[0]))

/* The last series of the table (the generator writes the newest last). */
static const char *newest(void)
{
	return NTEXTS ? abi_texts[NTEXTS - 1].series : NULL;
}

const char *sa_abi_builtin_series(const char *release)
{
	for (size_t i = 0; i < NTEXTS; i++) {
		size_t n = strlen(abi_texts[i].series);

		if (!strncmp(release, abi_texts[i].series, n) && release[n] == '.')
			return abi_texts[i].series;
	}
	return newest();
}

const char *sa_abi_builtin_version(const char *series)
{
	for (size_t i = 0; i < NTEXTS; i++)
		if (!strcmp(abi_texts[i].series, series))
			return abi_texts[i].version;
	return NULL;
}

int sa_abi_builtin_load(struct sa_abi *abi, const char *series)
{
	int found = 0, err;

	if (!series)
		series = newest();
	for (size_t i = 0; series && i < NTEXTS; i++) {
		if (strcmp(abi_texts[i].series, series))
			continue;
		found = 1;
		err = sa_abi_parse(abi, abi_texts[i].file, abi_texts[i].text,
				   strlen(abi_texts[i].text));
		if (err)
			return err;
	}
	return found ? 0 : -ENOENT;
}
