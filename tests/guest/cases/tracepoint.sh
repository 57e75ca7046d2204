# The uevent events of our series (v4: kobject:* of the mainline series on
# 6.12, the same records as sysfs_audit:* of the local series on 6.1; below
# named after the mainline ones), through tracefs alone (no BPF), on the
# patched 6.1 and 6.12 kernels. The contract under test:
#  - kobject:kobject_uevent fires once per call of kobject_uevent_env() and
#    kobject:kobject_uevent_injected once per uevent injected through the
#    netlink socket; every SEQNUM consumed is in exactly one of them;
#  - env is the environment as the listeners got it, NUL-separated (tracefs
#    prints NUL as \0), so a value with spaces round-trips;
#  - stage names where the event ended, ret the error there;
#  - with a uevent helper, kobject_uevent still holds the listeners' keys
#    and kobject:kobject_uevent_helper reports the helper apart.
#
# Paths provoked here from userspace: an event sent (change on vda), one
# dropped by the kset's filter (a device without bus or class), one
# dropped by uevent_suppress (device_add_disk() adds the disk suppressed),
# a caller key that does not fit (synthetic uevent arguments), a SEQNUM
# key that does not fit (the SEQNUM is used up: the gap an auditor wants
# explained), an injected uevent and an injected one too big, and an event
# with the helper set. tracepoint-boot.sh covers the kobject without kset.
. /tests/ktap.sh

T=/sys/kernel/tracing
# The trace system: kobject (the mainline series, patched 6.12) or
# sysfs_audit (the local 6.1 series, the same events named
# sysfs_audit_uevent...; the guest is booted with
# sysfs_audit.env.TP_SYSTEM=sysfs_audit).
SYS=${TP_SYSTEM:-kobject}
EV=${SYS}_uevent
case $SYS in
kobject) OTHER=sysfs_audit ;;
*) OTHER=kobject ;;
esac
E=$T/events/$SYS

# Fields of a record line: rec_field NAME LINE (env= comes last, may hold
# spaces, and is cut off first).
rec_field() {
	echo "$2" | awk '{ i = index($0, " env="); print i ? substr($0, 1, i - 1) : $0 }' |
		sed -n "s/.* $1=\([^ ]*\).*/\1/p"
}
# rec_env LINE: the record's environment, one NUL-terminated string a line.
# The record's text (v5): printable ASCII but the backslash is itself, any
# other byte a backslash and three octal digits (NUL \000, newline \012,
# backslash \134); undone here, NUL and newline as line ends.
rec_env() {
	echo "$1" | awk '{ i = index($0, " env="); s = substr($0, i + 5); o = "";
		for (j = 1; j <= length(s); j++) {
			c = substr(s, j, 1);
			if (c == "\\" && substr(s, j + 1, 3) ~ /^[0-7][0-7][0-7]$/) {
				v = substr(s, j + 1, 1) * 64 + substr(s, j + 2, 1) * 8 + substr(s, j + 3, 1);
				j += 3;
				c = v == 0 || v == 10 ? "\n" : sprintf("%c", v);
			}
			o = o c;
		}
		printf "%s", o }'
}
nkeys() {
	rec_env "$1" | grep -c .
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

ktap_plan 46
check "tracefs is mounted" test -e $T/trace
for ev in $EV ${EV}_injected ${EV}_helper; do
	test -d $E/$ev || { diag "no event $ev"; missing=1; }
done
check_eq "$SYS: $EV, ${EV}_injected and ${EV}_helper exist" "${missing:-0}" 0
check "the other series' events ($OTHER) are not in this kernel" test ! -e $T/events/$OTHER
fmt=$(cat $E/$EV/format)
missing=
for f in seqnum action stage ret; do
	echo "$fmt" | grep -q "field:.* $f;" || { diag "no field $f"; missing=1; }
done
echo "$fmt" | grep -q 'field:__data_loc char\[\] kobj;' || { diag "no kobj string"; missing=1; }
echo "$fmt" | grep -q 'field:__data_loc char\[\] env;' || { diag "no env array"; missing=1; }
check_eq "$EV carries seqnum, action, stage, ret, kobj and the env array" "${missing:-0}" 0
echo "$fmt" | grep -q 'devpath;\|subsystem;'
check_eq "... and no separate devpath or subsystem field" $? 1

echo 1 >$E/enable
echo >$T/trace
s_start=$(cat /sys/kernel/uevent_seqnum)

# 1. A sent event: the record matches what the netlink socket delivered.
trigger_uevent /sys/class/block/vda change /tmp/ev
seq=$(ev_get SEQNUM /tmp/ev)
diag "netlink: $(cat /tmp/ev)"
rec=$(grep "$EV: kobj=vda .* seqnum=$seq " $T/trace)
diag "trace: $rec"
check_eq "one trace record carries the event's SEQNUM" "$(echo "$rec" | grep -c .)" 1
check "SEQNUM is a number" test "$seq" -gt 0
check_eq "trace action" "$(rec_field action "$rec")" change
check_eq "sent: stage=broadcast ret=0" "$(rec_field stage "$rec") $(rec_field ret "$rec")" "broadcast 0"
check_eq "trace env holds exactly the keys netlink delivered" \
	"$(rec_env "$rec" | sort)" "$(tr ' ' '\n' </tmp/ev | sort)"
keys=$(nkeys "$rec")

# 2. Dropped by the kset's filter: /sys/devices/platform has no bus and no
# class, so dev_uevent_filter() rejects it before any SEQNUM is taken.
s0=$(cat /sys/kernel/uevent_seqnum)
echo change >/sys/devices/platform/uevent
rec=$(grep "$EV: kobj=platform " $T/trace)
diag "trace: $rec"
check_eq "filtered event: one record" "$(echo "$rec" | grep -c .)" 1
check_eq "filtered event: seqnum=0 stage=filtered ret=0" \
	"$(rec_field seqnum "$rec") $(rec_field stage "$rec") $(rec_field ret "$rec")" "0 filtered 0"
check_eq "filtered event: empty env" "[$(rec_env "$rec")]" "[]"
check_eq "filtered event: no SEQNUM used" "$(cat /sys/kernel/uevent_seqnum)" "$s0"

# 3. Dropped by uevent_suppress: device_add_disk() adds the disk with
# uevents suppressed and announces it once its partitions are scanned.
modprobe scsi_debug
i=0
while ! grep -q "$EV: kobj=sda action=add seqnum=[1-9]" $T/trace &&
	[ $i -lt 200 ]; do
	usleep 50000
	i=$((i + 1))
done
recs=$(grep "$EV: kobj=sda action=add " $T/trace)
echo "$recs" | cut -c1-200 | sed 's/^/# trace: /'
first=$(echo "$recs" | head -n 1)
last=$(echo "$recs" | tail -n 1)
check_eq "suppressed add of sda recorded first: seqnum=0 stage=suppressed ret=0" \
	"$(rec_field seqnum "$first") $(rec_field stage "$first") $(rec_field ret "$first")" \
	"0 suppressed 0"
check_eq "suppressed add has an empty env" "[$(rec_env "$first")]" "[]"
check "then the announced add of sda has a SEQNUM" test "$(rec_field seqnum "$last")" -gt 0
check_eq "announced add: broadcast, ret=0, env names the disk" \
	"$(rec_field stage "$last") $(rec_field ret "$last") $(rec_env "$last" | grep -c '^DEVNAME=sda$')" \
	"broadcast 0 1"

# 4. A caller key that does not fit: 62 synthetic keys plus ACTION, DEVPATH
# and SUBSYSTEM exceed the 64 keys of an environment. No SEQNUM is taken.
s0=$(cat /sys/kernel/uevent_seqnum)
synth_args 61 >/tmp/args
echo "change $(cat /tmp/args)" >/sys/class/block/vda/uevent 2>/dev/null
check "write of an oversized synthetic uevent fails" test $? -ne 0
rec=$(grep "$EV: kobj=vda .* seqnum=0 stage=caller_keys ret=-12 " $T/trace)
diag "trace: $(echo "$rec" | cut -c1-200)..."
check_eq "caller keys overflow: one record, seqnum=0 stage=caller_keys ret=-12" \
	"$(echo "$rec" | grep -c .)" 1
check_eq "caller keys overflow: env holds the 64 keys that fit" "$(nkeys "$rec")" 64
check_eq "caller keys overflow: no SEQNUM used" "$(cat /sys/kernel/uevent_seqnum)" "$s0"

# 5. A SEQNUM that does not fit: as many synthetic keys as leave exactly
# no room for SEQNUM after the kset's keys. Event 1 had ACTION, DEVPATH,
# SUBSYSTEM, SYNTH_UUID (a plain synthetic "change" carries SYNTH_UUID=0),
# the kset's keys and SEQNUM: with n more keys, n = 65 - keys fills all 64
# slots before SEQNUM. The number is used up, nothing reaches netlink, and
# the record explains the gap.
synth_args $((65 - keys)) >/tmp/args
s0=$(cat /sys/kernel/uevent_seqnum)
rm -f /tmp/ueventmon.ready
ueventmon -r /tmp/ueventmon.ready -n 1 -t 3 -m vda >/tmp/ev5 &
pid=$!
wait_file /tmp/ueventmon.ready
echo "change $(cat /tmp/args)" >/sys/class/block/vda/uevent 2>/dev/null
check "write of a synthetic uevent without room for SEQNUM fails" test $? -ne 0
wait $pid
s1=$(cat /sys/kernel/uevent_seqnum)
check_eq "the SEQNUM was used up" "$s1" "$((s0 + 1))"
check_eq "netlink saw no event" "$(grep -c . /tmp/ev5)" 0
rec=$(grep "$EV: kobj=vda .* seqnum=$s1 " $T/trace)
diag "trace: $(echo "$rec" | cut -c1-200)..."
check_eq "the lost SEQNUM has one record, stage=seqnum_key ret=-12" \
	"$(echo "$rec" | grep -c .) $(rec_field stage "$rec") $(rec_field ret "$rec")" "1 seqnum_key -12"
check_eq "its env is full (64 keys) and holds no SEQNUM" \
	"$(nkeys "$rec") $(rec_env "$rec" | grep -c '^SEQNUM=')" "64 0"

# 6. A uevent injected through the netlink socket (uevent_net_rcv_skb()):
# it consumes a SEQNUM without kobject_uevent_env(). A value with spaces
# and quotes must come out of the record as the listener got it.
s0=$(cat /sys/kernel/uevent_seqnum)
uinject change@/devices/virtual/sa_inject ACTION=change DEVPATH=/devices/virtual/sa_inject \
	SUBSYSTEM=sa_test 'NAME="QEMU Virtio Keyboard" has spaces' >/tmp/inj
st=$?
diag "uinject got back: $(tr '\n' '|' </tmp/inj)"
check_eq "injected: the kernel broadcast it back to us" "$st" 0
iseq=$(sed -n 's/^SEQNUM=//p' /tmp/inj)
check_eq "injected: it consumed the next SEQNUM" "$iseq $(cat /sys/kernel/uevent_seqnum)" \
	"$((s0 + 1)) $((s0 + 1))"
rec=$(grep "${EV}_injected: seqnum=$iseq " $T/trace)
diag "trace: $rec"
check_eq "injected: one record, stage=broadcast ret=0" \
	"$(echo "$rec" | grep -c .) $(rec_field stage "$rec") $(rec_field ret "$rec")" "1 broadcast 0"
check_eq "injected: env is the message as the listener got it, SEQNUM appended" \
	"$(rec_env "$rec")" "$(cat /tmp/inj)"
check_eq "injected: the value with spaces round-trips" \
	"$(rec_env "$rec" | grep -c '^NAME="QEMU Virtio Keyboard" has spaces$')" 1
check_eq "injected: len is the bytes broadcast" "$(rec_field len "$rec")" \
	"$(awk '{ n += length($0) + 1 } END { print n }' /tmp/inj)"

# 7. An injected message too big for a uevent buffer: refused with -EINVAL
# after its SEQNUM was taken (uevent_net_broadcast() checks the size only
# then), so it needs -- and gets -- a record of its own.
big=$(head -c 2100 /dev/zero | tr '\0' x)
s0=$(cat /sys/kernel/uevent_seqnum)
uinject change@/devices/virtual/sa_inject "BIG=$big" >/tmp/inj2
st=$?
check_eq "injected, too big: refused with -EINVAL" "$st $(cat /tmp/inj2)" "4 error -22"
s1=$(cat /sys/kernel/uevent_seqnum)
check_eq "injected, too big: a SEQNUM was used up" "$s1" "$((s0 + 1))"
rec=$(grep "${EV}_injected: seqnum=$s1 " $T/trace)
diag "trace: $(echo "$rec" | cut -c1-160)..."
check_eq "injected, too big: one record, stage=too_big ret=-22, len of the message" \
	"$(echo "$rec" | grep -c .) $(rec_field stage "$rec") $(rec_field ret "$rec") $(rec_field len "$rec")" \
	"1 too_big -22 $((33 + 1 + 4 + 2100 + 1))"
check_eq "injected, too big: env starts with the message's header" \
	"$(rec_env "$rec" | head -n 1)" change@/devices/virtual/sa_inject

# 8. The uevent helper (CONFIG_UEVENT_HELPER, unset until now): the event's
# record still holds what netlink delivered, taken before the helper adds
# HOME, PATH and its argument; the helper has its own record.
check "the kernel has a uevent helper setting" test -e /sys/kernel/uevent_helper
printf '#!/bin/sh\nenv >/tmp/helper.$SEQNUM.tmp\nmv /tmp/helper.$SEQNUM.tmp /tmp/helper.$SEQNUM\n' \
	>/tmp/helper
chmod 755 /tmp/helper
echo /tmp/helper >/sys/kernel/uevent_helper
trigger_uevent /sys/class/block/vda change /tmp/evh
echo >/sys/kernel/uevent_helper
hseq=$(ev_get SEQNUM /tmp/evh)
rec=$(grep "$EV: kobj=vda .* seqnum=$hseq " $T/trace)
diag "trace: $rec"
check_eq "helper set: the event's record is stage=broadcast ret=0" \
	"$(rec_field stage "$rec") $(rec_field ret "$rec")" "broadcast 0"
check_eq "helper set: its env is exactly what netlink delivered (no HOME, PATH)" \
	"$(rec_env "$rec" | sort)" "$(tr ' ' '\n' </tmp/evh | sort)"
hrec=$(grep "${EV}_helper: kobj=vda seqnum=$hseq " $T/trace)
diag "trace: $hrec"
check_eq "helper set: the helper's record follows, stage=helper_exec ret=0" \
	"$(echo "$hrec" | grep -c .) $(rec_field stage "$hrec") $(rec_field ret "$hrec")" \
	"1 helper_exec 0"
wait_file /tmp/helper.$hseq
check_eq "the helper ran with the event's keys plus HOME and PATH" \
	"$(grep -c "^SEQNUM=$hseq\$\|^HOME=/\$\|^PATH=/sbin:/bin:/usr/sbin:/usr/bin\$" /tmp/helper.$hseq)" 3

# 9. Every SEQNUM used while tracing is in exactly one kobject_uevent or
# kobject_uevent_injected record: sent, failed and injected alike, and the
# filtered and suppressed events took none.
s_end=$(cat /sys/kernel/uevent_seqnum)
grep "$EV: \|${EV}_injected: " $T/trace |
	awk '{ i = index($0, " env="); print substr($0, 1, i) }' |
	grep -o " seqnum=[1-9][0-9]* " | tr -d ' ' | cut -d= -f2 | sort -n >/tmp/seqs
seq $((s_start + 1)) "$s_end" >/tmp/want
diag "SEQNUMs $((s_start + 1))..$s_end, records with a SEQNUM: $(grep -c . /tmp/seqs)"
check "every SEQNUM used has exactly one record" cmp -s /tmp/seqs /tmp/want
bad=0
for s in $(grep "${EV}_helper: " $T/trace | grep -o ' seqnum=[0-9]*' | cut -d= -f2); do
	grep -qx "$s" /tmp/seqs || bad=1
done
check_eq "helper records name only SEQNUMs that have their own record" $bad 0
echo 0 >$E/enable

# Disabled again: a further event -- that netlink did see -- leaves no record.
echo >$T/trace
trigger_uevent /sys/class/block/vda change /tmp/ev2
seq2=$(ev_get SEQNUM /tmp/ev2)
[ -n "$seq2" ] && [ -n "$seq" ] && [ "$seq2" -gt "$seq" ] && fired=yes
check_eq "no record while disabled (event $seq2 on netlink: ${fired:-no})" \
	"$(grep -c "$EV" $T/trace):${fired:-no}" 0:yes
dmesg | grep -i "$EV" | grep -qi 'unsafe\|too many'
check_eq "the events' print formats passed the kernel's check (no warning)" $? 1
