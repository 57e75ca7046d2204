// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the initramfs reader (libarchive underneath, and
 * audit/decompress.c for lzma and lzo), with each member handed to the
 * scanners the way 'scan' does; within a run's budget for inputs with an
 * odd first byte.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "audit/rules_parse.h"
#include "audit/scan_elf.h"
#include "audit/scan_initramfs.h"
#include "audit/scan_script.h"

static int on_hit(const struct sa_hit *h, void *ctx)
{
	*(size_t *)ctx += strlen(h->message);
	return 0;
}

static int on_rule(const struct sa_rule *r, void *ctx)
{
	*(size_t *)ctx += r->ntok;
	return 0;
}

static int on_member(const char *name, const char *data, size_t len, void *ctx)
{
	const char *why;
	size_t nl = strlen(name);

	if (sa_is_elf(data, len))
		sa_scan_elf(data, len, on_hit, ctx, &why);
	else if (nl > 6 && !strcmp(name + nl - 6, ".rules"))
		sa_rules_parse(data, len, on_rule, ctx);
	else if (sa_is_text(data, len))
		sa_scan_script(data, len, 1, on_hit, ctx);
	return 0;
}

static void on_error(const char *member, const char *msg, void *ctx)
{
	*(size_t *)ctx += strlen(msg) + (member ? strlen(member) : 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct sa_initramfs_ops ops = { on_member, on_error, on_error };
	size_t sum = 0;

	/* an odd first byte (gzip, lzma, xz, lzo...): a run's budget of that many 64 KiB */
	if (size && (data[0] & 1)) {
		struct sa_work_budget wb = { .max_bytes = (unsigned long long)data[0] << 16 };

		sa_initramfs_read_budget((const char *)data, size, &ops, &sum, &wb);
		return 0;
	}
	sa_initramfs_read((const char *)data, size, &ops, &sum);
	return 0;
}
