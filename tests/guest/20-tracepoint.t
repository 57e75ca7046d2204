#!/bin/bash
# The kobject events of our series (v3 on the 6.1 backport, v4 on the
# mainline patch on 6.12) on both patched kernels, through tracefs only: the
# paths userspace can provoke (sent, filtered, suppressed, failed, injected,
# with the uevent helper), then the whole boot (kobjects without kset).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

for k in patched patched-6.12; do
	guest_case $k tracepoint
	# trace_clock=global: otherwise TCG's unstable sched_clock makes tracing
	# switch clocks at late_initcall, which empties the buffer of the boot
	# records.
	guest_case $k tracepoint-boot "trace_event=kobject:kobject_uevent trace_clock=global"
done
tap_done
