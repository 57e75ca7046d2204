/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One finding of the static audit (rules, scan), and the totals of a run.
 * Every field is filled in by the scanner that found it; the writers in
 * output/findings_out.c decide nothing.
 */
#ifndef SYSFS_AUDIT_MODEL_FINDING_H
#define SYSFS_AUDIT_MODEL_FINDING_H

enum sa_sev {
	SA_SEV_NOTE,		/* a review item: may or may not break */
	SA_SEV_WARNING,		/* relies on the old layout, breaks in some cases */
	SA_SEV_ERROR,		/* broken today: never matches, or rejected */
};

struct sa_finding {
	const char *file;	/* the file as found (rules file, binary, image) */
	const char *member;	/* initramfs member path, or NULL */
	unsigned long line;	/* 1-based; 0 when not applicable (ELF) */
	unsigned long col;	/* 1-based; 0 when not applicable */
	long long offset;	/* ELF: file offset of the string; -1 when none */
	const char *kind;	/* class of construct, e.g. "removed-key" */
	const char *key;	/* the construct as written, e.g. "SYSFS{idVendor}" */
	enum sa_sev severity;
	const char *message;	/* includes the replacement in words */
	const char *replacement;	/* the modern construct, or NULL */
	const char *package;	/* owning Debian package, or NULL */
	/*
	 * A path that names an obsolete or removed Documentation/ABI entry
	 * (kinds "obsolete-abi", "removed-abi", and "obsolete-abi-more" for
	 * the count past a file's first ones): the entry's What: line, its
	 * file ("obsolete/sysfs-gpio"), Date: and KernelVersion: (each NULL
	 * when absent), and how sure the finding is. @confidence is NULL for
	 * every other finding, and such findings are counted apart
	 * (sa_totals.obsolete), not as findings of the old layout.
	 */
	const char *abi_what, *abi_file, *abi_date, *abi_kernel;
	const char *confidence;
};

const char *sa_sev_name(enum sa_sev s);

/* Totals for the last line of output. */
struct sa_totals {
	unsigned long files, findings, unreadable;
	unsigned long special;	/* device nodes, FIFOs, sockets: named, never opened */
	unsigned long self;	/* sysfs-audit itself (audit/scan_self.h): named, not scanned */
	unsigned long limited;	/* inputs read only up to a bound on work */
	unsigned long by_sev[3];
	unsigned long obsolete;	/* findings with a confidence: names of obsolete ABI */
};

void sa_totals_add(struct sa_totals *t, const struct sa_finding *x);

#endif
