// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <lzma.h>
#include <lzo/lzo1x.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/decompress.h"

#define OUT_SIZE (256UL << 10)	/* lzo: the kernel's LZO_BLOCK_SIZE; lzma: any */

struct sa_dec {
	enum sa_dec_kind kind;
	const unsigned char *in;
	size_t len, pos;
	unsigned char *out;
	lzma_stream z;
	bool end;
	char msg[96];
};

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * lzop's header as the kernel's parse_header() reads it: magic, version,
 * library version, version needed, method, level (version >= 0x0940),
 * flags (with filter info when F_H_FILTER), mode, mtime (and its high half
 * from 0x0940), the name, the header checksum. Returns its size, 0 if bad.
 */
static size_t lzop_header(const unsigned char *in, size_t len)
{
	static const unsigned char magic[9] = { 0x89, 0x4c, 0x5a, 0x4f, 0x00, 0x0d, 0x0a,
						0x1a, 0x0a };
	const size_t min = 9 + 7 + 4 + 8 + 1 + 4;	/* HEADER_SIZE_MIN */
	size_t p = 9, l;
	unsigned int version;

	if (len < min || memcmp(in, magic, 9))
		return 0;
	version = (unsigned int)in[p] << 8 | in[p + 1];
	p += 7;
	if (version >= 0x0940)
		p++;
	p += be32(in + p) & 0x800 ? 8 : 4;	/* HEADER_HAS_FILTER */
	if (len - p < 8 + 1 + 4)
		return 0;
	p += 8;
	if (version >= 0x0940)
		p += 4;
	l = in[p++];
	if (len - p < l + 4)
		return 0;
	return p + l + 4;
}

struct sa_dec *sa_dec_open(enum sa_dec_kind kind, const char *buf, size_t len,
			   const char **why)
{
	struct sa_dec *d = calloc(1, sizeof(*d));

	if (d)
		d->out = malloc(OUT_SIZE);
	if (!d || !d->out) {
		*why = "out of memory";
		goto fail;
	}
	d->kind = kind;
	d->in = (const unsigned char *)buf;
	d->len = len;
	if (kind == SA_DEC_LZO) {
		if (lzo_init() != LZO_E_OK) {
			*why = "liblzo2 does not initialise";
			goto fail;
		}
		d->pos = lzop_header(d->in, len);
		if (!d->pos) {
			*why = "lzo data with an invalid lzop header (the kernel refuses it too)";
			goto fail;
		}
		return d;
	}
	d->z = (lzma_stream)LZMA_STREAM_INIT;
	/* not picky: any dictionary size, as the kernel's unlzma takes it */
	if (lzma_alone_decoder(&d->z, SA_LZMA_MEMLIMIT) != LZMA_OK) {
		*why = "cannot start the lzma decoder";
		goto fail;
	}
	d->z.next_in = d->in;
	d->z.avail_in = len;
	return d;
fail:
	if (d)
		free(d->out);
	free(d);
	return NULL;
}

/* One lzop block as the kernel's unlzo() reads it (one checksum, skipped). */
static int lzo_next(struct sa_dec *d, const void **blk, size_t *n, const char **why)
{
	uint32_t dst, src;
	lzo_uint got;

	if (d->len - d->pos < 4) {
		*why = "lzo data truncated (no end of stream)";
		return -EIO;
	}
	dst = be32(d->in + d->pos);
	d->pos += 4;
	if (!dst) {
		d->end = true;
		return 0;
	}
	if (dst > OUT_SIZE) {
		*why = "lzo block larger than 256 KiB (the kernel refuses it too)";
		return -EIO;
	}
	if (d->len - d->pos < 8) {
		*why = "lzo data truncated";
		return -EIO;
	}
	src = be32(d->in + d->pos);
	d->pos += 8;
	if (!src || src > dst || d->len - d->pos < src) {
		*why = "lzo data corrupted (a block's sizes)";
		return -EIO;
	}
	if (src == dst) {
		memcpy(d->out, d->in + d->pos, src);	/* a block stored uncompressed */
	} else {
		got = dst;
		if (lzo1x_decompress_safe(d->in + d->pos, src, d->out, &got, NULL) != LZO_E_OK ||
		    got != dst) {
			*why = "lzo data corrupted";
			return -EIO;
		}
	}
	d->pos += src;
	*blk = d->out;
	*n = dst;
	return 1;
}

static int lzma_next(struct sa_dec *d, const void **blk, size_t *n, const char **why)
{
	lzma_ret ret;

	d->z.next_out = d->out;
	d->z.avail_out = OUT_SIZE;
	ret = lzma_code(&d->z, LZMA_FINISH);
	*blk = d->out;
	*n = OUT_SIZE - d->z.avail_out;
	if (ret == LZMA_STREAM_END) {
		d->end = true;
		d->pos = d->z.total_in;
		return *n ? 1 : 0;
	}
	if (ret == LZMA_OK && *n)
		return 1;
	if (ret == LZMA_MEMLIMIT_ERROR || ret == LZMA_MEM_ERROR) {
		*why = d->msg;
		snprintf(d->msg, sizeof(d->msg), "the lzma dictionary needs more memory than "
			 "the limit of %lu MiB (SA_LZMA_MEMLIMIT)",
			 (unsigned long)(SA_LZMA_MEMLIMIT >> 20));
		return -E2BIG;
	}
	*why = ret == LZMA_BUF_ERROR || ret == LZMA_OK ? "lzma data truncated" :
	       ret == LZMA_FORMAT_ERROR ? "not lzma data (an invalid header)" :
	       "lzma data corrupted";
	return -EIO;
}

int sa_dec_next(struct sa_dec *d, const void **blk, size_t *n, const char **why)
{
	*n = 0;
	if (d->end)
		return 0;
	return d->kind == SA_DEC_LZO ? lzo_next(d, blk, n, why) : lzma_next(d, blk, n, why);
}

size_t sa_dec_used(const struct sa_dec *d)
{
	return d->pos;
}

void sa_dec_free(struct sa_dec *d)
{
	if (!d)
		return;
	if (d->kind == SA_DEC_LZMA)
		lzma_end(&d->z);
	free(d->out);
	free(d);
}
