// SPDX-License-Identifier: GPL-2.0
/*
 * A merged host's boot verdict: data the merger fills and the renderers
 * print, so it lives with the data (model/merged.h), not in the merger.
 */
#include "model/merged.h"

const char *const sa_boot_verdict_names[] = {
	[SA_BOOT_NOT_AUDITED] = "not audited from boot",
	[SA_BOOT_PATH] = "would not boot",
	[SA_BOOT_LATER_ONLY] = "no boot-path dependent (later only)",
	[SA_BOOT_CLEAN] = "no boot-path dependent",
};

enum sa_boot_verdict sa_mhost_boot(const struct sa_mhost *h)
{
	if (!h->nboot)
		return SA_BOOT_NOT_AUDITED;
	if (h->phase_deps[SA_PHASE_INITRAMFS] || h->phase_deps[SA_PHASE_COLDPLUG])
		return SA_BOOT_PATH;
	return h->phase_deps[SA_PHASE_RUNTIME] ? SA_BOOT_LATER_ONLY : SA_BOOT_CLEAN;
}
