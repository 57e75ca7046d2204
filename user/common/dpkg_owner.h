/* SPDX-License-Identifier: GPL-2.0 */
/* Which Debian package owns a file: the *.list files of <root>/var/lib/dpkg/info, read directly. */
#ifndef SYSFS_AUDIT_DPKG_OWNER_H
#define SYSFS_AUDIT_DPKG_OWNER_H

struct sa_dpkg;

/*
 * Load every *.list under @root/var/lib/dpkg/info. Returns NULL with errno
 * set when there is no dpkg database (ENOENT) or on failure; unreadable
 * single lists are skipped with a warning.
 */
struct sa_dpkg *sa_dpkg_load(const char *root);

/*
 * The package owning @path (absolute, inside the root), or NULL. Tries the
 * other side of the merged-/usr split too (/lib/x <-> /usr/lib/x).
 */
const char *sa_dpkg_owner(const struct sa_dpkg *d, const char *path);

unsigned long sa_dpkg_count(const struct sa_dpkg *d);
void sa_dpkg_free(struct sa_dpkg *d);

#endif
