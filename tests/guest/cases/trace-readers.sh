# The uevent events of our series as the trace readers people use print
# them -- kobject:* of the mainline series on 6.12, sysfs_audit:* of the
# local series on 6.1 (the same records; the guest is booted with
# sysfs_audit.env.TP_SYSTEM=sysfs_audit there), below named after the
# kobject ones: Debian
# 12's own trace-cmd (3.1, libtraceevent 1.7) and perf (linux-perf 6.1,
# which carries the libtraceevent of tools/lib/traceevent), unpacked below
# /opt/deb by tests/guest/fetch-tracers.sh. A workload that makes uevents
# (change on vda, a synthetic change with arguments, add and remove of
# scsi_debug's devices and of a dummy netdev, an injected uevent whose
# values hold spaces, quotes, a backslash, a tab and a newline, and one
# too big, of 2015 backslashes, which the kernel refuses) is recorded
# once with `trace-cmd record -e kobject` and once with `perf record -e
# 'kobject:*'`, while a tracefs instance of our own records the same
# events; then `trace-cmd report` and `perf script` must print every
# record exactly as tracefs does, and every broadcast record's
# environment in full, from ACTION to SEQNUM. libtraceevent knows no %pE:
# with the v3 format (env=%*pEcns) both readers printed an address instead.
. /tests/ktap.sh

. /tests/tracers.sh

ktap_plan 18

# The workload, run under each reader (argument: a tag for its files).
cat >/tmp/workload.sh <<'EOF'
echo change >/sys/class/block/vda/uevent
echo "change 00000000-0000-0000-0000-000000000000 A=1 B=two" >/sys/class/block/vda/uevent
modprobe sd_mod 2>/dev/null
modprobe scsi_debug dev_size_mb=8
modprobe dummy numdummies=1
sleep 1
rmmod dummy
rmmod scsi_debug
uinject change@/devices/virtual/sa_inject ACTION=change DEVPATH=/devices/virtual/sa_inject \
	SUBSYSTEM=sa_test 'NAME="QEMU Virtio Keyboard" has spaces' 'ESC=back\slash' \
	"$(printf 'CTL=tab\there\nnewline')" >/tmp/inj.$1
# Too big, refused, a SEQNUM used up: 2015 backslashes take 4030 bytes
# escaped, more than a ring buffer page holds; the text is cut instead.
# (Refused, uinject exits 4; perf record would pass that on.)
uinject change@/x "K=$(head -c 2015 /dev/zero | tr '\0' '\\')" >/dev/null || :
EOF

# keys LINE: the record's environment, one NUL-terminated string a line.
# The record's text (v5): printable ASCII but the backslash is itself, any
# other byte a backslash and three octal digits (NUL \000, newline \012,
# backslash \134); undone here, NUL and newline as line ends.
keys() {
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

# check_reader NAME OUT S0 S1: OUT (the reader's text) against the tracefs
# instance, for the SEQNUMs S0+1..S1 the workload used.
check_reader() {
	name=$1 out=$2 s0=$3 s1=$4
	records "$out" | sort >/tmp/$name.recs
	records $I/trace | sort >/tmp/$name.truth
	diag "$name: $(grep -c . /tmp/$name.recs) records, tracefs: $(grep -c . /tmp/$name.truth)," \
		"SEQNUMs $((s0 + 1))..$s1"
	grep -c "^$EV: .* action=add " /tmp/$name.recs >/tmp/n.add
	grep -c "^$EV: .* action=remove " /tmp/$name.recs >/tmp/n.rem
	check "$name: the workload's adds ($(cat /tmp/n.add)) and removes ($(cat /tmp/n.rem)) are in it" \
		test "$(cat /tmp/n.add)" -gt 0 -a "$(cat /tmp/n.rem)" -gt 0
	if ! cmp -s /tmp/$name.recs /tmp/$name.truth; then
		diff /tmp/$name.truth /tmp/$name.recs | cut -c1-300 | head -n 12 | sed 's/^/# /'
	fi
	check "$name: prints every record as tracefs does" cmp -s /tmp/$name.recs /tmp/$name.truth
	# One record per SEQNUM used.
	while read -r r; do
		field seqnum "$r"
	done </tmp/$name.recs | awk -v a=$s0 -v b=$s1 '$1 > a && $1 <= b' | sort -n >/tmp/$name.seqs
	seq $((s0 + 1)) "$s1" >/tmp/$name.want
	check "$name: one record for each of the $((s1 - s0)) SEQNUMs used" \
		cmp -s /tmp/$name.seqs /tmp/$name.want
	# Every broadcast record's env, in full: ACTION (or the injected
	# message's header) first, DEVPATH and SUBSYSTEM, SEQNUM last.
	bad=0 n=0
	while read -r r; do
		[ "$(field stage "$r")" = broadcast ] || continue
		s=$(field seqnum "$r")
		keys "$r" >/tmp/keys
		n=$((n + 1))
		head -n 1 /tmp/keys | grep -q '^ACTION=\|^[a-z]*@/' &&
			grep -q '^DEVPATH=/' /tmp/keys && grep -q '^SUBSYSTEM=.' /tmp/keys &&
			[ "$(tail -n 1 /tmp/keys)" = "SEQNUM=$s" ] && continue
		[ $bad -eq 1 ] || diag "incomplete: $(echo "$r" | cut -c1-300)"
		bad=1
	done </tmp/$name.recs
	check_eq "$name: every key of the $n broadcast records, ACTION to SEQNUM" $bad 0
	r=$(grep "^${EV}_injected: seqnum=$(sed -n 's/^SEQNUM=//p' /tmp/inj.$name) " /tmp/$name.recs)
	diag "$name: $r"
	check_eq "$name: the injected record's env is what the listener got (spaces, quotes, backslash, tab, newline)" \
		"$(keys "$r")" "$(cat /tmp/inj.$name)"
	# The refused message: "change@/x", NUL, "K=", 2015 backslashes, NUL
	# (2028 bytes). Each backslash is 4 bytes of text (\134): the text is
	# cut between two of them, at 3583 bytes, and the record says so.
	r=$(grep "^${EV}_injected: seqnum=[0-9]* stage=too_big " /tmp/$name.recs)
	check_eq "$name: the refused message of 2015 backslashes: one record, len=2028 cut=1, text cut at 3583 bytes after a whole \\134" \
		"$(echo "$r" | grep -c .) $(field len "$r") $(field cut "$r") $(echo "$r" |
			awk '{ i = index($0, " env="); s = substr($0, i + 5); print length(s), substr(s, length(s) - 3) }')" \
		'1 2028 1 3583 \134'
	check_eq "$name: no record shows an address for env" \
		"$(grep -c ' env=\(0x\|(0x\|[0-9a-f]\{16\}\)' /tmp/$name.recs)" 0
}

mkdir $I
echo 1 >$I/events/$SYS/enable

# trace-cmd
diag "$($TC --version 2>&1 | grep -m1 version)"
echo >$I/trace
s0=$(cat /sys/kernel/uevent_seqnum)
$TC record -q -e $SYS -o /tmp/tc.dat sh /tmp/workload.sh trace-cmd >/tmp/tc.rec 2>&1
st=$?
s1=$(cat /sys/kernel/uevent_seqnum)
sed 's/^/# trace-cmd record: /' /tmp/tc.rec | head -n 5
check_eq "trace-cmd record -e $SYS ran the workload" $st 0
$TC report -i /tmp/tc.dat >/tmp/tc.txt 2>/tmp/tc.err
st=$?
sed 's/^/# trace-cmd report: /' /tmp/tc.err | head -n 5
check_eq "trace-cmd report read it" $st 0
check_reader trace-cmd /tmp/tc.txt "$s0" "$s1"
grep -m1 'kobj=vda action=change' /tmp/tc.txt | cut -c1-400 | sed 's/^/# /'

# perf
diag "$($PERF version 2>&1)"
echo >$I/trace
s0=$(cat /sys/kernel/uevent_seqnum)
$PERF record -q -N -a -e "$SYS:*" -o /tmp/perf.data -- sh /tmp/workload.sh perf \
	>/tmp/perf.rec 2>&1
st=$?
s1=$(cat /sys/kernel/uevent_seqnum)
sed 's/^/# perf record: /' /tmp/perf.rec | head -n 5
check_eq "perf record -e '$SYS:*' ran the workload" $st 0
$PERF script -i /tmp/perf.data >/tmp/perf.txt 2>/tmp/perf.err
st=$?
sed 's/^/# perf script: /' /tmp/perf.err | head -n 5
check_eq "perf script read it" $st 0
check_reader perf /tmp/perf.txt "$s0" "$s1"
grep -m1 'kobj=vda action=change' /tmp/perf.txt | cut -c1-400 | sed 's/^/# /'
echo 0 >$I/events/$SYS/enable
