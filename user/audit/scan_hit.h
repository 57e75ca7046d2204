/* SPDX-License-Identifier: GPL-2.0 */
/* What a content scanner (ELF strings, script lines) reports for one match. */
#ifndef SYSFS_AUDIT_SCAN_HIT_H
#define SYSFS_AUDIT_SCAN_HIT_H

#include "model/finding.h"

struct sa_abi_entry;

struct sa_hit {
	unsigned long line, col;	/* scripts; 0 for binaries */
	long long offset;		/* binaries: file offset of the string; else -1 */
	const char *kind, *key;
	enum sa_sev sev;
	const char *message;
	const char *replacement;	/* or NULL */
	/*
	 * The program's version as read from the file, when the finding rests
	 * on it (busybox-mdev: "1.6.1"); else NULL. Evidence is built from
	 * this, never parsed back out of @message, whose wording is for people.
	 */
	const char *version;
	/*
	 * A path that names an obsolete or removed ABI entry (kind
	 * SA_KIND_OBSOLETE_ABI, SA_KIND_REMOVED_ABI in audit/abi_strings.h):
	 * the entry and the What: line it matched; else NULL.
	 */
	const struct sa_abi_entry *abi;
	const char *abi_what;
	const char *confidence;	/* SA_ABI_CONFIDENCE for those (and the count past them) */
};

typedef int (*sa_hit_cb)(const struct sa_hit *h, void *ctx);

/*
 * BusyBox 1.7-1.10 with mdev: it breaks only when the kernel runs it as the
 * uevent helper, so it is a warning here and evidence only for a helper
 * (fingerprint.h, deps/dep_classify.c).
 */
#define SA_KIND_MDEV_HOTPLUG "busybox-mdev-hotplug"

/* PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER: what the kernel stopped sending. */
#define SA_KIND_PHYSDEV_KEY "physdev-key"

#endif
