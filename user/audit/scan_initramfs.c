// SPDX-License-Identifier: GPL-2.0
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/scan_initramfs.h"

static const struct {
	const char *magic;
	size_t len;
} magics[] = {
	{ "070701", 6 }, { "070702", 6 }, { "070707", 6 },	/* cpio newc, crc, odc */
	{ "\x1f\x8b", 2 },			/* gzip */
	{ "\xfd" "7zXZ\0", 6 },			/* xz */
	{ "\x28\xb5\x2f\xfd", 4 },		/* zstd */
	{ "\x5d\0\0", 3 },			/* lzma */
	{ "BZh", 3 },				/* bzip2 */
	{ "\x02\x21\x4c\x18", 4 },		/* lz4 legacy (the kernel's) */
	{ "\x04\x22\x4d\x18", 4 },		/* lz4 frame */
};

bool sa_is_archive(const char *buf, size_t len)
{
	for (size_t i = 0; i < sizeof(magics) / sizeof(magics[0]); i++)
		if (len >= magics[i].len && !memcmp(buf, magics[i].magic, magics[i].len))
			return true;
	return false;
}

#define NOT_CPIO "not a cpio archive"

static struct archive *open_one(const char *buf, size_t len, char *why, size_t whylen)
{
	struct archive *a = archive_read_new();

	if (!a) {
		snprintf(why, whylen, "out of memory");
		return NULL;
	}
	/* Only what an initramfs uses: every filter the kernel can unpack, cpio. */
	archive_read_support_format_cpio(a);
	archive_read_support_filter_gzip(a);
	archive_read_support_filter_xz(a);
	archive_read_support_filter_lzma(a);
	archive_read_support_filter_zstd(a);
	archive_read_support_filter_bzip2(a);
	archive_read_support_filter_lz4(a);
	if (archive_read_open_memory(a, buf, len) != ARCHIVE_OK) {
		/* libarchive's ARCHIVE_ERRNO_FILE_FORMAT is EILSEQ on Linux */
		if (archive_errno(a) == EILSEQ)
			snprintf(why, whylen, NOT_CPIO);
		else
			snprintf(why, whylen, "cannot open the archive: %s",
				 archive_error_string(a) ? archive_error_string(a) :
				 "unknown error");
		archive_read_free(a);
		return NULL;
	}
	return a;
}

/* Read a member's data into *@data, growing as it arrives (sizes in headers lie). */
static int read_member(struct archive *a, char **data, size_t *cap, size_t *len,
		       size_t *budget, const char **why)
{
	*len = 0;
	for (;;) {
		la_ssize_t r;

		if (*len == *cap) {
			size_t nc = *cap ? *cap * 2 : 65536;
			char *p;

			if (*len >= SA_MEMBER_MAX) {
				*why = "member larger than the limit (SA_MEMBER_MAX), skipped";
				return -EFBIG;
			}
			p = realloc(*data, nc);
			if (!p) {
				*why = "out of memory";
				return -ENOMEM;
			}
			*data = p;
			*cap = nc;
		}
		r = archive_read_data(a, *data + *len, *cap - *len);
		if (r == 0)
			return 0;
		if (r < 0) {
			*why = archive_error_string(a);
			if (!*why)
				*why = "cannot read member data";
			return -EIO;
		}
		*len += r;
		if ((size_t)r > *budget) {
			*why = "image decompresses to more than the limit (SA_IMAGE_MAX), stopped";
			return -E2BIG;
		}
		*budget -= r;
	}
}

int sa_initramfs_read(const char *buf, size_t len, const struct sa_initramfs_ops *ops,
		      void *ctx)
{
	size_t off = 0, cap = 0, mlen, budget = SA_IMAGE_MAX;
	char *data = NULL;
	int narch = 0, ret = 0;

	while (off < len && !ret) {
		struct archive_entry *ent;
		struct archive *a;
		la_int64_t used;
		bool compressed, reported = false;
		char msg[160];
		int r;

		/* cpio archives are padded with NULs (to 4 or 512 bytes) */
		while (off < len && !buf[off])
			off++;
		if (off >= len)
			break;
		if (!sa_is_archive(buf + off, len - off)) {
			snprintf(msg, sizeof(msg), "%zu bytes at offset %zu are not an archive, "
				 "ignored", len - off, off);
			ops->error(NULL, msg, ctx);
			break;
		}
		a = open_one(buf + off, len - off, msg, sizeof(msg));
		if (!a) {
			/* a compressed file that holds no cpio is not an image: say nothing */
			if (narch || strcmp(msg, NOT_CPIO))
				ops->error(NULL, msg, ctx);
			break;
		}
		narch++;
		while ((r = archive_read_next_header(a, &ent)) == ARCHIVE_OK ||
		       r == ARCHIVE_WARN) {
			const char *name = archive_entry_pathname(ent), *why = NULL;
			int err;

			if (!name)
				name = "?";
			if (archive_entry_filetype(ent) != AE_IFREG)
				continue;
			err = read_member(a, &data, &cap, &mlen, &budget, &why);
			if (err) {
				ops->error(name, why, ctx);
				if (err == -EFBIG) {
					archive_read_data_skip(a);
					continue;
				}
				r = ARCHIVE_FATAL;
				reported = true;
				break;
			}
			ret = ops->member(name, data, mlen, ctx);
			if (ret)
				break;
		}
		if (r != ARCHIVE_EOF && !ret) {
			const char *es = archive_error_string(a);

			if (!reported)
				ops->error(NULL, es ? es : "cannot read the archive", ctx);
			archive_read_free(a);
			break;
		}
		/*
		 * The position of the uncompressed stream after the trailer is
		 * where the next archive starts; a compressed archive runs to
		 * the end of the image.
		 */
		compressed = archive_filter_code(a, 0) != ARCHIVE_FILTER_NONE;
		used = archive_filter_bytes(a, 0);
		archive_read_free(a);
		if (compressed || used <= 0)
			break;
		off += (size_t)used < len - off ? (size_t)used : len - off;
	}
	free(data);
	return ret ? ret : narch;
}
