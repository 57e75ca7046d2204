// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "common/root.h"
#include "common/slurp.h"

static int open_regular(const struct sa_root *r, int dirfd, const char *path, bool kernel_ok);

int sa_slurp(const char *path, size_t max, char **buf, size_t *len)
{
	/* the tool's own reads of the kernel's files: /proc/cmdline, /sys/kernel/btf */
	int fd = open_regular(NULL, -1, path, true);

	if (fd < 0)
		return fd;
	return sa_slurp_fd(fd, max, buf, len);
}

int sa_slurp_at(const struct sa_root *r, const char *path, size_t max, char **buf, size_t *len)
{
	int fd = sa_open_regular(r, -1, path);

	if (fd < 0)
		return fd;
	return sa_slurp_fd(fd, max, buf, len);
}

/*
 * Filesystems whose files are kernel interfaces, not data: a read may
 * consume (/proc/kmsg), block, or act. A tree's image build bind-mounts
 * /proc, /sys and /dev into it, and its links may lead there.
 */
bool sa_is_kernel_fs(unsigned long type)
{
	static const unsigned long magic[] = {
		PROC_SUPER_MAGIC, SYSFS_MAGIC, DEBUGFS_MAGIC, TRACEFS_MAGIC, SECURITYFS_MAGIC,
		CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC, BPF_FS_MAGIC, DEVPTS_SUPER_MAGIC,
		0x62656570 /* configfs */, PSTOREFS_MAGIC, EFIVARFS_MAGIC,
		0x65735543 /* fusectl */, SELINUX_MAGIC, SMACK_MAGIC, BINFMTFS_MAGIC,
		0x19800202 /* mqueue */, NSFS_MAGIC, AUTOFS_SUPER_MAGIC, RDTGROUP_SUPER_MAGIC,
		PIPEFS_MAGIC, SOCKFS_MAGIC, ANON_INODE_FS_MAGIC, DEVMEM_MAGIC,
		0x67596969 /* rpc_pipefs */, 0x6e667364 /* nfsd */,
	};

	for (size_t i = 0; i < sizeof(magic) / sizeof(magic[0]); i++)
		if ((unsigned int)type == (unsigned int)magic[i])
			return true;
	return false;
}

int sa_not_regular(unsigned int mode)
{
	if (S_ISDIR(mode))
		return -EISDIR;
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return -ENODEV;
	if (S_ISFIFO(mode) || S_ISSOCK(mode))
		return -ENXIO;
	return S_ISREG(mode) ? 0 : -EINVAL;
}

int sa_fd_on_kernel_fs(int fd)
{
	struct statfs sf;

	if (fstatfs(fd, &sf))
		return -errno;
	return sa_is_kernel_fs((unsigned long)sf.f_type) ? -EMEDIUMTYPE : 0;
}

static int open_by(const struct sa_root *r, int dirfd, const char *path, int flags)
{
	int fd;

	if (dirfd < 0)
		return sa_root_open(r, path, flags);
	fd = openat(dirfd, path, flags | O_NOFOLLOW | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int sa_open_regular(const struct sa_root *r, int dirfd, const char *path)
{
	return open_regular(r, dirfd, path, false);
}

static int open_regular(const struct sa_root *r, int dirfd, const char *path, bool kernel_ok)
{
	struct stat st, again;
	char proc[32];
	int pfd = open_by(r, dirfd, path, O_PATH), fd;

	if (pfd < 0)
		return pfd;
	/* O_PATH runs no driver's open and never blocks: the type is known first */
	if (fstat(pfd, &st)) {
		fd = -errno;
	} else if (!kernel_ok && (fd = sa_fd_on_kernel_fs(pfd))) {
		/* procfs, sysfs...: fd holds the error */
	} else if ((fd = sa_not_regular(st.st_mode))) {
		/* not a regular file: fd holds the error */
	} else {
		/* the same inode, reopened for reading; O_NONBLOCK all the same */
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pfd);
		fd = open(proc, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT) {
			/* no /proc: by the path again, and only the file just checked */
			fd = open_by(r, dirfd, path, O_RDONLY | O_NOCTTY | O_NONBLOCK);
			if (fd >= 0 && (fstat(fd, &again) || again.st_dev != st.st_dev ||
					again.st_ino != st.st_ino)) {
				close(fd);
				fd = -EAGAIN;
			}
		} else if (fd < 0) {
			fd = -errno;
		}
	}
	close(pfd);
	return fd;
}

int sa_slurp_fd(int fd, size_t max, char **buf, size_t *len)
{
	struct stat st;
	size_t cap, n = 0;
	char *b = NULL, *nb;
	int err = 0;

	if (fstat(fd, &st)) {
		err = -errno;
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		err = -EISDIR;
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		err = -EINVAL;
		goto out;
	}
	if ((unsigned long long)st.st_size > max) {
		err = -EFBIG;
		goto out;
	}
	/* The size may change under us: read until EOF, bounded by @max. */
	cap = (size_t)st.st_size + 1;
	b = malloc(cap + 1);
	if (!b) {
		err = -ENOMEM;
		goto out;
	}
	for (;;) {
		ssize_t r;

		if (n == cap) {
			if (cap > max) {
				err = -EFBIG;
				goto out;
			}
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			nb = realloc(b, cap + 1);
			if (!nb) {
				err = -ENOMEM;
				goto out;
			}
			b = nb;
		}
		r = read(fd, b + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			goto out;
		}
		if (!r)
			break;
		n += r;
	}
	if (n > max) {
		err = -EFBIG;
		goto out;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	b = NULL;
out:
	free(b);
	close(fd);
	return err;
}

const char *sa_slurp_strerror(int err)
{
	if (err == -EFBIG)
		return "file too large";
	if (err == -EINVAL)
		return "not a regular file";
	if (err == -ENODEV)
		return "not a regular file (a device node), not opened";
	if (err == -ENXIO)
		return "not a regular file (a FIFO or socket), not opened";
	if (err == -EAGAIN)
		return "replaced while it was opened, not read";
	if (err == -EXDEV)
		return "a symlink that leaves the tree, not followed";
	if (err == -EMEDIUMTYPE)
		return "on a kernel interface filesystem (procfs, sysfs, ...), not opened";
	return strerror(-err);
}
