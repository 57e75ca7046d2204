#!/bin/bash
# The tracer under a uevent storm, on the four kernels: 100 000 events with
# the default configuration lose nothing (every SEQNUM once where the
# tracepoint gives one); SIGINT/SIGTERM end a trace within a second with a
# complete summary, while loading or mid-storm; losses with a stalled
# reader are counted exactly and fail --fail-on-lost. Functional checks:
# the costs are in make bench.
top=$(cd "$(dirname "$0")/../.." && pwd)
export SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-900}
export SYSFS_AUDIT_GUEST_MEM=${SYSFS_AUDIT_GUEST_MEM:-1024}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"
guest_timeout=$SYSFS_AUDIT_GUEST_TIMEOUT
# The stops are bounded in guest time: with -icount the guest's clock
# counts its instructions (8 ns each), so a host busy with other builds
# and guests slows the test down but does not make a stop look late (TCG
# wall time did: 1.1 s "while loading" with nothing else in the guest).
export GUEST_QEMU_EXTRA="${GUEST_QEMU_EXTRA:-} -icount shift=3,sleep=on"

for k in patched:tracepoint patched-6.12:tracepoint stock-6.1:fexit stock-6.12:fexit; do
	guest_case "${k%%:*}" storm "loop.max_loop=64 sysfs_audit.env.EXPECT_ATTACH=${k#*:}"
done
tap_done
