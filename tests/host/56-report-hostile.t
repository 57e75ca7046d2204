#!/bin/bash
# Hostile reports, round three (issue 30, the report side): crafted files,
# generated here, against the static build. Bounded by CPU time (ulimit -t)
# and address space (ulimit -v), never by the wall clock; before the fixes
# each of them forged output, passed a gate, ran out of memory or took
# minutes.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)
fx=$top/tests/host/reports
command -v jq >/dev/null || { tap_ok 1 "jq installed (make deps)"; tap_done; exit; }

# run CPUSECONDS CMD...: under a CPU-time limit and 2 GiB of address space; $st, $out, $err
RUN_MEM=2097152
. "$top/tests/lib/run.sh"
# jqr OUT FILTER: a variant of web-01's report (another machine unless FILTER says)
jqr() { jq "$2" "$fx/web-01.json" >"$tmp/$1.json"; }
esc=$'\e'

# ---- --fail-on: sums that wrap cannot open the gate (#2) ------------------------
# web-01's PHYSDEV keys and links, and a crafted host whose counts make each
# merged sum exactly 2^64: 0 in 64 bits.
keys=$(jq '[.needs.by_subsystem[] | .PHYSDEVPATH + .PHYSDEVBUS + .PHYSDEVDRIVER] | add' "$fx/web-01.json")
links=$(jq '[.needs.by_subsystem[] | .links[]] | add' "$fx/web-01.json")
wrapk=$(perl -Mbigint -e "print 2**64 - $keys")
wrapl=$(perl -Mbigint -e "print 2**64 - $links")
jq --arg k "@K@" --arg l "@L@" '.host.machine_id = "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" |
	.host.hostname = "crafted" | .needs.by_subsystem = {"x": {"events": 1, "PHYSDEVPATH": 0,
	"PHYSDEVBUS": 0, "PHYSDEVDRIVER": 0, "links": {"class_directory": 0, "device": 0,
	"class_name": 0, "bus": 0}}} | .needs.paths = [] | .dependents = [] | .findings = []' \
	"$fx/web-01.json" >"$tmp/crafted.tmpl"
# jq cannot hold 2^64 - 34 exactly: the numbers go in as text
sed "s/\"PHYSDEVPATH\": 0/\"PHYSDEVPATH\": $wrapk/" "$tmp/crafted.tmpl" >"$tmp/wrapkeys.json"
sed "s/\"bus\": 0/\"bus\": $wrapl/" "$tmp/crafted.tmpl" >"$tmp/wraplinks.json"
run 10 "$sa" report --fail-on=keys "$fx/web-01.json"
tap_ok $([ $st = 15 ]; echo $?) "web-01 alone: --fail-on=keys exits 15 ($st)"
run 10 "$sa" report --fail-on=keys "$fx/web-01.json" "$tmp/wrapkeys.json"
tap_ok $([ $st = 15 ]; echo $?) \
	"web-01 and a host with PHYSDEVPATH 2^64 - $keys: still 15, the sum saturates (was 0; got $st)"
run 10 "$sa" report --fail-on=paths "$fx/web-01.json" "$tmp/wraplinks.json"
tap_ok $([ $st = 16 ]; echo $?) \
	"web-01 and a host with 2^64 - $links bus links: --fail-on=paths still 16 (was 0; got $st)"

# ---- BOOT PATH: host names escaped in the text table (#1) ------------------------
# (its dependent given a phase: one without is "incomplete" since issue 49 #7)
jqr evilboot '.version = "1.1" | .host.hostname = "h\u001b]0;owned\u0007\u001b[2J\nFORGED would not boot" |
	.dependents[].phase = "runtime" |
	.boot = {"adopted": true, "attached_s": 1, "initramfs_end_s": 2, "coldplug_end_s": 3,
	"phases": {"initramfs": {"events": 1}, "coldplug": {"events": 1}, "runtime": {"events": 1}}}'
run 10 "$sa" report "$tmp/evilboot.json"
tap_ok $([ $st = 0 ] && grep -q '^BOOT: ' <<<"$out" && ! grep -q "$esc" <<<"$out" &&
	 ! grep -q $'\a' <<<"$out" && ! grep -q '^FORGED' <<<"$out" &&
	 grep -A2 '^HOST  *VERDICT' <<<"$out" |
		grep -q '^h\\x1b\]0;owned\\x07\\x1b\[2J\\x0aFORGED would not boot no boot-path'; echo $?) \
	"report text: OSC title, screen clear and newline in a boot audit's host name escaped in HOSTS and BOOT PATH ($st)"

# ---- markdown: only plain text reaches a step summary (#11) ----------------------
jqr evilmd '.host.hostname = "<img src=x onerror=alert(1)>" |
	.dependents[0].executable = "[click](https://e.vil/x) ![i](https://e.vil/p.png) `x` **b** &lt; www.e.vil"'
run 10 "$sa" report -f markdown "$tmp/evilmd.json"
tap_ok $([ $st = 0 ] && ! grep -q '[^\\]<img\|](http\|](https\|!\[\|[^\\]`\|\*\*b\|[^\\]&lt\|www\.e' <<<"$out" &&
	 grep -q '\\<img src=x onerror=alert\\(1\\)\\>' <<<"$out" &&
	 grep -q '\\\[click\\\]\\(https\\://e\\\.vil/x\\)' <<<"$out"; echo $?) \
	"report markdown: HTML, links, images, code, emphasis, entities and autolinks escaped ($st)"

# ---- JSON: C1 controls and bidi overrides as \uXXXX -----------------------------
jqr bidi '.host.hostname = "a\u0085b\u202ec\u2066d"'
run 10 "$sa" report -f json "$tmp/bidi.json"
tap_ok $([ $st = 0 ] && ! grep -q $'\u0085\|\u202e\|\u2066' <<<"$out" &&
	 grep -q '"hostname": "a\\u0085b\\u202ec\\u2066d"' <<<"$out" &&
	 [ "$(jq -r '.hosts[0].hostname' <<<"$out")" = $'a\u0085b\u202ec\u2066d' ]; echo $?) \
	"report -f json: NEL, RLO and LRI as \\uXXXX, the same string to a JSON reader ($st)"

# ---- the reader: memory bounded before json-c builds a tree (#8) ----------------
# 16 MiB of {}: json-c would build 5.6 million objects, 4.3 GB; under 1 GiB
# of address space that failed as "malformed JSON ... success".
perl -e 'print "[", "{}," x 5592404, "{}]"' >"$tmp/braces.json"
(sa_ulimit_v 1048576; ulimit -t "$(sa_cpu 30)"; exec "$sa" report "$tmp/braces.json") >"$tmp/out" 2>"$tmp/err"
st=$?
err=$(cat "$tmp/err")
tap_ok $([ $st = 19 ] && grep -q 'braces.json: too many JSON values to hold in memory: .* more than 128 MiB' <<<"$err" &&
	 ! grep -q 'malformed' <<<"$err"; echo $?) \
	"16 MiB of {}: refused before parsing, the bound named, exit 19 (was malformed JSON ... success, exit 12; got $st)"
run 10 "$sa" report "$fx/web-01.json" "$tmp/braces.json"
tap_ok $([ $st = 19 ] && grep -q '^1 report(s) from 1 host(s), 1 skipped' <<<"$out"; echo $?) \
	"the other reports still merge ($st)"
sed 's/"hostname"/"hostname\\u0000x"/' "$fx/web-01.json" >"$tmp/nulkey.json"
run 10 "$sa" report "$tmp/nulkey.json"
tap_ok $([ $st = 12 ] && grep -q 'a member name contains a NUL character (\\u0000)' <<<"$err"; echo $?) \
	"a member name with \\u0000: refused, exit 12 (was read as \"hostname\"; got $st)"
jq '.version = "1.1" | .boot = {"adopted": true, "attached_s": 1,
	"phases": {"initramfs": {"events": 1}, "coldplug": {"events": 1}, "runtime": {"events": 1}}}' \
	"$fx/web-01.json" >"$tmp/boot.json"
sed 's/"attached_s": 1/"attached_s": NaN/' "$tmp/boot.json" >"$tmp/nan.json"
run 10 "$sa" report "$tmp/nan.json"
tap_ok $([ $st = 12 ] && grep -q 'malformed JSON near byte [0-9]*: NaN or Infinity' <<<"$err"; echo $?) \
	"boot.attached_s NaN: refused, exit 12, not JSON (issue 49: the grammar, before the schema) ($st)"
jq '.boot.phases.initramfs.events = 7777' "$tmp/boot.json" |
	sed 's/"events": 7777/"events": 18446744073709551615/' >"$tmp/max.json"
run 10 "$sa" report "$tmp/max.json"
tap_ok $([ $st = 12 ] && grep -q 'boot.phases.initramfs.events: out of range' <<<"$err"; echo $?) \
	"a boot phase count of 2^64 - 1: refused, exit 12 ($st)"

# ---- a fleet: linear in hosts (#7) ---------------------------------------------
# 60 000 single-host reports: ~25 s of CPU before (a linear search of every
# host and every report so far), ~3 s now; names short so argv holds them.
jq -c '.needs.paths = [] | .sample = [] | .dependents = [] | .findings = [] |
	.coldplug = null | .host.hostname = "@H@" | .host.machine_id = "@H@"' \
	"$fx/web-01.json" >"$tmp/one.tmpl"
mkdir "$tmp/fleet"
perl -e 'local $/; my $t = <STDIN>; for my $i (1 .. 60000) {
	(my $r = $t) =~ s/\@H\@/h$i/g; open(my $f, ">", "$ARGV[0]/$i") or die; print $f $r; close $f }' \
	"$tmp/fleet" <"$tmp/one.tmpl"
(cd "$tmp/fleet" && ulimit -t "$(sa_cpu 12)" && exec "$sa" report -f json $(seq 1 60000)) >"$tmp/out" 2>"$tmp/err"
st=$?
tap_ok $([ $st = 0 ] && [ "$(jq '[.reports, (.hosts | length)]' -c "$tmp/out")" = "[60000,60000]" ]; echo $?) \
	"60 000 hosts' reports merged within 12 s of CPU (was ~25 s; got $st)"
tap_done
