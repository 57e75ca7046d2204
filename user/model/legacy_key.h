/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The uevent keys the deprecated layout added and today's kernel no longer
 * sends: one table, in report order. Every count of them is an array
 * indexed by enum sa_key, every writer and reader walks sa_keys[], and the
 * static audit (scan_elf.c, scan_script.c, rules_parse.c) looks for the
 * same names, so a key is one line of SA_LEGACY_KEYS.
 */
#ifndef SYSFS_AUDIT_MODEL_LEGACY_KEY_H
#define SYSFS_AUDIT_MODEL_LEGACY_KEY_H

#include <stdbool.h>
#include <stddef.h>

/*
 * X(NAME, OPTIONAL, ELF_ADVICE, SCRIPT_ADVICE, REPLACEMENT, RULES_MATCH):
 * the key's name is its JSON member, its column title and its Prometheus
 * label value; OPTIONAL: a report may lack it (a key newer than format
 * 1.0, read as 0); the advice ends the static audit's message for a
 * binary and for a script that reads it; REPLACEMENT: what to use
 * instead; RULES_MATCH: the udev match key a rule's ENV{NAME} becomes.
 */
#define SA_LEGACY_KEYS(X)							\
	X(PHYSDEVPATH, false, "find the parent device from DEVPATH instead",	\
	  "find the parent device from /sys$DEVPATH", "the parent of /sys$DEVPATH", \
	  "KERNELS")								\
	X(PHYSDEVBUS, false, "use the 'subsystem' link of the first parent that has one", \
	  "read the 'subsystem' link of the first parent that has one",	\
	  "parent's subsystem link", "SUBSYSTEMS")				\
	X(PHYSDEVDRIVER, false, "use the 'driver' link of the parent device",	\
	  "read the 'driver' link of the parent device", "parent's driver link", "DRIVERS")

/* The static audit's message for a program that reads key NAME (a literal). */
#define SA_KEY_READS(name) \
	"reads " name ", which the kernel stopped sending with CONFIG_SYSFS_DEPRECATED: "

enum sa_key {
#define SA_KEY_ENUM_(name, ...) SA_KEY_##name,
	SA_LEGACY_KEYS(SA_KEY_ENUM_)
#undef SA_KEY_ENUM_
	SA_KEY_N
};

struct sa_key_desc {
	const char *name;		/* "PHYSDEVPATH": member, column, label value */
	size_t len;			/* strlen(name) */
	bool optional;			/* absent from a report: 0 */
	const char *elf_message;	/* the static audit's, for a binary */
	const char *script_message;	/* for a script */
	const char *replacement;
	const char *rules_match;		/* "KERNELS": what a rule matches instead */
};

extern const struct sa_key_desc sa_keys[SA_KEY_N];

/* The key named by the @n bytes at @s, or -1. */
int sa_key_find(const char *s, size_t n);

/* "PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER": every key, in table order, into @buf. */
const char *sa_key_names(char *buf, size_t len);

#endif
