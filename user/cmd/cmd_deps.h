/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dependents beside a trace, for `trace` and `record` alike: the
 * loader attached to the tracer's ring consumer, with the static audit's
 * fingerprints and the dpkg database wired in (the command layer is the
 * one that may join the trace engine and the static audit).
 */
#ifndef SYSFS_AUDIT_CMD_DEPS_H
#define SYSFS_AUDIT_CMD_DEPS_H

#include <stdbool.h>
#include <stdio.h>

#include "deps/dependents.h"

struct sa_tracer;
struct sa_deps_run;

/*
 * Start the dependents on @t's ring consumer: live lines to @out (NULL:
 * none), model of @sysfs, boot phases @phases (NULL: not a boot audit). NULL (with a warning naming @what_without) when
 * they cannot run.
 */
struct sa_deps_run *sa_deps_run_start(struct sa_tracer *t, enum sa_format fmt, FILE *out,
				      const char *sysfs, const struct sa_phases *phases,
				      const char *what_without);
struct sa_deps *sa_deps_run_deps(struct sa_deps_run *r);
void sa_deps_run_stop(struct sa_deps_run *r);

#endif
