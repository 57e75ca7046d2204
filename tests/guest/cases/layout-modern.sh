# The modern block layout: what the patched kernel must always give, whatever
# sysfs.deprecated= says, and what the legacy kernel gives without it.
. /tests/ktap.sh

ktap_plan 9
diag "cmdline: $(cat /proc/cmdline)"

check "/sys/class/block exists" test -d /sys/class/block
check "/sys/class/block lists vda, vda1, vda2" \
	test -e /sys/class/block/vda -a -e /sys/class/block/vda1 -a -e /sys/class/block/vda2
check "/sys/class/block lists loop0" test -e /sys/class/block/loop0

n=0 bad=
for e in /sys/block/*; do
	n=$((n + 1))
	[ -L "$e" ] || bad="$bad ${e##*/}"
done
diag "/sys/block has $n entries"
check "/sys/block is populated" test "$n" -ge 9
check_eq "every /sys/block entry is a symlink" "${bad:-none}" none

target=$(readlink -f /sys/block/vda)
case "$target" in
/sys/devices/*/block/vda) r=0 ;;
*) r=1; diag "/sys/block/vda -> $target" ;;
esac
ktap_result $r "/sys/block/vda points into /sys/devices"
check "partitions are not listed in /sys/block" test ! -e /sys/block/vda1

trigger_uevent /sys/class/block/vda change /tmp/ev
devpath=$(ev_get DEVPATH /tmp/ev)
case "$devpath" in
/devices/*/block/vda) r=0 ;;
*) r=1; diag "DEVPATH=$devpath" ;;
esac
ktap_result $r "block uevent DEVPATH is under /devices"
check_eq "block uevent SUBSYSTEM" "$(ev_get SUBSYSTEM /tmp/ev)" block
