// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/identity.c on a fake /proc: the script a shell
 * runs, completed from its working directory when relative (`sh
 * .hidden/x.sh` keeps its dot, `sh ./x.sh` loses only "./", a cwd of "/"
 * gives no "//"), and the mount namespace test. TAP output.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_proc.h"
#include "tap.h"

#include "deps/identity.h"

static char proc[] = "/tmp/sa-ident-proc-XXXXXX";

/* The script sa_ident_fill() finds for a fake process. */
static void expect_script(unsigned int pid, const char *cwd, const char *argv, const char *want)
{
	struct sa_ident id;
	char what[256];

	fake_proc_pid(proc, pid, "/bin/dash", cwd, argv);
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
