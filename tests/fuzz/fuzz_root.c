// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the component walk of common/root.c, the fallback for
 * kernels without openat2, against openat2 itself on a tree of symlinks
 * made at start (absolute, relative, escaping, looping, chained, into
 * directories). The input is a path below the tree (first byte: the mode,
 * in the root or beneath it); both must open the same file or fail with
 * the same error, and nothing outside the tree is ever opened.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/root.h"

static int rootfd = -1;
static struct stat outside;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char top[] = "/tmp/sa-fuzz-root-XXXXXX";
	char cmd[1024];

	(void)argc;
	(void)argv;
	if (!mkdtemp(top))
		abort();
	snprintf(cmd, sizeof(cmd),
		 "cd %s && mkdir -p t/a/b/c t/d && echo in >t/a/b/file && echo out >outside && "
		 "cd t && ln -s /a/b/file abs && ln -s ../../../outside up && ln -s l2 l1 && "
		 "ln -s l1 l2 && ln -s a/b dir && ln -s abs chain && ln -s / slash && "
		 "ln -s .. a/b/c/parent && ln -s ../.. a/b/c/gp && ln -s /a a/b/c/toa && "
		 "ln -s dir/c d/deep && ln -s %s/outside hostabs && ln -s '' d/empty 2>/dev/null; "
		 "mkfifo d/fifo", top, top);
	if (system(cmd))
		abort();
	snprintf(cmd, sizeof(cmd), "%s/t", top);
	rootfd = open(cmd, O_PATH | O_DIRECTORY | O_CLOEXEC);
	snprintf(cmd, sizeof(cmd), "%s/outside", top);
	if (rootfd < 0 || stat(cmd, &outside))
		abort();
	return 0;
}

static int by_openat2(const char *rest, bool beneath)
{
	struct open_how how = { .flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC,
				.resolve = RESOLVE_NO_MAGICLINKS |
					   (beneath ? RESOLVE_BENEATH : RESOLVE_IN_ROOT) };
	int fd = syscall(SYS_openat2, rootfd, *rest ? rest : ".", &how, sizeof(how));

	return fd < 0 ? -errno : fd;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[512];
	bool beneath;
	struct stat a, b;
	int w, o;

	if (!size || size > sizeof(path))
		return 0;
	beneath = data[0] & 1;
	memcpy(path, data + 1, size - 1);
	path[size - 1] = '\0';
	if (strlen(path) != size - 1)
		return 0;	/* a NUL inside: not a path */
	w = sa_root_walk(rootfd, path, O_RDONLY | O_NONBLOCK, beneath);
	o = by_openat2(path, beneath);
	if (o == -ENOSYS) {
		if (w >= 0)
			close(w);
		return 0;
	}
	if ((w < 0) != (o < 0) || (w < 0 && w != o) ||
	    (w >= 0 && (fstat(w, &a) || fstat(o, &b) || a.st_ino != b.st_ino ||
			a.st_dev != b.st_dev))) {
		fprintf(stderr, "'%s' (beneath %d): walk %d, openat2 %d\n", path, beneath, w, o);
		abort();
	}
	if (w >= 0 && a.st_ino == outside.st_ino && a.st_dev == outside.st_dev) {
		fprintf(stderr, "'%s': opened the file outside the tree\n", path);
		abort();
	}
	if (w >= 0)
		close(w);
	if (o >= 0)
		close(o);
	return 0;
}
