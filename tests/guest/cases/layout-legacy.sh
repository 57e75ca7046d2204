# The deprecated block layout, on the unpatched kernel booted with
# sysfs.deprecated=1: the oracle for the legacy paths the tracer reconstructs.
. /tests/ktap.sh
. /tests/workload.sh	# scsi_add, the partitioned loop image, settle

ktap_plan 18
check "booted with sysfs.deprecated=1" grep -qw 'sysfs.deprecated=1' /proc/cmdline
check "no /sys/class/block" test ! -e /sys/class/block

# The workload's SCSI disk (two partitions) and partitioned loop device, so
# their legacy layout can be compared with what the tracer reconstructs.
scsi_add >/dev/null 2>&1
losetup -P /dev/loop1 /tmp/loop.img
settle
diag "/sys/block: $(ls /sys/block | tr '\n' ' ')"

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
check "sda and its partitions sda1, sda2 are nested directories in /sys/block" \
	test -d /sys/block/sda -a ! -L /sys/block/sda -a -d /sys/block/sda/sda1 -a -d /sys/block/sda/sda2
check "sda's device link points at its SCSI device" \
	sh -c 'readlink -f /sys/block/sda/device | grep -q "^/sys/devices/.*/[0-9]*:[0-9]*:[0-9]*:[0-9]*$"'
check "loop1's partition loop1p1 is nested in /sys/block/loop1" \
	test -d /sys/block/loop1/loop1p1 -a ! -e /sys/block/loop1p1
check "loop1 has no device link (no parent device)" test ! -e /sys/block/loop1/device -a -d /sys/block/loop1

# Every disk's device link target, for the host's comparison (30-trace.t).
# (readlink -f resolves a missing last component too: test for the link.)
for e in /sys/block/*; do
	t=
	[ -L "$e/device" ] && t=$(readlink -f "$e/device")
	diag "kernel-legacy-link ${e##*/} ${t:+${t#/sys}}"
done

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

for d in sda sda1 sda2 loop1 loop1p1; do
	dir=/sys/block/$d
	case $d in *[0-9]p[0-9]*) dir=/sys/block/${d%p*}/$d ;; sd?[0-9]*) dir=/sys/block/${d%%[0-9]*}/$d ;; esac
	trigger_uevent $dir change /tmp/ev
	diag "kernel-legacy-devpath $d $(ev_get DEVPATH /tmp/ev)"
	case $d in
	sda1) check_eq "SCSI partition uevent DEVPATH (sda1)" "$(ev_get DEVPATH /tmp/ev)" /block/sda/sda1 ;;
	loop1p1) check_eq "loop partition uevent DEVPATH (loop1p1)" "$(ev_get DEVPATH /tmp/ev)" \
		/block/loop1/loop1p1 ;;
	esac
done

# Without tracefs the check below would pass for the wrong reason.
check "no uevent tracepoint on the unpatched kernel (tracefs is mounted)" \
	sh -c 'test -e /sys/kernel/tracing/available_events &&
	       test ! -e /sys/kernel/tracing/events/kobject/kobject_uevent &&
	       test ! -e /sys/kernel/tracing/events/sysfs_audit'
