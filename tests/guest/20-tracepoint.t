#!/bin/bash
# The uevent events of our series (v4) on both patched kernels, through
# tracefs only: kobject:* of the mainline series on 6.12, and the same
# records as sysfs_audit:* of the local series on 6.1 (named so that
# they cannot collide with what mainline merges). The paths userspace can
# provoke (sent, filtered, suppressed, failed, injected, with the uevent
# helper), then the whole boot (kobjects without kset).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

for k in patched:sysfs_audit patched-6.12:kobject; do
	flavour=${k%%:*} sys=${k#*:}
	guest_case "$flavour" tracepoint "sysfs_audit.env.TP_SYSTEM=$sys"
	# trace_clock=global: otherwise TCG's unstable sched_clock makes tracing
	# switch clocks at late_initcall, which empties the buffer of the boot
	# records.
	guest_case "$flavour" tracepoint-boot \
		"sysfs_audit.env.TP_SYSTEM=$sys trace_event=$sys:${sys}_uevent trace_clock=global"
done
tap_done
