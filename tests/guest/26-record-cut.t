#!/bin/bash
# The record's text at its bound (issue 44, v5 of the series): an
# injected message whose text is exactly as long as a record may hold,
# one byte longer (cut=1, cut between two escapes, never inside one),
# bytes outside printable ASCII as three-digit octal escapes, and a
# kernel-sent event of 1.9 KB read whole, its len that of its
# environment; read by tracefs and by Debian 12's own trace-cmd and perf
# (fetched as for 22-trace-readers.t), which must print the same. On both
# patched kernels: kobject:* of the mainline series on 6.12, sysfs_audit:*
# of the local series on 6.1.
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-600}
# The readers and their libraries add ~76 MB to the initramfs.
export SYSFS_AUDIT_GUEST_MEM=${SYSFS_AUDIT_GUEST_MEM:-1024}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

guest_tracers || { tap_done; exit; }
guest_case patched record-cut sysfs_audit.env.TP_SYSTEM=sysfs_audit
guest_case patched-6.12 record-cut sysfs_audit.env.TP_SYSTEM=kobject
tap_done
