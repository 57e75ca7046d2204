#!/bin/bash
# sysfs-audit report on the host: merging several hosts' reports gives the
# exact expected aggregates; every bad input is named, skipped with its own
# exit status while the other files still merge; every --fail-on status;
# the Prometheus file passes a strict exposition-format check.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
sa=$top/build/sysfs-audit
fx=$top/tests/host/reports
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
command -v jq >/dev/null || { tap_ok 1 "jq installed (make deps)"; tap_done; exit; }

tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT

run() {	# run ARGS...: $out, $err, $st
	"$sa" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

expect() {	# expect DESCRIPTION JQ-EXPR WANT (over $tmp/out)
	local got
	got=$(jq -c "$2" "$tmp/out" 2>&1)
	[ "$got" = "$3" ] || { echo "jq '$2': want $3, got $got" | tap_diag; }
	tap_ok $([ "$got" = "$3" ]; echo $?) "$1"
}

# ---- exact aggregates of three hosts (one with two boots) -------------------
run report -f json "$fx/web-01.json" "$fx/web-02.json" "$fx/db-01.json" "$fx/web-01-nextboot.json"
tap_ok $st "four reports of three hosts merge (exit $st)"
expect "reports and hosts" '[.reports, (.hosts | length), .skipped]' '[4,3,[]]'
expect "web-01's two boots are one host with two reports" \
	'[.hosts[] | select(.hostname == "web-01") | .reports, .events]' '[2,15]'
expect "events seen, lost, emitted, traced" '[.events.seen, .events.lost, .events.emitted, .events.traced]' \
	'[27,1,26,26]'
expect "would carry PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER" \
	'[.would_carry.PHYSDEVPATH, .would_carry.PHYSDEVBUS, .would_carry.PHYSDEVDRIVER]' '[22,22,17]'
expect "legacy links by kind" '.legacy_links' \
	'{"class_directory":0,"device":22,"class_name":17,"bus":0}'
expect "block PHYSDEVPATH: 17 events on 2 hosts" \
	'.keys[] | select(.subsystem == "block" and .key == "PHYSDEVPATH") | [.events, .nhosts, .hosts]' \
	'[17,2,["web-01","web-02"]]'
expect "block PHYSDEVDRIVER: 15 events on 2 hosts" \
	'.keys[] | select(.subsystem == "block" and .key == "PHYSDEVDRIVER") | [.events, .nhosts]' '[15,2]'
expect "input never carries PHYSDEVDRIVER" \
	'[.keys[] | select(.subsystem == "input") | .key] | sort' '["PHYSDEVBUS","PHYSDEVPATH"]'
expect "no key rows for sound (db-01 needed none)" '[.keys[] | select(.subsystem == "sound")]' '[]'
expect "/block/vda: 9 events on 2 hosts" \
	'.paths[] | select(.path == "/block/vda") | [.kind, .events, .nhosts]' '["devpath",9,2]'
expect "paths, most needed first" '[.paths[].events]' '[10,9,4,3]'
expect "dependent by executable: udevd on 2 hosts, count 7" \
	'.dependents_by_executable[] | select(.executable == "/sbin/udevd-2006") | [.kind, .count, .hosts]' \
	'["listener",7,["web-01","web-02"]]'
expect "packages that still need the old layout: confirmed dependents only (the suspect loader is not one)" \
	'[.dependents_by_package[] | [.package, .executable, .nhosts]]' \
	'[["udev-legacy","/sbin/udevd-2006",2]]'
expect "findings" '[.findings[] | [.file, .line, .key, .hosts]]' \
	'[["/etc/udev/rules.d/10-old.rules","3","PHYSDEVBUS",["web-01"]]]'

# A report recorded in the guest (50-record.t: 73 device events of the
# workload on the patched kernel, equal to netlink's count) with the others.
run report -f json "$fx/guest-patched.json" "$fx/web-01.json" "$fx/web-02.json" "$fx/db-01.json"
tap_ok $st "the guest's recorded report merges with three others (exit $st)"
expect "guest + fixtures: reports, hosts, traced, seen" \
	'[.reports, (.hosts | length), .events.traced, .events.seen]' '[4,4,98,99]'
expect "guest + fixtures: block PHYSDEVPATH 31 events on 3 hosts" \
	'.keys[] | select(.subsystem == "block" and .key == "PHYSDEVPATH") | [.events, .hosts]' \
	'[31,["guest-patched","web-01","web-02"]]'
expect "guest + fixtures: sound PHYSDEVPATH only from the guest" \
	'.keys[] | select(.subsystem == "sound" and .key == "PHYSDEVPATH") | [.events, .hosts]' \
	'[6,["guest-patched"]]'
expect "guest + fixtures: sound events on 2 hosts" \
	'.by_subsystem[] | select(.subsystem == "sound") | [.events, .nhosts]' '[11,2]'
expect "guest + fixtures: the guest's dependents by package (none owned)" \
	'[.dependents_by_package[] | select(.hosts == ["guest-patched"]) | .executable] | unique' \
	'["/bin/legacy_consumer","/bin/ueventmon"]'

run report "$fx/web-01.json" "$fx/web-02.json"
grep -q '^block  *PHYSDEVPATH  *16  *2  web-01, web-02$' <<<"$out"
tap_ok $? "text: a key row with its count, host count and host names"
run report -f markdown "$fx/web-01.json" "$fx/web-02.json"
grep -q '^| block | PHYSDEVPATH | 16 | 2 | web-01, web-02 |$' <<<"$out" &&
	grep -q '^## Debian packages that still need the old layout (confirmed dependents)$' <<<"$out"
tap_ok $? "markdown: tables for keys and packages"

# ---- bad input: named, its own status, the rest still merged ---------------
printf '{"format": "sysfs-audit-report" "version": "1.0"}' >"$tmp/malformed.json"
head -c 1500 "$fx/web-02.json" >"$tmp/truncated.json"
: >"$tmp/empty.json"
truncate -s 17M "$tmp/huge.json"
jq '.version = "2.0"' "$fx/web-02.json" >"$tmp/v2.json"
jq '.version = "1.7" | .new_in_1_7 = [1,2]' "$fx/web-02.json" >"$tmp/v1.7.json"
jq '.needs.by_subsystem.block.events = "six"' "$fx/web-02.json" >"$tmp/badtype.json"
jq 'del(.host.kernel)' "$fx/web-02.json" >"$tmp/nokernel.json"
mkdir "$tmp/adir"
cp "$fx/web-01.json" "$tmp/web-01-copy.json"

bad_case() {	# bad_case WHAT FILE STATUS PATTERN
	run report -f json "$fx/db-01.json" "$2" "$fx/web-01.json"
	local ok=0
	[ "$st" = "$3" ] || ok=1
	grep -q "$2: .*$4" <<<"$err" || ok=1
	[ "$(jq -c '[.reports, .skipped[0].file, .skipped[0].status]' "$tmp/out")" = "[2,\"$2\",$3]" ] || ok=1
	[ $ok -eq 0 ] || { echo "exit $st; stderr: $err"; jq -c .skipped "$tmp/out"; } | tap_diag
	tap_ok $ok "$1: exit $3, message names the file, the other two merged"
}
bad_case "malformed JSON" "$tmp/malformed.json" 12 "malformed JSON"
bad_case "truncated" "$tmp/truncated.json" 12 "truncated"
bad_case "empty" "$tmp/empty.json" 12 "empty file"
bad_case "huge (17 MiB)" "$tmp/huge.json" 12 "too large"
bad_case "newer major version" "$tmp/v2.json" 13 "version 2.0 is newer"
bad_case "a member of the wrong type" "$tmp/badtype.json" 12 "needs.by_subsystem.block.events: expected a non-negative integer"
bad_case "a required member missing" "$tmp/nokernel.json" 12 "host.kernel: missing"
bad_case "missing file" "$tmp/nonexistent.json" 11 "cannot open"
bad_case "a directory" "$tmp/adir" 11 "is a directory"
if [ "$(id -u)" -ne 0 ]; then
	cp "$fx/web-02.json" "$tmp/noperm.json" && chmod 000 "$tmp/noperm.json"
	bad_case "unreadable file" "$tmp/noperm.json" 11 "Permission denied"
fi
run report -f json "$fx/db-01.json" "$tmp/v1.7.json"
tap_ok $([ $st -eq 0 ] && [ "$(jq .reports "$tmp/out")" = 2 ]; echo $?) \
	"a newer minor version with unknown members is read (exit $st)"

run report -f json "$fx/web-01.json" "$fx/db-01.json" "$tmp/web-01-copy.json"
ok=0
[ $st = 14 ] || ok=1
grep -q "web-01-copy.json: the same host's report as $fx/web-01.json" <<<"$err" || ok=1
[ "$(jq -c '[.reports, (.hosts | length), .events.traced]' "$tmp/out")" = "[2,2,16]" ] || ok=1
[ $ok -eq 0 ] || echo "exit $st: $err" | tap_diag
tap_ok $ok "the same host's report twice: exit 14, named, counted once"

# Several problems: the lowest status wins, every file is listed.
run report "$tmp/empty.json" "$tmp/v2.json" "$tmp/adir" "$fx/db-01.json"
tap_ok $([ $st = 11 ] && [ "$(grep -c skipped <<<"$err")" = 4 ]; echo $?) \
	"several bad files: all named, exit 11 (the lowest) (exit $st)"
run report "$tmp/empty.json"
tap_ok $([ $st = 12 ] && grep -q '0 report(s) from 0 host(s), 1 skipped' <<<"$out"; echo $?) \
	"nothing readable: an empty picture, exit 12"

# ---- --fail-on ---------------------------------------------------------------
fail_on() {	# fail_on WHAT FILES STATUS
	run report --fail-on="$1" $2
	tap_ok $([ "$st" = "$3" ]; echo $?) "--fail-on=$1 over ${2//$fx\//}: exit $3 (got $st)"
}
fail_on keys "$fx/web-01.json" 15
fail_on paths "$fx/web-01.json" 16
fail_on dependents "$fx/web-01.json" 17
fail_on findings "$fx/web-01.json" 18
fail_on findings "$fx/web-02.json" 0
fail_on dependents,findings "$fx/web-02.json" 17
fail_on keys,paths,dependents,findings "$fx/db-01.json" 0
# Dependents: confirmed ones fail "dependents"; suspects only fail the opt-in "suspects".
jq '.dependents |= map(select(.confidence == "suspect"))' "$fx/web-02.json" >"$tmp/suspects.json"
fail_on dependents "$tmp/suspects.json" 0
fail_on suspects "$tmp/suspects.json" 22
fail_on suspects "$fx/web-01.json" 0
fail_on dependents,suspects "$fx/web-02.json" 17
jq '.dependents |= map(.confidence = "confirmed")' "$fx/web-02.json" >"$tmp/allconf.json"
run report -f json "$tmp/allconf.json"
jq -ce '[.dependents_by_package[] | [.package, .executable]]' <<<"$out" |
	grep -qxF '[["(none)","/lib/firmware/loader"],["udev-legacy","/sbin/udevd-2006"]]'
tap_ok $? "packages: (none) for an unpackaged confirmed dependent"
run report --fail-on=keys "$fx/web-01.json" "$tmp/empty.json"
tap_ok $([ $st = 12 ]; echo $?) "a skipped input outranks --fail-on (exit $st)"
run report --fail-on=everything "$fx/web-01.json"
tap_ok $([ $st = 2 ] && grep -q "invalid --fail-on" <<<"$err"; echo $?) "unknown --fail-on: usage error"
run report -f yaml "$fx/web-01.json"
tap_ok $([ $st = 2 ]; echo $?) "unknown --format: usage error"
run report
tap_ok $([ $st = 2 ] && grep -q "FILE is required" <<<"$err"; echo $?) "no FILE: usage error"

# record's argument errors end before anything is loaded (no BPF on the host).
run record -d 5
tap_ok $([ $st = 2 ] && grep -q -- "-o FILE is required" <<<"$err"; echo $?) "record without -o: usage error"
run record -o "$tmp/r.json" --rules --bogus
tap_ok $([ $st = 2 ]; echo $?) "record --rules --bogus: usage error"
run record -o "$tmp/r.json" --fail-on=nothing
tap_ok $([ $st = 2 ]; echo $?) "record --fail-on=nothing: usage error"
run record -o /nonexistent/dir/r.json -d 5
tap_ok $([ $st = 1 ] && grep -q "/nonexistent/dir/r.json: cannot write the report there" <<<"$err"; echo $?) \
	"record into a missing directory: exit 1 before tracing, named"
run record -o "$tmp/r.json" --prometheus /nonexistent/dir/sa.prom -d 5
tap_ok $([ $st = 1 ] && grep -q "sa.prom: cannot write the metrics there" <<<"$err"; echo $?) \
	"record with an unwritable metrics path: exit 1 before tracing, named"
run record -o "$tmp/r.json" -d 0
tap_ok $([ $st = 2 ] && [ ! -e "$tmp/r.json" ]; echo $?) "record -d 0: usage error, no file"

# ---- Prometheus -----------------------------------------------------------
run report --prometheus "$tmp/sa.prom" "$fx/web-01.json" "$fx/web-02.json" "$fx/db-01.json"
chk=$(awk -f "$top/tests/lib/promcheck.awk" "$tmp/sa.prom" 2>&1)
tap_ok $? "Prometheus file passes the strict exposition check ($chk)"
grep -qx 'sysfs_audit_physdev_key_events_total{subsystem="block",key="PHYSDEVPATH"} 16' "$tmp/sa.prom" &&
	grep -qx 'sysfs_audit_events_lost_total 1' "$tmp/sa.prom" &&
	grep -qx 'sysfs_audit_legacy_links_total{kind="device"} 21' "$tmp/sa.prom" &&
	grep -qx 'sysfs_audit_dependents_total{executable="/sbin/udevd-2006",kind="listener",confidence="confirmed"} 7' "$tmp/sa.prom"
tap_ok $? "Prometheus counters carry the merged numbers"
left=$(ls "$tmp" | grep -c 'sa\.prom\.tmp\.')
tap_ok $([ "$left" = 0 ]; echo $?) "no temporary file left behind ($left)"
# Label values that need escaping: a quote, a backslash, a newline.
jq '.dependents[0].executable = "/opt/we\"ird\\path\nx"' "$fx/web-01.json" >"$tmp/weird.json"
run report --prometheus "$tmp/weird.prom" "$tmp/weird.json"
chk=$(awk -f "$top/tests/lib/promcheck.awk" "$tmp/weird.prom" 2>&1)
st2=$?
grep -qF 'executable="/opt/we\"ird\\\\path\\x0ax"' "$tmp/weird.prom"
st3=$?
tap_ok $([ $st2 -eq 0 ] && [ $st3 -eq 0 ]; echo $?) "label values with \", \\ and newline escaped reversibly ($chk)"
run report --prometheus /nonexistent/dir/sa.prom "$fx/web-01.json"
tap_ok $([ $st = 1 ] && grep -q "/nonexistent/dir/sa.prom: cannot write" <<<"$err"; echo $?) \
	"an unwritable metrics path: exit 1, named"
tap_done
