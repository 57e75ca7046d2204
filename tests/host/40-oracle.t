#!/bin/bash
# sa_oracle, the guest's judge of `sysfs-audit trace`, on the host: a checker
# that passes bogus trace output proves nothing, so feed it crafted inputs
# (one workload step, two snapshots, netlink events, a trace) and require
# that the honest trace passes and every bogus variant fails -- a "not ok"
# result and exit status 1.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
oracle=$top/build/sa_oracle
[ -x "$oracle" ] || { tap_ok 1 "build/sa_oracle built (make guest-deps)"; tap_done; exit; }

d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkdir "$d/snap"

V=/devices/pci0000:00/0000:00:04.0/virtio1
# The model's view of a virtio disk and its partition, as `snapshot --json` prints it.
cat >"$d/snap/0.before.json" <<EOF
{"type":"device","subsystem":"virtio","devpath":"$V","devname":null,"class":null,"bus":"virtio","driver":"virtio_blk","legacy":{"exists":true,"devpath":"$V","PHYSDEVPATH":null,"PHYSDEVBUS":"virtio","PHYSDEVDRIVER":"virtio_blk","links":[{"link":"$V/bus","target":"/bus/virtio"}]}}
{"type":"device","subsystem":"block","devpath":"$V/block/vda","devname":"vda","class":"block","bus":null,"driver":null,"legacy":{"exists":true,"devpath":"/block/vda","PHYSDEVPATH":"$V","PHYSDEVBUS":"virtio","PHYSDEVDRIVER":"virtio_blk","links":[{"link":"/block/vda/device","target":"$V"},{"link":"$V/block:vda","target":"/block/vda"}]}}
{"type":"device","subsystem":"block","devpath":"$V/block/vda/vda1","devname":"vda1","class":"block","bus":null,"driver":null,"legacy":{"exists":true,"devpath":"/block/vda/vda1","PHYSDEVPATH":"$V","PHYSDEVBUS":"virtio","PHYSDEVDRIVER":"virtio_blk","links":[]}}
{"type":"summary","attach":null,"devices":3}
EOF
cp "$d/snap/0.before.json" "$d/snap/0.after.json"
echo "change-virtio-disk 10 12" >"$d/steps"

# What the kernel sent: the step's two events, and one after the step.
netlink() {
	echo "ACTION=change DEVPATH=$V/block/vda SUBSYSTEM=block DEVNAME=vda DEVTYPE=disk SEQNUM=11"
	echo "ACTION=change DEVPATH=$V/block/vda/vda1 SUBSYSTEM=block DEVNAME=vda1 DEVTYPE=partition SEQNUM=12"
	echo "ACTION=change DEVPATH=$V/block/vda SUBSYSTEM=block DEVNAME=vda DEVTYPE=disk SEQNUM=20"
}

# ev SEQNUM ACTION NAME LEGACY_DEVPATH SOURCE: one traced event as the tool prints it.
ev() {
	local dp=$V/block/$3 links='[]' seq=$1
	[ "$3" = vda ] && links='[{"link":"/block/vda/device","target":"'$V'"},{"link":"'$V'/block:vda","target":"/block/vda"}]'
	[ "$3" = vda1 ] && dp=$V/block/vda/vda1
	printf '{"type":"event","seqnum":%s,"action":"%s","subsystem":"block","devpath":"%s","devname":"%s","sent":true,"ret":0,"source":"%s","legacy":{"exists":true,"devpath":"%s","PHYSDEVPATH":"%s","PHYSDEVBUS":"virtio","PHYSDEVDRIVER":"virtio_blk","links":%s}}\n' \
		"$seq" "$2" "$dp" "${3##*/}" "${5:-tracepoint}" "$4" "$V" "$links"
}
summary() { echo '{"type":"summary","attach":"tracepoint","events":2,"seen":2,"lost":'"${1:-0}"'}'; }
good() { ev 11 change vda /block/vda; ev 12 change vda1 /block/vda/vda1; }

# run NAME: judge $d/trace against $d/netlink; sets $out and $st.
run() {
	out=$("$oracle" "$d/steps" "$d/trace" "$d/netlink" "$d/snap" 2>&1)
	st=$?
}
expect_pass() {	# expect_pass DESCRIPTION
	run
	[ $st -eq 0 ] && ! grep -q '^not ok' <<<"$out" && grep -q '^ok ' <<<"$out"
	local r=$?
	[ $r -eq 0 ] || echo "exit $st; $out" | tap_diag
	tap_ok $r "$1: passes (exit 0, no 'not ok')"
}
expect_fail() {	# expect_fail DESCRIPTION [GREP]: fails, and the failed result names GREP
	run
	[ $st -eq 1 ] && grep -q "^not ok .*${2:-}" <<<"$out"
	local r=$?
	[ $r -eq 0 ] || echo "exit $st; $out" | tap_diag
	tap_ok $r "$1: fails (exit 1, 'not ok${2:+ ... $2}')"
}

netlink >"$d/netlink"
{ good; summary; } >"$d/trace"
expect_pass "honest tracepoint trace"

{ ev null change vda /block/vda fexit; ev null change vda1 /block/vda/vda1 fexit; summary; } \
	>"$d/trace"
expect_pass "honest fexit trace (no SEQNUM, matched by order)"

# The issue's example: vda twice, a garbage line, an invented add of vdz.
{ ev null change vda /block/vda fexit; ev null change vda /block/vda fexit; echo garbage
  ev null change vda1 /block/vda/vda1 fexit; ev null add vdz /wrong fexit; summary; } >"$d/trace"
expect_fail "vda twice, a garbage line and an invented 'add vdz' at once" "accounted for"

dep='{"type":"dependent","kind":"listener","confidence":"breaks","exe":"/bin/x"}'
{ good; echo "$dep"; echo '{"type":"dependents","found":1}'; summary; } >"$d/trace"
expect_pass "dependents' lines (judged by 50-dependents.t) before the summary"

{ good; echo '{"type":"dependents","found":0}'; echo '{"type":"dependents","found":0}'; summary; } \
	>"$d/trace"
expect_fail "two dependents summaries" "accounted for"

{ good; summary; echo "$dep"; } >"$d/trace"
expect_fail "a dependent after the summary" "accounted for"

{ good; echo 'sysfs-audit: garbage'; summary; } >"$d/trace"
expect_fail "a line that is not JSON" "accounted for"

{ good; echo '{"type":"bogus"}'; summary; } >"$d/trace"
expect_fail "a JSON line that is neither event nor summary" "accounted for"

{ good; ev 11 change vda /block/vda; summary; } >"$d/trace"
expect_fail "vda traced twice (same SEQNUM)" "accounted for"

{ ev null change vda /block/vda fexit; ev null change vda /block/vda fexit
  ev null change vda1 /block/vda/vda1 fexit; summary; } >"$d/trace"
expect_fail "vda traced twice (fexit, no SEQNUM)" "accounted for"

{ good; ev null add vdz /wrong fexit; summary; } >"$d/trace"
expect_fail "an invented 'add vdz' with legacy devpath /wrong (no SEQNUM)" "accounted for"

{ good; ev 13 add vdz /wrong; summary; } >"$d/trace"
expect_fail "an invented 'add vdz' with a SEQNUM netlink never used" "accounted for"

{ good; printf '{"type":"event","seqnum":null,"action":"change","devpath":"/0:0:0:0","source":"fexit","legacy":{"exists":false}}\n'; summary; } >"$d/trace"
expect_fail "an invented event of a kobject outside sysfs" "accounted for"

{ good; ev 20 change vda /block/vda; summary; } >"$d/trace"
expect_fail "an event outside every workload step" "accounted for"

{ ev 11 change vda /block/wrong; ev 12 change vda1 /block/vda/vda1; summary; } >"$d/trace"
expect_fail "vda with a wrong legacy DEVPATH" "step change-virtio-disk"

{ ev 11 change vda /block/vda; ev 12 change vda1 /block/vda1; summary; } >"$d/trace"
expect_fail "vda1 not nested in its disk" "step change-virtio-disk"

{ ev 11 change vda /block/vda | sed 's/"PHYSDEVBUS":"virtio"/"PHYSDEVBUS":"pci"/'
  ev 12 change vda1 /block/vda/vda1; summary; } >"$d/trace"
expect_fail "vda with a wrong PHYSDEVBUS" "step change-virtio-disk"

{ ev 11 change vda /block/vda | sed 's/,{"link":"[^]]*block:vda"[^}]*}//'
  ev 12 change vda1 /block/vda/vda1; summary; } >"$d/trace"
expect_fail "vda without its block:vda link" "step change-virtio-disk"

{ ev null change vda /block/vda; ev 12 change vda1 /block/vda/vda1; summary; } >"$d/trace"
expect_fail "a tracepoint event without SEQNUM (no order fallback)" "accounted for"

{ ev 12 change vda /block/vda; ev 11 change vda1 /block/vda/vda1; summary; } >"$d/trace"
expect_fail "SEQNUMs swapped between vda and vda1" "step change-virtio-disk"

{ ev null remove vda /block/vda fexit; ev null change vda1 /block/vda/vda1 fexit; summary; } \
	>"$d/trace"
expect_fail "fexit: a wrong ACTION (matched by order, never by itself)" "accounted for"

{ ev 11 change vda /block/vda; summary; } >"$d/trace"
expect_fail "vda1's event missing from the trace" "step change-virtio-disk"

{ ev 11 change vda /block/vda | sed 's/"sent":true,"ret":0/"sent":false,"ret":-12/'
  ev 12 change vda1 /block/vda/vda1; summary; } >"$d/trace"
expect_fail "vda reported as not sent (ret -12), yet netlink has it" "step change-virtio-disk"

good >"$d/trace"
expect_fail "no summary line" "summary"

{ good; summary 3; } >"$d/trace"
expect_fail "events lost" "lost"

{ good; summary; summary; } >"$d/trace"
expect_fail "two summary lines" "accounted for"

: >"$d/trace"
expect_fail "an empty trace" "agreement"

rm "$d/netlink"
run
tap_ok $([ $st -eq 2 ] && grep -q "cannot open $d/netlink" <<<"$out"; echo $?) \
	"a missing input file: exit 2, named"
tap_done
