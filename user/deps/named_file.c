// SPDX-License-Identifier: GPL-2.0
/* A file that a traced process named, opened as it could have (named_file.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "audit/fingerprint.h"
#include "common/root.h"
#include "common/slurp.h"
#include "deps/dep_decode.h"
#include "deps/named_file.h"
#include "model/dependent.h"

/*
 * Filesystems that store the files a process runs: the disk ones, the
 * memory ones an initramfs and /run live in, the stacked and read-only
 * images of containers and live systems, and network ones an
 * administrator mounted. Not FUSE: any user may mount one and hold a read
 * of it forever. Numbers from linux/magic.h, and the few it lacks.
 */
static const unsigned long disk_fs[] = {
	0xEF53,		/* ext2, ext3, ext4 */
	0x58465342,	/* xfs */
	0x9123683E,	/* btrfs */
	0x01021994,	/* tmpfs (and devtmpfs: its files are devices, refused by type) */
	0x858458f6,	/* ramfs (the initramfs's rootfs) */
	0x794c7630,	/* overlayfs */
	0x73717368,	/* squashfs */
	0xE0F5E1E2,	/* erofs */
	0x28cd3d45,	/* cramfs */
	0x7275,		/* romfs */
	0xF2F52010,	/* f2fs */
	0x3153464a,	/* jfs */
	0x52654973,	/* reiserfs */
	0x3434,		/* nilfs2 */
	0x2fc12fc1,	/* zfs */
	0xca451a4e,	/* bcachefs */
	0x4d44,		/* vfat, msdos */
	0x2011BAB0,	/* exfat */
	0x5346544e,	/* ntfs, ntfs3 */
	0x9660,		/* iso9660 */
	0x15013346,	/* udf */
	0x72b6,		/* jffs2 */
	0x24051905,	/* ubifs */
	0x7461636f,	/* ocfs2 */
	0x01161970,	/* gfs2 */
	0x6969,		/* nfs */
	0xFF534D42,	/* cifs */
	0xFE534D42,	/* smb2 */
	0x00c36400,	/* ceph */
	0x01021997,	/* 9p */
};

bool sa_named_disk_fs(long f_type)
{
	for (size_t i = 0; i < sizeof(disk_fs) / sizeof(disk_fs[0]); i++)
		if ((unsigned long)(unsigned int)f_type == disk_fs[i])
			return true;
	return false;
}

/* An O_PATH descriptor of @n's file, its last component not followed. */
static int open_path(const struct sa_named *n)
{
	char top[64], path[PATH_MAX];
	struct sa_root r;
	int fd;

	if (n->via) {
		fd = open(n->via, O_PATH | O_CLOEXEC);
		return fd < 0 ? -errno : fd;
	}
	if (!n->path || n->path[0] != '/')
		return -EINVAL;
	if (!n->other_mnt) {
		fd = open(n->path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		return fd < 0 ? -errno : fd;
	}
	/* Its own root: every symlink resolved there, none leaving it. */
	snprintf(top, sizeof(top), "/proc/%u/root", n->tgid);
	if (snprintf(path, sizeof(path), "%s%s", top, n->path) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = sa_root_init(&r, top, false);
	if (fd)
		return fd;
	fd = sa_root_open(&r, path, O_PATH | O_NOFOLLOW);
	sa_root_fini(&r);
	return fd;
}

/* Whether @st is readable by @uid through its owner's or the others' bits. */
static bool readable_by(const struct stat *st, unsigned int uid)
{
	if (!uid)
		return true;
	return (st->st_uid == uid && (st->st_mode & S_IRUSR)) || (st->st_mode & S_IROTH);
}

/* The checks of named_file.h on the O_PATH descriptor @pfd. */
static int check(const struct sa_named *n, int pfd)
{
	struct statfs sfs;
	struct stat st;
	int err;

	if (fstat(pfd, &st))
		return -errno;
	if (S_ISLNK(st.st_mode))
		return -ELOOP;
	err = sa_not_regular(st.st_mode);
	if (err)
		return err;
	if (fstatfs(pfd, &sfs))
		return -errno;
	if (!sa_named_disk_fs(sfs.f_type))
		return -EMEDIUMTYPE;
	/*
	 * Btrfs subvolumes and overlayfs report an anonymous device (major 0)
	 * to stat() where the kernel's file has its filesystem's: there the
	 * inode decides alone (as sa_early_same_file()).
	 */
	if (n->ino && (st.st_ino != n->ino ||
		       (st.st_dev != sa_dep_user_dev(n->kdev) && major(st.st_dev))))
		return -ESTALE;
	if (!n->ino && !readable_by(&st, n->uid))
		return -EACCES;
	if ((unsigned long long)st.st_size > SA_NAMED_MAX_BYTES)
		return -EFBIG;
	return 0;
}

int sa_named_open(const struct sa_named *n)
{
	char self[32];
	int pfd = open_path(n), err, fd;

	if (pfd < 0)
		return pfd == -ELOOP || pfd == -EMLINK ? -ELOOP : pfd;
	err = check(n, pfd);
	if (err) {
		close(pfd);
		return err;
	}
	/* The inode just checked, for reading: never the path again. */
	snprintf(self, sizeof(self), "/proc/self/fd/%d", pfd);
	fd = open(self, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	err = fd < 0 ? -errno : 0;
	close(pfd);
	return fd < 0 ? err : fd;
}

unsigned int sa_named_fp(void *fp_cache, const struct sa_named *n, const char *name, char *out,
			 size_t len)
{
	int fd;

	out[0] = '\0';
	if (!fp_cache || (fd = sa_named_open(n)) < 0)
		return SA_FP_NONE;
	return sa_fingerprint_fd(fp_cache, name, fd, out, len);
}

unsigned int sa_named_fingerprint(void *fp_cache, const struct sa_ident *id, const char *file,
				  bool exe, char *out, size_t len)
{
	struct sa_named n = { .path = file, .uid = id->uid };

	if (exe) {
		n.kdev = id->exe_dev;
		n.ino = id->exe_ino;
		if (id->source && !strcmp(id->source, "config"))
			n.via = file;
	}
	return sa_named_fp(fp_cache, &n, file, out, len);
}
