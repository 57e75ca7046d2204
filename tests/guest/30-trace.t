#!/bin/bash
# The tracer on four kernels -- our patched 6.1 and 6.12 (tracepoint),
# Debian's stock 6.1 and 6.12 (fexit fallback), one BPF object -- judged event by
# event against the userspace model and netlink (trace-workload, sa_oracle);
# and the legacy block DEVPATHs it reconstructs against what the legacy
# kernel booted with sysfs.deprecated=1 really sends.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

out=$(mktemp)
trap 'rm -f "$out"' EXIT
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-500}

# With SYSFS_AUDIT_GUEST_KERNELS (tests/lib/guest.sh) a kernel may be left
# out; the cross-check then needs both the legacy kernel and the tracer's.
guest_case legacy layout-legacy "sysfs.deprecated=1" >"$out"
legacy_ran=$?
cat "$out"
kernel=$(sed -n 's/^# kernel-legacy-devpath //p' "$out")
klinks=$(sed -n 's/^# kernel-legacy-link //p' "$out")

for k in patched:tracepoint patched-6.12:tracepoint stock-6.1:fexit stock-6.12:fexit; do
	flavour=${k%%:*} attach=${k#*:}
	guest_case "$flavour" trace-workload "sysfs_audit.env.EXPECT_ATTACH=$attach" >"$out"
	ran=$?
	cat "$out"
	[ $ran -ne 2 ] && [ $legacy_ran -ne 2 ] || continue
	traced=$(sed -n 's/^# traced-legacy-devpath //p' "$out")
	for d in vda vda1 vda2 sda sda1 sda2 loop1 loop1p1; do
		t=$(awk -v d=$d '$1 == d { print $2 }' <<<"$traced")
		want=$(awk -v d=$d '$1 == d { print $2 }' <<<"$kernel")
		[ -n "$t" ] && [ "$t" = "$want" ]
		st=$?
		[ $st -eq 0 ] || echo "traced '$t', legacy kernel sent '$want'" | tap_diag
		tap_ok $st "$flavour: $d: traced legacy DEVPATH equals the legacy kernel's (${want:-none})"
	done
	# The disks' device links: the legacy kernel's /sys/block/*/device.
	tlinks=$(sed -n 's/^# traced-legacy-link //p' "$out")
	for d in vda sda loop1; do
		t=$(awk -v d=$d '$1 == d { print $2 "." }' <<<"$tlinks")
		want=$(awk -v d=$d '$1 == d { print $2 "." }' <<<"$klinks")
		[ -n "$t" ] && [ "$t" = "$want" ]
		st=$?
		[ $st -eq 0 ] || echo "traced '$t', legacy kernel has '$want' ('.' ends the value)" | tap_diag
		label=${want%.}
		[ -n "$want" ] || label="not reported"
		tap_ok $st "$flavour: $d: traced device link equals the legacy kernel's (${label:-no link})"
	done
done
tap_done
