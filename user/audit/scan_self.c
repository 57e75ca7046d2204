// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sha2.h>
#include <sys/stat.h>

#include "audit/scan_self.h"
#include "common/slurp.h"

#define SELF_MAX (256UL << 20)	/* larger than any build of ours */

/* The running executable: its size first (stat), its digest when a file of that size comes. */
static struct {
	enum { UNKNOWN, SIZED, HASHED, NONE } state;
	size_t len;
	uint8_t sha256[SHA256_DIGEST_LENGTH];
} self;

static void digest(const char *buf, size_t len, uint8_t out[SHA256_DIGEST_LENGTH])
{
	SHA2_CTX c;

	SHA256Init(&c);
	SHA256Update(&c, (const uint8_t *)buf, len);
	SHA256Final(out, &c);
}

static void size_self(void)
{
	struct stat st;

	self.state = NONE;
	if (stat("/proc/self/exe", &st) || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > SELF_MAX)
		return;
	self.len = st.st_size;
	self.state = SIZED;
}

static void hash_self(void)
{
	char *buf = NULL;
	size_t len = 0;

	self.state = NONE;
	if (sa_slurp("/proc/self/exe", SELF_MAX, &buf, &len))
		return;
	if (len == self.len) {
		digest(buf, len, self.sha256);
		self.state = HASHED;
	}
	free(buf);
}

bool sa_scan_is_self(const char *buf, size_t len)
{
	uint8_t d[SHA256_DIGEST_LENGTH];

	if (self.state == UNKNOWN)
		size_self();
	if (self.state == NONE || len != self.len)
		return false;
	if (self.state == SIZED)
		hash_self();
	if (self.state != HASHED)
		return false;
	digest(buf, len, d);
	return !memcmp(d, self.sha256, sizeof(d));
}
