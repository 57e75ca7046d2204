// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the udev rules tokenizer, classifier and program list. */
#include <stddef.h>
#include <stdint.h>

#include "audit/rules_parse.h"

static int on_issue(const struct sa_rule *r, const struct sa_rule_issue *is, void *ctx)
{
	(void)r;
	/* the issue's strings must be terminated: read them whole */
	*(size_t *)ctx += is->col + __builtin_strlen(is->key) + __builtin_strlen(is->message) +
			  __builtin_strlen(is->replacement);
	return 0;
}

static int on_prog(const char *p, size_t n, void *ctx)
{
	size_t sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += (unsigned char)p[i];
	*(size_t *)ctx += sum;
	return 0;
}

static int on_rule(const struct sa_rule *r, void *ctx)
{
	sa_rules_classify(r, r->line & 1, on_issue, ctx);
	return sa_rule_programs(r, on_prog, ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t sum = 0;

	sa_rules_parse((const char *)data, size, on_rule, &sum);
	return 0;
}
