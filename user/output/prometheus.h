/* SPDX-License-Identifier: GPL-2.0 */
/* node_exporter textfile collector output (Prometheus text exposition format). */
#ifndef SYSFS_AUDIT_PROMETHEUS_H
#define SYSFS_AUDIT_PROMETHEUS_H

#include <stdio.h>

#include "model/merged.h"

/* Every metric of @m with HELP and TYPE lines. Returns 0 or -EIO. */
int sa_prometheus_print(FILE *f, const struct sa_merged *m);
/* The same, written atomically to @path. Returns 0 or a negative errno. */
int sa_prometheus_write(const char *path, const struct sa_merged *m);

#endif
