// SPDX-License-Identifier: GPL-2.0
/*
 * The initramfs's executables against the host's files (deps/early_copy.c,
 * issue 47): a fake host root with dpkg's lists and the files, and the
 * lines `boot --mark initramfs-end` would leave (deps/early_exes.c). A copy
 * with the host file's bytes is that file's package; one that differs, or
 * whose path the host lacks, names none and says why.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sha2.h>

#include "common/dpkg_owner.h"
#include "deps/early_copy.h"
#include "deps/early_exes.h"
#include "model/dependent.h"
#include "fake_sysfs.h"
#include "tap.h"

/* What the initramfs's reading of @text at @path would have recorded. */
static struct sa_early_exe copy_of(const char *path, const char *text, bool with_size)
{
	struct sa_early_exe x = { .dev = 1, .ino = 2, .size = -1 };

	snprintf(x.path, sizeof(x.path), "%s", path);
	SHA256Data((const uint8_t *)text, strlen(text), x.sha256);
	if (with_size)
		x.size = (long long)strlen(text);
	return x;
}

static const char *via_name(enum sa_pkg_via v)
{
	return v == SA_PV_PATH ? "path" : sa_pkg_vias[v].name;
}

#define UDEVADM "\x7f" "ELF udevadm 252.19-1~deb12u1\n"

int main(void)
{
	struct sa_early_exe x;
	struct sa_dpkg *d;
	struct sa_early *e;
	enum sa_pkg_via v;
	char pkg[64], line[512], file[512], label[256];
	FILE *f;
	int via;

	/* the tree helpers of fake_sysfs.h: a scratch root, any files in it */
	if (fake_sysfs_new())
		return 2;
	/* a Debian 12 host: udev's list names /bin/udevadm, merged /usr holds it */
	mkdir_p("/usr/bin");
	mkdir_p("/usr/sbin");
	mkdir_p("/var/lib/dpkg/info");
	lnk("/bin", "usr/bin");
	put("/var/lib/dpkg/status", "Package: udev\nStatus: install ok installed\n"
	    "Version: 252.19-1~deb12u1\n\nPackage: busybox\nStatus: install ok installed\n"
	    "Version: 1:1.35.0-4\n");
	put("/var/lib/dpkg/info/udev.list", "/.\n/bin\n/bin/udevadm\n/lib/systemd/systemd-udevd\n");
	put("/var/lib/dpkg/info/busybox.list", "/.\n/bin\n/bin/busybox\n");
	put("/usr/bin/udevadm", UDEVADM);
	put("/usr/bin/busybox", "\x7f" "ELF BusyBox v1.35.0 (Debian 1:1.35.0-4)\n");
	put("/usr/sbin/local-tool", "\x7f" "ELF made by hand\n");
	lnk("/usr/sbin/escape", "/etc/hostname");	/* absolute: resolved inside the root */
	d = sa_dpkg_load(root);
	ok(d != NULL, "the fake root's dpkg lists load");

	x = copy_of("/usr/bin/udevadm", UDEVADM, true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_COPY && !strcmp(pkg, "udev"),
	   "same size and SHA-256 as the host's /usr/bin/udevadm: package udev, as a copy "
	   "(%s, '%s')", via_name(v), pkg);
	is(sa_pkg_label(pkg, v, x.path, "-", label, sizeof(label)),
	   "udev, copied into the initramfs", "said so: 'udev, copied into the initramfs'");

	x = copy_of("/bin/udevadm", UDEVADM, true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_COPY && !strcmp(pkg, "udev"),
	   "the initramfs's /bin/udevadm: the host's through its /bin link, package udev (%s)",
	   via_name(v));

	x = copy_of("/usr/bin/udevadm", UDEVADM, false);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_COPY && !strcmp(pkg, "udev"),
	   "a line without its size (an older writer): the hash alone decides (%s)", via_name(v));

	x = copy_of("/usr/bin/udevadm", "\x7f" "ELF udevadm 252.19-1~deb12u2\n", true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_DIFFERS && !*pkg,
	   "same size, other bytes (another build): differs, no package (%s, '%s')",
	   via_name(v), pkg);
	is(sa_pkg_label(pkg, v, x.path, "-", label, sizeof(label)),
	   "no package: not the host's /usr/bin/udevadm", "said so: 'not the host's ...'");

	x = copy_of("/usr/bin/udevadm", "\x7f" "ELF stripped\n", true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_DIFFERS && !*pkg, "another size (dracut's stripped copy): differs (%s)",
	   via_name(v));
	x.size = -1;
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_DIFFERS && !*pkg, "... and without the size, by the hash (%s)",
	   via_name(v));

	x = copy_of("/sbin/mdev", "\x7f" "ELF BusyBox v1.6.1\n", true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_NO_HOST_FILE && !*pkg,
	   "a program only the initramfs had (/sbin/mdev): no host file, no package (%s)",
	   via_name(v));
	is(sa_pkg_label(pkg, v, x.path, "-", label, sizeof(label)),
	   "no package: the host has no /sbin/mdev", "said so: 'the host has no /sbin/mdev'");

	x = copy_of("/usr/sbin/local-tool", "\x7f" "ELF made by hand\n", true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_COPY && !*pkg,
	   "a copy of a host file no package owns: a copy, no package (%s)", via_name(v));

	x = copy_of("/usr/sbin/escape", "host name\n", true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_NO_HOST_FILE,
	   "an absolute link is followed inside the root, never to this machine's file (%s)",
	   via_name(v));

	x = copy_of("/usr/bin", "", true);
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_NO_HOST_FILE, "a directory of that name is no program file (%s)",
	   via_name(v));

	x = copy_of("/usr/bin/udevadm", UDEVADM, true);
	x.sha256[0] = '\0';
	v = sa_early_host_package(&x, root, d, pkg, sizeof(pkg));
	ok(v == SA_PV_UNREAD && !*pkg,
	   "a copy the initramfs could not read: not compared, no package (%s)", via_name(v));

	x = copy_of("/usr/bin/udevadm", UDEVADM, true);
	v = sa_early_host_package(&x, root, NULL, pkg, sizeof(pkg));
	ok(v == SA_PV_COPY && !*pkg, "no dpkg database: a copy, no package (%s)", via_name(v));

	/* The line the initramfs writes, read back by the recorder, then compared. */
	snprintf(file, sizeof(file), "%s/initramfs-exes", root);
	f = fopen(file, "w");
	x = copy_of("/usr/bin/udevadm", UDEVADM, true);
	fprintf(f, "1\t78\t%s\t/usr/bin/udevadm\t0\t\t%lld\n", x.sha256, x.size);
	fprintf(f, "1\t79\t%s\t/usr/bin/busybox\t0\t\n", x.sha256);	/* 1.5's six fields */
	fprintf(f, "1\t80\t%s\t/usr/bin/x\t0\t\tbig\n", x.sha256);
	fprintf(f, "1\t81\t%s\t/usr/bin/x\t0\t\t-2\n", x.sha256);
	fclose(f);
	e = sa_early_load(file);
	ok(e && sa_early_count(e) == 2, "a size that is no number is no line of ours (%zu read)",
	   sa_early_count(e));
	v = sa_early_host_package(sa_early_find(e, 1, 78), root, d, pkg, sizeof(pkg));
	ok(sa_early_find(e, 1, 78) && sa_early_find(e, 1, 78)->size == (long long)strlen(UDEVADM)
	   && v == SA_PV_COPY && !strcmp(pkg, "udev"),
	   "read back with its size: package udev, a copy (%s)", via_name(v));
	v = sa_early_host_package(sa_early_find(e, 1, 79), root, d, pkg, sizeof(pkg));
	ok(sa_early_find(e, 1, 79) && sa_early_find(e, 1, 79)->size == -1 && v == SA_PV_DIFFERS,
	   "a six-field line: size unknown, compared by its hash (%s)", via_name(v));
	sa_early_free(e);

	/* The names a report carries, read strictly. */
	ok(sa_pkg_via_parse(NULL) == SA_PV_PATH && sa_pkg_via_parse("initramfs-copy") == SA_PV_COPY &&
	   sa_pkg_via_parse("differs") == SA_PV_DIFFERS &&
	   sa_pkg_via_parse("no-host-file") == SA_PV_NO_HOST_FILE &&
	   sa_pkg_via_parse("unread") == SA_PV_UNREAD,
	   "package_via: each name reads as its value, null as the package of the path");
	via = sa_pkg_via_parse("copy");
	ok(via < 0 && sa_pkg_via_parse("") < 0 && sa_pkg_via_parse("INITRAMFS-COPY") < 0,
	   "package_via: any other word is no value (a reader refuses it)");
	is(sa_pkg_via_list(line, sizeof(line)), "initramfs-copy, differs, no-host-file or unread",
	   "package_via: the names, for the reader's message");
	is(sa_pkg_label("udev", SA_PV_PATH, "/usr/bin/udevadm", "-", label, sizeof(label)),
	   "udev", "label: a package read by path is just its name");
	is(sa_pkg_label(NULL, SA_PV_PATH, "/x", "-", label, sizeof(label)), "-",
	   "label: none at all is the caller's word for none");

	sa_dpkg_free(d);
	fake_sysfs_remove();
	return tap_done();
}
