#!/bin/bash
# The dependents tracer (issue 8) on our patched 6.1 and 6.12 and Debian's
# stock 6.1 and 6.12: every legacy fixture behaviour named with its kind, pid, exe and
# path; the poller once with its count; the modern fixture never breaks.
# One guest at a time (the machine has 2 cores).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-400}
for flavour in ${DEPS_KERNELS:-patched patched-6.12 stock-6.1 stock-6.12}; do
	guest_case "$flavour" dependents
done
tap_done
