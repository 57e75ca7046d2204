// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the ELF read-only data scan (libelf underneath). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "audit/scan_elf.h"

static int on_hit(const struct sa_hit *h, void *ctx)
{
	*(size_t *)ctx += strlen(h->message) + strlen(h->key) + (size_t)h->offset;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *why = NULL;
	size_t sum = 0;

	if (sa_is_elf((const char *)data, size))
		sa_scan_elf((const char *)data, size, on_hit, &sum, &why);
	return 0;
}
