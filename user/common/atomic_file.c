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

int sa_atomic_write(const char *path, sa_write_fn fn, void *ctx)
{
	size_t len = strlen(path);
	char *tmp = malloc(len + sizeof(".tmp.XXXXXX"));
	FILE *f;
	int fd, err;

	if (!tmp)
		return -ENOMEM;
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".tmp.XXXXXX", sizeof(".tmp.XXXXXX"));
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
