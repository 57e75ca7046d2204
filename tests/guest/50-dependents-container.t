#!/bin/bash
# Programs in another mount namespace are judged by their own files, read
# through /proc/PID/root and /proc/PID/exe, never by the host's files of
# the same name (tests/guest/cases/dependents-container.sh). On our patched
# 6.1 and on Debian's stock 6.1 and 6.12.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-300}
for flavour in ${DEPS_KERNELS:-patched stock-6.1 stock-6.12}; do
	guest_case "$flavour" dependents-container
done
tap_done
