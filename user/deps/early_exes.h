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
 * proves (enum sa_fp_scope, a number), its fingerprint's words and its
 * size (a line without it, of an older writer, is read all the same). The
 * recorder looks a dependent's executable up there by device and inode,
 * the identity the kernel recorded, never by path: the real root's file of
 * the same name is another program.
 */
#ifndef SYSFS_AUDIT_EARLY_EXES_H
#define SYSFS_AUDIT_EARLY_EXES_H

#include <stdbool.h>
#include <stddef.h>

#define SA_EARLY_EXES		"initramfs-exes"	/* under SA_MARK_DIR */
/* The pid of the child still writing it (boot --mark initramfs-end --background). */
#define SA_EARLY_PENDING	"initramfs-exes.pending"
/*
 * Written by the recorder when it adopts: the child reads now. Until then
 * it waits, SA_EARLY_GO_WAIT_S at most: reading during the boot slowed
 * systemd's start, even at nice 19.
 */
#define SA_EARLY_GO		"initramfs-exes.go"
#define SA_EARLY_GO_WAIT_S	600
#define SA_EARLY_MAX		1024			/* executables kept */
/* A larger executable is not read (the fingerprint's own limit). */
#define SA_EARLY_MAX_BYTES	(256UL << 20)

struct sa_early_exe {
	unsigned long long dev, ino;	/* the kernel's s_dev (MKDEV encoding), i_ino */
	char sha256[65];		/* hex, "" when it could not be read */
	char path[256];
	char fingerprint[512];		/* "" when the file carries nothing legacy */
	unsigned int fp_scope;		/* what it proves: enum sa_fp_scope flags */
	long long size;			/* bytes hashed; -1: not known (an older line, unread) */
};

struct sa_early;

/*
 * The executables of the records pending in the pinned ring @ring_fd (a
 * copy of the ring: nothing is consumed), each the very file the kernel
 * ran, opened: they stay readable after switch_root deletes their names,
 * so reading them can wait (sa_early_read()). NULL with errno set.
 */
struct sa_early *sa_early_gather(int ring_fd);

/*
 * What a fingerprint of @len bytes of @name says, into @out, and what it
 * proves (sa_fingerprint_buf()).
 */
typedef unsigned int (*sa_early_fp_fn)(const char *name, const char *buf, size_t len, char *out,
			       size_t out_len);

/* Read each gathered file once: its SHA-256 and @fingerprint (may be NULL); closes them. */
void sa_early_read(struct sa_early *e, sa_early_fp_fn fingerprint);

/* Write the lines the recorder loads to @file, atomically. 0 or -errno. */
int sa_early_write(const struct sa_early *e, const char *file);

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
