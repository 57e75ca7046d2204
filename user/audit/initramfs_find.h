/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Looking paths up in an initramfs image, read as the kernel unpacks it
 * (audit/scan_initramfs.h): is a file there, and its SHA-256; is anything
 * under a directory there. For `boot --status`: does the image the next
 * boot uses hold our binary and start script?
 */
#ifndef SYSFS_AUDIT_INITRAMFS_FIND_H
#define SYSFS_AUDIT_INITRAMFS_FIND_H

#include <stdbool.h>
#include <stddef.h>

struct sa_initramfs_want {
	const char *path;	/* as in the image: "usr/sbin/sysfs-audit", no leading "/" */
	bool prefix;		/* @path is a directory ("usr/lib/dracut/"): any file under it */
	/* filled in */
	bool found;
	size_t size;		/* of the last regular file of that path: the one unpacked */
	char sha256[65];	/* its data's, hex ("" for a prefix) */
};

/*
 * The path of member @name ("N:COMPRESSION:PATH", sa_initramfs_read()'s),
 * without the archive's prefix and a leading "./" or "/".
 */
const char *sa_initramfs_member_path(const char *name);

/*
 * Look up the @n wanted paths in image @buf; a later member of one path
 * replaces an earlier one, as when the kernel unpacks. Returns the number
 * of archives read (0: not an image); the first problem with the image
 * (the rest of it unread) is described in @err (@errlen > 0; empty: none).
 */
int sa_initramfs_find(const char *buf, size_t len, struct sa_initramfs_want *w, size_t n,
		      char *err, size_t errlen);

#endif
