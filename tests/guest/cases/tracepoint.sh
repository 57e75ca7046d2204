# kobject:kobject_uevent through tracefs alone (no BPF): one record per
# uevent, with the DEVPATH, ACTION and SEQNUM that netlink listeners see.
. /tests/ktap.sh

T=/sys/kernel/tracing
E=$T/events/kobject/kobject_uevent

ktap_plan 10
check "tracefs is mounted" test -e $T/trace
check "kobject:kobject_uevent exists" test -d $E
for f in devpath subsystem seqnum action ret; do
	grep -q "field:.* $f;" $E/format || grep -q "field:__data_loc char\[\] $f;" $E/format ||
		{ diag "no field $f in format"; missing=1; }
done
check_eq "format carries devpath, subsystem, seqnum, action, ret" "${missing:-0}" 0

echo 1 >$E/enable
echo >$T/trace
trigger_uevent /sys/class/block/vda change /tmp/ev
echo 0 >$E/enable

seq=$(ev_get SEQNUM /tmp/ev)
devpath=$(ev_get DEVPATH /tmp/ev)
diag "netlink: $(cat /tmp/ev)"
grep kobject_uevent $T/trace | sed 's/^/# trace: /'
rec=$(grep "kobject_uevent: .* seqnum=$seq " $T/trace)
check_eq "one trace record carries the event's SEQNUM" "$(echo "$rec" | grep -c .)" 1
check "SEQNUM is a number" test "$seq" -gt 0
check_eq "trace action" "$(echo "$rec" | sed -n 's/.* action=\([^ ]*\).*/\1/p')" change
check_eq "trace devpath" "$(echo "$rec" | sed -n 's/.* devpath=\([^ ]*\).*/\1/p')" "$devpath"
check_eq "trace subsystem" "$(echo "$rec" | sed -n 's/.* subsystem=\([^ ]*\).*/\1/p')" block
check_eq "trace result is sent (ret=0)" "$(echo "$rec" | sed -n 's/.* ret=\(-\?[0-9]*\).*/\1/p')" 0

# Disabled again: a further event -- that netlink did see -- leaves no record.
echo >$T/trace
trigger_uevent /sys/class/block/vda change /tmp/ev2
seq2=$(ev_get SEQNUM /tmp/ev2)
[ -n "$seq2" ] && [ -n "$seq" ] && [ "$seq2" -gt "$seq" ] && fired=yes
check_eq "no record while disabled (event $seq2 on netlink: ${fired:-no})" \
	"$(grep -c 'kobject_uevent:' $T/trace):${fired:-no}" 0:yes
