/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The executables the initramfs ran, read before switch_root deletes them.
 *
 * A boot audit's dependents are fingerprinted (their own code read for the
 * old layout's keys, BusyBox's version, ...) by the real root's recorder,
 * after the initramfs is gone: a legacy program that lived only there
 * could never be confirmed. So `boot --mark initramfs-end` (init-bottom,
 * dracut's pre-pivot) peeks at the pinned dependents' ring, reads each
 * executable that made a record while it still exists, and leaves one line
 * per file under /run (which moves to the real root): the kernel's device
 * and inode, a SHA-256 of its content, its path, what its fingerprint
 * proves (enum sa_fp_scope, a number) and its fingerprint's words. The
 * recorder looks a dependent's executable up there by device and inode,
 * the identity the kernel recorded, never by path: the real root's file of
 * the same name is another program.
 */
#ifndef SYSFS_AUDIT_EARLY_EXES_H
#define SYSFS_AUDIT_EARLY_EXES_H

#include <stdbool.h>
#include <stddef.h>

#define SA_EARLY_EXES		"initramfs-exes"	/* under SA_MARK_DIR */
#define SA_EARLY_MAX		1024			/* executables kept */

struct sa_early_exe {
	unsigned long long dev, ino;	/* the kernel's s_dev (MKDEV encoding), i_ino */
	char sha256[65];		/* hex, "" when it could not be read */
	char path[256];
	char fingerprint[512];		/* "" when the file carries nothing legacy */
	unsigned int fp_scope;		/* what it proves: enum sa_fp_scope flags */
};

struct sa_early;

/*
 * Read the executables of the records pending in the pinned ring @ring_fd
 * (a copy of the ring: nothing is consumed) and write them to @file,
 * atomically. @fingerprint(ctx, path, out, len) as the dependents' store
 * takes it. Returns the number of executables written, or -errno.
 */
long sa_early_collect(int ring_fd, const char *file,
		      unsigned int (*fingerprint)(void *ctx, const char *file, char *out,
						  size_t len),
		      void *fp_ctx);

/* Load @file; NULL with errno set (ENOENT: none was written). */
struct sa_early *sa_early_load(const char *file);
void sa_early_free(struct sa_early *e);
size_t sa_early_count(const struct sa_early *e);

/* Whether @path is the file the kernel knew as (@kdev, @ino) (kernel dev_t). */
bool sa_early_same_file(const char *path, unsigned long long kdev, unsigned long long ino);

/* The executable the kernel knew as (@dev, @ino), or NULL. */
const struct sa_early_exe *sa_early_find(const struct sa_early *e, unsigned long long dev,
					 unsigned long long ino);

#endif
