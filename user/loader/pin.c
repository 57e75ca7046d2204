// SPDX-License-Identifier: GPL-2.0
/*
 * Pinning and adopting the boot audit's BPF state (pin.h). Nothing here
 * knows which programs exist: the tracer and the dependents pass their
 * objects and links.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "loader/pin.h"

const char *sa_pin_dir(char *buf, size_t len, const char *root, const char *sub)
{
	snprintf(buf, len, "%s/%s", root, sub);
	return buf;
}

bool sa_pin_present(const char *root, const char *sub)
{
	char dir[4096];
	struct stat st;

	return !stat(sa_pin_dir(dir, sizeof(dir), root, sub), &st) && S_ISDIR(st.st_mode);
}

static int mkdirs(const char *dir)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", dir);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0700) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return mkdir(buf, 0700) && errno != EEXIST ? -errno : 0;
}

/*
 * @dir/map_<name>: bpffs refuses names with dots (reserved), which
 * libbpf's internal maps have ("sysfs_au.rodata").
 */
static void map_path(char *buf, size_t len, const char *dir, const struct bpf_map *m)
{
	size_t o = snprintf(buf, len, "%s/map_", dir);

	snprintf(buf + o, len - o, "%s", bpf_map__name(m));
	for (char *p = buf + o; *p; p++)
		if (*p == '.')
			*p = '_';
}

int sa_pin_maps(struct bpf_object *obj, const char *dir)
{
	struct bpf_map *m;
	char path[4096];
	int err = mkdirs(dir);

	if (err)
		return err;
	bpf_object__for_each_map(m, obj) {
		map_path(path, sizeof(path), dir, m);
		err = bpf_obj_pin(bpf_map__fd(m), path);
		if (err) {
			err = -errno;
			fprintf(stderr, "sysfs-audit: %s: cannot pin: %s\n", path, strerror(-err));
			return err;
		}
	}
	return 0;
}

int sa_pin_link(struct bpf_link *link, const char *dir, const char *name)
{
	char path[4096];
	int err = mkdirs(dir);

	if (err)
		return err;
	snprintf(path, sizeof(path), "%s/link_%s", dir, name);
	err = bpf_link__pin(link, path);
	if (err) {
		fprintf(stderr, "sysfs-audit: %s: cannot pin: %s\n", path, strerror(-err));
		return err;
	}
	bpf_link__disconnect(link);
	return 0;
}

int sa_pin_reuse_maps(struct bpf_object *obj, const char *dir)
{
	struct bpf_map *m;
	char path[4096];

	bpf_object__for_each_map(m, obj) {
		int fd, err;

		map_path(path, sizeof(path), dir, m);
		fd = bpf_obj_get(path);
		if (fd < 0)
			return -errno;
		err = bpf_map__reuse_fd(m, fd);
		close(fd);	/* reuse_fd keeps a duplicate */
		if (err)
			return err;
	}
	return 0;
}

int sa_pin_open_links(const char *dir, struct bpf_link **links, int max)
{
	char path[4096];
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	if (!d)
		return -errno;
	while ((e = readdir(d)) && n < max) {
		if (strncmp(e->d_name, "link_", 5))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		links[n] = bpf_link__open(path);
		if (!links[n]) {
			int err = -errno;

			while (n--)
				bpf_link__destroy(links[n]);
			closedir(d);
			return err;
		}
		n++;
	}
	closedir(d);
	return n;
}

void *sa_pin_mmap(int fd, size_t size)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t len = (size + page - 1) / page * page;
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* What a pinned file is, by the name we gave it; "other" if not ours. */
static const char *obj_type(const char *name)
{
	if (!strncmp(name, "map_", 4))
		return "map";
	if (!strncmp(name, "link_", 5))
		return "link";
	return "other";
}

int sa_pin_walk(const char *root, FILE *f, bool remove)
{
	char path[4096];
	struct dirent *e;
	int n = 0, err = 0;
	DIR *d = opendir(root);

	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((e = readdir(d))) {
		struct stat st;
		int k;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", root, e->d_name);
		if (lstat(path, &st)) {
			err = -errno;
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			k = sa_pin_walk(path, f, remove);
			if (k < 0)
				err = k;
			else
				n += k;
			continue;
		}
		if (f)
			fprintf(f, "%-6s %s\n", obj_type(e->d_name), path);
		n++;
		if (remove && unlink(path))
			err = -errno;
	}
	closedir(d);
	if (remove && rmdir(root) && !err)
		err = -errno;
	return err ? err : n;
}

int sa_pin_map_fd(const char *dir, const struct bpf_map *m)
{
	char path[4096];
	int fd;

	map_path(path, sizeof(path), dir, m);
	fd = bpf_obj_get(path);
	return fd < 0 ? -errno : fd;
}

int sa_pin_stamp(int fd)
{
	__u32 key = 0, v = SA_PIN_FORMAT;

	return bpf_map_update_elem(fd, &key, &v, BPF_ANY) ? -errno : 0;
}

long sa_pin_read_stamp(const char *path)
{
	__u32 key = 0, v = 0;
	int fd = bpf_obj_get(path);
	long ret;

	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	ret = bpf_map_lookup_elem(fd, &key, &v) ? -errno : (long)v;
	close(fd);
	return ret;
}

int sa_pin_check_maps(struct bpf_object *obj, const char *dir, char *why, size_t len)
{
	struct bpf_map *m;
	char path[4096];

	bpf_object__for_each_map(m, obj) {
		struct bpf_map_info info = {};
		__u32 ilen = sizeof(info);
		bool ring = bpf_map__type(m) == BPF_MAP_TYPE_RINGBUF;
		int fd, err;

		map_path(path, sizeof(path), dir, m);
		fd = bpf_obj_get(path);
		if (fd < 0) {
			snprintf(why, len, "%s: not pinned", path);
			return errno == ENOENT ? -ESTALE : -errno;
		}
		err = bpf_obj_get_info_by_fd(fd, &info, &ilen);
		close(fd);
		if (err)
			return -errno;
		if (info.type != bpf_map__type(m) || info.key_size != bpf_map__key_size(m) ||
		    info.value_size != bpf_map__value_size(m) ||
		    (!ring && info.max_entries != bpf_map__max_entries(m))) {
			snprintf(why, len, "%s: type %u, key %u, value %u, %u entries; this build's: "
				 "%u, %u, %u, %u", path, info.type, info.key_size, info.value_size,
				 info.max_entries, bpf_map__type(m), bpf_map__key_size(m),
				 bpf_map__value_size(m), bpf_map__max_entries(m));
			return -ESTALE;
		}
	}
	return 0;
}

/* The name of the program link @fd runs, into @name (BPF_OBJ_NAME_LEN). 0 or -errno. */
static int link_prog_name(int fd, char *name)
{
	struct bpf_link_info li = {};
	struct bpf_prog_info pi = {};
	__u32 llen = sizeof(li), plen = sizeof(pi);
	int pfd, err;

	if (bpf_obj_get_info_by_fd(fd, &li, &llen))
		return -errno;
	pfd = bpf_prog_get_fd_by_id(li.prog_id);
	if (pfd < 0)
		return -errno;
	err = bpf_obj_get_info_by_fd(pfd, &pi, &plen) ? -errno : 0;
	close(pfd);
	if (!err)
		memcpy(name, pi.name, BPF_OBJ_NAME_LEN);
	return err;
}

/* Whether one of @objs has a program the kernel would call @name (cut to 15). */
static bool known_prog(struct bpf_object *const *objs, int n, const char *name)
{
	struct bpf_program *p;

	for (int i = 0; i < n; i++)
		bpf_object__for_each_program(p, objs[i])
			if (!strncmp(bpf_program__name(p), name, BPF_OBJ_NAME_LEN - 1))
				return true;
	return false;
}

int sa_pin_check_links(struct bpf_object *const *objs, int n, const char *dir, char *why,
		       size_t len)
{
	char path[4096], name[BPF_OBJ_NAME_LEN];
	struct dirent *e;
	int err = 0;
	DIR *d = opendir(dir);

	if (!d)
		return -errno;
	while (!err && (e = readdir(d))) {
		int fd;

		if (strncmp(e->d_name, "link_", 5))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		fd = bpf_obj_get(path);
		if (fd < 0) {
			err = -errno;
			break;
		}
		err = link_prog_name(fd, name);
		close(fd);
		/*
		 * BPF_PROG_GET_FD_BY_ID needs CAP_SYS_ADMIN, which the boot
		 * unit's sandbox does not give (CAP_BPF CAP_PERFMON only): the
		 * program's name is then not read, and the format stamp and
		 * the maps' layouts, checked before, stand for the build.
		 */
		if (err == -EPERM) {
			err = 0;
			continue;
		}
		if (!err && !known_prog(objs, n, name)) {
			snprintf(why, len, "%s runs program '%.16s', which this build does not have",
				 path, name);
			err = -ESTALE;
		}
	}
	closedir(d);
	return err;
}
