// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "common/atomic_file.h"
#include "common/slurp.h"
#include "reports/report_keep.h"

#define KEEP_MAX_BYTES	(64UL << 20)	/* larger than any report record writes */

struct blob {
	const char *p;
	size_t len;
};

static int write_blob(FILE *f, void *ctx)
{
	const struct blob *b = ctx;

	return fwrite(b->p, 1, b->len, f) == b->len ? 0 : -EIO;
}

/* A boot id as the kernel prints it: 36 characters of hex digits and dashes. */
static bool valid_id(const char *id)
{
	size_t n = strlen(id);

	return n == 36 && strspn(id, "0123456789abcdef-") == n;
}

static int read_boot_id(char *id, size_t len)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "re");
	bool ok;

	if (!f)
		return -errno;
	ok = fgets(id, (int)len, f);
	fclose(f);
	if (!ok)
		return -EIO;
	id[strcspn(id, "\n")] = '\0';
	return valid_id(id) ? 0 : -EINVAL;
}

struct kept {
	char name[64];
	struct timespec mtime;
};

static int by_age(const void *a, const void *b)
{
	const struct kept *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? 1 : -1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? 1 : -1;
	return strcmp(y->name, x->name);
}

/* Remove all but the newest @keep boot-<id>.json of @dir. */
static void prune(const char *dir, int keep)
{
	struct kept *v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		struct stat st;

		if (len != 5 + 36 + 5 || strncmp(de->d_name, "boot-", 5) ||
		    strcmp(de->d_name + len - 5, ".json") ||
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			struct kept *w = realloc(v, (cap = cap ? 2 * cap : 16) * sizeof(*v));

			if (!w)
				break;
			v = w;
		}
		memcpy(v[n].name, de->d_name, len + 1);	/* len checked: 46 */
		v[n++].mtime = st.st_mtim;
	}
	if (n > (size_t)keep) {
		qsort(v, n, sizeof(*v), by_age);
		for (size_t i = keep; i < n; i++)
			unlinkat(dirfd(d), v[i].name, 0);
	}
	closedir(d);
	free(v);
}

int sa_report_keep(const char *src, const char *dir, const char *boot_id, int keep)
{
	char id[64], path[4096];
	struct blob b;
	char *buf = NULL;
	size_t len = 0;
	int err;

	if (boot_id) {
		if (!valid_id(boot_id))
			return -EINVAL;
		snprintf(id, sizeof(id), "%s", boot_id);
	} else {
		err = read_boot_id(id, sizeof(id));
		if (err)
			return err;
	}
	err = sa_slurp(src, KEEP_MAX_BYTES, &buf, &len);
	if (err)
		return err;
	if (mkdir(dir, 0755) && errno != EEXIST) {
		err = -errno;
		free(buf);
		return err;
	}
	b = (struct blob){ buf, len };
	snprintf(path, sizeof(path), "%s/boot-%s.json", dir, id);
	err = sa_atomic_write(path, write_blob, &b);
	if (!err) {
		snprintf(path, sizeof(path), "%s/" SA_KEEP_LATEST, dir);
		err = sa_atomic_write(path, write_blob, &b);
	}
	free(buf);
	if (!err && keep > 0)
		prune(dir, keep);
	return err;
}
