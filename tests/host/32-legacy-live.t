#!/bin/bash
# miss-legacy-path on a live /sys (issue 28). build/legacy_live reads the
# model of this host's /sys (read only, no BPF) and, for every legacy path
# and link it reconstructs that /sys lacks, judges the miss the kernel
# would report for it (the path walked as the kernel walks it). On a live
# tree the model was read from, each such name is a link in its device's
# own directory (<dev>/bus, <parent>/<class>:<name>), so miss-legacy-link
# decides it and miss-legacy-path never does: every legacy devpath
# (/block/<disk>, /class/<c>/<name>, the stacked class paths) is still a
# path today, but for a stacked net device's (its parent a net device: it
# sits in a net/ glue directory), where miss-legacy-path decides rightly.
# A tree that lacks a devpath the model has -- a model read
# before a rename or a remove, a copy that dropped a class link -- is where
# miss-legacy-path decides: the fake tree below, without
# /class/net/eth0, shows the tool sees it.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

bin=$top/build/legacy_live
if [ ! -x "$bin" ]; then
	tap_ok 1 "build/legacy_live built (make build/legacy_live)"
	tap_done
	exit
fi

count() { grep -c "$1" <<<"$out"; }
total() { sed -n "s/^total $1 //p" <<<"$out"; }

if [ -d /sys/devices ] && out=$("$bin" /sys); then
	tap_ok 0 "the model of this host's /sys is read ($(total devices) devices)"
	missing=$(total missing)
	tap_ok $([ "$(total artifacts)" -gt 0 ]; echo $?) \
		"legacy artifacts: $(total artifacts), $(total present) present today, $missing missing"
	# A stacked net device (its parent a net device) sits in the parent's
	# net/ glue directory: its legacy /class/net/<parent>/<name> is the
	# rule's one live case, rightly decided by miss-legacy-path.
	stacked=$(count '^miss miss-legacy-path 1 /class/net/[^/]*/[^/]*$')
	tap_is "$(count '^miss [^ ]* 0 ')" 0 "every legacy name /sys lacks is missing at its last component"
	tap_is "$(count '^miss miss-legacy-link 1 ')" "$((missing - stacked))" \
		"each is decided by miss-legacy-link ($stacked stacked net devices aside)"
	tap_is "$(count '^miss miss-legacy-path ')" "$stacked" \
		"none by miss-legacy-path but stacked net devices' /class/net/<parent>/<name>"
	grep '^miss ' <<<"$out" | sed 's|.*/||; s|:.*|:*|' | sort | uniq -c | tap_diag
else
	for t in "model read" artifacts "last component" miss-legacy-link miss-legacy-path; do
		tap_skip "live /sys: $t" "no readable /sys here"
	done
fi

# A tree whose devpath /class/net/eth0 is missing (a stale model's, a copy's).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/class/net" "$tmp/bus" "$tmp/devices/virtual/net/eth0"
: >"$tmp/devices/virtual/net/eth0/uevent"
ln -s "$tmp/class/net" "$tmp/devices/virtual/net/eth0/subsystem"
out=$("$bin" "$tmp")
tap_is "$(grep '^miss ' <<<"$out")" "miss miss-legacy-path 1 /class/net/eth0" \
	"a tree lacking the devpath /class/net/eth0: miss-legacy-path decides"
tap_done
