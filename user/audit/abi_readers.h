/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Programs of Debian's archive known to read obsolete or removed ABI, as
 * found by unpacking their packages (Debian 12; docs/design.md, "Obsolete
 * ABI: the static side", lists how each was found): the fingerprint
 * names them whatever their strings show, as some build the path from a
 * variable that no string evidence catches ("$dev"/power/level).
 */
#ifndef SYSFS_AUDIT_AUDIT_ABI_READERS_H
#define SYSFS_AUDIT_AUDIT_ABI_READERS_H

#include <stddef.h>

struct sa_abi_reader {
	const char *path;	/* the file as the package installs it */
	const char *package;	/* its Debian package, and the version looked at */
	const char *version;
	const char *entry;	/* the ABI file of what it reads: "obsolete/sysfs-gpio" */
	const char *reads;	/* what it reads or writes, in words */
};

extern const struct sa_abi_reader sa_abi_readers[];
extern const size_t sa_abi_readers_len;

/*
 * The known reader installed at @path (as the package names it, or under
 * /usr when the package names /bin, /sbin or /lib: merged /usr), or NULL.
 */
const struct sa_abi_reader *sa_abi_reader_of(const char *path);

#endif
