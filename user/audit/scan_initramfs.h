/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Initramfs images read in memory with libarchive, never unpacked, every
 * archive the kernel would unpack and in its order: uncompressed cpio
 * archives (early microcode, firmware) and compressed segments (gzip, xz,
 * zstd, bzip2, lz4 with libarchive; lzma and lzo with audit/decompress.h),
 * several cpio archives in one compressed stream.
 * Members are named "N:COMPRESSION:PATH" (the Nth archive; "cpio" when
 * uncompressed).
 */
#ifndef SYSFS_AUDIT_SCAN_INITRAMFS_H
#define SYSFS_AUDIT_SCAN_INITRAMFS_H

#include <stdbool.h>
#include <stddef.h>

/* Limits against archives that claim or expand to huge sizes (the fuzz build lowers them). */
#ifndef SA_MEMBER_MAX
#define SA_MEMBER_MAX (256UL << 20)	/* bytes of one member we read */
#endif
#ifndef SA_IMAGE_MAX
#define SA_IMAGE_MAX (2UL << 30)	/* bytes we decompress from one image */
#endif
#ifndef SA_ENTRIES_MAX
#define SA_ENTRIES_MAX (1UL << 20)	/* cpio entries of one image */
#endif

/* The bounds in force (tests lower them to keep crafted images small). */
struct sa_initramfs_limits {
	unsigned long long member, image;
	unsigned long entries;
};
extern struct sa_initramfs_limits sa_initramfs_limits;

/*
 * A cpio archive or a compressed stream at @buf: every two-byte magic the
 * kernel's decompress_method() knows (gzip 1f 8b and 1f 9e, bzip2 BZ, lzma
 * 5d 00, xz fd 37, lzo 89 4c, lz4 legacy 02 21, zstd 28 b5), and lz4 frames.
 */
bool sa_is_archive(const char *buf, size_t len);
bool sa_is_cpio(const char *buf, size_t len);
/* The kernel's name of the compression at @buf ("gzip", "lzo", ...), or NULL. */
const char *sa_kernel_compression(const char *buf, size_t len);

/*
 * One budget for a whole run (scan), over every image it reads: bytes
 * decompressed and the process's CPU time. Once spent, the image being
 * read stops (a limit, with wb->msg) and no image after it is read.
 */
#define SA_RUN_DECOMPRESS_MAX (4ULL << 30)	/* bytes, over all images */
#define SA_RUN_CPU_MAX 60.0			/* seconds of CPU time */
struct sa_work_budget {
	unsigned long long max_bytes;	/* 0: no bound */
	double max_cpu;			/* 0: no bound */
	unsigned long long used;	/* decompressed by the images read so far */
	bool spent;
	char msg[160];			/* what was spent, once it is */
};
/* Is @wb (NULL: none) spent, @image more bytes decompressed? Sets wb->spent and wb->msg. */
bool sa_work_budget_spent(struct sa_work_budget *wb, unsigned long long image);

struct sa_initramfs_ops {
	/* a regular member and its data (the data stays valid during the call) */
	int (*member)(const char *name, const char *data, size_t len, void *ctx);
	/* a problem with the image (@member may be NULL); reading goes on if it can */
	void (*error)(const char *member, const char *msg, void *ctx);
	/* a bound on work was hit: a member skipped, or the rest of the image */
	void (*limit)(const char *member, const char *msg, void *ctx);
};

/* The work of the last sa_initramfs_read(), for tests: bounded by the limits. */
struct sa_initramfs_stats {
	unsigned long long decompressed;	/* bytes, headers and skipped data included */
	unsigned long entries;
};
void sa_initramfs_stats(struct sa_initramfs_stats *s);

/*
 * Read every archive in @buf. Returns the number of archives read (0: none
 * recognised; a compressed file that holds no cpio archive is not an image
 * and gives no error), or the first non-zero value a callback returned.
 */
int sa_initramfs_read(const char *buf, size_t len, const struct sa_initramfs_ops *ops,
		      void *ctx);
/* The same within the run's budget @wb (NULL: none), which it charges. */
int sa_initramfs_read_budget(const char *buf, size_t len, const struct sa_initramfs_ops *ops,
			     void *ctx, struct sa_work_budget *wb);

#endif
