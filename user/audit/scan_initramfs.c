// SPDX-License-Identifier: GPL-2.0
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zstd.h>

#include "audit/decompress.h"
#include "audit/scan_initramfs.h"

/*
 * What the kernel unpacks (init/initramfs.c, unpack_to_rootfs()): a cpio
 * archive where a '0' starts (newc 070701, crc 070702; odc 070707 it names
 * and refuses), else a compressed segment chosen by two bytes of magic
 * (lib/decompress.c, decompress_method()). Every one of these is read, or
 * reported unreadable: none is skipped in silence.
 */
static const struct {
	const char *magic;
	size_t len;
} cpio_magics[] = {
	{ "070701", 6 }, { "070702", 6 }, { "070707", 6 },	/* cpio newc, crc, odc */
};

static const struct {
	unsigned char magic[2];
	const char *name;
} kernel_magics[] = {
	{ { 0x1f, 0x8b }, "gzip" },
	{ { 0x1f, 0x9e }, "gzip" },	/* old gzip: the kernel's gunzip then refuses it */
	{ { 0x42, 0x5a }, "bzip2" },
	{ { 0x5d, 0x00 }, "lzma" },	/* any dictionary size: 5d 00 10 00 00 is 4 KiB */
	{ { 0xfd, 0x37 }, "xz" },
	{ { 0x89, 0x4c }, "lzo" },
	{ { 0x02, 0x21 }, "lz4" },	/* the legacy format, the kernel's only one */
	{ { 0x28, 0xb5 }, "zstd" },
};

/* The kernel's name of the compression at @buf (lib/decompress.c), or NULL. */
const char *sa_kernel_compression(const char *buf, size_t len)
{
	if (len < 2)
		return NULL;
	for (size_t i = 0; i < sizeof(kernel_magics) / sizeof(kernel_magics[0]); i++)
		if (!memcmp(buf, kernel_magics[i].magic, 2))
			return kernel_magics[i].name;
	return NULL;
}

bool sa_is_cpio(const char *buf, size_t len)
{
	for (size_t i = 0; i < sizeof(cpio_magics) / sizeof(cpio_magics[0]); i++)
		if (len >= cpio_magics[i].len && !memcmp(buf, cpio_magics[i].magic, 6))
			return true;
	return false;
}

/* lz4's frame format: not the kernel's, but libarchive reads it; kept as before. */
static bool is_lz4_frame(const char *buf, size_t len)
{
	return len >= 4 && !memcmp(buf, "\x04\x22\x4d\x18", 4);
}

bool sa_is_archive(const char *buf, size_t len)
{
	return sa_is_cpio(buf, len) || sa_kernel_compression(buf, len) || is_lz4_frame(buf, len);
}

#define NOT_CPIO "not a cpio archive"

static void support_filters(struct archive *a)
{
	archive_read_support_filter_gzip(a);
	archive_read_support_filter_xz(a);
	archive_read_support_filter_lzma(a);
	archive_read_support_filter_zstd(a);
	archive_read_support_filter_bzip2(a);
	archive_read_support_filter_lz4(a);
}

struct stream;
static la_ssize_t stream_read(struct archive *a, void *sp, const void **blk);

/*
 * A cpio reader on a plain cpio archive in memory (@s NULL, @raw false), or
 * on the decompressed stream @s; with @raw, the decompressor of a
 * compressed segment in memory, whose data is that stream.
 */
static struct archive *open_one(const char *buf, size_t len, bool raw, struct stream *s,
				char *why, size_t whylen)
{
	struct archive *a = archive_read_new();
	int r;

	if (!a) {
		snprintf(why, whylen, "out of memory");
		return NULL;
	}
	/* Only what an initramfs uses: every filter the kernel can unpack, cpio. */
	if (raw) {
		archive_read_support_format_raw(a);
		support_filters(a);
	} else {
		archive_read_support_format_cpio(a);
	}
	if (s)
		r = archive_read_open(a, s, NULL, stream_read, NULL);
	else
		r = archive_read_open_memory(a, buf, len);
	if (r != ARCHIVE_OK) {
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

/*
 * The work of one image: every byte decompressed counts, headers, padding
 * and the data of members we do not keep (directories with a size, the
 * tail of an oversized member) included, so no shape of archive runs past
 * SA_IMAGE_MAX; and at most SA_ENTRIES_MAX entries.
 */
struct budget {
	unsigned long long base;	/* decompressed bytes of the archives before */
	unsigned long long used;	/* ... and of this one so far */
	unsigned long entries;
	struct sa_work_budget *wb;	/* the whole run's, or NULL */
	const char *other;	/* another bound hit (a decoder's memory): its message */
	char msg[200];	/* the message of a bound hit, with its value */
};

struct sa_initramfs_limits sa_initramfs_limits = { SA_MEMBER_MAX, SA_IMAGE_MAX, SA_ENTRIES_MAX };

static struct sa_initramfs_stats last_stats;

void sa_initramfs_stats(struct sa_initramfs_stats *s)
{
	*s = last_stats;
}

static double cpu_seconds(void)
{
	struct timespec t;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t))
		return 0;
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * Is the whole run's budget spent, @image bytes of this image decompressed?
 * Once spent, it stays so: no image after is read.
 */
bool sa_work_budget_spent(struct sa_work_budget *wb, unsigned long long image)
{
	if (!wb)
		return false;
	if (wb->spent)
		return true;
	if (wb->max_bytes && wb->used + image > wb->max_bytes)
		snprintf(wb->msg, sizeof(wb->msg), "the run's budget of %llu MiB decompressed "
			 "over all images is spent (--max-decompressed), stopped",
			 wb->max_bytes >> 20);
	else if (wb->max_cpu && cpu_seconds() > wb->max_cpu)
		snprintf(wb->msg, sizeof(wb->msg), "the run's budget of %g s of CPU time is spent "
			 "(--max-cpu), stopped", wb->max_cpu);
	else
		return false;
	wb->spent = true;
	return true;
}

/* The message of the bound @image bytes hit: the run's budget, else the image's limit. */
static const char *image_limit(struct budget *b)
{
	if (b->other)
		return b->other;
	if (b->wb && b->wb->spent)
		return b->wb->msg;
	snprintf(b->msg, sizeof(b->msg), "image decompresses to more than the limit of %llu MiB "
		 "(SA_IMAGE_MAX), stopped", sa_initramfs_limits.image >> 20);
	return b->msg;
}

/* @image bytes of this image decompressed: over its limit, or over the run's budget? */
static bool bytes_over(struct budget *b, unsigned long long image)
{
	return image > sa_initramfs_limits.image || sa_work_budget_spent(b->wb, image);
}

static bool over(struct archive *a, struct budget *b)
{
	la_int64_t n = archive_filter_bytes(a, 0);

	if (n > 0 && (unsigned long long)n > b->used)
		b->used = n;
	return bytes_over(b, b->base + b->used);
}

/* Read past the rest of an entry's data, counted: libarchive's skip would not be. */
static int discard(struct archive *a, struct budget *b, const char **why)
{
	for (;;) {
		const void *blk;
		size_t n;
		la_int64_t off;
		int r = archive_read_data_block(a, &blk, &n, &off);

		if (r == ARCHIVE_EOF) {
			/* a block is counted once consumed: an archive in memory is one block */
			if (!over(a, b))
				return 0;
			*why = image_limit(b);
			return -E2BIG;
		}
		if (r < ARCHIVE_WARN) {
			*why = archive_error_string(a);
			if (!*why)
				*why = "cannot read member data";
			return -EIO;
		}
		if (over(a, b)) {
			*why = image_limit(b);
			return -E2BIG;
		}
	}
}

/* Read a member's data into *@data, growing as it arrives (sizes in headers lie). */
static int read_member(struct archive *a, char **data, size_t *cap, size_t *len,
		       struct budget *b, const char **why)
{
	*len = 0;
	for (;;) {
		la_ssize_t r;

		/* one byte past the limit tells a member of exactly the limit from a larger one */
		if (*len > sa_initramfs_limits.member) {
			snprintf(b->msg, sizeof(b->msg), "member larger than the limit of %llu MiB "
				 "(SA_MEMBER_MAX), skipped", sa_initramfs_limits.member >> 20);
			*why = b->msg;
			return -EFBIG;
		}
		if (*len == *cap) {
			size_t nc = *cap ? *cap * 2 : 65536;
			char *p;

			if (nc > sa_initramfs_limits.member + 1)
				nc = sa_initramfs_limits.member + 1;
			p = realloc(*data, nc);
			if (!p) {
				*why = "out of memory";
				return -ENOMEM;
			}
			*data = p;
			*cap = nc;
		}
		r = archive_read_data(a, *data + *len, *cap - *len);
		if (r == 0) {
			if (!over(a, b))
				return 0;
			*why = image_limit(b);
			return -E2BIG;
		}
		if (r < 0) {
			*why = archive_error_string(a);
			if (!*why)
				*why = "cannot read member data";
			return -EIO;
		}
		*len += r;
		if (over(a, b)) {
			*why = image_limit(b);
			return -E2BIG;
		}
	}
}

/* The decompressed stream of one compressed segment, for the cpio readers of its archives. */
#define KEEP 4096	/* tail of earlier blocks kept to step back to a trailer's end */

struct stream {
	struct archive *inner;	/* the decompressor (raw format), or */
	struct sa_dec *dec;	/* ... ours (lzma, lzo: audit/decompress.h) */
	struct budget *b;
	const char *blk;	/* its current block, bytes [at, at + blen) of the stream */
	size_t blen;
	unsigned long long at, pos;	/* the block's position; the next byte to hand out */
	unsigned long long start;	/* where the current cpio archive started */
	char keep[KEEP];	/* bytes [at - nkeep, at) */
	size_t nkeep;
	bool eof, over;
	const char *err;	/* the decompressor's error */
};

/* Next block of the decompressor; the tail of the current one is kept. */
static int stream_fill(struct stream *s)
{
	const void *p;
	size_t n;
	la_int64_t o;
	int r;

	if (s->blen >= KEEP) {
		memcpy(s->keep, s->blk + s->blen - KEEP, KEEP);
		s->nkeep = KEEP;
	} else if (s->blen) {
		size_t drop = s->nkeep + s->blen > KEEP ? s->nkeep + s->blen - KEEP : 0;

		memmove(s->keep, s->keep + drop, s->nkeep - drop);
		memcpy(s->keep + s->nkeep - drop, s->blk, s->blen);
		s->nkeep = s->nkeep - drop + s->blen;
	}
	s->at += s->blen;
	s->blk = NULL;
	s->blen = 0;
	if (s->dec) {
		r = sa_dec_next(s->dec, &p, &n, &s->err);
		if (!r) {
			s->eof = true;
			return 0;
		}
		if (r < 0) {
			if (r == -E2BIG) {
				s->b->other = s->err;
				s->over = true;
			}
			return -EIO;
		}
		s->blk = p;
		s->blen = n;
		return 0;
	}
	do {
		r = archive_read_data_block(s->inner, &p, &n, &o);
	} while (r == ARCHIVE_OK && !n);
	if (r == ARCHIVE_EOF) {
		s->eof = true;
		return 0;
	}
	if (r < ARCHIVE_WARN) {
		s->err = archive_error_string(s->inner);
		if (!s->err)
			s->err = "cannot decompress";
		return -EIO;
	}
	s->blk = p;
	s->blen = n;
	return 0;
}

/* libarchive's read callback: the kept bytes first (after a step back), then blocks. */
static la_ssize_t stream_read(struct archive *a, void *sp, const void **blk)
{
	struct stream *s = sp;
	size_t n;

	if (s->pos < s->at) {
		*blk = s->keep + (s->nkeep - (s->at - s->pos));
		n = s->at - s->pos;
	} else {
		if (s->pos >= s->at + s->blen) {
			if (s->eof)
				return 0;
			if (stream_fill(s)) {
				archive_set_error(a, EIO, "%s", s->err);
				return -1;
			}
			if (s->eof)
				return 0;
		}
		*blk = s->blk + (s->pos - s->at);
		n = s->at + s->blen - s->pos;
	}
	s->pos += n;
	/* a header that claims a huge name makes libarchive read ahead: bounded here too */
	if (bytes_over(s->b, s->b->base + (s->pos - s->start))) {
		s->over = true;
		archive_set_error(a, E2BIG, "image decompresses to more than the limit");
		return -1;
	}
	return n;
}

/* The next byte after NUL padding (counted), or -1 at the end, or a negative errno. */
static int stream_skip_nul(struct stream *s)
{
	for (;;) {
		unsigned long long n = 0;

		while (s->pos < s->at + s->blen) {
			char c = s->pos < s->at ? s->keep[s->nkeep - (s->at - s->pos)] :
				 s->blk[s->pos - s->at];

			if (c) {
				s->b->base += n;
				return (unsigned char)c;
			}
			s->pos++;
			n++;
		}
		s->b->base += n;
		if (bytes_over(s->b, s->b->base)) {
			s->over = true;
			return -E2BIG;
		}
		if (s->eof)
			return -1;
		if (stream_fill(s))
			return -EIO;
		if (s->eof)
			return -1;
	}
}

/* One image and the state of reading it, in the kernel's order. */
struct reader {
	const struct sa_initramfs_ops *ops;
	void *ctx;
	struct budget b;
	char *data, *name;	/* a member's data; its name with the archive's */
	size_t cap, mlen, ncap;
	int narch, ret;
	bool stop;	/* an error or a bound: the rest of the image is not read */
	struct stream *s;
};

/* "N:COMPRESSION:PATH": the member of the image's Nth cpio archive. */
static const char *member_name(struct reader *r, const char *comp, const char *path)
{
	size_t need = strlen(comp) + strlen(path) + 24;

	if (need > r->ncap) {
		char *p = realloc(r->name, need);

		if (!p)
			return path;
		r->name = p;
		r->ncap = need;
	}
	snprintf(r->name, r->ncap, "%d:%s:%s", r->narch, comp, path);
	return r->name;
}

/* The entries of one cpio archive; 0 at its trailer, -1 when the image stops. */
static int read_entries(struct reader *r, struct archive *a, const char *comp)
{
	const struct sa_initramfs_ops *ops = r->ops;
	struct budget *b = &r->b;
	struct archive_entry *ent;
	bool reported = false;
	int res;

	r->narch++;
	b->used = 0;
	while ((res = archive_read_next_header(a, &ent)) == ARCHIVE_OK || res == ARCHIVE_WARN) {
		const char *name, *why = NULL;
		int err;

		name = archive_entry_pathname(ent);
		name = member_name(r, comp, name ? name : "?");
		if (++b->entries > sa_initramfs_limits.entries) {
			snprintf(b->msg, sizeof(b->msg), "more entries than the limit of %lu "
				 "(SA_ENTRIES_MAX), stopped", sa_initramfs_limits.entries);
			why = b->msg;
			err = -E2BIG;
		} else if (over(a, b)) {
			why = image_limit(b);
			err = -E2BIG;
		} else if (archive_entry_filetype(ent) != AE_IFREG) {
			/* a directory or device with a size: its data is still read */
			err = discard(a, b, &why);
		} else {
			err = read_member(a, &r->data, &r->cap, &r->mlen, b, &why);
			if (err == -EFBIG) {
				ops->limit(name, why, r->ctx);
				err = discard(a, b, &why);	/* its tail, counted */
				if (!err)
					continue;
			}
		}
		if (err == -E2BIG || (err && r->s && r->s->over)) {
			ops->limit(b->entries > sa_initramfs_limits.entries ? NULL : name,
				   err == -E2BIG ? why : image_limit(b), r->ctx);
			r->stop = true;
			return -1;
		}
		if (err) {
			ops->error(name, why, r->ctx);
			reported = true;
			break;
		}
		if (archive_entry_filetype(ent) != AE_IFREG)
			continue;
		r->ret = r->ops->member(name, r->data, r->mlen, r->ctx);
		if (r->ret)
			return -1;
	}
	if (res != ARCHIVE_EOF || reported) {
		const char *es = archive_error_string(a);

		if (r->s && r->s->over)
			ops->limit(NULL, image_limit(b), r->ctx);
		else if (!reported)
			ops->error(NULL, es ? es : "cannot read the archive", r->ctx);
		r->stop = true;
		return -1;
	}
	/* the trailer's header counts too, and the sum over archives */
	if (over(a, b)) {
		ops->limit(NULL, image_limit(b), r->ctx);
		r->stop = true;
		return -1;
	}
	b->base += b->used;
	b->used = 0;
	return 0;
}

static const unsigned char zstd_magic[] = { 0x28, 0xb5, 0x2f, 0xfd };
static const unsigned char xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0 };

/* The bytes of the zstd frames at @buf: the decoder would read on into what follows. */
static size_t zstd_span(const char *buf, size_t len)
{
	size_t span = 0;

	while (len - span >= 4 && (!memcmp(buf + span, zstd_magic, 4) ||
				   ((buf[span] & 0xf0) == 0x50 && !memcmp(buf + span + 1, "\x2a\x4d\x18", 3)))) {
		size_t n = ZSTD_findFrameCompressedSize(buf + span, len - span);

		if (ZSTD_isError(n))
			return len;	/* the decompressor names the error */
		span += n;
	}
	return span ? span : len;
}

/*
 * The bytes of the xz stream at @buf: liblzma with LZMA_CONCATENATED (as
 * libarchive uses it) fails on what follows, so the stream is measured
 * first, its output counted against the image's limit on its own.
 */
static size_t xz_span(const char *buf, size_t len, struct budget *b)
{
	lzma_stream z = LZMA_STREAM_INIT;
	unsigned long long out = 0;
	size_t span = len;
	uint8_t *tmp = malloc(65536);

	if (!tmp || lzma_stream_decoder(&z, UINT64_MAX, 0) != LZMA_OK) {
		free(tmp);
		return len;
	}
	z.next_in = (const uint8_t *)buf;
	z.avail_in = len;
	for (;;) {
		lzma_ret ret;

		z.next_out = tmp;
		z.avail_out = 65536;
		ret = lzma_code(&z, LZMA_FINISH);
		out += 65536 - z.avail_out;
		if (ret == LZMA_STREAM_END) {
			span = z.total_in;
			break;
		}
		if (ret != LZMA_OK || bytes_over(b, b->base + out))
			break;	/* the decompressor names the error, the budget the bound */
	}
	lzma_end(&z);
	free(tmp);
	return span;
}

/*
 * The cpio archives in the decompressed stream @s of a segment (@len bytes
 * of the image from its start, @span of them the compressed stream when
 * known), for read_compressed(). Returns the bytes it took, 0 when the
 * image stops; frees the decompressor.
 */
static size_t read_segment(struct reader *r, struct stream *s, const char *comp, size_t len,
			   size_t span)
{
	char msg[200];
	la_int64_t used;

	r->s = s;
	while (!r->stop) {
		struct archive *a;
		int c = stream_skip_nul(s);

		if (c == -1)
			break;	/* the end of the segment */
		if (c == -E2BIG) {
			r->ops->limit(NULL, image_limit(&r->b), r->ctx);
			r->stop = true;
		} else if (c < 0 && s->over) {
			r->ops->limit(NULL, image_limit(&r->b), r->ctx);
			r->stop = true;
		} else if (c < 0) {
			r->ops->error(NULL, s->err, r->ctx);
			r->stop = true;
		} else if (c != '0') {
			/* a compressed file that holds no cpio is not an image: say nothing */
			if (r->narch) {
				snprintf(msg, sizeof(msg), "junk after archive %d, at offset %llu of "
					 "the %s data, ignored", r->narch, s->pos, comp);
				r->ops->error(NULL, msg, r->ctx);
			}
			r->stop = true;
		}
		if (r->stop)
			break;
		s->start = s->pos;
		a = open_one(NULL, 0, false, s, msg, sizeof(msg));
		if (!a) {
			if (s->over)
				r->ops->limit(NULL, image_limit(&r->b), r->ctx);
			else if (r->narch || strcmp(msg, NOT_CPIO))
				r->ops->error(NULL, msg, r->ctx);
			r->stop = true;
			break;
		}
		if (read_entries(r, a, comp)) {
			archive_read_free(a);
			break;
		}
		/* the next archive starts after the trailer: step back over what was read ahead */
		used = archive_filter_bytes(a, 0);
		archive_read_free(a);
		if (used <= 0 || s->start + used < s->at - s->nkeep || s->start + used > s->pos) {
			snprintf(msg, sizeof(msg), "cannot find the end of archive %d in the %s "
				 "data, the rest ignored", r->narch, comp);
			r->ops->error(NULL, msg, r->ctx);
			r->stop = true;
			break;
		}
		s->pos = s->start + used;
	}
	r->s = NULL;
	if (s->dec)
		used = s->eof ? (la_int64_t)sa_dec_used(s->dec) : 0;
	else
		used = span < len ? (la_int64_t)span : archive_filter_bytes(s->inner, -1);
	if (s->inner)
		archive_read_free(s->inner);
	sa_dec_free(s->dec);
	if (r->stop)
		return 0;
	return used > 0 && (size_t)used <= len ? (size_t)used : len;
}

/*
 * A compressed segment: its decompressed stream may hold several cpio
 * archives, NUL-padded (the kernel's flush_buffer() reads them all).
 * Returns the compressed bytes it took, 0 when the image stops.
 */
static size_t read_compressed(struct reader *r, const char *buf, size_t len)
{
	struct stream s = { .b = &r->b };
	const char *kname = sa_kernel_compression(buf, len), *why = NULL;
	size_t span = len;
	struct archive_entry *ent;
	char msg[200];

	if (len >= 2 && !memcmp(buf, "\x1f\x9e", 2)) {
		r->ops->error(NULL, "gzip data with the old magic 1f 9e: the kernel names it "
			      "gzip, then its gunzip refuses it (not a gzip file); not read", r->ctx);
		return 0;
	}
	if (kname && (!strcmp(kname, "lzma") || !strcmp(kname, "lzo"))) {
		s.dec = sa_dec_open(!strcmp(kname, "lzo") ? SA_DEC_LZO : SA_DEC_LZMA, buf, len, &why);
		if (!s.dec) {
			snprintf(msg, sizeof(msg), "%s data that cannot be decompressed: %s", kname,
				 why);
			r->ops->error(NULL, msg, r->ctx);
			return 0;
		}
		return read_segment(r, &s, kname, len, len);
	}
	if (len >= 4 && !memcmp(buf, zstd_magic, 4))
		span = zstd_span(buf, len);
	else if (len >= 6 && !memcmp(buf, xz_magic, 6))
		span = xz_span(buf, len, &r->b);
	s.inner = open_one(buf, span, true, NULL, msg, sizeof(msg));
	if (!s.inner) {
		r->ops->error(NULL, msg, r->ctx);
		return 0;
	}
	if (archive_read_next_header(s.inner, &ent) != ARCHIVE_OK) {
		const char *es = archive_error_string(s.inner);

		r->ops->error(NULL, es ? es : "cannot decompress", r->ctx);
		archive_read_free(s.inner);
		return 0;
	}
	if (archive_filter_code(s.inner, 0) == ARCHIVE_FILTER_NONE) {
		/* the kernel's magic, but no decompressor takes the header: never silent */
		snprintf(msg, sizeof(msg), "%s data by its magic (%02x %02x) that no decompressor "
			 "recognises (corrupt, or a variant the kernel refuses too); not read",
			 kname ? kname : "lz4", (unsigned char)buf[0], (unsigned char)buf[1]);
		r->ops->error(NULL, msg, r->ctx);
		archive_read_free(s.inner);
		return 0;
	}
	return read_segment(r, &s, archive_filter_name(s.inner, 0), len, span);
}

/* Uncompressed cpio archives in a row; returns the bytes they took, 0 when the image stops. */
static size_t read_plain(struct reader *r, const char *buf, size_t len)
{
	char msg[160];
	struct archive *a = open_one(buf, len, false, NULL, msg, sizeof(msg));
	la_int64_t used;

	if (!a) {
		r->ops->error(NULL, msg, r->ctx);
		return 0;
	}
	if (read_entries(r, a, "cpio")) {
		archive_read_free(a);
		return 0;
	}
	/* the position of the stream after the trailer is where the next archive starts */
	used = archive_filter_bytes(a, 0);
	archive_read_free(a);
	return used > 0 && (size_t)used <= len ? (size_t)used : 0;
}

int sa_initramfs_read(const char *buf, size_t len, const struct sa_initramfs_ops *ops,
		      void *ctx)
{
	return sa_initramfs_read_budget(buf, len, ops, ctx, NULL);
}

int sa_initramfs_read_budget(const char *buf, size_t len, const struct sa_initramfs_ops *ops,
			     void *ctx, struct sa_work_budget *wb)
{
	struct reader r = { .ops = ops, .ctx = ctx, .b.wb = wb };
	size_t off = 0;

	if (sa_work_budget_spent(wb, 0)) {
		ops->limit(NULL, wb->msg, ctx);
		return 0;
	}

	/*
	 * As init/initramfs.c unpacks it: uncompressed cpio archives and
	 * compressed segments, in any order, NUL padding between them.
	 */
	while (off < len && !r.stop && !r.ret) {
		size_t n;

		while (off < len && !buf[off])
			off++;
		if (off >= len)
			break;
		if (!sa_is_archive(buf + off, len - off)) {
			char msg[160];

			snprintf(msg, sizeof(msg), "%zu bytes at offset %zu are not an archive, "
				 "ignored", len - off, off);
			ops->error(NULL, msg, ctx);
			break;
		}
		if (buf[off] == '0')
			n = read_plain(&r, buf + off, len - off);
		else
			n = read_compressed(&r, buf + off, len - off);
		if (!n)
			break;
		off += n;
	}
	free(r.data);
	free(r.name);
	last_stats.decompressed = r.b.base + r.b.used;
	last_stats.entries = r.b.entries;
	if (wb)
		wb->used += r.b.base + r.b.used;
	return r.ret ? r.ret : r.narch;
}
