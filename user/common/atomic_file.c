// SPDX-License-Identifier: GPL-2.0
/*
 * A killed run must never leave a half-written report that looks complete:
 * readers see the old file or the new one. The data reaches the disk
 * (fsync) before the rename, and the rename before we return (fsync of the
 * directory).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "common/atomic_file.h"

static int fsync_dir(const char *path)
{
	char *copy = strdup(path);
	int fd, err = 0;

	if (!copy)
		return -ENOMEM;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(copy);
	if (fd < 0)
		return -errno;
	if (fsync(fd) && errno != EINVAL)	/* some filesystems cannot */
		err = -errno;
	close(fd);
	return err;
}

int sa_atomic_target(const char *path)
{
	struct stat st;

	if (!strcmp(path, "-"))
		return 0;
	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -errno;
	/* a rename would replace a symlink (/dev/stdout), a device or a FIFO */
	return S_ISREG(st.st_mode) ? 0 : SA_ATOMIC_NOT_REGULAR;
}

const char *sa_atomic_strerror(int err)
{
	if (err == SA_ATOMIC_NOT_REGULAR)
		return "not a regular file, not replaced (give '-' for standard output)";
	return strerror(-err);
}

static int write_stdout(sa_write_fn fn, void *ctx)
{
	int err = fn(stdout, ctx);

	if (!err && (fflush(stdout) || ferror(stdout)))
		err = -EIO;
	return err;
}

int sa_atomic_write(const char *path, sa_write_fn fn, void *ctx)
{
	char *dir = strdup(path), *tmp;
	FILE *f;
	int fd, err;

	if (!dir)
		return -ENOMEM;
	if (!strcmp(path, "-")) {
		free(dir);
		return write_stdout(fn, ctx);
	}
	err = sa_atomic_target(path);
	/* a short name in the same directory: a long basename still fits NAME_MAX */
	if (!err && asprintf(&tmp, "%s/.sysfs-audit.XXXXXX", dirname(dir)) < 0)
		err = -ENOMEM;
	free(dir);
	if (err)
		return err;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		free(tmp);
		return err;
	}
	if (fchmod(fd, 0644) || !(f = fdopen(fd, "w"))) {
		err = -errno;
		close(fd);
		goto fail;
	}
	err = fn(f, ctx);
	if (!err && fflush(f))
		err = -errno;
	if (!err && ferror(f))
		err = -EIO;
	if (!err && fsync(fileno(f)))
		err = -errno;
	if (fclose(f) && !err)
		err = -errno;
	if (err)
		goto fail;
	if (rename(tmp, path)) {
		err = -errno;
		goto fail;
	}
	free(tmp);
	return fsync_dir(path);
fail:
	unlink(tmp);
	free(tmp);
	return err;
}
