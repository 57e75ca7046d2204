// SPDX-License-Identifier: GPL-2.0
/* The initramfs's executable against the host's file of its path (early_copy.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sha2.h>

#include "common/dpkg_owner.h"
#include "common/root.h"
#include "common/slurp.h"
#include "deps/early_copy.h"

/*
 * The SHA-256 of @fd's file of @size bytes into @hex, read in chunks (the
 * host's file is only compared, never kept). 0, or -EIO when it did not
 * read as many bytes as it had.
 */
static int hash_fd(int fd, long long size, char hex[SHA256_DIGEST_STRING_LENGTH])
{
	unsigned char buf[32 * 1024];
	long long total = 0;
	SHA2_CTX c;
	ssize_t n;

	SHA256Init(&c);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		SHA256Update(&c, buf, (size_t)n);
		total += n;
	}
	if (total != size)
		return -EIO;	/* it changed while we read it */
	SHA256End(&c, hex);
	return 0;
}

/* The host's file of @x's path: SA_PV_COPY when it holds the same bytes. */
static enum sa_pkg_via compare(const struct sa_early_exe *x, const struct sa_root *r,
			       const char *file)
{
	char hex[SHA256_DIGEST_STRING_LENGTH];
	enum sa_pkg_via via;
	struct stat st;
	int fd;

	fd = sa_open_regular(r, -1, file);
	if (fd == -ENOENT || fd == -ENOTDIR || fd == -EISDIR || SA_IS_SPECIAL(fd) ||
	    fd == -EINVAL)
		return SA_PV_NO_HOST_FILE;	/* nothing of that name is a program file */
	if (fd < 0)
		return SA_PV_UNREAD;
	if (fstat(fd, &st)) {
		via = SA_PV_UNREAD;
	} else if (x->size >= 0 && st.st_size != x->size) {
		via = SA_PV_DIFFERS;	/* no need to read it */
	} else if ((unsigned long long)st.st_size > SA_EARLY_MAX_BYTES ||
		   hash_fd(fd, st.st_size, hex)) {
		via = SA_PV_UNREAD;
	} else {
		via = strcasecmp(hex, x->sha256) ? SA_PV_DIFFERS : SA_PV_COPY;
	}
	close(fd);
	return via;
}

enum sa_pkg_via sa_early_host_package(const struct sa_early_exe *x, const char *root,
				      const struct sa_dpkg *dpkg, char *pkg, size_t len)
{
	char file[4096 + 256];
	struct sa_root r;
	enum sa_pkg_via via;
	const char *o;

	if (len)
		pkg[0] = '\0';
	if (!x || x->path[0] != '/' || strlen(x->sha256) != 64)
		return SA_PV_UNREAD;
	if (!root || !*root)
		root = "/";
	if (sa_root_init(&r, root, false))
		return SA_PV_UNREAD;
	snprintf(file, sizeof(file), "%.*s%s", r.fd >= 0 ? (int)r.len : 0, root, x->path);
	via = compare(x, &r, file);
	sa_root_fini(&r);
	if (via == SA_PV_COPY && (o = sa_dpkg_owner(dpkg, x->path)))
		snprintf(pkg, len, "%s", o);
	return via;
}
