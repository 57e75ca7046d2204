/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The static audit applied to a running program's own files: does its
 * executable or #! script read the old layout? (The errors of `scan`:
 * PHYSDEV* keys, BusyBox < 1.7 with mdev, <dev>/device/bus in a script;
 * and BusyBox 1.7-1.10 with mdev, which counts for a uevent helper only.)
 * Each file is read at most once per (device, inode, mtime).
 */
#ifndef SYSFS_AUDIT_FINGERPRINT_H
#define SYSFS_AUDIT_FINGERPRINT_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/scan_hit.h"
#include "model/dependent.h"

struct sa_fp_cache;

struct sa_fp_cache *sa_fp_cache_new(void);
void sa_fp_cache_free(struct sa_fp_cache *c);

/*
 * What in @file shows legacy code, in words ("PHYSDEVPATH (physdev-key)"),
 * into @out; "" when nothing (or the file cannot be read, or is byte for
 * byte the running sysfs-audit). @ctx is the cache. Returns what it
 * proves (enum sa_fp_scope flags), decided from the hits, never from the
 * words.
 */
unsigned int sa_fingerprint(void *ctx, const char *file, char *out, size_t len);

/*
 * The same of the open file @fd (which it closes), named @name in @out:
 * the file a caller opened and checked itself (deps/named_file.h).
 */
unsigned int sa_fingerprint_fd(void *ctx, const char *name, int fd, char *out, size_t len);

/* The same of @len bytes already read, named @name; no cache. */
unsigned int sa_fingerprint_buf(const char *name, const char *buf, size_t len, char *out,
			size_t out_len);

/*
 * Append what hit @h shows to the evidence @text (a string in @len bytes):
 * errors only, each key once; a BusyBox version as "BusyBox 1.6.1 has mdev".
 */
void sa_fp_evidence(const struct sa_hit *h, char *text, size_t len);

/*
 * What hit @h proves (enum sa_fp_scope flags): the helper-only mdev
 * (SA_KIND_MDEV_HOTPLUG) breaks the uevent helper only; any other error
 * breaks whatever the program does; the rest nothing. A PHYSDEV key
 * (SA_KIND_PHYSDEV_KEY error) also sets SA_FP_KEYS: the code reads the
 * keys themselves, what a program that reads uevent files must carry for
 * the reads to be for the keys.
 */
unsigned int sa_fp_scope_of(const struct sa_hit *h);

/*
 * What @file's code shows of obsolete ABI, for a program a trace names
 * (abi watch) or a scan reads: when it is a known reader
 * (audit/abi_readers.h), "<package> <version>: <what it reads>
 * (<entry>)"; else the paths its strings name that @m matches, "<path>
 * (<entry>), ..." (suspects: string evidence), each once. Into @out; ""
 * when nothing. Returns how many: 1 for a known reader, else the paths.
 */
struct sa_abi_strings;
int sa_fingerprint_abi(const struct sa_abi_strings *m, const char *file, char *out,
		       size_t len);

/* The same for @len bytes already read of the file @name. */
int sa_fingerprint_abi_buf(const struct sa_abi_strings *m, const char *name, const char *buf,
			   size_t len, char *out, size_t out_len);

/* How many files were read (not served from the cache). */
unsigned long sa_fp_cache_reads(const struct sa_fp_cache *c);

#endif
