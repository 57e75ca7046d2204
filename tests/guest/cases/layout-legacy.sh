# The deprecated block layout, on the unpatched kernel booted with
# sysfs.deprecated=1: the oracle for the legacy paths the tracer reconstructs.
. /tests/ktap.sh

ktap_plan 12
check "booted with sysfs.deprecated=1" grep -qw 'sysfs.deprecated=1' /proc/cmdline
check "no /sys/class/block" test ! -e /sys/class/block

n=0 bad=
for e in /sys/block/*; do
	n=$((n + 1))
	{ [ -d "$e" ] && [ ! -L "$e" ]; } || bad="$bad ${e##*/}"
done
diag "/sys/block has $n entries"
check "/sys/block is populated" test "$n" -ge 9
check_eq "every /sys/block entry is a real directory" "${bad:-none}" none
check "partition vda1 is nested in /sys/block/vda" test -d /sys/block/vda/vda1 -a ! -L /sys/block/vda/vda1
check "disk's device link points at the virtio device" \
	sh -c 'readlink -f /sys/block/vda/device | grep -q "^/sys/devices/.*/virtio[0-9]*$"'

# The DEVPATHs are also printed for the host, which compares them with what
# the tracer reconstructs on the patched kernel (tests/guest/30-trace.t).
trigger_uevent /sys/block/vda change /tmp/ev
check_eq "disk uevent DEVPATH" "$(ev_get DEVPATH /tmp/ev)" /block/vda
check_eq "disk uevent SUBSYSTEM" "$(ev_get SUBSYSTEM /tmp/ev)" block
diag "kernel-legacy-devpath vda $(ev_get DEVPATH /tmp/ev)"

trigger_uevent /sys/block/vda/vda1 change /tmp/ev
check_eq "partition uevent DEVPATH (vda1)" "$(ev_get DEVPATH /tmp/ev)" /block/vda/vda1
diag "kernel-legacy-devpath vda1 $(ev_get DEVPATH /tmp/ev)"

trigger_uevent /sys/block/vda/vda2 change /tmp/ev
check_eq "partition uevent DEVPATH (vda2)" "$(ev_get DEVPATH /tmp/ev)" /block/vda/vda2
check_eq "partition uevent DEVTYPE" "$(ev_get DEVTYPE /tmp/ev)" partition
diag "kernel-legacy-devpath vda2 $(ev_get DEVPATH /tmp/ev)"

check "no kobject tracepoint on the unpatched kernel" \
	test ! -e /sys/kernel/tracing/events/kobject/kobject_uevent
