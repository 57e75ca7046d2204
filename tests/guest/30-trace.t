#!/bin/bash
# The tracer on the patched kernel, judged event by event against the
# userspace model and netlink (trace-workload case, sa_oracle), and its
# legacy block DEVPATHs against what the legacy kernel booted with
# sysfs.deprecated=1 really sends.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

out=$(mktemp)
trap 'rm -f "$out"' EXIT

SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-400}
guest_case patched trace-workload >"$out"
cat "$out"
traced=$(sed -n 's/^# traced-legacy-devpath //p' "$out")

guest_case legacy layout-legacy "sysfs.deprecated=1" >"$out"
cat "$out"
kernel=$(sed -n 's/^# kernel-legacy-devpath //p' "$out")

for d in vda vda1 vda2; do
	t=$(awk -v d=$d '$1 == d { print $2 }' <<<"$traced")
	k=$(awk -v d=$d '$1 == d { print $2 }' <<<"$kernel")
	[ -n "$t" ] && [ "$t" = "$k" ]
	st=$?
	[ $st -eq 0 ] || echo "traced '$t', legacy kernel sent '$k'" | tap_diag
	tap_ok $st "$d: traced legacy DEVPATH equals the legacy kernel's (${k:-none})"
done
tap_done
