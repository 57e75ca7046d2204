#!/bin/bash
# sysfs-audit on the host: argument errors and snapshot (no BPF is ever
# loaded here; 'trace' only runs in guests).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }

expect_exit() {	# expect_exit CODE DESCRIPTION ARGS...
	local want=$1 what=$2 got err
	shift 2
	err=$("$sa" "$@" 2>&1 >/dev/null)
	got=$?
	[ "$got" = "$want" ] || { echo "exit $got: $err" | tap_diag; }
	tap_ok $([ "$got" = "$want" ] && [ -n "$err" ]; echo $?) "$what: exit $want with a message"
}

expect_exit 2 "no command"
expect_exit 2 "unknown command" frobnicate
expect_exit 2 "two commands" snapshot trace
expect_exit 2 "bad duration" trace -d 0
expect_exit 2 "non-numeric interval" trace -i fast
expect_exit 2 "unknown attach mode" trace -a uprobe
# Made-up trees, not /tmp: what /tmp holds is not ours to know.
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir "$root/not-sysfs"
: >"$root/not-sysfs/devices"
expect_exit 7 "missing sysfs tree" snapshot -s "$root/no-such-dir"
expect_exit 7 "not a sysfs tree (no devices/)" snapshot -s "$root"
expect_exit 7 "not a sysfs tree (devices is a file)" snapshot -s "$root/not-sysfs"
"$sa" --help | grep -q EXAMPLES
tap_ok $? "--help shows examples"

. "$top/tests/lib/fake-sysfs.sh"
fake_sysfs_tree "$root"

out=$("$sa" snapshot -s "$root" --json)
tap_ok $? "snapshot of a fake tree succeeds"
line=$(grep "\"devpath\":\"$v/block/vda\"" <<<"$out")
echo "$line" | tap_diag
grep -q '"legacy":{"exists":true,"devpath":"/block/vda","PHYSDEVPATH":"'$v'","PHYSDEVBUS":"virtio","PHYSDEVDRIVER":"virtio_blk"' <<<"$line"
tap_ok $? "snapshot --json: vda's legacy DEVPATH and PHYSDEV keys"
grep -q '"devpath":"/block/vda/vda1"' <<<"$out"
tap_ok $? "snapshot --json: partition nested under its disk"
tap_ok $([ "$(grep -vc '^{"type":"device",' <<<"$out")" = 1 ]; echo $?) \
	"snapshot --json: every line but the last is a device record"
sum=$(tail -n 1 <<<"$out")
echo "$sum" | tap_diag
# Counted by hand from the tree above and the rules (docs/design.md):
# PHYSDEVPATH for the 5 class devices with a bus ancestor, bus and driver
# for those and the 5 bus devices; card0 has no legacy counterpart.
for want in '"type":"summary"' '"attach":null' '"devices":13' '"no_legacy_counterpart":1' \
	'"would_carry":{"PHYSDEVPATH":5,"PHYSDEVBUS":10,"PHYSDEVDRIVER":10}' \
	'"legacy_links":{"class_directory":1,"device":4,"class_name":4,"bus":5}'; do
	grep -qF "$want" <<<"$sum"
	tap_ok $? "snapshot --json summary: $want"
done
table=$("$sa" snapshot -s "$root")
echo "$table" | tap_diag
grep -q "^block .* virtio .* virtio_blk .* $v/block/vda -> /block/vda " <<<"$table"
tap_ok $? "snapshot table row for vda"
head -n 1 <<<"$table" | grep -q '^SUBSYSTEM  *PHYSDEVBUS  *PHYSDEVDRIVER  *DEVPATH -> LEGACY-DEVPATH  PHYSDEVPATH$'
tap_ok $? "snapshot table header"
grep -q "^sound  *- * - * $s/sound/card0 -> (none)  -$" <<<"$table"
tap_ok $? "snapshot table row for card0: no legacy counterpart"
grep -q "^input .* serio .* atkbd .* $i/input/input1/event1 -> /class/input/input1/event1  $i$" <<<"$table"
tap_ok $? "snapshot table row for event1: stacked, PHYSDEVPATH"
grep -qx "13 devices" <<<"$table"
tap_ok $? "snapshot table summary: 13 devices"
grep -qx "would have carried: PHYSDEVPATH 5, PHYSDEVBUS 10, PHYSDEVDRIVER 10" <<<"$table"
tap_ok $? "snapshot table summary: PHYSDEV keys"
grep -qx "legacy links needed: device 4, <class>:<name> 4, class directory 1, bus 5" <<<"$table"
tap_ok $? "snapshot table summary: legacy links"
grep -qx "without a legacy counterpart: 1" <<<"$table"
tap_ok $? "snapshot table summary: without a legacy counterpart"
tap_done
