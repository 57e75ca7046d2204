/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Initramfs images read in memory with libarchive, never unpacked, every
 * archive the kernel would unpack and in its order: uncompressed cpio
 * archives (early microcode, firmware) and compressed segments (gzip, xz,
 * lzma, zstd, bzip2, lz4), several cpio archives in one compressed stream.
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

/* A cpio archive or a compressed stream at @buf. */
bool sa_is_archive(const char *buf, size_t len);

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

#endif
