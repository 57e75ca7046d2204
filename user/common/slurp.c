// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/slurp.h"

int sa_slurp(const char *path, size_t max, char **buf, size_t *len)
{
	struct stat st;
	size_t cap, n = 0;
	char *b = NULL, *nb;
	int fd, err = 0;

	/* O_NONBLOCK: a FIFO in place of a file must not hang the scan. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
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
	return strerror(-err);
}
