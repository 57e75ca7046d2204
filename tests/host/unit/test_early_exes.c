// SPDX-License-Identifier: GPL-2.0
/*
 * The initramfs's executables as `boot --mark initramfs-end` leaves them
 * for the real root's recorder (deps/early_exes.c): read back by the
 * kernel's device and inode, with where and what was read; a line that is
 * not ours is skipped; a path is trusted only when it still holds the file
 * the kernel ran.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "deps/early_exes.h"
#include "model/dependent.h"
#include "tap.h"

static unsigned long long kdev(dev_t d)
{
	return ((unsigned long long)major(d) << 20) | minor(d);
}

int main(void)
{
	char dir[] = "/tmp/sa-early-XXXXXX", file[64], exe[64];
	const struct sa_early_exe *x;
	struct sa_early *e;
	struct stat st;
	FILE *f;

	if (!mkdtemp(dir))
		return 2;
	snprintf(file, sizeof(file), "%s/initramfs-exes", dir);
	snprintf(exe, sizeof(exe), "%s/mdev", dir);

	errno = 0;
	ok(!sa_early_load(file) && errno == ENOENT, "no file: nothing loaded, ENOENT");

	f = fopen(file, "w");
	fprintf(f, "1\t77\t%064d\t/sbin/mdev\t3\tBusyBox 1.6.1 has mdev (busybox-mdev)\n", 0);
	fprintf(f, "1\t78\t-\t/usr/bin/udevadm\t0\t\n");
	fprintf(f, "1\t0\t-\t/bad/ino\t3\tx\n");		/* inode 0: not a file */
	fprintf(f, "x\t79\t-\t/bad/dev\t3\tx\n");
	fprintf(f, "1\t80\t-\t/too/few/fields\t3\n");
	fprintf(f, "1\t81\t-\t/too\tmany\t3\tfields\t9\n");	/* eight: not even with a size */
	fprintf(f, "1\t82\t-\t/bad/scope\tany\tx\n");	/* an older writer's words */
	fprintf(f, "1\t83\t-\t/opt/nash\t7\tPHYSDEVPATH (physdev-key)\n");
	fprintf(f, "1\t84\t-\t/bad/scope\t8\tx\n");	/* a flag we do not know */
	fclose(f);
	e = sa_early_load(file);
	ok(e && sa_early_count(e) == 3, "three good lines of nine read (%zu)", sa_early_count(e));
	x = sa_early_find(e, 1, 77);
	ok(x && !strcmp(x->path, "/sbin/mdev") &&
	   strstr(x->fingerprint, "BusyBox 1.6.1 has mdev (busybox-mdev) [read in the initramfs: "
				  "/sbin/mdev, sha256 0000000000000000]"),
	   "found by device and inode: the fingerprint says where it was read, and its hash");
	ok(x && x->fp_scope == (SA_FP_ANY | SA_FP_HELPER),
	   "what it proves comes from its own field, not its words");
	x = sa_early_find(e, 1, 83);
	ok(x && x->fp_scope == SA_FP_ALL,
	   "a program that reads the keys: SA_FP_KEYS kept from its field");
	x = sa_early_find(e, 1, 78);
	ok(x && !*x->fingerprint && !x->fp_scope,
	   "a file with nothing legacy: an empty fingerprint (not read again)");
	ok(!sa_early_find(e, 2, 77) && !sa_early_find(e, 1, 79),
	   "another device or inode: not found (read by path, if it is the same file)");
	sa_early_free(e);

	f = fopen(exe, "w");
	fputs("#!/bin/sh\n", f);
	fclose(f);
	stat(exe, &st);
	ok(sa_early_same_file(exe, kdev(st.st_dev), st.st_ino), "the same file: same device and inode");
	ok(!sa_early_same_file(exe, kdev(st.st_dev), st.st_ino + 1), "another inode: not the same file");
	if (major(st.st_dev))
		ok(!sa_early_same_file(exe, kdev(makedev(major(st.st_dev) + 1, 0)), st.st_ino),
		   "another device of a real block device: not the same file");
	ok(!sa_early_same_file(dir, kdev(st.st_dev), st.st_ino), "a directory is never an executable");
	/* Issue 50: not even with its own device and inode (only a regular file is one). */
	stat(dir, &st);
	ok(!sa_early_same_file(dir, kdev(st.st_dev), st.st_ino),
	   "a directory with its own device and inode is not the executable");
	ok(!sa_early_same_file("/dev/null", kdev(0), 0) &&
	   (stat("/dev/null", &st) || !sa_early_same_file("/dev/null", kdev(st.st_dev), st.st_ino)),
	   "nor a device node with its own device and inode");
	unlink(exe);
	unlink(file);
	rmdir(dir);
	return tap_done();
}
