/* SPDX-License-Identifier: GPL-2.0 */
/* A fake /proc/PID for the identity tests: exe, cwd, cmdline, comm. */
#ifndef SYSFS_AUDIT_TEST_FAKE_PROC_H
#define SYSFS_AUDIT_TEST_FAKE_PROC_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* @proc/@pid: exe -> @exe, cwd -> @cwd (NULL: none), cmdline @argv ('|' between), comm "sh". */
static inline void fake_proc_pid(const char *proc, unsigned int pid, const char *exe,
				 const char *cwd, const char *argv)
{
	char path[512], args[256];
	size_t n = strlen(argv) + 1;
	int fd;

	snprintf(path, sizeof(path), "%s/%u", proc, pid);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%u/exe", proc, pid);
	if (symlink(exe, path))
		perror(path);
	snprintf(path, sizeof(path), "%s/%u/cwd", proc, pid);
	if (cwd && symlink(cwd, path))
		perror(path);
	memcpy(args, argv, n);
	for (size_t i = 0; i < n; i++)
		if (args[i] == '|')
			args[i] = '\0';
	snprintf(path, sizeof(path), "%s/%u/cmdline", proc, pid);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, args, n) != (ssize_t)n)
		perror(path);
	if (fd >= 0)
		close(fd);
	snprintf(path, sizeof(path), "%s/%u/comm", proc, pid);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "sh\n", 3) != 3)
		perror(path);
	if (fd >= 0)
		close(fd);
}

#endif
