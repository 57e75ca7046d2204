# kobject:kobject_uevent (sysfs_audit:sysfs_audit_uevent on the patched 6.1,
# booted with sysfs_audit.env.TP_SYSTEM=sysfs_audit) enabled from the kernel
# command line (trace_event=SYSTEM:EVENT): the records of the whole boot
# (no injected uevents at boot: kobject_uevent alone accounts for them).
# Userspace cannot make a kobject without kset send a uevent, but the kernel
# does so at boot, when it registers its top-level ksets (/sys/devices,
# /sys/bus, ...): those calls fail with -EINVAL before anything is built.
. /tests/ktap.sh

T=/sys/kernel/tracing
SYS=${TP_SYSTEM:-kobject}
EV=${SYS}_uevent

rec_field() {
	echo "$2" | awk '{ i = index($0, " env="); print i ? substr($0, 1, i - 1) : $0 }' |
		sed -n "s/.* $1=\([^ ]*\).*/\1/p"
}

ktap_plan 5
check_eq "the event was enabled at boot" "$(cat $T/events/$SYS/$EV/enable)" 1
nseq=$(cat /sys/kernel/uevent_seqnum)
echo 0 >$T/events/$SYS/$EV/enable
overrun=$(sed -n 's/^overrun: //p' $T/per_cpu/cpu0/stats)
check_eq "the boot records all fit in the buffer (no overrun)" "$overrun" 0

grep "$EV: " $T/trace >/tmp/boot
diag "boot records: $(grep -c . /tmp/boot), buffer_size_kb $(cat $T/buffer_size_kb)"
grep ' stage=no_kset ' /tmp/boot | sed "s/ env=.*//; s/^.*$EV: /# no kset: /"
nokset=$(grep -c "$EV: kobj=[^ ]* action=[a-z]* seqnum=0 stage=no_kset ret=-22 netns=0 len=0 cut=0 env=\$" /tmp/boot)
check "kobjects without kset are recorded (stage=no_kset ret=-22, nothing built)" test "$nokset" -gt 0
# devices_kset is the first kset the kernel registers (devices_init()).
rec=$(grep "$EV: kobj=devices action=add " /tmp/boot | head -n 1)
check_eq "registering /sys/devices is one of them" \
	"$(rec_field seqnum "$rec") $(rec_field stage "$rec") $(rec_field ret "$rec")" "0 no_kset -22"

# Every SEQNUM the boot used appears in exactly one record.
awk '{ i = index($0, " env="); print substr($0, 1, i) }' /tmp/boot |
	grep -o " seqnum=[1-9][0-9]* " | tr -d ' ' | cut -d= -f2 | sort -n |
	awk -v n="$nseq" '$1 <= n' >/tmp/seqs
seq 1 "$nseq" >/tmp/want
diag "uevent_seqnum $nseq, records with a SEQNUM up to it: $(grep -c . /tmp/seqs)"
check "every SEQNUM since boot has exactly one record" cmp -s /tmp/seqs /tmp/want
