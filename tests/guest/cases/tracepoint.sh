# kobject:kobject_uevent through tracefs alone (no BPF): exactly one record
# per call of kobject_uevent_env(), whatever became of the event, carrying
# the environment that netlink listeners see.
#
# Paths provoked here from userspace: an event sent (change on vda), one
# dropped by the kset's filter (a device without bus or class), one
# dropped by uevent_suppress (device_add_disk() adds the disk suppressed),
# a caller key that does not fit (synthetic uevent arguments) and a SEQNUM
# key that does not fit (the SEQNUM is used up: the gap an auditor wants
# explained). tracepoint-boot.sh covers the kobject without kset.
. /tests/ktap.sh

T=/sys/kernel/tracing
E=$T/events/kobject/kobject_uevent

# Fields of a record line: rec_field NAME LINE (env= comes last, may hold
# spaces, and is cut off first).
rec_field() {
	echo "$2" | sed 's/ env=.*//' | sed -n "s/.* $1=\([^ ]*\).*/\1/p"
}
rec_env() {
	echo "$1" | sed -n 's/.* env=//p'
}
nkeys() {
	echo "$1" | tr ' ' '\n' | grep -c .
}
# synth_args N: a UUID and N KEY=VALUE pairs for a synthetic uevent.
synth_args() {
	printf '%s' 00000000-0000-0000-0000-000000000000
	i=0
	while [ $i -lt "$1" ]; do
		printf ' k%d=1' $i
		i=$((i + 1))
	done
}

ktap_plan 29
check "tracefs is mounted" test -e $T/trace
check "kobject:kobject_uevent exists" test -d $E
for f in devpath subsystem seqnum action ret name env; do
	grep -q "field:.* $f;" $E/format || grep -q "field:__data_loc char\[\] $f;" $E/format ||
		{ diag "no field $f in format"; missing=1; }
done
check_eq "format carries devpath, subsystem, seqnum, action, ret, name, env" "${missing:-0}" 0

echo 1 >$E/enable
echo >$T/trace
s_start=$(cat /sys/kernel/uevent_seqnum)

# 1. A sent event: the record matches what the netlink socket delivered.
trigger_uevent /sys/class/block/vda change /tmp/ev
seq=$(ev_get SEQNUM /tmp/ev)
devpath=$(ev_get DEVPATH /tmp/ev)
diag "netlink: $(cat /tmp/ev)"
rec=$(grep "kobject_uevent: kobj=vda .* seqnum=$seq " $T/trace)
diag "trace: $rec"
check_eq "one trace record carries the event's SEQNUM" "$(echo "$rec" | grep -c .)" 1
check "SEQNUM is a number" test "$seq" -gt 0
check_eq "trace action" "$(rec_field action "$rec")" change
check_eq "trace devpath" "$(rec_field devpath "$rec")" "$devpath"
check_eq "trace subsystem" "$(rec_field subsystem "$rec")" block
check_eq "trace result is no error (ret=0)" "$(rec_field ret "$rec")" 0
check_eq "trace env holds exactly the keys netlink delivered" \
	"$(rec_env "$rec" | tr ' ' '\n' | sort)" "$(tr ' ' '\n' </tmp/ev | sort)"
keys=$(nkeys "$(cat /tmp/ev)")

# 2. Dropped by the kset's filter: /sys/devices/platform has no bus and no
# class, so dev_uevent_filter() rejects it before any SEQNUM is taken.
s0=$(cat /sys/kernel/uevent_seqnum)
echo change >/sys/devices/platform/uevent
rec=$(grep "kobject_uevent: kobj=platform " $T/trace)
diag "trace: $rec"
check_eq "filtered event: one record" "$(echo "$rec" | grep -c .)" 1
check_eq "filtered event: seqnum=0 ret=0" \
	"$(rec_field seqnum "$rec") $(rec_field ret "$rec")" "0 0"
check_eq "filtered event: no devpath, no subsystem, empty env" \
	"$(rec_field devpath "$rec") $(rec_field subsystem "$rec") [$(rec_env "$rec")]" \
	"(null) (null) []"
check_eq "filtered event: no SEQNUM used" "$(cat /sys/kernel/uevent_seqnum)" "$s0"

# 3. Dropped by uevent_suppress: device_add_disk() adds the disk with
# uevents suppressed and announces it once its partitions are scanned.
modprobe scsi_debug
i=0
while ! grep -q "kobject_uevent: kobj=sda action=add .* seqnum=[1-9]" $T/trace &&
	[ $i -lt 200 ]; do
	usleep 50000
	i=$((i + 1))
done
recs=$(grep "kobject_uevent: kobj=sda action=add " $T/trace)
echo "$recs" | sed 's/^/# trace: /'
first=$(echo "$recs" | head -n 1)
last=$(echo "$recs" | tail -n 1)
check_eq "suppressed add of sda recorded first: seqnum=0 ret=0 devpath=(null)" \
	"$(rec_field seqnum "$first") $(rec_field ret "$first") $(rec_field devpath "$first")" \
	"0 0 (null)"
check_eq "suppressed add has an empty env" "[$(rec_env "$first")]" "[]"
check "then the announced add of sda has a SEQNUM" test "$(rec_field seqnum "$last")" -gt 0
check_eq "announced add: ret=0, env names the disk" \
	"$(rec_field ret "$last") $(rec_env "$last" | tr ' ' '\n' | grep -c '^DEVNAME=sda$')" "0 1"

# 4. A caller key that does not fit: 62 synthetic keys plus ACTION, DEVPATH
# and SUBSYSTEM exceed the 64 keys of an environment. No SEQNUM is taken.
s0=$(cat /sys/kernel/uevent_seqnum)
n=61
synth_args $n >/tmp/args
echo "change $(cat /tmp/args)" >/sys/class/block/vda/uevent 2>/dev/null
check "write of an oversized synthetic uevent fails" test $? -ne 0
rec=$(grep "kobject_uevent: kobj=vda .* ret=-12 " $T/trace | grep " seqnum=0 ")
diag "trace: $(echo "$rec" | cut -c1-200)..."
check_eq "caller keys overflow: one record, seqnum=0 ret=-12" "$(echo "$rec" | grep -c .)" 1
check_eq "caller keys overflow: env holds the 64 keys that fit" "$(nkeys "$(rec_env "$rec")")" 64
check_eq "caller keys overflow: no SEQNUM used" "$(cat /sys/kernel/uevent_seqnum)" "$s0"

# 5. A SEQNUM that does not fit: as many synthetic keys as leave exactly
# no room for SEQNUM after the kset's keys. Event 1 had ACTION, DEVPATH,
# SUBSYSTEM, SYNTH_UUID (a plain synthetic "change" carries SYNTH_UUID=0),
# the kset's keys and SEQNUM: with n more keys, n = 65 - keys fills all 64
# slots before SEQNUM. The number is used up, nothing reaches netlink, and
# the record explains the gap.
n=$((65 - keys))
synth_args $n >/tmp/args
s0=$(cat /sys/kernel/uevent_seqnum)
rm -f /tmp/ueventmon.ready
ueventmon -r /tmp/ueventmon.ready -n 1 -t 3 -m vda >/tmp/ev5 &
pid=$!
i=0
while [ ! -e /tmp/ueventmon.ready ] && [ $i -lt 500 ]; do
	usleep 10000
	i=$((i + 1))
done
echo "change $(cat /tmp/args)" >/sys/class/block/vda/uevent 2>/dev/null
check "write of a synthetic uevent without room for SEQNUM fails" test $? -ne 0
wait $pid
s1=$(cat /sys/kernel/uevent_seqnum)
check_eq "the SEQNUM was used up" "$s1" "$((s0 + 1))"
check_eq "netlink saw no event" "$(grep -c . /tmp/ev5)" 0
rec=$(grep "kobject_uevent: kobj=vda .* seqnum=$s1 " $T/trace)
diag "trace: $(echo "$rec" | cut -c1-200)..."
check_eq "the lost SEQNUM has one record, ret=-12" \
	"$(echo "$rec" | grep -c .) $(rec_field ret "$rec")" "1 -12"
check_eq "its env is full (64 keys) and holds no SEQNUM" \
	"$(nkeys "$(rec_env "$rec")") $(rec_env "$rec" | tr ' ' '\n' | grep -c '^SEQNUM=')" "64 0"

# 6. Every SEQNUM used while tracing appears in exactly one record.
s_end=$(cat /sys/kernel/uevent_seqnum)
grep -o " seqnum=[1-9][0-9]* " $T/trace | tr -d ' ' | cut -d= -f2 | sort -n >/tmp/seqs
seq $((s_start + 1)) "$s_end" >/tmp/want
diag "SEQNUMs $((s_start + 1))..$s_end, records with a SEQNUM: $(grep -c . /tmp/seqs)"
check "every SEQNUM used has exactly one record" cmp -s /tmp/seqs /tmp/want
echo 0 >$E/enable

# Disabled again: a further event -- that netlink did see -- leaves no record.
echo >$T/trace
trigger_uevent /sys/class/block/vda change /tmp/ev2
seq2=$(ev_get SEQNUM /tmp/ev2)
[ -n "$seq2" ] && [ -n "$seq" ] && [ "$seq2" -gt "$seq" ] && fired=yes
check_eq "no record while disabled (event $seq2 on netlink: ${fired:-no})" \
	"$(grep -c 'kobject_uevent:' $T/trace):${fired:-no}" 0:yes
