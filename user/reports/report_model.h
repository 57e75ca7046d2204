/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One host's report in memory (docs/report-format.md): built from traced
 * events by `record`, written and read back with json-c.
 */
#ifndef SYSFS_AUDIT_REPORTS_REPORT_MODEL_H
#define SYSFS_AUDIT_REPORTS_REPORT_MODEL_H

#include <stddef.h>
#include <time.h>

#include <stdio.h>

#include "reports/json_budget.h"

#include "model/report.h"
#include "output/json_out.h"

/* An empty report; host facts are filled by sa_report_identify(). */
int sa_report_init(struct sa_report *r, const char *tool_version);
void sa_report_free(struct sa_report *r);

/* Host name, /etc/machine-id, boot id and kernel release of this machine. */
int sa_report_identify(struct sa_report *r);

/* The entry for @name, created if there is room, else "(other)"; NULL: no memory. */
struct sa_need *sa_need_get(struct sa_need_table *t, const char *name);
/* Add @count to the (path, kind) row, beyond the bound to paths_other. 0 or -ENOMEM. */
int sa_report_add_path(struct sa_report *r, const char *path, const char *kind,
		       unsigned long long count);

/* Account one traced event. Returns 0 or -ENOMEM. */
int sa_report_add_event(struct sa_report *r, const struct sa_ctx *c, const struct sa_legacy *l);

/* The whole report as one JSON line on @f. 0 or -1 (a write error). */
int sa_report_write(FILE *f, const struct sa_report *r);

/*
 * Read one report (report_read.c). Returns 0, or a negative errno with a
 * one-line reason in @err (without the file name). The errnos say which
 * way a report failed, for every reader and parser in this folder:
 *   -EIO              the file cannot be opened or read
 *   -EBADMSG          empty, malformed, truncated, too large, a bad schema
 *   -EPROTONOSUPPORT  a newer major version of the format
 *   -E2BIG            a member beyond one of the bounds in LIMITS
 *   -ENOMEM           out of memory
 * (and -EEXIST for a duplicate, from sa_merged_add()).
 */
int sa_report_read(const char *file, struct sa_report *r, char *err, size_t errlen);
/* The same, from memory (the fuzzer's entry point). */
int sa_report_parse(const char *buf, size_t len, struct sa_report *r, char *err, size_t errlen);

/*
 * A reader for many reports in a row (`report` over a fleet): the file
 * buffer and the parsed nodes are kept from one report to the next instead
 * of being allocated and freed for each (the allocator's cost per file was
 * a tenth of a 100 000-file merge). Zero-initialise; sa_report_reader_free().
 * Unless @verbatim, summary, coldplug and sample are checked but not
 * kept (NULL): a merge has no use for them, and building them was a fifth
 * of the time of reading a boot audit.
 */
struct sa_report_reader {
	char *buf;
	size_t cap;
	struct sa_jdoc doc;
	bool verbatim;
};
/* sa_report_read() with @rd's buffer and nodes. */
int sa_report_reader_read(struct sa_report_reader *rd, const char *file, struct sa_report *r,
			  char *err, size_t errlen);
void sa_report_reader_free(struct sa_report_reader *rd);

/*
 * Append the dependents of JSON array @a (report or trace "dependent"
 * objects), validated as in a report. 0 or a -errno as above, with @err.
 */
int sa_report_add_dependents(struct sa_report *r, const struct sa_jnode *a, char *err,
			     size_t errlen);

/* A boot audit: its boundaries (ns, 0: unknown) into r->boot; phases start empty. */
void sa_report_boot_begin(struct sa_report *r, const struct sa_phases *ph);
/* Account one traced event in @ph (record --adopt). */
void sa_report_note_phase(struct sa_report *r, enum sa_phase ph, unsigned long long seqnum);
/* The "boot" member: an object, or JSON null for a report not recorded from boot. */
void sa_report_boot_write(struct sa_jw *w, const struct sa_report *r);
/* Read the "boot" member @v (absent or null: not from boot). 0 or -errno with @err. */
int sa_report_boot_parse(const struct sa_jnode *v, struct sa_report *r, char *err,
			 size_t errlen);

/*
 * Losses (1.2) from object @o at @where: with @events its "lost" (a boot
 * phase), and its "dependents_lost" object. Absent: l->known false, counts 0.
 * 0 or -EBADMSG with @err.
 */
int sa_losses_parse(const struct sa_jnode *o, const char *where, bool events,
		    struct sa_losses *l, char *err, size_t errlen);
/* Write the same members (in the object @w is in) when l->known. */
void sa_losses_write(struct sa_jw *w, const struct sa_losses *l, bool events);
/* The dependents' records lost, all causes (saturating). */
unsigned long long sa_losses_deps(const struct sa_losses *l);

#endif
