/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The initramfs compressions libarchive does not read as the kernel does,
 * decoded here as lib/decompress_unlzma.c and lib/decompress_unlzo.c read
 * them: lzma (magic 5d 00, any dictionary size: libarchive's bidder takes
 * only the LZMA SDK's sizes, so `5d 00 10` (4 KiB) or 12 KiB is not read)
 * through liblzma's .lzma decoder, and lzo (lzop's container, 89 4c) through
 * liblzo2 (Debian's libarchive reads lzop only by running an external lzop
 * program, which an audit running as root on a hostile image does not do).
 */
#ifndef SYSFS_AUDIT_DECOMPRESS_H
#define SYSFS_AUDIT_DECOMPRESS_H

#include <stdbool.h>
#include <stddef.h>

/* Memory the lzma decoder may take (its dictionary): beyond it, a bound (the fuzz build lowers it). */
#ifndef SA_LZMA_MEMLIMIT
#define SA_LZMA_MEMLIMIT (512UL << 20)
#endif

enum sa_dec_kind { SA_DEC_LZMA, SA_DEC_LZO };

struct sa_dec;

/*
 * A decoder of the @kind stream at @buf (@len bytes: the rest of the image).
 * NULL on error, with *@why set.
 */
struct sa_dec *sa_dec_open(enum sa_dec_kind kind, const char *buf, size_t len,
			   const char **why);
/*
 * The next block of decompressed data: 1 (@blk, @n > 0), 0 at the end of
 * the stream, -EIO (corrupt or truncated) or -E2BIG (SA_LZMA_MEMLIMIT)
 * with *@why set.
 */
int sa_dec_next(struct sa_dec *d, const void **blk, size_t *n, const char **why);
/* Compressed bytes the stream took, its end included (after sa_dec_next() gave 0). */
size_t sa_dec_used(const struct sa_dec *d);
void sa_dec_free(struct sa_dec *d);

#endif
