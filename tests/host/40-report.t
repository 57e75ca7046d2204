#!/bin/bash
# sysfs-audit report on the host: merging several hosts' reports gives the
# exact expected aggregates; every bad input is named, skipped with its own
# exit status while the other files still merge; every --fail-on status;
# the Prometheus file passes a strict exposition-format check.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
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
	grep -q '^## Debian packages that still need the old layout (dependents that break)$' <<<"$out"
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
# Dependents: those that break (1.2's "confirmed") fail "dependents"; suspects only fail the opt-in "suspects".
jq '.dependents |= map(select(.confidence == "suspect"))' "$fx/web-02.json" >"$tmp/suspects.json"
fail_on dependents "$tmp/suspects.json" 0
fail_on suspects "$tmp/suspects.json" 22
fail_on suspects "$fx/web-01.json" 0
fail_on dependents,suspects "$fx/web-02.json" 17
jq '.dependents |= map(.confidence = "confirmed")' "$fx/web-02.json" >"$tmp/allconf.json"
run report -f json "$tmp/allconf.json"
jq -ce '[.dependents_by_package[] | [.package, .executable]]' <<<"$out" |
	grep -qxF '[["(none)","/lib/firmware/loader"],["udev-legacy","/sbin/udevd-2006"]]'
tap_ok $? "packages: (none) for an unpackaged dependent that breaks (1.2: confirmed)"
run report --fail-on=keys "$fx/web-01.json" "$tmp/empty.json"
tap_ok $([ $st = 12 ]; echo $?) "a skipped input outranks --fail-on (exit $st)"
run report --fail-on=everything "$fx/web-01.json"
tap_ok $([ $st = 2 ] && grep -q "invalid --fail-on" <<<"$err"; echo $?) "unknown --fail-on: usage error"
run report -f yaml "$fx/web-01.json"
tap_ok $([ $st = 2 ]; echo $?) "unknown --format: usage error"
run report
tap_ok $([ $st = 2 ] && grep -q "FILE is required" <<<"$err"; echo $?) "no FILE: usage error"

# ---- format 1.3: three verdicts; 1.2's "confirmed" is read as breaks (issue 28) --
d12=$fx/deps-1.2.json d13=$fx/deps-1.3.json
run report -f json "$d12"
expect "1.2: 'confirmed' is read as breaks, the merged output is 1.5" \
	'[.version, .dependents_by_verdict, [.dependents_by_executable[] | .confidence]]' \
	'["1.5",{"breaks":1,"falls_back":0,"suspect":1},["suspect","breaks"]]'
fail_on dependents "$d12" 17
run report -f json "$d13"
expect "1.3: breaks, falls-back and suspect; the store's drops by verdict" \
	'[.dependents_by_verdict, [.dependents_by_executable[] | .confidence], .dependents_lost.store_full_by]' \
	'[{"breaks":1,"falls_back":1,"suspect":1},["suspect","falls-back","breaks"],{"breaks":2,"falls_back":0,"suspect":1}]'
run report -f json "$d12" "$d13"
expect "1.2 and 1.3 merged: one row per program, whatever its verdict was called" \
	'[.dependents_by_verdict, [.dependents_by_executable[] | [.executable, .confidence, .nhosts]]]' \
	'[{"breaks":2,"falls_back":1,"suspect":2},[["/lib/firmware/loader","suspect",2],["/sbin/udevd-2006","breaks",2],["/usr/lib/libsysfs-tool","falls-back",1]]]'
# ---- format 1.4: the kind uevent-read and its rule uevent-keys (issue 28) ------
d14=$fx/deps-1.4.json
run report -f json "$d14"
expect "1.4: a uevent-read dependent that breaks by uevent-keys is read and counted" \
	'[.version, .dependents_by_verdict, [.dependents_by_executable[] | [.executable, .kind, .confidence]]]' \
	'["1.5",{"breaks":1,"falls_back":0,"suspect":1},[["/lib/firmware/loader","legacy-name","suspect"],["/bin/busybox","uevent-read","breaks"]]]'
fail_on dependents "$d14" 17
run report -f json "$d13" "$d14"
expect "1.3 and 1.4 merged: the older report read as it was" \
	'[.reports, .dependents_by_verdict]' '[2,{"breaks":2,"falls_back":1,"suspect":2}]'

jq '.dependents |= map(select(.confidence != "breaks"))' "$d13" >"$tmp/dropped-breaks.json"
fail_on dependents "$tmp/dropped-breaks.json" 17
run report "$tmp/dropped-breaks.json"
grep -q '^WARNING: 2 more dependent(s) that break were dropped by a full store' <<<"$out" &&
	grep -q '^dependents'"'"' records lost: ring 0, map full 0, store full 3 (breaks 2, falls back 0, suspect 1)$' <<<"$out"
tap_ok $? "text: the dependents that break a full store dropped are said, not silent"
jq '.dependents |= map(select(.confidence == "falls-back")) | .dependents_lost.store_full_by.breaks = 0' \
	"$d13" >"$tmp/falls-back.json"
fail_on dependents "$tmp/falls-back.json" 0
fail_on suspects "$tmp/falls-back.json" 0
run report --prometheus "$tmp/v.prom" "$d13"
grep -qx 'sysfs_audit_dependents{verdict="falls-back"} 1' "$tmp/v.prom" &&
	grep -qx 'sysfs_audit_dependents_dropped_total{verdict="breaks"} 2' "$tmp/v.prom" &&
	awk -f "$top/tests/lib/promcheck.awk" "$tmp/v.prom" >/dev/null 2>&1
tap_ok $? "Prometheus: dependents and the store's drops by verdict"

# ---- boot verdicts (issues 27 and 31) ------------------------------------------
# What breaks decides, never a suspect: a stock Debian 12 boot has modern
# suspects in its initramfs and coldplug (udevadm, udevd and systemd
# listening, journald, the gpt-auto generator) and boots.
clean=$fx/boot-clean.json mdev=$fx/boot-mdev.json
run report -f json "$clean"
expect "a clean Debian 12 host, modern suspects only in initramfs and coldplug: no boot-path dependent" \
	'.hosts[0].boot.verdict' '"no boot-path dependent"'
expect "its suspects are counted per phase, none breaks" \
	'[.hosts[0].boot.suspects, .hosts[0].boot.breaks, .boot.verdicts["would not boot"]]' \
	'[{"initramfs":2,"coldplug":4,"runtime":0},{"initramfs":0,"coldplug":0,"runtime":0},0]'
run report "$clean"
grep -q '^deb12-clean  *no boot-path dependent  *0/0/2  *0/0/4  *0/0/0$' <<<"$out" &&
	grep -q '^  suspects, which never decide a verdict: 6 in the boot path on 1 host(s)$' <<<"$out"
tap_ok $? "text: the clean host's verdict with its suspects per phase (breaks/falls back/suspect)"
run report -f json "$mdev"
expect "BusyBox 1.6 mdev breaks in the initramfs (1.1: confirmed): would not boot" \
	'[.hosts[0].boot.verdict, .hosts[0].boot.breaks.initramfs, .hosts[0].boot.suspects.initramfs]' \
	'["would not boot",1,2]'
expect "the boot dependents carry their confidence" \
	'[.boot.dependents[] | select(.phase == "initramfs") | [.confidence, .executable]]' \
	'[["breaks","/bin/busybox"],["suspect","/usr/bin/udevadm"],["suspect","/usr/lib/systemd/systemd-udevd"]]'
expect "the boot dependents in boot order, breaks first" \
	'[.boot.dependents[0].phase, .boot.dependents[0].confidence, .boot.dependents[-1].phase]' \
	'["initramfs","breaks","coldplug"]'
expect "and what stops it: busybox in the initramfs, 1 host" \
	'[.boot.would_not_boot_by[] | [.executable, .phase, .nhosts]]' '[["/bin/busybox","initramfs",1]]'
run report "$mdev"
grep -q '^deb12-mdev  *would not boot  *1/0/2  *0/0/4  *0/0/0$' <<<"$out" &&
	grep -q '^    initramfs: /bin/busybox legacy-readdir /sys/class/block$' <<<"$out"
tap_ok $? "text: would not boot, the dependent that breaks under the host"

# incomplete: the clean host, each time with something the audit did not see
variant() {	# variant NAME JQ-FILTER [BASE]: $tmp/NAME.json, a host of its own
	jq --arg n "$1" ".host.hostname = \$n | .host.machine_id = \$n | $2" "${3:-$clean}" \
		>"$tmp/$1.json"
}
variant unadopted '.boot.adopted = false | .boot.initramfs_end_s = null'
variant no-initmark '.boot.initramfs_end_s = null'
variant no-coldmark '.boot.coldplug_end_s = null'
variant lost-1.1 '.events.lost = 3'
variant ring-1.2 '.version = "1.2" | .dependents_lost = {ring: 12, map_full: 0, store_full: 1}
	| .boot.phases[].lost = 0 | .boot.phases.initramfs.dependents_lost = {ring: 12, map_full: 0, store_full: 0}
	| .boot.phases.coldplug.dependents_lost = {ring: 0, map_full: 0, store_full: 0}
	| .boot.phases.runtime.dependents_lost = {ring: 0, map_full: 0, store_full: 1}'
variant runtime-lost-1.2 '.version = "1.2" | .events.lost = 5 | .boot.phases[].lost = 0
	| .boot.phases.runtime.lost = 5'
variant later '.dependents += [.dependents[0] | .phase = "runtime" | .confidence = "confirmed"
	| .executable = "/usr/local/bin/old-hal"]'
variant mdev-unadopted '.boot.adopted = false | .events.lost = 9' "$mdev"
incomplete() {	# incomplete NAME JSON-OF-[phase, reasons]...
	run report -f json "$tmp/$1.json"
	expect "$1: $3" '[.hosts[0].boot.verdict, [.hosts[0].boot.incomplete[] | [.phase, .reasons]]]' "$2"
}
incomplete unadopted '["incomplete",[["initramfs",["not-adopted"]]]]' \
	"not adopted: incomplete, the initramfs never traced"
incomplete no-initmark '["incomplete",[["initramfs",["no-initramfs-mark"]]]]' \
	"no initramfs-end mark: incomplete in the initramfs"
incomplete no-coldmark '["incomplete",[["coldplug",["no-coldplug-mark"]]]]' \
	"no coldplug-end mark (the recorder stopped before coldplug ended): incomplete"
incomplete lost-1.1 '["incomplete",[[null,["events-lost"]]]]' \
	"events lost, no phase named (1.1): incomplete, an unknown phase"
expect "lost-1.1: the count" '.hosts[0].boot.incomplete[0].events_lost' '3'
incomplete ring-1.2 '["incomplete",[["initramfs",["dependents-lost"]],["runtime",["dependents-lost"]]]]' \
	"1.2: dependents' ring full in the initramfs: incomplete (a runtime loss noted)"
expect "ring-1.2: the counts per phase, per host and fleet-wide" \
	'[.hosts[0].boot.incomplete[0].dependents_lost.ring, .hosts[0].dependents_lost, .dependents_lost.store_full]' \
	'[12,{"ring":12,"map_full":0,"store_full":1,"store_full_by":{"breaks":0,"falls_back":0,"suspect":0}},1]'
incomplete runtime-lost-1.2 '["no boot-path dependent",[["runtime",["events-lost"]]]]' \
	"1.2: events lost at runtime only: the boot verdict stands, the loss is listed"
incomplete later '["no boot-path dependent (later only)",[]]' \
	"a runtime dependent that breaks only: later only"
incomplete mdev-unadopted '["would not boot",[["initramfs",["not-adopted"]],[null,["events-lost"]]]]' \
	"a boot-path dependent that breaks outranks what was missed: would not boot"
# 1.5 (issue 43): the reasons the recorder knew. A recorder stopped before
# it adopted drained what was pinned at the stop: incomplete all the same.
stopped=$fx/boot-stopped.json
cp "$stopped" "$tmp/stopped.json"
incomplete stopped '["incomplete",[[null,["stopped-before-adoption"]]]]' \
	"1.5: stopped before adoption: incomplete, no phase named"
expect "stopped: counted by reason" '.boot.incomplete_reasons["stopped-before-adoption"]' '1'
variant timeouts '.boot.incomplete = ["start-timeout", "mark-timeout", "recorder-killed"]' "$stopped"
incomplete timeouts '["incomplete",[["initramfs",["start-timeout","mark-timeout"]],[null,["recorder-killed"]]]]' \
	"1.5: the scripts' timeouts leave the initramfs unvouched"
variant newer '.version = "1.9" | .boot.incomplete = ["some-reason-of-2030"]' "$stopped"
incomplete newer '["incomplete",[[null,["other"]]]]' \
	"1.5: a reason this build does not know is never read as none"
variant no-reasons '.boot.incomplete = []' "$stopped"
incomplete no-reasons '["no boot-path dependent",[]]' "1.5: no reason, nothing missed: complete"
variant bad-reasons '.boot.incomplete = "stopped-before-adoption"' "$stopped"
run report "$tmp/bad-reasons.json"
[ "$st" = 12 ] && grep -q 'boot.incomplete: expected an array' "$tmp/err"
tap_ok $? "1.5: boot.incomplete not an array: invalid, named (exit $st)"
run report "$stopped"
grep -q '^  incomplete, because of: stopped before adoption on 1 host(s)$' <<<"$out" &&
	grep -q '^deb12-stopped  *incomplete ' <<<"$out" &&
	grep -q '^    missed in an unknown phase: stopped-before-adoption: the recorder was stopped before it adopted' <<<"$out"
tap_ok $? "text: stopped before adoption, under its host"
fail_on incomplete "$stopped" 24
fail_on boot "$stopped" 0

# ---- format 1.6: where the package of an initramfs's program comes from (issue 47) --
# The initramfs's udevadm is a byte-for-byte copy of the host's (udev), its
# systemd-udevd is not the host's, its BusyBox mdev the host does not have.
copy=$fx/boot-copy.json
run report -f json "$copy"
expect "1.6: package and package_via by executable, the merged output is 1.6" \
	'[.version, ([.dependents_by_executable[] | select(.package_via != null) | [.executable, .package, .package_via]] | sort)]' \
	'["1.6",[["/bin/busybox",null,"no-host-file"],["/usr/bin/udevadm","udev","initramfs-copy"],["/usr/lib/systemd/systemd-udevd",null,"differs"]]]'
run report "$copy"
grep -q '^EXECUTABLE .* PACKAGE  *PACKAGE-VIA ' <<<"$out" &&
	grep -q '^/usr/bin/udevadm  *legacy-readdir  *suspect  *udev  *initramfs-copy ' <<<"$out" &&
	grep -q '^/usr/lib/systemd/systemd-udevd  *listener  *suspect  *-  *differs ' <<<"$out"
tap_ok $? "text: a PACKAGE-VIA column says which package is a copy's, and which copy differs"
run report "$fx/boot-mdev.json"
! grep -q 'PACKAGE-VIA' <<<"$out"
tap_ok $? "text: no such column when no report says where a package came from"
run report -f markdown "$copy"
grep -qF '| Package | Legacy artifact | Package via |' <<<"$out" &&
	grep -qF '| /usr/bin/udevadm | legacy-readdir | suspect | udev | - | initramfs-copy |' <<<"$out"
tap_ok $? "markdown: the column too"
run report -f html "$copy"
grep -qF '<td>udev, copied into the initramfs</td>' <<<"$out" &&
	grep -qF '<td>no package: not the host&#39;s /usr/lib/systemd/systemd-udevd</td>' <<<"$out" &&
	grep -qF '<td>no package: the host has no /bin/busybox</td>' <<<"$out"
tap_ok $? "html: the package cell says it is a copy, or why there is none"
run report --svg "$tmp/copy.svg" "$copy"
grep -qF '/usr/bin/udevadm · udev, copied into the initramfs</text>' "$tmp/copy.svg" &&
	grep -qF '(no package: not the host&#39;s /usr/lib/systemd/systemd-udevd)' "$tmp/copy.svg"
tap_ok $? "svg: the label and the bar's title say so"
for bad in '"copy"' '""' '"INITRAMFS-COPY"' '1'; do
	jq ".dependents[1].package_via = $bad" "$copy" >"$tmp/via-bad.json"
	run report "$tmp/via-bad.json"
	[ "$st" = 12 ] && grep -q 'dependents\[1\].package_via: expected initramfs-copy, differs, no-host-file or unread or null\|dependents\[1\].package_via: expected a string' "$tmp/err"
	tap_ok $? "1.6: package_via $bad is no value this build knows: refused, named (exit $st)"
done
jq '.dependents[2].package = "udev"' "$copy" >"$tmp/via-differs-pkg.json"
run report "$tmp/via-differs-pkg.json"
[ "$st" = 12 ] && grep -qF 'package_via: "differs" names no package, but package is "udev"' "$tmp/err"
tap_ok $? "1.6: a copy that differs with a package would vouch for a file nobody checked: refused (exit $st)"

run report -f json "$fx/web-01.json"
expect "a report that is no boot audit: no boot verdict" '[.hosts[0].boot, .boot.hosts]' '[null,0]'
run report "$tmp/unadopted.json" "$tmp/ring-1.2.json" "$tmp/no-coldmark.json"
grep -q '^  incomplete, because of: not adopted on 1 host(s); no coldplug-end mark on 1 host(s); dependents'"'"' records lost on 1 host(s)$' <<<"$out" &&
	grep -q '^unadopted  *incomplete  *0/0/2  *0/0/4  *0/0/0$' <<<"$out" &&
	grep -q '^    missed in initramfs: not adopted: the initramfs was never traced$' <<<"$out" &&
	grep -q '^    missed in initramfs: 12 dependents'"'"' records lost (ring 12, map full 0, store full 0)$' <<<"$out" &&
	grep -q '^    missed in coldplug: no coldplug-end mark: the recorder stopped before coldplug ended, or the mark was never written$' <<<"$out"
tap_ok $? "text: which host, which phase, why, and the counts"
run report -f markdown "$tmp/unadopted.json" "$mdev"
grep -qF '| unadopted | incomplete | 0/0/2 | 0/0/4 | 0/0/0 | missed in initramfs: not adopted: the initramfs was never traced |' <<<"$out" &&
	grep -qF '| deb12-mdev | would not boot | 1/0/2 | 0/0/4 | 0/0/0 | initramfs: /bin/busybox legacy-readdir /sys/class/block |' <<<"$out"
tap_ok $? "markdown: the verdict and why per host"

fail_on boot "$mdev" 23
fail_on boot "$clean" 0
fail_on boot "$tmp/unadopted.json" 0
fail_on incomplete "$tmp/unadopted.json" 24
fail_on incomplete "$clean" 0
fail_on incomplete "$mdev" 0
fail_on incomplete,boot "$tmp/unadopted.json $mdev" 23
fail_on boot "$fx/web-01.json" 0
fail_on dependents "$clean" 0

run report --prometheus "$tmp/boot.prom" "$tmp/unadopted.json" "$mdev" "$tmp/ring-1.2.json" "$fx/web-01.json"
chk=$(awk -f "$top/tests/lib/promcheck.awk" "$tmp/boot.prom" 2>&1) &&
	grep -qx 'sysfs_audit_boot_hosts{verdict="would not boot"} 1' "$tmp/boot.prom" &&
	grep -qx 'sysfs_audit_boot_hosts{verdict="incomplete"} 2' "$tmp/boot.prom" &&
	grep -qx 'sysfs_audit_boot_hosts{verdict="not audited from boot"} 1' "$tmp/boot.prom" &&
	grep -qx 'sysfs_audit_dependents_lost_total{cause="ring"} 12' "$tmp/boot.prom"
tap_ok $? "Prometheus: hosts by boot verdict, the dependents' losses by cause ($chk)"

# A dependent's kind is the report's string: escaped under its host too.
variant evil-kind '.dependents[0].kind = "legacy-readdir\u001b[2J|x"' "$mdev"
run report "$tmp/evil-kind.json"
grep -qF '    initramfs: /bin/busybox legacy-readdir\x1b[2J|x /sys/class/block' <<<"$out" &&
	! grep -q $'\e' <<<"$out"
tap_ok $? "text: a hostile kind under its host is escaped"
run report -f markdown "$tmp/evil-kind.json"
grep -qF '| initramfs: /bin/busybox legacy-readdir\x1b\[2J\|x /sys/class/block |' <<<"$out" &&
	! grep -q $'\e' <<<"$out"
tap_ok $? "markdown: the same, '|' escaped"

# ---- the first screen: the verdict, for one host and for 1 000 -------------------
run report "$mdev"
head -25 <<<"$out" | grep -q '^deb12-mdev  *would not boot '
tap_ok $? "one host's boot audit: the verdict within the first 25 lines ($(wc -l <<<"$out") lines in all)"
npaths=$(jq '.needs.paths | length' "$mdev")
grep -q "^$((npaths - 10)) more: --details$" <<<"$out" &&
	[ "$(sed -n '/^LEGACY PATHS/,/^$/p' <<<"$out" | grep -c ' 1  deb12-mdev$')" = 10 ]
tap_ok $? "the legacy-path table shows its top 10 of $npaths, then how many more"
run report --details "$mdev"
! grep -q 'more: --details' <<<"$out" &&
	[ "$(sed -n '/^LEGACY PATHS/,/^$/p' <<<"$out" | grep -c ' 1  deb12-mdev$')" = "$npaths" ]
tap_ok $? "--details: every row"
run report -f markdown "$mdev"
head -25 <<<"$out" | grep -q '^| deb12-mdev | would not boot |' && grep -q "^$((npaths - 10)) more: --details$" <<<"$out"
tap_ok $? "markdown: the verdict within the first 25 lines, the paths capped"

# 1 000 hosts: every 27th has the old mdev (i = 0, 27, ..., 999: 38 hosts),
# every 8th from the second is not adopted (125, 5 of them with mdev: 120
# incomplete), every 100th from the 51st has a runtime dependent that breaks (10).
mkdir "$tmp/fleet"
jq -c -n --slurpfile c "$clean" --slurpfile md "$mdev" 'range(1000) as $i
	| (if $i % 27 == 0 then $md[0] else $c[0] end)
	| .host.hostname = "host-\($i)" | .host.machine_id = "m\($i)"
	| if $i % 8 == 1 then .boot.adopted = false | .boot.initramfs_end_s = null else . end
	| if $i % 100 == 50 then .dependents += [.dependents[0] | .phase = "runtime"
		| .confidence = "confirmed" | .executable = "/usr/local/bin/old-hal"] else . end' |
	awk -v d="$tmp/fleet" '{ f = sprintf("%s/%04d.json", d, NR); print > f; close(f) }'
t0=$(date +%s%N)
run report "$tmp"/fleet/*.json
t1=$(date +%s%N)
head -25 <<<"$out" >"$tmp/screen"
grep -q '^BOOT: 1000 of 1000 host(s) audited from boot: 38 would not boot, 120 incomplete, 10 no boot-path dependent (later only), 832 no boot-path dependent$' "$tmp/screen" &&
	grep -q '^  would not boot, because of (breaks, in the boot path): /bin/busybox (initramfs) on 38 host(s)$' "$tmp/screen" &&
	grep -q '^  incomplete, because of: not adopted on 120 host(s)$' "$tmp/screen" &&
	grep -q '^host-0  *would not boot ' "$tmp/screen"
tap_ok $? "1 000 hosts: the first screen says how many would not boot, are incomplete, and why (exit $st, $(( (t1 - t0) / 1000000 )) ms, $(wc -l <<<"$out") lines)"
tap_diag <"$tmp/screen"

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
	grep -qx 'sysfs_audit_dependents_total{executable="/sbin/udevd-2006",kind="listener",confidence="breaks"} 7' "$tmp/sa.prom" &&
	grep -qx 'sysfs_audit_dependents{verdict="breaks"} 2' "$tmp/sa.prom"
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
