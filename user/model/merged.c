// SPDX-License-Identifier: GPL-2.0
/*
 * A merged host's boot verdict: data the merger fills and the renderers
 * print, so it lives with the data (model/merged.h), not in the merger.
 */
#include <string.h>

#include "model/merged.h"

const char *const sa_boot_verdict_names[SA_BOOT_N] = {
	[SA_BOOT_NOT_AUDITED] = "not audited from boot",
	[SA_BOOT_PATH] = "would not boot",
	[SA_BOOT_INCOMPLETE] = "incomplete",
	[SA_BOOT_LATER_ONLY] = "no boot-path dependent (later only)",
	[SA_BOOT_CLEAN] = "no boot-path dependent",
};

const char *const sa_gap_names[SA_GAP_N] = {
	[SA_GAP_NOT_ADOPTED] = "not-adopted",
	[SA_GAP_NO_INITRAMFS_MARK] = "no-initramfs-mark",
	[SA_GAP_NO_COLDPLUG_MARK] = "no-coldplug-mark",
	[SA_GAP_EVENTS_LOST] = "events-lost",
	[SA_GAP_DEPS_LOST] = "dependents-lost",
	[SA_GAP_BREAKS_NO_PHASE] = "breaks-without-phase",
	[SA_GAP_START_TIMEOUT] = "start-timeout",
	[SA_GAP_MARK_TIMEOUT] = "mark-timeout",
	[SA_GAP_NOT_PINNED] = "not-pinned",
	[SA_GAP_STOPPED_BEFORE] = "stopped-before-adoption",
	[SA_GAP_STOPPED_DURING] = "stopped-during-adoption",
	[SA_GAP_RECORDER_KILLED] = "recorder-killed",
	[SA_GAP_OTHER] = "other",
};

const char *const sa_gap_text[SA_GAP_N] = {
	[SA_GAP_NOT_ADOPTED] = "not adopted: the initramfs was never traced",
	[SA_GAP_NO_INITRAMFS_MARK] = "no initramfs-end mark",
	[SA_GAP_NO_COLDPLUG_MARK] = "no coldplug-end mark: the recorder stopped before coldplug "
				    "ended, or the mark was never written",
	[SA_GAP_EVENTS_LOST] = "events lost",
	[SA_GAP_DEPS_LOST] = "dependents' records lost",
	[SA_GAP_BREAKS_NO_PHASE] = "a dependent that breaks has no phase: it may have run in "
				   "the boot path",
	[SA_GAP_START_TIMEOUT] = "start-timeout: the boot audit's start was stopped at its time "
				 "bound",
	[SA_GAP_MARK_TIMEOUT] = "mark-timeout: a phase mark was stopped at its time bound",
	[SA_GAP_NOT_PINNED] = "not-pinned: a boot audit was configured, but nothing was pinned",
	[SA_GAP_STOPPED_BEFORE] = "stopped-before-adoption: the recorder was stopped before it "
				  "adopted the initramfs's programs",
	[SA_GAP_STOPPED_DURING] = "stopped-during-adoption: the recorder was stopped while it "
				  "adopted the initramfs's programs",
	[SA_GAP_RECORDER_KILLED] = "recorder-killed: the recorder ended without a report; what "
				   "the rings held was saved at the stop",
	[SA_GAP_OTHER] = "an unknown reason",
};

/*
 * A boot script's or a stopped recorder's reason is not a phase's loss:
 * the initramfs's own steps leave the initramfs unvouched; a recorder that
 * was stopped (what it had was drained at the stop) misses what came after
 * in no phase it could name.
 */
int sa_gap_slot_of(enum sa_gap_reason r)
{
	switch (r) {
	case SA_GAP_NOT_ADOPTED:
	case SA_GAP_NO_INITRAMFS_MARK:
	case SA_GAP_START_TIMEOUT:
	case SA_GAP_MARK_TIMEOUT:
	case SA_GAP_NOT_PINNED:
		return SA_PHASE_INITRAMFS;
	case SA_GAP_NO_COLDPLUG_MARK:
		return SA_PHASE_COLDPLUG;
	default:
		return SA_GAP_UNKNOWN;
	}
}

enum sa_gap_reason sa_gap_recorded_parse(const char *name)
{
	for (int r = SA_GAP_FIRST_RECORDED; name && r < SA_GAP_OTHER; r++)
		if (!strcmp(name, sa_gap_names[r]))
			return r;
	return SA_GAP_OTHER;
}

bool sa_mrow_has_host(const struct sa_mrow *r, size_t n, size_t host)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->hosts[mid] == host)
			return true;
		if (r->hosts[mid] < host)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/*
 * Runtime is after the boot: what it missed leaves the boot verdict
 * standing. Losses no phase claims may have been in the boot path.
 */
bool sa_gap_in_boot_path(const struct sa_boot_gaps *g, int slot)
{
	return g->why[slot] && slot != SA_PHASE_RUNTIME;
}

/*
 * What breaks decides, never a suspect: a dependent that breaks in the boot
 * path stays true whatever else was missed; then a boot-path phase the
 * audit cannot vouch for; then dependents that break at runtime.
 */
enum sa_boot_verdict sa_mhost_boot(const struct sa_mhost *h)
{
	bool later = false;

	if (!h->nboot)
		return SA_BOOT_NOT_AUDITED;
	for (int p = 0; p < SA_PHASE_N; p++) {
		if (!h->phase_by_conf[p][SA_DC_BREAKS])
			continue;
		if (sa_phase_boot_path(p))
			return SA_BOOT_PATH;
		later = true;
	}
	for (int i = 0; i < SA_GAP_SLOTS; i++)
		if (sa_gap_in_boot_path(&h->gaps, i))
			return SA_BOOT_INCOMPLETE;
	return later ? SA_BOOT_LATER_ONLY : SA_BOOT_CLEAN;
}

bool sa_mtable_has(const struct sa_mtable *t, int col)
{
	for (size_t i = 0; col >= 0 && col < SA_MROW_STRS && i < t->n; i++)
		if (t->v[i].s[col])
			return true;
	return false;
}
