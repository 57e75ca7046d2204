/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kinds of symlink the deprecated layout had and today's lacks: one
 * table. Counts of them are arrays indexed by enum sa_link_kind; the JSON
 * members and Prometheus labels are the names, in enum order; the text
 * summary line shows the titles in the order of .shown.
 */
#ifndef SYSFS_AUDIT_MODEL_LINK_KIND_H
#define SYSFS_AUDIT_MODEL_LINK_KIND_H

enum sa_link_kind { SA_LK_CLASSDIR, SA_LK_DEVICE, SA_LK_CLASSNAME, SA_LK_BUS, SA_LK_N };

struct sa_link_kind_desc {
	const char *name;	/* "class_name": JSON member, label value, a path's kind */
	const char *title;	/* "<class>:<name>": for people */
	int shown;		/* its place in the text summary line */
};

extern const struct sa_link_kind_desc sa_link_kinds[SA_LK_N];

/* The kind of a legacy link named @link_name ("device", "bus", "block:sda", ...). */
enum sa_link_kind sa_link_kind_of(const char *link_name);

/* The kind in place @i of the text summary line. */
enum sa_link_kind sa_link_kind_shown(int i);

#endif
