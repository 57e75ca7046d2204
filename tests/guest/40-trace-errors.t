#!/bin/bash
# Attach fallbacks (fexit, kprobe) and error exits, on the unpatched kernel.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-400}
guest_case legacy trace-errors
tap_done
