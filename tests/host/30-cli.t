#!/bin/bash
# sysfs-audit on the host: argument errors and snapshot (no BPF is ever
# loaded here; 'trace' only runs in guests).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
sa=$top/build/sysfs-audit
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
expect_exit 7 "missing sysfs tree" snapshot -s /nonexistent/sys
expect_exit 7 "not a sysfs tree" snapshot -s /tmp
"$sa" --help | grep -q EXAMPLES
tap_ok $? "--help shows examples"

# A small fake tree: a virtio disk and its partition.
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mk() {	# mk PATH KIND NAME DRIVER UEVENT
	mkdir -p "$root$1"
	printf '%b' "$5" >"$root$1/uevent"
	[ -z "$2" ] || ln -s "$root/$2/$3" "$root$1/subsystem"
	[ -z "$4" ] || ln -s "$root/bus/x/drivers/$4" "$root$1/driver"
}
v=/devices/pci0000:00/0000:00:04.0/virtio1
mk /devices/pci0000:00 "" "" "" ""
mk /devices/pci0000:00/0000:00:04.0 bus pci virtio-pci ""
mk $v bus virtio virtio_blk ""
mk $v/block/vda class block "" 'DEVNAME=vda\nDEVTYPE=disk\n'
mk $v/block/vda/vda1 class block "" 'DEVNAME=vda1\nDEVTYPE=partition\n'

out=$("$sa" snapshot -s "$root" --json)
tap_ok $? "snapshot of a fake tree succeeds"
line=$(grep "\"devpath\":\"$v/block/vda\"" <<<"$out")
echo "$line" | tap_diag
grep -q '"legacy":{"exists":true,"devpath":"/block/vda","PHYSDEVPATH":"'$v'","PHYSDEVBUS":"virtio","PHYSDEVDRIVER":"virtio_blk"' <<<"$line"
tap_ok $? "snapshot --json: vda's legacy DEVPATH and PHYSDEV keys"
grep -q '"devpath":"/block/vda/vda1"' <<<"$out"
tap_ok $? "snapshot --json: partition nested under its disk"
tail -n 1 <<<"$out" | grep -q '"type":"summary".*"devices":5'
tap_ok $? "snapshot --json ends with a summary of 5 devices"
table=$("$sa" snapshot -s "$root")
grep -q "^block .* virtio .* virtio_blk .* $v/block/vda -> /block/vda " <<<"$table"
tap_ok $? "snapshot table row for vda"
tap_done
