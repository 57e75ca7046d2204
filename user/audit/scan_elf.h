/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Strings in an ELF file's read-only data (libelf, never a hand-written
 * parser) that show a dependency on the deprecated sysfs layout.
 */
#ifndef SYSFS_AUDIT_SCAN_ELF_H
#define SYSFS_AUDIT_SCAN_ELF_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/scan_hit.h"

bool sa_is_elf(const char *buf, size_t len);

/* Section or program headers read per file: the rest is reported as a limit. */
#ifndef SA_ELF_MAX_HEADERS
#define SA_ELF_MAX_HEADERS 65536
#endif
#define SA_STR_(x) #x
#define SA_STR(x) SA_STR_(x)

/* The work the last sa_scan_elf() did, for tests: linear in the file. */
struct sa_elf_stats {
	unsigned long long bytes;	/* bytes of read-only data scanned */
	size_t headers;			/* section or program headers read */
	size_t regions;			/* distinct ranges after merging */
};
void sa_scan_elf_stats(struct sa_elf_stats *s);

/*
 * Scan the ELF image @buf. Each construct is reported once per file.
 * Returns 0, the first non-zero value of @cb, -EINVAL with *@why set
 * when libelf cannot read the file (truncated, corrupt), or -E2BIG when
 * the file has more than SA_ELF_MAX_HEADERS headers (the data the first
 * ones name is scanned) or -ENOMEM.
 */
int sa_scan_elf(const char *buf, size_t len, sa_hit_cb cb, void *ctx, const char **why);

/*
 * The same, and every string of the read-only data that names an entry of
 * @abi (audit/abi_strings.h; NULL: none): each (entry, path) once, at most
 * SA_ABI_NAMES_MAX, then one SA_KIND_ABI_MORE hit that counts the rest.
 */
struct sa_abi_strings;
int sa_scan_elf_abi(const char *buf, size_t len, const struct sa_abi_strings *abi,
		    sa_hit_cb cb, void *ctx, const char **why);

#endif
