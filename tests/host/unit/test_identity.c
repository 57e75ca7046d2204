// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/identity.c on a fake /proc: the script a shell
 * runs, completed from its working directory when relative (`sh
 * .hidden/x.sh` keeps its dot, `sh ./x.sh` loses only "./", a cwd of "/"
 * gives no "//"), and the mount namespace test. TAP output.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"

#include "deps/identity.h"

static char proc[] = "/tmp/sa-ident-proc-XXXXXX";

/* A fake /proc/@pid: exe -> @exe, cwd -> @cwd, cmdline @argv ('|' between the arguments). */
static void fake_proc(unsigned int pid, const char *exe, const char *cwd, const char *argv)
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
	if (symlink(cwd, path))
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
}

/* The script sa_ident_fill() finds for a fake process. */
static void expect_script(unsigned int pid, const char *cwd, const char *argv, const char *want)
{
	struct sa_ident id;
	char what[256];

	fake_proc(pid, "/bin/dash", cwd, argv);
	memset(&id, 0, sizeof(id));
	sa_ident_fill(&id, pid, proc);
	snprintf(what, sizeof(what), "cwd %s, argv '%s': script %s", cwd, argv, want);
	is(id.script, want, what);
}

int main(void)
{
	char cmd[64];

	if (!mkdtemp(proc))
		return 2;
	expect_script(100, "/srv/hp", "sh|.hidden/x.sh", "/srv/hp/.hidden/x.sh");
	expect_script(101, "/srv/hp", "sh|./x.sh", "/srv/hp/x.sh");
	expect_script(102, "/srv/hp", "sh|..x.sh", "/srv/hp/..x.sh");
	expect_script(103, "/", "sh|.hidden/x.sh", "/.hidden/x.sh");
	expect_script(104, "/", "sh|lib/x.sh", "/lib/x.sh");
	expect_script(105, "/srv/hp", "sh|/abs/x.sh", "/abs/x.sh");

	{
		struct sa_ident id = { .mntns = 0 };

		ok(!sa_ident_other_mnt(&id, 10), "mount namespace: unknown (0) is ours");
		id.mntns = 10;
		ok(!sa_ident_other_mnt(&id, 10) && sa_ident_other_mnt(&id, 11) &&
		   !sa_ident_other_mnt(&id, 0),
		   "mount namespace: ours, another one, and ours unknown");
	}
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", proc);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", proc);
	return tap_done();
}
