/* SPDX-License-Identifier: GPL-2.0 */
/* Turn a BPF record into the legacy view: formatting only, no rules. */
#ifndef SYSFS_AUDIT_EVENT_H
#define SYSFS_AUDIT_EVENT_H

#include "model/legacy.h"
#include "sysfs_audit.h"

const char *sa_action_name(unsigned int action);
const char *sa_source_name(unsigned int source);

/* Fill @out from @e. Returns 0, -ENOMEM, or -EINVAL for a malformed record. */
int sa_event_legacy(const struct sa_event *e, struct sa_legacy *out);

#endif
