// SPDX-License-Identifier: GPL-2.0
/* Unit tests for user/deps/shell_script.c: the script a shell runs. TAP. */
#include <stdio.h>
#include <string.h>

#include "tap.h"

#include "deps/shell_script.h"

/* @argv: the arguments separated by '|', as the kernel records them with NULs. */
static void expect(const char *exe, const char *argv, const char *want)
{
	char args[256], out[128] = "";
	size_t n = strlen(argv) + 1;
	bool found;

	memcpy(args, argv, n);
	for (size_t i = 0; i < n; i++)
		if (args[i] == '|')
			args[i] = '\0';
	found = sa_shell_script(exe, args, n, out, sizeof(out));
	ok(want ? found && !strcmp(out, want) : !found, "%s '%s': %s", exe, argv,
	   want ? want : "no script");
	if (want ? !found || strcmp(out, want) : found)
		printf("#   got: %s\n", found ? out : "(none)");
}

int main(void)
{
	expect("/bin/sh", "sh|/etc/init.d/hotplug", "/etc/init.d/hotplug");
	expect("/usr/bin/dash", "/bin/sh|/lib/udev/legacy.sh|add", "/lib/udev/legacy.sh");
	expect("/usr/bin/bash", "bash|-e|-x|./setup.sh|arg", "./setup.sh");
	expect("/usr/bin/bash", "bash|-o|pipefail|run.sh", "run.sh");
	expect("/usr/bin/bash", "bash|+O|extglob|run.sh", "run.sh");
	expect("/usr/bin/bash", "bash|--norc|--|-odd-name.sh", "-odd-name.sh");
	expect("/usr/bin/bash", "-bash", NULL);
	expect("/bin/busybox", "sh|/tmp/legacy-helper.sh", "/tmp/legacy-helper.sh");
	expect("/bin/busybox", "-sh", NULL);
	/* #!/usr/bin/env sh: env execs "sh SCRIPT" after the kernel ran env. */
	expect("/usr/bin/dash", "sh|/usr/local/bin/mdev-helper", "/usr/local/bin/mdev-helper");
	/* Issue 50: an option cluster skips the operand of any 'o' or 'O' in it. */
	expect("/usr/bin/bash", "bash|-xo|pipefail|run.sh", "run.sh");
	expect("/usr/bin/bash", "bash|+xO|extglob|run.sh", "run.sh");
	/* BusyBox as a login shell ("-sh"); -i with a script operand runs it (bash, dash). */
	expect("/bin/busybox", "-sh|/etc/profile.d/legacy.sh", "/etc/profile.d/legacy.sh");
	expect("/bin/sh", "sh|-i|script.sh", "script.sh");
	expect("/usr/bin/bash", "bash|-c|ls /sys/block", NULL);
	expect("/usr/bin/bash", "bash|-ec|ls /sys/block", NULL);
	expect("/bin/sh", "sh|-s|arg", NULL);
	expect("/bin/sh", "sh|-", NULL);
	expect("/bin/sh", "sh|-i", NULL);
	expect("/bin/sh", "sh", NULL);
	expect("/bin/busybox", "ls|/sys/block", NULL);
	expect("/usr/bin/python3", "python3|script.py", NULL);
	expect("/usr/bin/bash", "bash|-o", NULL);
	expect("/usr/sbin/shutdown", "shutdown|now", NULL);
	/*
	 * Issue 49: an option's operand is not the script. bash's long options
	 * (--NAME or -NAME, before the short ones): --rcfile and --init-file
	 * take a file that is read, not run as the script.
	 */
	expect("/usr/bin/bash", "bash|--rcfile|/tmp/evil|-c|ls /sys/block", NULL);
	expect("/usr/bin/bash", "bash|--init-file|/tmp/evil|-c|ls", NULL);
	expect("/usr/bin/bash", "bash|-rcfile|/tmp/evil|-c|ls", NULL);
	expect("/usr/bin/bash", "bash|--rcfile|/tmp/rc|run.sh", "run.sh");
	expect("/usr/bin/bash", "bash|--norc|--noprofile|-e|run.sh", "run.sh");
	expect("/usr/bin/bash", "bash|-login|run.sh", "run.sh");
	expect("/usr/bin/rbash", "rbash|--init-file|/tmp/rc", NULL);
	expect("/usr/bin/bash", "bash|--rcfile", NULL);
	/* bash refuses an unknown long option; --help and --version run nothing */
	expect("/usr/bin/bash", "bash|--bogus|run.sh", NULL);
	expect("/usr/bin/bash", "bash|--version|run.sh", NULL);
	/* -O and +O take an operand in bash (a shopt name), +c is -c */
	expect("/usr/bin/bash", "bash|-O|/tmp/evil", NULL);
	expect("/usr/bin/bash", "bash|+c|ls", NULL);
	/*
	 * +s reads standard input as -s does in bash and BusyBox ash (whose
	 * option parser sets sflag for either sign); in dash +s only clears
	 * the flag, so the next word is the script.
	 */
	expect("/usr/bin/bash", "bash|+s|run.sh", NULL);
	expect("/bin/busybox", "sh|+s|/tmp/s.sh", NULL);
	expect("/bin/busybox", "sh|+xs|/tmp/s.sh", NULL);
	expect("/usr/bin/dash", "sh|+s|run.sh", "run.sh");
	/* "-" ends the options as "--" does; -i runs the script all the same */
	expect("/usr/bin/dash", "sh|-|run.sh", "run.sh");
	expect("/usr/bin/bash", "bash|-i|run.sh", "run.sh");
	/* dash has no long options: it refuses them and runs nothing */
	expect("/usr/bin/dash", "sh|--rcfile|/tmp/evil|-c|ls", NULL);
	expect("/usr/bin/dash", "sh|-o|/tmp/evil", NULL);
	/* BusyBox ash ignores a long option: the next word is its script */
	expect("/bin/busybox", "sh|--login|/tmp/s.sh", "/tmp/s.sh");
	/* zsh's --emulate takes an operand: nothing is named after a long option */
	expect("/usr/bin/zsh", "zsh|--emulate|sh|run.sh", NULL);
	{
		/* argv cut by the record's bound in the middle of the operand */
		static const char cut[] = { 's', 'h', 0, '/', 'e', 't', 'c' };
		char out[64];

		ok(!sa_shell_script("/bin/sh", cut, sizeof(cut), out, sizeof(out)),
		   "an operand cut by the record's bound is no script");
	}
	return tap_done();
}
