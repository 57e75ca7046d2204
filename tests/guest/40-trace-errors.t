#!/bin/bash
# Attach fallbacks (fexit, kprobe) and error exits, on every kernel without
# our tracepoint: the unpatched 6.1 build and Debian's stock 6.1 and 6.12.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-400}
for k in legacy stock-6.1 stock-6.12; do
	guest_case $k trace-errors
done
# kprobe mode judged event by event like the others (30-trace.t), on the
# unpatched kernel: no SEQNUM, so sa_oracle matches events by order.
guest_case legacy trace-workload "sysfs_audit.env.ATTACH=kprobe sysfs_audit.env.EXPECT_ATTACH=kprobe"
tap_done
