/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * What every BPF object that `boot --start` pins shares with the process
 * that owns it: a deadline for pins nobody adopts. In .bss, which the
 * adopter maps and writes.
 */
#ifndef SYSFS_AUDIT_PIN_CTL_BPF_H
#define SYSFS_AUDIT_PIN_CTL_BPF_H

/*
 * CLOCK_MONOTONIC ns after which the hooks do nothing, unless a recorder
 * adopted them (it writes 0): pins left by a disabled unit or a removed
 * binary stop costing the host more than this test. 0: no deadline.
 */
__u64 unadopted_until_ns = 0;

static __always_inline bool sa_pin_expired(void)
{
	__u64 until = unadopted_until_ns;

	return until && bpf_ktime_get_ns() > until;
}

#endif
