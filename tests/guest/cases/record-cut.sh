#!/bin/sh
# The record's text at its bound (v5 of the series, issue 44), read by
# tracefs, Debian 12's trace-cmd and perf (unpacked below /opt/deb by
# tests/guest/fetch-tracers.sh, as for trace-readers.sh). The text of an
# environment is printable ASCII but the backslash as itself and every
# other byte as a backslash and three octal digits, at most 3583 bytes
# (UEVENT_TRACE_TEXT_MAX with its NUL), cut only between two units; "len"
# is the environment's length and "cut" is 1 when the text leaves out
# its end. The workload drives the bound from both sides:
#   whole  an injected message, refused as too big (recorded as sent),
#          whose text is exactly 3583 bytes: "h@/", NUL, "K=", 1534 x,
#          509 backslashes, NUL (2050 bytes; 13 + 1534 + 4 * 509 = 3583);
#   cut    one backslash more, 3 x fewer (2048 bytes): the final NUL's
#          \000 no longer fits, the text stops after the last \134 at
#          3580 bytes, and cut=1;
#   bytes  an injected message that is broadcast, with the bytes 0x01,
#          0x7f, 0x80, 0xc3 0xa9, 0xff, a key that starts with a digit
#          right after a NUL ("\0007=...", unambiguous with three
#          digits) and a backslash;
#   sent   a kernel-sent synthetic change of vda with a 1700-byte value
#          (synthetic values are alphanumeric: kobject_action_args()),
#          whole: cut=0, the text is the environment byte for byte, and
#          len is its length, computed here from its keys.
# Each must be read alike by tracefs, trace-cmd report and perf script.
. /tests/ktap.sh

. /tests/tracers.sh
UUID=00000000-0000-0000-0000-000000000000

ktap_plan 33

rep() { head -c "$2" /dev/zero | tr '\0' "$1"; }
BS='\'
rep x 1534 >/tmp/x1534
rep x 1531 >/tmp/x1531
rep "$BS" 509 >/tmp/b509
rep "$BS" 510 >/tmp/b510
rep k 1700 >/tmp/k1700

cat >/tmp/cut.sh <<'EOS'
# Refused (uinject exits 4), each recorded as sent.
uinject h@/ "K=$(cat /tmp/x1534 /tmp/b509)" >/dev/null
uinject h@/ "K=$(cat /tmp/x1531 /tmp/b510)" >/dev/null
uinject b@/x "B=$(printf '\001\177\200\303\251\377')" '7=digit after NUL' 'S=back\slash' \
	>/tmp/bytes.$1
printf '%s\n' "change 00000000-0000-0000-0000-000000000000 K=$(cat /tmp/k1700)" \
	>/sys/class/block/vda/uevent
sleep 1
exit 0
EOS

text() {
	printf '%s\n' "$1" | awk '{ i = index($0, " env="); printf "%s", substr($0, i + 5) }'
}
# unesc: the text's bytes, the three-digit octal escapes undone (as
# string_unescape(UNESCAPE_OCTAL), Python's unicode_escape or printf %b
# would); NUL comes out as a newline, to compare with line tools.
unesc() {
	awk '{ s = $0; o = "";
		for (j = 1; j <= length(s); j++) {
			c = substr(s, j, 1);
			if (c == "\\" && substr(s, j + 1, 3) ~ /^[0-7][0-7][0-7]$/) {
				v = substr(s, j + 1, 1) * 64 + substr(s, j + 2, 1) * 8 + substr(s, j + 3, 1);
				j += 3;
				c = v == 0 ? "\n" : sprintf("%c", v);
			}
			o = o c;
		}
		printf "%s", o }'
}

# The environment the kernel builds for the synthetic change of vda, for
# its length: ACTION, DEVPATH, SUBSYSTEM, the caller's keys, dev_uevent()'s
# (what /sys/.../uevent shows), SEQNUM; each with its NUL.
devpath=$(readlink -f /sys/class/block/vda)
devpath=${devpath#/sys}

# check_recs NAME OUT TAG: the four cases in OUT (the workload run as TAG).
check_recs() {
	name=$1 out=$2 tag=$3
	records "$out" >/tmp/$name.recs
	whole=$(grep "^${EV}_injected: .* stage=too_big .* len=2050 " /tmp/$name.recs)
	cut=$(grep "^${EV}_injected: .* stage=too_big .* len=2048 " /tmp/$name.recs)
	bytes=$(grep "^${EV}_injected: .* stage=broadcast .* env=b@/x" /tmp/$name.recs)
	sent=$(grep "^$EV: kobj=vda action=change .* stage=broadcast .*SYNTH_ARG_K=kkkk" /tmp/$name.recs)
	check_eq "$name: one record of each case" \
		"$(echo "$whole" | grep -c .) $(echo "$cut" | grep -c .) $(echo "$bytes" | grep -c .) $(echo "$sent" | grep -c .)" \
		"1 1 1 1"

	# whole: 3583 bytes of text, cut=0, and it unescapes to the message.
	t=$(text "$whole")
	check_eq "$name: whole at the bound: cut=0, text of 3583 bytes ending in \\000" \
		"$(field cut "$whole") ${#t} $(printf '%s\n' "$t" | tail -c 5)" "0 3583 \\000"
	{ printf 'h@/\nK='; cat /tmp/x1534 /tmp/b509; printf '\n'; } >/tmp/want.whole
	printf '%s\n' "$t" | unesc >/tmp/got.whole
	check "$name: whole at the bound: the text is the message, byte for byte" \
		cmp -s /tmp/got.whole /tmp/want.whole

	# cut: one byte more does not fit: cut=1, 3580 bytes, a whole \134 last.
	t=$(text "$cut")
	check_eq "$name: one byte over: cut=1 len=2048, text of 3580 bytes ending in a whole \\134" \
		"$(field cut "$cut") $(field len "$cut") ${#t} $(printf '%s\n' "$t" | tail -c 5)" "1 2048 3580 \\134"
	{ printf 'h@/\nK='; cat /tmp/x1531 /tmp/b510; } >/tmp/want.cut
	printf '%s\n' "$t" | unesc >/tmp/got.cut
	check "$name: one byte over: the text is the message but its last byte (the NUL)" \
		cmp -s /tmp/got.cut /tmp/want.cut

	# bytes: every byte outside printable ASCII, and the backslash, as \ooo.
	case "$(text "$bytes")" in
	'b@/x\000B=\001\177\200\303\251\377\0007=digit after NUL\000S=back\134slash\000SEQNUM='*) st=0 ;;
	*) st=1; diag "got: $(text "$bytes" | cut -c1-200)" ;;
	esac
	check_eq "$name: control bytes, 0x7f, bytes >= 0x80, a digit after NUL and a backslash as three-digit octal" $st 0
	check_eq "$name: the broadcast injected message: cut=0, len is its length with SEQNUM" \
		"$(field cut "$bytes") $(field len "$bytes")" \
		"0 $(wc -c </tmp/bytes.$tag)"

	# sent: a kernel-sent event of 1.9 KB, whole: its keys, byte for byte.
	t=$(text "$sent")
	seq=$(field seqnum "$sent")
	{ echo ACTION=change; echo "DEVPATH=$devpath"; echo SUBSYSTEM=block
		echo "SYNTH_UUID=$UUID"; echo "SYNTH_ARG_K=$(cat /tmp/k1700)"
		cat /sys/class/block/vda/uevent; echo "SEQNUM=$seq"; } >/tmp/want.sent
	check_eq "$name: kernel-sent, 1.9 KB: cut=0, len=$(wc -c </tmp/want.sent) (the whole environment)" \
		"$(field cut "$sent") $(field len "$sent")" "0 $(wc -c </tmp/want.sent)"
	printf '%s\n' "$t" | unesc >/tmp/got.sent
	check "$name: kernel-sent: the text is the environment, byte for byte" \
		cmp -s /tmp/got.sent /tmp/want.sent
}

mkdir $I
echo 1 >$I/events/$SYS/enable

# trace-cmd, with tracefs's own instance recording the same events.
diag "$($TC --version 2>&1 | grep -m1 version)"
$TC record -q -e $SYS -o /tmp/tc.dat sh /tmp/cut.sh trace-cmd >/tmp/tc.rec 2>&1
check_eq "trace-cmd record -e $SYS ran the workload" $? 0
$TC report -i /tmp/tc.dat >/tmp/tc.txt 2>/tmp/tc.err
check_eq "trace-cmd report read it" $? 0
check_recs tracefs $I/trace trace-cmd
records $I/trace | sort >/tmp/truth.recs
check_recs trace-cmd /tmp/tc.txt trace-cmd
sort /tmp/trace-cmd.recs | cmp -s - /tmp/truth.recs
check_eq "trace-cmd prints every record as tracefs does" $? 0

# perf
diag "$($PERF version 2>&1)"
echo >$I/trace
$PERF record -q -N -a -e "$SYS:*" -o /tmp/perf.data -- sh /tmp/cut.sh perf >/tmp/perf.rec 2>&1
check_eq "perf record -e '$SYS:*' ran the workload" $? 0
$PERF script -i /tmp/perf.data >/tmp/perf.txt 2>/tmp/perf.err
check_eq "perf script read it" $? 0
records $I/trace | sort >/tmp/truth.recs
check_recs perf /tmp/perf.txt perf
sort /tmp/perf.recs | cmp -s - /tmp/truth.recs
check_eq "perf prints every record as tracefs does" $? 0
echo 0 >$I/events/$SYS/enable
