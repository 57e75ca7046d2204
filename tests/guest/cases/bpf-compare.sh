# What BPF can see of uevents without the kobject tracepoints (issue 29),
# measured: bpfcmp attaches every hook a tool could use on a stock kernel
# (and, on the patched one, our tracepoints for reference), a workload
# provokes each class of uevent the tracepoints are meant to explain, and
# each (class, hook) cell of the table says what the hook saw:
#
#   seq   the event, with the SEQNUM it consumed
#   ev    the event, without a SEQNUM (it consumed none, or the hook
#         fires before it is assigned)
#   -     nothing of it
#
# A hook that cannot attach has no cells: its attach line holds the errno
# the kernel answered (and the step: btf, load, attach). Every attach
# result and every cell is checked against what this kernel is expected to
# do (BPFCMP_KERNEL, from the host: stock-6.12 or patched-6.12), so a
# kernel that behaves otherwise fails the test; the measured table is
# printed as "# table" lines either way.
#
# The classes: a change written to a uevent file (with a listener, and
# with none), the add and remove of a dummy netdev, a change with
# synthetic arguments, one dropped by the kset's filter (platform), one
# dropped by uevent_suppress (device_add_disk() adds sda suppressed), one
# failing before its SEQNUM (caller keys do not fit), one failing after it
# (the SEQNUM key does not fit: used up, never broadcast), a uevent
# injected through the netlink socket and one too big (refused after its
# SEQNUM), and the uevent helper (CONFIG_UEVENT_HELPER; Debian's stock
# config does not set it: n/a there). Events are told apart by a
# SYNTH_UUID or a key of their own, and by their SEQNUM.
. /tests/ktap.sh

K=${BPFCMP_KERNEL:-unknown}
COLS="nbf_entry nbf_exit aus_fentry aus_kprobe kue_fentry kue_kprobe dev_uevent umh_exit tp_uevent tp_injected tp_helper"
HOOKS="nbf_entry nbf_exit aus_fentry aus_kprobe kue_fentry kue_kprobe dev_uevent umh_entry umh_exit tp_uevent tp_injected tp_helper duf_exit dun_exit extack nrs_entry"
CLASSES="change nolistener add remove synth filtered suppressed caller_keys seqnum_key injected inj_too_big helper"

# Expected attach results (ok, or ERRNO:STEP), then cells, per kernel.
# lib/ is built without the ftrace flags: kobject_uevent.c has no fentry
# site (the trampoline's patch finds no NOP: EBUSY) and kprobe events
# refuse it as notrace (EINVAL, without CONFIG_KPROBE_EVENTS_ON_NOTRACE).
case "$K" in
stock-6.12)
	EXP_ATTACH="nbf_entry=ok nbf_exit=ok aus_fentry=EBUSY:attach aus_kprobe=EINVAL:attach
		kue_fentry=EBUSY:attach kue_kprobe=EINVAL:attach dev_uevent=ok umh_entry=ok
		umh_exit=ok tp_uevent=ESRCH:btf tp_injected=ENOENT:attach tp_helper=ESRCH:btf
		duf_exit=ok dun_exit=ok extack=ok nrs_entry=ok"
	HELPER=no NETNS=yes ;;
patched-6.12)
	EXP_ATTACH="nbf_entry=ok nbf_exit=ok aus_fentry=EBUSY:attach aus_kprobe=EINVAL:attach
		kue_fentry=EBUSY:attach kue_kprobe=EINVAL:attach dev_uevent=ok umh_entry=ok
		umh_exit=ok tp_uevent=ok tp_injected=ok tp_helper=ok
		duf_exit=ok dun_exit=ok extack=ok nrs_entry=ok"
	HELPER=yes NETNS=no ;;
esac
# class: nbf_entry nbf_exit aus_fentry aus_kprobe kue_fentry kue_kprobe
#        dev_uevent umh_exit tp_uevent tp_injected tp_helper
EXP_CELLS="
change       seq seq . . . . ev - seq - -
nolistener   -   -   . . . . ev - seq - -
add          seq seq . . . . ev - seq - -
remove       seq seq . . . . ev - seq - -
synth        seq seq . . . . ev - seq - -
filtered     -   -   . . . . -  - ev  - -
suppressed   -   -   . . . . -  - ev  - -
caller_keys  -   -   . . . . -  - ev  - -
seqnum_key   -   -   . . . . ev - seq - -
injected     seq seq . . . . -  - -   seq -
inj_too_big  -   -   . . . . -  - -   seq -
helper       -   -   . . . . -  seq - - seq
"

exp_attach() {
	for kv in $EXP_ATTACH; do
		[ "${kv%%=*}" = "$1" ] && { echo "${kv#*=}"; return; }
	done
	echo "?"
}
exp_cell() {	# exp_cell CLASS COLUMN
	echo "$EXP_CELLS" | awk -v c="$1" -v h="$2" -v cols="$COLS" '
		BEGIN { n = split(cols, col, " ") }
		$1 == c { for (i = 1; i <= n; i++) if (col[i] == h) print $(i + 1) }'
}
class_applies() {
	[ "$1" != helper ] || [ "$HELPER" = yes ]
}
# Columns expected to attach: each has a cell per class.
attachable=
for h in $COLS; do
	[ "$(exp_attach $h)" = ok ] && attachable="$attachable $h"
done
nclasses=0
for c in $CLASSES; do
	class_applies $c && nclasses=$((nclasses + 1))
done
ncols=$(echo $attachable | wc -w)
nhooks=$(echo $HOOKS | wc -w)
# 2 (bpfcmp ready, ended with nothing lost) + attach lines + a check per
# class that its event happened as meant + 5 for the hooks between the
# broadcast and dev_uevent() and the broadcasts per netns + the cells.
ktap_plan $((2 + nhooks + 11 + 5 + nclasses * ncols))

U() { printf '00000000-0000-0000-0000-%012d' "$1"; }
synth_args() {	# synth_args N: N synthetic KEY=VALUE arguments
	i=0
	while [ $i -lt "$1" ]; do
		printf ' k%d=1' $i
		i=$((i + 1))
	done
}
seqnum() { cat /sys/kernel/uevent_seqnum; }
# wait_grep FILE LITERAL: up to 10 s for LITERAL to show up in FILE.
wait_grep() {
	_i=0
	while ! grep -qF -- "$2" "$1" 2>/dev/null; do
		[ $_i -lt 100 ] || return 1
		usleep 100000
		_i=$((_i + 1))
	done
}
mon_start() {
	rm -f /tmp/mon.ready
	ueventmon -r /tmp/mon.ready >>/tmp/mon.out &
	mon=$!
	wait_file /tmp/mon.ready
}
mon_stop() {
	kill $mon
	wait $mon 2>/dev/null
}
mon_seq() {	# mon_seq LITERAL: the SEQNUM of the netlink event holding LITERAL
	grep -F -- "$1" /tmp/mon.out | head -n 1 | tr ' ' '\n' | sed -n 's/^SEQNUM=//p'
}

# Start the hooks; a load under emulation can take a while.
rm -f /tmp/bc.ready
bpfcmp -r /tmp/bc.ready >/tmp/bc.out 2>/tmp/bc.err &
bc=$!
i=0
while [ ! -e /tmp/bc.ready ] && kill -0 $bc 2>/dev/null && [ $i -lt 600 ]; do
	usleep 100000
	i=$((i + 1))
done
check "bpfcmp loaded and attached what it could" test -e /tmp/bc.ready
sed 's/^/# bpfcmp: /' /tmp/bc.err
for h in $HOOKS; do
	got=$(awk -v h=$h '$1 == "attach" && $2 == h { print $3 == "ok" ? "ok" : $3 ":" $4 }' /tmp/bc.out)
	check_eq "attach $h: $(exp_attach $h)" "${got:-none}" "$(exp_attach $h)"
done

: >/tmp/mon.out
mon_start
# seq and literal(s) that identify each class's event, for the cells.
# change: a change written to vda's uevent file, a listener running.
echo "change $(U 1)" >/sys/class/block/vda/uevent
wait_grep /tmp/mon.out "SYNTH_UUID=$(U 1)"
S_change=$(mon_seq "SYNTH_UUID=$(U 1)")
M_change="SYNTH_UUID=$(U 1)|"
check "change: netlink delivered it (SEQNUM $S_change)" test -n "$S_change"
keys=$(grep -F "SYNTH_UUID=$(U 1)" /tmp/mon.out | head -n 1 | wc -w)

# nolistener: the same with no netlink listener at all.
mon_stop
s0=$(seqnum)
echo "change $(U 2)" >/sys/class/block/vda/uevent
S_nolistener=$(seqnum)
M_nolistener="SYNTH_UUID=$(U 2)|"
check_eq "nolistener: it used a SEQNUM" "$S_nolistener" $((s0 + 1))
mon_start

# add, remove: a dummy netdev.
modprobe dummy numdummies=1
wait_grep /tmp/mon.out "ACTION=add DEVPATH=/devices/virtual/net/dummy0 "
rmmod dummy
wait_grep /tmp/mon.out "ACTION=remove DEVPATH=/devices/virtual/net/dummy0 "
S_add=$(mon_seq "ACTION=add DEVPATH=/devices/virtual/net/dummy0 ")
S_remove=$(mon_seq "ACTION=remove DEVPATH=/devices/virtual/net/dummy0 ")
M_add="ACTION=add|DEVPATH=/devices/virtual/net/dummy0|"
M_remove="ACTION=remove|DEVPATH=/devices/virtual/net/dummy0|"
check "add, remove: netlink delivered both (SEQNUM $S_add, $S_remove)" \
	test -n "$S_add" -a -n "$S_remove"

# synth: a change with synthetic arguments.
echo "change $(U 5) A=1 B=two" >/sys/class/block/vda/uevent
wait_grep /tmp/mon.out "SYNTH_UUID=$(U 5)"
S_synth=$(mon_seq "SYNTH_UUID=$(U 5)")
M_synth="SYNTH_UUID=$(U 5)|"
check "synth: netlink delivered it with its arguments" \
	grep -q "SYNTH_UUID=$(U 5) .*SYNTH_ARG_A=1 SYNTH_ARG_B=two" /tmp/mon.out

# filtered: /sys/devices/platform has no bus and no class.
s0=$(seqnum)
echo change >/sys/devices/platform/uevent
S_filtered=
M_filtered="action=2 kobj=platform "
M2_filtered="ACTION=change|DEVPATH=/devices/platform|"
check_eq "filtered: no SEQNUM used" "$(seqnum)" "$s0"

# suppressed: device_add_disk() adds sda with uevents suppressed, then
# announces it. Counted below: a hook saw the suppressed add if it has more
# adds of sda than netlink delivered.
modprobe sd_mod 2>/dev/null
modprobe scsi_debug
wait_grep /tmp/mon.out "/block/sda SUBSYSTEM=block"
sda_adds=$(grep -c "^ACTION=add DEVPATH=[^ ]*/block/sda " /tmp/mon.out)
check_eq "suppressed: netlink delivered one add of sda" "$sda_adds" 1

# caller_keys: 62 synthetic keys after ACTION, DEVPATH and SUBSYSTEM do
# not fit in 64: fails before a SEQNUM.
s0=$(seqnum)
echo "change $(U 8)$(synth_args 61)" >/sys/class/block/vda/uevent 2>/dev/null
st=$(($? != 0))
S_caller_keys=
M_caller_keys="SYNTH_UUID=$(U 8)|"
check_eq "caller_keys: the write fails, no SEQNUM used" "$st $(seqnum)" "1 $s0"

# seqnum_key: exactly no room left for SEQNUM (n = 65 - the keys of the
# change above): the SEQNUM is used up, nothing is broadcast.
s0=$(seqnum)
echo "change $(U 9)$(synth_args $((65 - keys)))" >/sys/class/block/vda/uevent 2>/dev/null
st=$(($? != 0))
S_seqnum_key=$(seqnum)
M_seqnum_key="SYNTH_UUID=$(U 9)|"
check_eq "seqnum_key: the write fails, a SEQNUM is used, netlink saw nothing" \
	"$st $S_seqnum_key $(grep -c "SYNTH_UUID=$(U 9)" /tmp/mon.out)" "1 $((s0 + 1)) 0"

# injected: through the uevent netlink socket.
uinject change@/devices/virtual/bcmp ACTION=change DEVPATH=/devices/virtual/bcmp \
	SUBSYSTEM=bcmp_test "BCMP_INJ=$(U 10)" >/tmp/inj
st=$?
S_injected=$(sed -n 's/^SEQNUM=//p' /tmp/inj)
M_injected="BCMP_INJ=$(U 10)|"
check_eq "injected: broadcast back to the sender, SEQNUM $S_injected" "$st $(seqnum)" "0 $S_injected"

# inj_too_big: refused with -EINVAL after its SEQNUM was taken.
s0=$(seqnum)
uinject change@/devices/virtual/bcmp "BCMP_BIG=$(U 11)" "BIG=$(head -c 2100 /dev/zero | tr '\0' x)" \
	>/tmp/inj2
st=$?
S_inj_too_big=$(seqnum)
M_inj_too_big="BCMP_BIG=$(U 11)|"
check_eq "inj_too_big: refused (-EINVAL), a SEQNUM used up" "$st $(cat /tmp/inj2) $S_inj_too_big" \
	"4 error -22 $((s0 + 1))"

# helper: the uevent helper, if the kernel has one.
S_helper=
M_helper="SYNTH_UUID=$(U 12)|"
if [ -e /sys/kernel/uevent_helper ]; then
	printf '#!/bin/sh\nenv >/tmp/helper.$SEQNUM.tmp\nmv /tmp/helper.$SEQNUM.tmp /tmp/helper.$SEQNUM\n' \
		>/tmp/helper
	chmod 755 /tmp/helper
	echo /tmp/helper >/sys/kernel/uevent_helper
	echo "change $(U 12)" >/sys/class/block/vda/uevent
	echo >/sys/kernel/uevent_helper
	wait_grep /tmp/mon.out "SYNTH_UUID=$(U 12)"
	S_helper=$(mon_seq "SYNTH_UUID=$(U 12)")
	wait_file /tmp/helper.$S_helper
	check_eq "helper (expected: $HELPER): it ran for SEQNUM $S_helper" \
		"$(grep -c "^SYNTH_UUID=$(U 12)\$\|^HOME=/\$" /tmp/helper.$S_helper 2>/dev/null)" 2
else
	check_eq "helper (expected: $HELPER): no /sys/kernel/uevent_helper (CONFIG_UEVENT_HELPER off)" \
		no "$HELPER"
fi

# netns: an untagged event is broadcast once per network namespace whose
# uevent socket has a listener (uevent_net_broadcast_untagged()): a second
# listener in a namespace of its own (CONFIG_NET_NS: the stock kernel
# only; our test kernels have one namespace).
S_netns=
if unshare -n true 2>/dev/null; then
	rm -f /tmp/mon2.ready
	unshare -n ueventmon -r /tmp/mon2.ready >/tmp/mon2.out &
	mon2=$!
	wait_file /tmp/mon2.ready
	echo "change $(U 13)" >/sys/class/block/vda/uevent
	wait_grep /tmp/mon.out "SYNTH_UUID=$(U 13)"
	wait_grep /tmp/mon2.out "SYNTH_UUID=$(U 13)"
	S_netns=$(mon_seq "SYNTH_UUID=$(U 13)")
	kill $mon2
	wait $mon2 2>/dev/null
fi

mon_stop
kill -TERM $bc
wait $bc
check_eq "bpfcmp ended with no record lost" "$(grep '^end ' /tmp/bc.out)" "end lost=0"
diag "bpfcmp: $(grep -c '^rec ' /tmp/bc.out) records"

# cell CLASS HOOK: what HOOK saw of CLASS's event.
cell() {
	eval "_s=\$S_$1 _m=\$M_$1 _m2=\${M2_$1:-\$M_$1}"
	grep "^rec $2 " /tmp/bc.out >/tmp/cell
	case "$1" in
	suppressed)
		_n=$(grep -c -e "action=0 kobj=sda " -e "ACTION=add|DEVPATH=[^|]*/block/sda|" /tmp/cell)
		[ "$_n" -gt "$sda_adds" ] && echo ev || echo -
		return ;;
	helper)
		# The helper's start, not the event: its environment (HOME)
		# or its own record.
		if [ "$2" = tp_helper ]; then
			grep -F " seq=$_s " /tmp/cell >/tmp/cell2
		else
			grep -F -- "$_m" /tmp/cell | grep -F "|HOME=/|" >/tmp/cell2
		fi ;;
	*)
		if [ -n "$_s" ]; then
			grep -F -e "$_m" -e "$_m2" -e " seq=$_s " /tmp/cell >/tmp/cell2
		else
			grep -F -e "$_m" -e "$_m2" /tmp/cell >/tmp/cell2
		fi ;;
	esac
	if [ ! -s /tmp/cell2 ]; then
		echo -
	elif [ -n "$_s" ] && grep -qF " seq=$_s " /tmp/cell2; then
		echo seq
	else
		echo ev
	fi
}

# The measured table (every column; one that did not attach shows its
# errno), then a result per cell of the columns expected to attach.
diag "table kernel=$K"
diag "table $(printf '%-12s' class) $COLS"
for c in $CLASSES; do
	row=
	for h in $COLS; do
		a=$(awk -v h=$h '$1 == "attach" && $2 == h { print $3 }' /tmp/bc.out)
		if ! class_applies $c; then
			v=n/a
		elif [ "$a" != ok ]; then
			v=${a:-none}
		else
			v=$(cell $c $h)
		fi
		row="$row $v"
		eval "V_${c}_$h=\$v"
	done
	diag "table $(printf '%-12s' $c)$row"
done
for c in $CLASSES; do
	class_applies $c || continue
	for h in $attachable; do
		eval "v=\$V_${c}_$h"
		check_eq "$c / $h: $(exp_cell $c $h)" "$v" "$(exp_cell $c $h)"
	done
done
# What the v4 table left out (the review of v4): hooks between the
# broadcast and dev_uevent(), and the broadcast once per netns.
grep "^rec duf_exit .* ret=0 .* kobj=platform " /tmp/bc.out | head -n 1 | cut -c1-160 | sed 's/^/# /'
check "filtered / duf_exit: fexit on dev_uevent_filter() sees the drop (kobj=platform ret=0), no SEQNUM" \
	grep -q "^rec duf_exit tid=[0-9]* seq=0 ret=0 .* kobj=platform " /tmp/bc.out
check "change / dun_exit: fexit on dev_uevent_name() sees vda's events before their SEQNUM (subsystem block)" \
	grep -q "^rec dun_exit tid=[0-9]* seq=0 ret=1 .* kobj=vda env=block|" /tmp/bc.out
check "inj_too_big / extack: the netlink:netlink_extack tracepoint gets \"uevent message too big\"" \
	grep -q "^rec extack .* env=uevent_message_too_big|" /tmp/bc.out
check_eq "injected, inj_too_big / nrs_entry: fentry on netlink_rcv_skb() sees both messages as sent, no SEQNUM" \
	"$(grep -c "^rec nrs_entry tid=[0-9]* seq=0 .*|BCMP_INJ=$(U 10)|" /tmp/bc.out) $(grep -c "^rec nrs_entry tid=[0-9]* seq=0 .*BCMP_BIG=$(U 11)|BIG=xxx" /tmp/bc.out)" \
	"1 1"
if [ -n "$S_netns" ]; then
	grep "^rec nbf_entry tid=[0-9]* seq=$S_netns " /tmp/bc.out | cut -c1-120 | sed 's/^/# /'
	got=$(grep "^rec nbf_entry tid=[0-9]* seq=$S_netns " /tmp/bc.out |
		sed 's/.* netns=\([0-9]*\) .*/\1/' | sort -u | wc -l)
	check_eq "netns (expected: $NETNS): a listener in 2 netns: nbf_entry for SEQNUM $S_netns from 2 namespaces" \
		"yes $got" "$NETNS 2"
else
	check_eq "netns (expected: $NETNS): no second netns (CONFIG_NET_NS off)" no "$NETNS"
fi
diag "table2 kernel=$K duf_exit: filtered (kobj=platform ret=0) $(grep -c '^rec duf_exit ' /tmp/bc.out) records, none with a SEQNUM"
diag "table2 kernel=$K dun_exit: $(grep -c '^rec dun_exit ' /tmp/bc.out) records, none with a SEQNUM"
diag "table2 kernel=$K extack: $(grep '^rec extack ' /tmp/bc.out | sed 's/.* env=//' | sort | uniq -c | tr '\n' ' ')"
diag "table2 kernel=$K nrs_entry: $(grep -c '^rec nrs_entry ' /tmp/bc.out) injected messages, SEQNUM: none"
diag "table2 kernel=$K netns: nbf_entry records for SEQNUM ${S_netns:-none}: $(grep -c "^rec nbf_entry tid=[0-9]* seq=${S_netns:-x} " /tmp/bc.out)"
# The records of the tracepoints, for the reader of the log.
grep '^rec tp_' /tmp/bc.out | cut -c1-160 | sed 's/^/# /'
