/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A running program that depends on the deprecated layout, as the trace
 * names it: one per (program, kind), aggregated from the kernel's
 * observations (user/dep_store.c), rendered by user/dep_out.c, put into
 * reports by `record`. Plain data: nothing BPF-specific.
 */
#ifndef SYSFS_AUDIT_DEPENDENT_H
#define SYSFS_AUDIT_DEPENDENT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#define SA_DEP_TEXT 512
#define SA_DEP_EXAMPLES 3	/* example paths kept per dependent */
#define SA_DEP_PIDS 8		/* process ids kept per dependent */

enum sa_dep_kind {
	SA_DK_NONE = 0,		/* not a dependency: ignored */
	SA_DK_LISTENER,		/* a NETLINK_KOBJECT_UEVENT group subscriber */
	SA_DK_LEGACY_NAME,	/* looked up a name only the legacy layout had */
	SA_DK_SYMLINK_DIR,	/* lstat found a symlink where the legacy layout had a dir */
	SA_DK_LINK_TEXT,	/* readlink of a link whose text the old consumers parsed */
	SA_DK_LEGACY_READDIR,	/* listed a directory whose entries used to be directories */
	SA_DK_HELPER,		/* a uevent helper (kernel.hotplug) */
	SA_DK_UEVENT_READ,	/* read a device's uevent file, whose keys its code wants */
	SA_DK_MAX,
};

/*
 * What happens to the program without the old layout, weakest first: a
 * pattern only (suspect); a legacy lookup that the same process followed
 * with the modern name of the same device (falls back: it copes); its own
 * evidence that it needs the old layout and no fallback seen (breaks).
 * Only breaks gates --fail-on=dependents and decides a boot verdict.
 */
enum sa_dep_conf { SA_DC_SUSPECT = 0, SA_DC_FALLS_BACK, SA_DC_BREAKS, SA_DC_N };

/*
 * A verdict's names, one table: every count by verdict is an array
 * indexed by enum sa_dep_conf, and every writer lists them in the order
 * of .shown (what breaks first).
 */
struct sa_dep_conf_desc {
	const char *name;	/* "falls-back": a report's value, the Prometheus label */
	const char *member;	/* "falls_back": the JSON member of a count by verdict */
	const char *plural;	/* "suspects": the member of a count of such dependents */
	const char *text;	/* "falls back": after a count ("2 falls back") */
	const char *verb;	/* "fall back": "dependents that fall back" */
	int shown;		/* its place in every list */
};
extern const struct sa_dep_conf_desc sa_dep_confs[SA_DC_N];

/* The verdict in place @i of every list. */
enum sa_dep_conf sa_dep_conf_shown(int i);

/*
 * The rules of docs/design.md's table, "signal -> verdict -> why". A
 * verdict names the rule that gave it, so the table, the code and the unit
 * tests can be read side by side.
 */
enum sa_dep_rule {
	SA_DR_NONE = 0,
	SA_DR_MISS_LEGACY_LINK,	/* miss of a legacy link of that directory's device: breaks */
	SA_DR_MISS_LEGACY_PATH,	/* miss of a legacy-only path, by its full request: breaks */
	SA_DR_MISS_LOOKS_LEGACY,/* miss of a 'bus' or ':' name in a device directory: suspect */
	SA_DR_LSTAT_LEGACY_DIR,	/* lstat of a then-directory, a symlink now: suspect */
	SA_DR_READLINK_DEVICE,	/* readlink of 'device' (text parsed by udev 095, HAL): suspect */
	SA_DR_READLINK_ENTRY,	/* readlink of a /sys/block or /sys/class entry: suspect */
	SA_DR_READDIR,		/* listing /sys/block or /sys/class/<c>: suspect */
	SA_DR_LISTEN_KERNEL,	/* group-1 listener (received the PHYSDEV keys): suspect */
	SA_DR_LISTEN_UDEV,	/* group-2 only (udev < 142 re-broadcast them): suspect */
	SA_DR_HELPER,		/* a uevent helper, live or configured: suspect */
	SA_DR_FINGERPRINT,	/* any of the above by a program whose code is legacy: breaks */
	SA_DR_FALLS_BACK,	/* a legacy name, and the modern one by the same process: falls back */
	SA_DR_UEVENT_KEYS,	/* a uevent file read, by code that reads the keys: breaks */
	SA_DR_MAX,
};

const char *sa_dep_kind_name(enum sa_dep_kind k);
const char *sa_dep_conf_name(enum sa_dep_conf c);
/*
 * A report's "confidence": a verdict's name; "confirmed" (formats 1.0-1.2)
 * and none at all read as breaks. -1: a word this build does not know,
 * which no reader may count as any verdict.
 */
int sa_dep_conf_parse(const char *s);
/* "breaks, falls-back or suspect": the names, for a message. */
const char *sa_dep_conf_list(char *buf, size_t len);
/* "breaks, falls-back, suspect": the same, every name after a comma. */
const char *sa_dep_conf_names(char *buf, size_t len);
const char *sa_dep_rule_name(enum sa_dep_rule r);

/*
 * What a program's fingerprint proves (its words are for people): nothing,
 * breaks as the uevent helper only (BusyBox 1.7-1.10 mdev types nodes by
 * the DEVPATH text), or breaks whatever it does (PHYSDEV* keys, BusyBox <
 * 1.7 mdev, <dev>/device/bus in a script); and whether its code reads the
 * PHYSDEV keys themselves (a physdev-key error), which is what a read of
 * a uevent file breaks on. Flags: any may be set.
 */
enum sa_fp_scope {
	SA_FP_NONE = 0,
	SA_FP_HELPER = 1,
	SA_FP_ANY = 2,
	SA_FP_KEYS = 4,
	SA_FP_ALL = SA_FP_HELPER | SA_FP_ANY | SA_FP_KEYS,
};

/*
 * Where the package named for a dependent's executable comes from, when
 * the file it ran is not the one at its path on this host: the
 * initramfs's programs are gone by the adoption, and the real root's
 * namesake is another file. update-initramfs and dracut copy host files
 * byte for byte, so a copy whose content (size and SHA-256, read before
 * switch_root) is the host's file of that path is that file's package.
 * A report's dependents[].package_via (1.6): its name, or null for
 * SA_PV_PATH.
 */
enum sa_pkg_via {
	SA_PV_PATH = 0,		/* the package of the file at its path (or none): the usual case */
	SA_PV_COPY,		/* the initramfs's file is the host's file of that path */
	SA_PV_DIFFERS,		/* the host's file of that path has other content: no package */
	SA_PV_NO_HOST_FILE,	/* the host has no file at that path: no package */
	SA_PV_UNREAD,		/* the initramfs's or the host's file was not read: not compared */
	SA_PV_N
};

struct sa_pkg_via_desc {
	const char *name;	/* "initramfs-copy": a report's value; NULL for SA_PV_PATH */
	const char *text;	/* for people, after the package or "no package" */
};
extern const struct sa_pkg_via_desc sa_pkg_vias[SA_PV_N];

/*
 * A report's package_via: NULL is SA_PV_PATH; -1 a word this build does
 * not know (a reader refuses it rather than show a package it cannot
 * vouch for).
 */
int sa_pkg_via_parse(const char *s);
/* "initramfs-copy, differs, no-host-file or unread": the names, for a message. */
const char *sa_pkg_via_list(char *buf, size_t len);
/*
 * A dependent's package for people, into @buf: "udev", "udev, copied into
 * the initramfs", "no package: not the host's /usr/bin/udevadm", ...;
 * @none when there is nothing to say (no package, SA_PV_PATH). @exe: the
 * executable the words name (NULL: "file", for a label beside it).
 */
const char *sa_pkg_label(const char *pkg, int via, const char *exe, const char *none,
			 char *buf, size_t len);

/* Who a process is (user/identity.c fills it). */
struct sa_ident {
	unsigned int pid, tgid, ppid, uid;
	unsigned long long exec_gen;	/* exec generation: task start time + exec count */
	char comm[16];
	char pcomm[16];
	char exe[PATH_MAX];		/* the binary the kernel runs (mm->exe_file) */
	unsigned long long exe_dev, exe_ino;	/* its inode as the kernel knew it; 0: unknown */
	char script[PATH_MAX];		/* for #! scripts: the script; else "" */
	char args[256];			/* argv joined by spaces */
	bool args_trunc;
	const char *source;		/* "exec" (kernel record), "proc", "config", "none" */
	char cgroup[256];		/* cgroup v2 path, "" when unknown */
	char unit[128];			/* the systemd unit (last .service/.scope of cgroup), or "" */
	char ns[96];			/* "mnt:[N] net:[N]" when not the tracer's, else "" */
	unsigned int mntns;		/* its mount namespace's inode, as recorded; 0: unknown */
	char exe_pkg[64], script_pkg[64];	/* Debian packages, or "" */
	int exe_pkg_via;		/* enum sa_pkg_via: where exe_pkg comes from */
};

/* One line per program and kind. */
struct sa_dependent {
	struct sa_ident id;		/* the first process seen (pid, argv of that one) */
	enum sa_dep_kind kind;
	enum sa_dep_conf conf;
	enum sa_dep_rule rule;
	char path[SA_DEP_TEXT];		/* the first path that gave the verdict */
	char artifact[SA_DEP_TEXT];	/* the legacy artifact it matches */
	char replacement[SA_DEP_TEXT];	/* what to use instead */
	char why[SA_DEP_TEXT];		/* evidence (breaks, falls back) or what would confirm it */
	char fingerprint[SA_DEP_TEXT];	/* the program's legacy code, or "" */
	unsigned int fp_scope;		/* what it proves: enum sa_fp_scope flags */
	const char *how;		/* first observation: "miss", "lstat-link", ... */
	char req[SA_DEP_TEXT];		/* the path first asked for, when known */
	char examples[SA_DEP_EXAMPLES][SA_DEP_TEXT];
	int nexamples;
	unsigned int pids[SA_DEP_PIDS];
	int npids;
	unsigned long long nprocs;	/* distinct processes (exec generations) */
	unsigned long long objects;	/* distinct observations (kernel keys) */
	unsigned long long count;	/* every hit, from the kernel's counts */
	unsigned long long first_ns, last_ns;	/* CLOCK_MONOTONIC */
	unsigned long long nbreaks;	/* observations that break, not explained by a fallback */
	int phase;			/* a boot audit: enum sa_phase + 1; 0: none */
	unsigned int groups;		/* listeners: the groups */
	unsigned long long ev0, phys0;	/* listeners: event counters when first seen */
	unsigned long long events, physdev;	/* listeners: since first seen (at the summary) */
	unsigned int printed_conf;	/* the verdict printed live for this kind, +1 (0: never) */
};

/* The store's counters, for the summary. */
struct sa_dep_totals {
	unsigned long long start_ns;	/* the trace's start, CLOCK_MONOTONIC */
	/* The kernel's counters (bpf/dep_records.h, enum sa_dep_stat). */
	unsigned long long misses, lstat_links, readlinks, readdirs, listens, uevent_reads;
	unsigned long long emitted, lost, map_full, execs, exits;
	/* Userspace: records read, not dependencies, undecodable, beyond the store's bound. */
	unsigned long long records, ignored, malformed, dropped;
	unsigned long long dropped_by[SA_DC_N];	/* of dropped: lines by verdict */
	unsigned long long events, physdev;
	size_t programs;
	unsigned long long by_conf[SA_DC_N];	/* of programs: by verdict */
	char hooks_missing[256];
};

#endif
