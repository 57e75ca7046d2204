// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "reports/json_budget.h"

static unsigned long long cost(const struct sa_json_budget *b, size_t len)
{
	return (unsigned long long)b->objects * SA_JSON_COST_OBJECT +
	       (unsigned long long)b->arrays * SA_JSON_COST_ARRAY +
	       (unsigned long long)b->values * SA_JSON_COST_VALUE + len;
}

/* The end of the string whose opening quote is at @i, or @len; *@nul: \u0000 in it. */
static size_t string_end(const char *buf, size_t len, size_t i, bool *nul)
{
	*nul = false;
	for (i++; i < len; i++) {
		if (buf[i] == '"')
			return i;
		if (buf[i] != '\\')
			continue;
		if (i + 5 < len && !memcmp(buf + i + 1, "u0000", 5))
			*nul = true;
		i++;	/* the escaped character: \" and \\ do not end or start anything */
	}
	return len;
}

bool sa_json_budget(const char *buf, size_t len, unsigned long long limit,
		    struct sa_json_budget *b)
{
	memset(b, 0, sizeof(*b));
	for (size_t i = 0; i < len; i++) {
		size_t end, j;
		bool nul;

		switch (buf[i]) {
		case '{':
			b->objects++;
			break;
		case '[':
			b->arrays++;
			break;
		case ',':
			b->values++;	/* one more member or element */
			break;
		case '"':
			b->values++;
			end = string_end(buf, len, i, &nul);
			for (j = end + 1; nul && j < len && strchr(" \t\r\n", buf[j]); j++)
				;
			if (nul && j < len && buf[j] == ':') {
				b->nul_key = true;
				b->at = end;
				b->cost = cost(b, len);
				return false;
			}
			i = end;
			break;
		default:
			continue;
		}
		/* Checked once per 4096 values: the estimate only grows. */
		if (!((b->objects + b->arrays + b->values) & 4095) && cost(b, len) > limit) {
			b->at = i;
			b->over = true;
			b->cost = cost(b, len);
			return false;
		}
	}
	b->at = len;
	b->cost = cost(b, len);
	b->over = b->cost > limit;
	return !b->over;
}
