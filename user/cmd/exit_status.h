/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The exit statuses, once: the code (common.h's enum), a few words for
 * the usage text, and the man page's EXIT STATUS entry. `sysfs-audit help
 * exit-status` prints them; tests/host/31-docs-live.t checks that the man
 * page's section is this table's, byte for byte, and that every status a
 * command's --help names is here.
 */
#ifndef SYSFS_AUDIT_CMD_EXIT_STATUS_H
#define SYSFS_AUDIT_CMD_EXIT_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct sa_exit_desc {
	int status;
	const char *brief;	/* the usage line's words: "no kernel BTF" */
	const char *roff;	/* the man page's entry, after ".TP" and ".B <status>" */
};

extern const struct sa_exit_desc sa_exit_table[];
extern const size_t sa_exit_table_len;

/* "Exit status: 0 ok, 1 error, ...", wrapped for a terminal. */
void sa_exit_usage(FILE *f);

/* Every status and its meaning; @roff: the man page's section body instead. */
void sa_exit_list(FILE *f, bool roff);

/* The exit status for the tracer's -errno (sa_tracer_open()): 3 to 6, or 1. */
int sa_exit_of_tracer(int err);

#endif
