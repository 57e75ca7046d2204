#!/bin/bash
# The uevent events read by Debian 12's own trace-cmd and perf (issue 29):
# tests/guest/fetch-tracers.sh fetches trace-cmd, libtraceevent, libtracefs
# and linux-perf with `apt-get download` and unpacks them into the
# initramfs below /opt/deb (never installed on the host); the guest case
# records a uevent workload with `trace-cmd record -e SYSTEM` and with
# `perf record -e 'SYSTEM:*'`, and `trace-cmd report` and `perf script`
# must print every record as tracefs does, every key of the environment
# included. On both patched kernels: kobject:* of the mainline series on
# 6.12, sysfs_audit:* of the local series on 6.1, which print the
# environment with %s alike (v3 on 6.1 printed it with %*pEcns, which
# libtraceevent does not know).
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-600}
# The readers and their libraries add ~76 MB to the initramfs.
export SYSFS_AUDIT_GUEST_MEM=${SYSFS_AUDIT_GUEST_MEM:-1024}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

guest_tracers || { tap_done; exit; }
guest_case patched trace-readers sysfs_audit.env.TP_SYSTEM=sysfs_audit
guest_case patched-6.12 trace-readers sysfs_audit.env.TP_SYSTEM=kobject
tap_done
