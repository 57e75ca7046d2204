// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "common/shell_quote.h"

static int plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("_./:=@%+,-", c));
}

int sa_sh_quote(char *dst, size_t size, const char *s)
{
	const unsigned char *p;
	size_t n = 0, need;
	int quote = !*s;

	for (p = (const unsigned char *)s; *p; p++) {
		if (*p < 0x20 || *p >= 0x7f)
			return -EINVAL;
		if (!plain(*p))
			quote = 1;
		n += *p == '\'' ? 4 : 1;
	}
	need = n + (quote ? 2 : 0) + 1;
	if (need > size)
		return -ENAMETOOLONG;
	if (!quote) {
		memcpy(dst, s, n + 1);
		return 0;
	}
	*dst++ = '\'';
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '\'') {
			memcpy(dst, "'\\''", 4);
			dst += 4;
		} else {
			*dst++ = *p;
		}
	}
	*dst++ = '\'';
	*dst = '\0';
	return 0;
}
