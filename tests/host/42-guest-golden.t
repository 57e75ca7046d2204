#!/bin/bash
# The reports guests wrote, rendered byte for byte as before the refactor
# of issue 45 (keys, verdicts and formats as tables, one JSON writer): each
# report of tests/golden/guest/reports (copied unchanged from the guest
# tests' build/guest, see tests/golden/guest/README.md) and
# tests/host/reports/guest-patched.json, alone and merged, in every format
# the tool had then (text, markdown, json, Prometheus) and under every
# --fail-on, against tests/golden/guest/NAME.out. The golden files were
# written by the tool built at e7cb6b2, the last commit before the
# refactor; an output meant to change is regenerated in the same commit
# and the README says why:
#
#   GOLDEN_UPDATE=1 prove -v tests/host/42-guest-golden.t
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
golden=$top/tests/golden/guest
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
w=$tmp/w
mkdir -p "$w/r"
. "$top/tests/lib/golden.sh"

cp "$golden"/reports/*.json "$top/tests/host/reports/guest-patched.json" "$w/r/"
n=0
for f in "$w"/r/*.json; do
	r=$(basename "$f" .json)
	out_report "$r" "$r" "r/$r.json"
	n=$((n + 1))
done
tap_ok $((n < 5)) "the guests' reports are there ($n, 5 expected)"

# Merged: a recorder's reports, the boot audits with a plain record, all.
record="r/50-record.json r/70-realhost-record.json r/guest-patched.json"
boots="r/70-realhost-legacy.json r/70-realhost-stop1.json r/50-record.json"
for set in record boots; do
	# shellcheck disable=SC2086
	out_report "merged-$set" m ${!set}
done
all=$(cd "$w" && echo r/*.json)
# shellcheck disable=SC2086
{
	out merged-all-text report $all
	out merged-all-markdown report -f markdown $all
	out merged-all-json report -f json --prometheus prom/all.prom $all
}
for fail in keys paths dependents suspects boot incomplete findings; do
	# shellcheck disable=SC2086
	out "fail-on-$fail" report --fail-on=$fail $boots
	out "fail-on-$fail-record" report --fail-on=$fail r/70-realhost-record.json
done
# shellcheck disable=SC2086
out fail-on-all report --fail-on=keys,paths,dependents,findings,suspects,boot,incomplete $all
golden_stale
tap_done
