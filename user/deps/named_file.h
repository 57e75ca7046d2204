/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Opening a file that a traced process named: its executable, its #!
 * script, a shell's script operand (`sh FILE`). The recorder reads them
 * as root to fingerprint them, and any user names them (a symlink, an
 * argv of its own making): so a file is read only as far as the process
 * could have read it, and only if it is what it claims to be. The one way
 * the dependents open such a file (executables, scripts and operands):
 *  - an absolute path, whose last component is no symlink (O_NOFOLLOW);
 *    in another mount namespace, resolved inside the process's root
 *    (/proc/PID/root, common/root.h: no symlink leaves it);
 *  - a regular file (never a device's driver opened, nor a FIFO waited
 *    on: its type is checked on an O_PATH descriptor first);
 *  - on a filesystem that stores files (ext4, xfs, btrfs, tmpfs, overlay,
 *    squashfs, ... named_file.c): never procfs (/proc/kmsg reads are
 *    destructive), sysfs, debugfs, configfs, nor FUSE (a user's own
 *    mount could hold a read forever);
 *  - the kernel's file when it recorded one (an executable's device and
 *    inode), else readable by the process's uid by its mode bits (owner
 *    or others: a group or an ACL it may have had is not known);
 *  - at most SA_NAMED_MAX_BYTES.
 * Every check is made on the descriptor that is then read.
 */
#ifndef SYSFS_AUDIT_NAMED_FILE_H
#define SYSFS_AUDIT_NAMED_FILE_H

#include <stdbool.h>
#include <stddef.h>

#define SA_NAMED_MAX_BYTES	(256UL << 20)	/* a larger file is not read */

struct sa_named {
	const char *path;		/* as the process named it (absolute) */
	/*
	 * A path of ours that leads to the very file (/proc/PID/exe): opened
	 * instead of @path, following it; every other check still applies.
	 */
	const char *via;
	unsigned int tgid;		/* in another mount namespace: resolve in its root */
	bool other_mnt;
	unsigned long long kdev, ino;	/* the kernel's identity (kernel dev_t); ino 0: none */
	unsigned int uid;		/* who named it: a file it could not read is not read */
};

/*
 * An O_RDONLY descriptor of @n's file, or a negative errno: -EINVAL (a
 * relative path), -ELOOP (a symlink), -EISDIR, -ENODEV (a device), -ENXIO
 * (a FIFO or socket), -EMEDIUMTYPE (a pseudo filesystem, FUSE),
 * -ESTALE (not the kernel's file), -EACCES (not readable by the process),
 * -EFBIG (larger than SA_NAMED_MAX_BYTES), another from open().
 */
int sa_named_open(const struct sa_named *n);

/*
 * The fingerprint (audit/fingerprint.h, cache @fp_cache) of @n's file,
 * named @name in @out; "" and SA_FP_NONE when sa_named_open() refuses it.
 */
unsigned int sa_named_fp(void *fp_cache, const struct sa_named *n, const char *name, char *out,
			 size_t len);

/*
 * The same of FILE that @id
 * named (@exe: its executable, with the kernel's identity; else its
 * script), with @id's uid.
 * A configured uevent helper (source "config") is root's own setting,
 * which the kernel follows when it runs it (/sbin/mdev, a link to
 * BusyBox): followed too. The dependents' store's fingerprint_named.
 */
struct sa_ident;
unsigned int sa_named_fingerprint(void *fp_cache, const struct sa_ident *id, const char *file,
				  bool exe, char *out, size_t len);

/* Whether statfs()'s @f_type stores files that a process could run (the list above). */
bool sa_named_disk_fs(long f_type);

#endif
