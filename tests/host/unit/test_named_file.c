// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/named_file.c: a file a traced process named
 * (executable, #! script, a shell's operand) is read as root only as far
 * as that process could have read it (issue 49, item 5). And the store
 * with the recorder's own wiring: a uevent reader's ancestor script that
 * is a symlink, or lies on procfs, or only root can read, is never read
 * and never sets a verdict. TAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "tap.h"

#include "audit/fingerprint.h"
#include "deps/dep_store.h"
#include "deps/named_file.h"
#include "deps/uevent_reader.h"

static char dir[] = "/tmp/sa-named-XXXXXX";
static char path[512];

static const char *at(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void write_file(const char *name, const char *text, mode_t mode)
{
	int fd = open(at(name), O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		perror(path);
	if (fd >= 0)
		close(fd);
	chmod(path, mode);
}

/* sa_named_open() of @n: the descriptor closed, the errno returned (0: opened). */
static int try_open(const struct sa_named *n)
{
	int fd = sa_named_open(n);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return fd;
}

static int open_path(const char *p, unsigned int uid)
{
	struct sa_named n = { .path = p, .uid = uid };

	return try_open(&n);
}

static void test_open(void)
{
	unsigned int me = getuid(), other = getuid() + 1000;
	char target[512];
	struct stat st;
	int err;

	write_file("s.sh", "#!/bin/sh\necho ok\n", 0644);
	snprintf(target, sizeof(target), "%s", at("s.sh"));
	ok(!open_path(target, other), "a regular file anyone can read: opened");
	symlink(target, at("link.sh"));
	err = open_path(at("link.sh"), 0);
	ok(err == -ELOOP, "a symlink to it: not followed (%s)", strerror(-err));
	symlink("/proc", at("p"));
	err = open_path(at("p/self/status"), 0);
	ok(err == -EMEDIUMTYPE, "a directory link into /proc: procfs refused (%s)",
	   strerror(-err));
	err = open_path("/proc/self/status", 0);
	ok(err == -EMEDIUMTYPE, "/proc/self/status: procfs refused (%s)", strerror(-err));
	if (!access("/sys/kernel/uevent_seqnum", F_OK)) {
		err = open_path("/sys/kernel/uevent_seqnum", 0);
		ok(err == -EMEDIUMTYPE, "a sysfs attribute: refused (%s)", strerror(-err));
	}
	err = open_path("/dev/null", 0);
	ok(err == -ENODEV, "a device node: refused, its driver never opened (%s)",
	   strerror(-err));
	mkfifo(at("fifo"), 0644);
	err = open_path(at("fifo"), 0);
	ok(err == -ENXIO, "a FIFO: refused, never waited on (%s)", strerror(-err));
	err = open_path(dir, 0);
	ok(err == -EISDIR, "a directory: refused (%s)", strerror(-err));
	err = open_path("s.sh", 0);
	ok(err == -EINVAL, "a relative path: refused (%s)", strerror(-err));

	/* readable by the process that named it, by its owner's or the others' bits */
	write_file("secret", "PHYSDEVPATH\n", 0600);
	err = open_path(at("secret"), other);
	ok(err == -EACCES, "a file only its owner reads, named by another uid: refused (%s)",
	   strerror(-err));
	ok(!open_path(at("secret"), me), "the same, named by its owner: opened");
	ok(!open_path(at("secret"), 0), "the same, named by root: opened");

	/* the kernel's identity of an executable: that inode, or nothing */
	if (!stat(target, &st)) {
		struct sa_named n = { .path = target, .uid = other, .ino = st.st_ino,
				      .kdev = (unsigned long long)major(st.st_dev) << 20 |
					      minor(st.st_dev) };

		ok(!try_open(&n), "an executable, the kernel's device and inode: opened");
		n.ino++;
		err = try_open(&n);
		ok(err == -ESTALE, "another inode at its path: refused (%s)", strerror(-err));
		n = (struct sa_named){ .path = at("secret"), .uid = other, .ino = 0 };
		n.via = target;
		ok(!try_open(&n), "through a path of ours to the file (via): followed");
	}

	/* size-bounded: a sparse file of exactly the bound is read, one byte more is not */
	write_file("big", "", 0644);
	err = truncate(at("big"), SA_NAMED_MAX_BYTES) ? -errno : open_path(at("big"), 0);
	ok(!err, "exactly %lu MiB: opened (%s)", SA_NAMED_MAX_BYTES >> 20, strerror(-err));
	if (!truncate(at("big"), SA_NAMED_MAX_BYTES + 1)) {
		err = open_path(at("big"), 0);
		ok(err == -EFBIG, "larger than %lu MiB: refused (%s)", SA_NAMED_MAX_BYTES >> 20,
		   strerror(-err));
	}
}

static void test_disk_fs(void)
{
	ok(sa_named_disk_fs(0xEF53) && sa_named_disk_fs(0x01021994) &&
	   sa_named_disk_fs(0x794c7630) && sa_named_disk_fs(0x858458f6),
	   "ext4, tmpfs, overlayfs, ramfs (the initramfs): files a process runs");
	ok(!sa_named_disk_fs(0x9fa0) && !sa_named_disk_fs(0x62656572) &&
	   !sa_named_disk_fs(0x64626720) && !sa_named_disk_fs(0x65735546) &&
	   !sa_named_disk_fs(0x27e0eb),
	   "procfs, sysfs, debugfs, FUSE, cgroup: not");
}

static struct sa_ident mkid(const char *exe, unsigned int uid)
{
	struct sa_ident id;

	memset(&id, 0, sizeof(id));
	snprintf(id.exe, sizeof(id.exe), "%s", exe);
	snprintf(id.comm, sizeof(id.comm), "grep");
	id.pid = id.tgid = 4242;
	id.uid = uid;
	id.source = "exec";
	return id;
}

/*
 * The uevent reader (grep, whose own code has no keys) of a script gone
 * from /proc: the ancestor's script, as the kernel recorded it, decides
 * only when it can be read as the process could.
 */
static bool reader_names(struct sa_dep_store *s, const char *anc, unsigned int uid)
{
	struct sa_ident id = mkid("/nonexistent/grep", uid), parent;
	char code[SA_DEP_TEXT], via[64];
	unsigned int scope;

	return sa_uevent_reader(s, &id, 0, anc, "/nonexistent-proc", &parent, code,
				sizeof(code), &scope, via, sizeof(via));
}

static void test_store(void)
{
	struct sa_fp_cache *c = sa_fp_cache_new();
	/* the recorder's wiring (user/cmd/cmd_deps.c) */
	struct sa_dep_store_opts o = { .fingerprint = sa_fingerprint,
				       .fingerprint_named = sa_named_fingerprint, .fp_ctx = c };
	struct sa_dep_store *s;
	char target[512];
	unsigned long reads;

	write_file("keys.sh", "#!/bin/sh\ngrep ^PHYSDEVPATH= \"$1/uevent\"\n", 0644);
	snprintf(target, sizeof(target), "%s", at("keys.sh"));
	symlink(target, at("keys-link.sh"));
	write_file("root-only.sh", "#!/bin/sh\ngrep ^PHYSDEVPATH= \"$1/uevent\"\n", 0600);

	s = sa_dep_store_new(&o);
	ok(reader_names(s, target, 1000),
	   "store: the ancestor's script carrying the key, a regular file: it decides");
	sa_dep_store_free(s);
	reads = sa_fp_cache_reads(c);
	s = sa_dep_store_new(&o);
	ok(!reader_names(s, at("keys-link.sh"), 1000) && sa_fp_cache_reads(c) == reads,
	   "store: the same through a symlink the user made: never read");
	sa_dep_store_free(s);
	s = sa_dep_store_new(&o);
	ok(!reader_names(s, at("p/self/comm"), 0) && sa_fp_cache_reads(c) == reads,
	   "store: a script on procfs (through a directory link): never read");
	sa_dep_store_free(s);
	s = sa_dep_store_new(&o);
	ok(!reader_names(s, at("root-only.sh"), getuid() + 1000) && sa_fp_cache_reads(c) == reads,
	   "store: a file its process could not read: never read as root");
	sa_dep_store_free(s);
	/* a live parent whose argv names it (`sh FILE`): read as its child's uid */
	{
		struct sa_ident id = mkid("/nonexistent/grep", getuid() + 1000), parent;
		char proc[600], p[700], code[SA_DEP_TEXT], via[64], argv[600];
		unsigned int scope;
		int fd, n;

		snprintf(proc, sizeof(proc), "%s/proc", dir);
		snprintf(p, sizeof(p), "%s/300", proc);
		mkdir(proc, 0755);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/300/exe", proc);
		symlink("/bin/busybox", p);
		snprintf(p, sizeof(p), "%s/300/cmdline", proc);
		n = snprintf(argv, sizeof(argv), "sh%c%s", 0, at("root-only.sh")) + 1;
		fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, argv, n) != n)
			perror(p);
		if (fd >= 0)
			close(fd);
		s = sa_dep_store_new(&o);
		ok(!sa_uevent_reader(s, &id, 300, NULL, proc, &parent, code, sizeof(code),
				     &scope, via, sizeof(via)),
		   "store: a live parent's `sh FILE` that only root reads: not read for a user's reader");
		sa_dep_store_free(s);
		id.uid = 0;
		s = sa_dep_store_new(&o);
		ok(sa_uevent_reader(s, &id, 300, NULL, proc, &parent, code, sizeof(code), &scope,
				    via, sizeof(via)),
		   "store: the same for root's reader: read, it decides");
		sa_dep_store_free(s);
	}
	sa_fp_cache_free(c);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror(dir);
		return 1;
	}
	test_open();
	test_disk_fs();
	test_store();
	{
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd))
			perror(cmd);
	}
	return tap_done();
}
