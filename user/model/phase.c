// SPDX-License-Identifier: GPL-2.0
/*
 * Boot phases (phase.h). The coldplug boundary is the moment the recorder
 * first saw the coldplug-end mark, not the time written in it: the recorder
 * checks for the mark before each drain, so every record drained after the
 * check is classified against a boundary that is already final, and none
 * drained before it can belong to a later phase. Coldplug may thus run one
 * drain interval long; it is never cut short.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/common.h"
#include "model/phase.h"

const struct sa_phase_desc sa_phases[SA_PHASE_N] = {
	[SA_PHASE_INITRAMFS] = { "initramfs", "Initramfs", "INITRAMFS", true },
	[SA_PHASE_COLDPLUG] = { "coldplug", "Coldplug", "COLDPLUG", true },
	[SA_PHASE_RUNTIME] = { "runtime", "Runtime", "RUNTIME", false },
};

enum sa_phase sa_phase_of(const struct sa_phases *p, unsigned long long ts)
{
	if (p->initramfs_end && ts < p->initramfs_end)
		return SA_PHASE_INITRAMFS;
	if (!p->coldplug_end || ts < p->coldplug_end)
		return SA_PHASE_COLDPLUG;
	return SA_PHASE_RUNTIME;
}

int sa_phase_parse(const char *name)
{
	for (int i = 0; i < SA_PHASE_N; i++)
		if (name && !strcmp(name, sa_phases[i].name))
			return i;
	return -1;
}

static const char *phase_name(int i)
{
	return sa_phases[i].name;
}

const char *sa_phase_list(char *buf, size_t len)
{
	return sa_or_list(buf, len, SA_PHASE_N, phase_name);
}

bool sa_phase_boot_path(enum sa_phase ph)
{
	return ph < SA_PHASE_N && sa_phases[ph].boot_path;
}

unsigned long long sa_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int sa_mark_read(const char *dir, const char *name, unsigned long long *ns)
{
	char path[4096], buf[32], *end;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EINVAL;
	buf[n] = '\0';
	errno = 0;
	*ns = strtoull(buf, &end, 10);
	if (errno || end == buf || (*end && *end != '\n') || !*ns)
		return -EINVAL;
	return 0;
}

int sa_mark_write(const char *dir, const char *name, unsigned long long ns)
{
	char path[4096], tmp[4096];
	int fd, err = 0;
	FILE *f;

	if (mkdir(dir, 0755) && errno != EEXIST)
		return -errno;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", dir, name);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (!f) {
		err = -errno;
		close(fd);
		unlink(tmp);
		return err;
	}
	if (fprintf(f, "%llu\n", ns) < 0)
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}
