#!/bin/bash
# Hostile input (issue 21): crafted files and trees, generated here, small.
# Each case is bounded by counted work (the unit tests) or by CPU time
# (ulimit -t), never by the wall clock; before the fixes each of them hung,
# escaped the root, forged output or lost counts.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
sa=$top/build/sysfs-audit
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run CPUSECONDS CMD...: the command under a CPU-time limit; $st, $out, $err
run() {
	local cpu=$1
	shift
	(ulimit -t "$cpu"; exec "$@") >"$tmp/out" 2>"$tmp/err"
	st=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

# ---- ELF: one pass over each section, sections merged by range -----------------
perl -e 'print "device/.." x 116508' >"$tmp/d1m"
perl "$top/tests/lib/mkelf.pl" "$tmp/e1m" "$tmp/d1m" 1
run 5 "$sa" scan "$tmp/e1m"
tap_ok $([ $st = 0 ] && [ -z "$out" ]; echo $?) \
	"1 MiB NUL-free run of device/.. in .rodata: exit 0 within 5 s of CPU (was 70 s; got $st)"
perl -e 'print "A" x (8 << 20)' >"$tmp/d8m"
perl "$top/tests/lib/mkelf.pl" "$tmp/e60k" "$tmp/d8m" 60000
run 5 "$sa" scan "$tmp/e60k"
tap_ok $([ $st = 0 ]; echo $?) "60 000 sections over 8 MiB: exit 0 within 5 s of CPU (got $st)"
printf 'PHYSDEVBUS' >"$tmp/key"
perl "$top/tests/lib/mkelf.pl" "$tmp/e65537" "$tmp/key" 65537
run 5 "$sa" scan "$tmp/e65537"
tap_ok $([ $st = 19 ] && grep -q 'e65537: more than 65536 section or program headers' <<<"$err" &&
	 grep -q 'PHYSDEVBUS' <<<"$out"; echo $?) \
	"65 537 sections: the limit named, exit 19, the data of the first ones scanned ($st)"
perl "$top/tests/lib/mkelf.pl" "$tmp/e65536" "$tmp/key" 65536
run 5 "$sa" scan "$tmp/e65536"
tap_ok $([ $st = 9 ] && ! grep -q "^sysfs-audit: " <<<"$err"; echo $?) "65 536 sections (the limit): read whole, exit 9 ($st)"
perl "$top/tests/lib/mkelf.pl" "$tmp/p" "$tmp/key" 3 phdr
run 5 "$sa" scan "$tmp/p"
tap_ok $([ $st = 9 ]; echo $?) "no section headers: the PT_LOAD segments, merged ($st)"

# ---- initramfs: every decompressed byte counts --------------------------------
# newc HEADER NAME MODE SIZE: one cpio newc header and its padded name
newc() {
	perl -e 'my ($n, $m, $s) = @ARGV; my $h = sprintf("070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		1, oct($m), 0, 0, 1, 0, $s, 0, 0, 0, 0, length($n) + 1, 0) . "$n\0";
		print $h, "\0" x ((4 - length($h) % 4) % 4)' "$@"
}
# A directory entry claiming 4 GiB - 4 of data, and 2.25 GiB of zeros as 36
# concatenated zstd frames of 64 MiB: a 2 MB image.
newc etc 040755 4294967292 | zstd -q -c >"$tmp/initrd.img-dir"
head -c $((64 << 20)) /dev/zero | zstd -q -c >"$tmp/z64"
for i in $(seq 36); do cat "$tmp/z64"; done >>"$tmp/initrd.img-dir"
run 20 "$sa" scan "$tmp/initrd.img-dir"
tap_ok $([ $st = 19 ] && grep -q 'initrd.img-dir(etc): image decompresses to more than the limit' <<<"$err"; echo $?) \
	"a directory entry with 4 GiB of data: stopped at 2 GiB decompressed, named, exit 19 (was exit 9, no warning; got $st)"
# Eight members of 512 MiB (each past the member limit) in one zstd stream.
for i in 1 2 3 4 5 6 7 8; do
	newc "big$i" 0100644 $((512 << 20)) | zstd -q -c
	for j in 1 2 3 4 5 6 7 8; do cat "$tmp/z64"; done
done >"$tmp/initrd.img-big"
run 20 "$sa" scan "$tmp/initrd.img-big"
tap_ok $([ $st = 19 ] && grep -q 'initrd.img-big(big1): member larger than the limit' <<<"$err" &&
	 grep -q 'image decompresses to more than the limit' <<<"$err" &&
	 [ "$(grep -c 'member larger' <<<"$err")" -le 4 ]; echo $?) \
	"members past the member limit: their tails count, the image stops at 2 GiB, exit 19 ($st)"

# ---- report: caps never lose counts, spans, numbers, strings ------------------
fx=$top/tests/host/reports
# jqr OUT FILTER: a variant of web-01's report
jqr() { jq "$2" "$fx/web-01.json" >"$tmp/$1.json"; }
jqr paths1030 '.needs.paths = [range(1030) | {path: "/class/x/d\(.)", kind: "devpath", count: 7}] | .needs.paths_other = 5'
run 10 "$sa" report -f json "$tmp/paths1030.json"
got=$(jq '[.paths[].events] | add' <<<"$out")
tap_ok $([ $st = 0 ] && [ "$got" = 7215 ]; echo $?) \
	"1030 paths x 7 + 5 other: 7215 events, none lost past the 1024 cap (was 7173; got $got)"
jqr paths1024 '.needs.paths = [range(1024) | {path: "/class/x/d\(.)", kind: "devpath", count: 1}] | .needs.paths_other = 0'
run 10 "$sa" report -f json "$tmp/paths1024.json"
got=$(jq '[(.paths | length), ([.paths[].events] | add)]' -c <<<"$out")
tap_ok $([ "$got" = "[1024,1024]" ]; echo $?) "exactly 1024 paths: all kept, no (other) row ($got)"
jqr touch '.span.start = "2026-12-01T11:00:00Z" | .span.end = "2026-12-01T12:00:00Z"'
run 10 "$sa" report -f json "$fx/web-01.json" "$tmp/touch.json"
tap_ok $([ $st = 0 ] && [ "$(jq .reports <<<"$out")" = 2 ]; echo $?) \
	"the same boot's spans that only touch: two runs, both merged (was exit 14; got $st)"
jqr overlap1 '.span.start = "2026-12-01T10:59:59Z" | .span.end = "2026-12-01T12:00:00Z"'
run 10 "$sa" report -f json "$fx/web-01.json" "$tmp/overlap1.json"
tap_ok $([ $st = 14 ]; echo $?) "spans that share one second: the same report twice, exit 14 ($st)"
jqr zero '.span.start = "2026-12-01T10:00:00Z" | .span.end = "2026-12-01T10:00:00Z"'
cp "$tmp/zero.json" "$tmp/zero2.json"
run 10 "$sa" report -f json "$tmp/zero.json" "$tmp/zero2.json"
tap_ok $([ $st = 14 ]; echo $?) "two zero-length spans at one instant: exit 14 ($st)"
run 10 "$sa" report -f json "$tmp/zero.json" "$fx/web-01.json"
tap_ok $([ $st = 0 ]; echo $?) "a zero-length span at the start of another: two runs ($st)"
jqr zeroin '.span.start = "2026-12-01T10:30:00Z" | .span.end = "2026-12-01T10:30:00Z"'
run 10 "$sa" report -f json "$fx/web-01.json" "$tmp/zeroin.json"
tap_ok $([ $st = 14 ]; echo $?) "a zero-length span inside another: exit 14 ($st)"
sed 's/"seen": *[0-9]*/"seen": 18446744073709551616/' "$fx/web-01.json" >"$tmp/big.json"
run 10 "$sa" report "$tmp/big.json"
tap_ok $([ $st = 12 ] && grep -q 'events.seen: out of range' <<<"$err"; echo $?) \
	"a count of 2^64: refused, named, exit 12 (was clamped silently; got $st)"
sed 's/"seen": *[0-9]*/"seen": 18446744073709551614/' "$fx/web-01.json" >"$tmp/max.json"
run 10 "$sa" report -f json "$tmp/max.json"
tap_ok $([ $st = 0 ] && grep -q '"seen": 18446744073709551614' <<<"$out"; echo $?) \
	"a count of 2^64 - 2: read exactly ($st)"
jqr nul '.host.hostname = "web\u0000-99"'
run 10 "$sa" report "$tmp/nul.json"
tap_ok $([ $st = 12 ] && grep -q 'host.hostname: contains a NUL' <<<"$err"; echo $?) \
	"a \\u0000 inside a string: refused, named, exit 12 (was cut silently; got $st)"
mkdir -p "$tmp/reports"
run 10 "$sa" report "$tmp/reports"
tap_ok $([ $st = 11 ] && grep -q 'give the reports in it' <<<"$err"; echo $?) "report DIR: exit 11 with a hint ($st)"
(cd "$tmp" && "$sa" report - </dev/null >/dev/null 2>"$tmp/err"); st=$?
tap_ok $([ $st = 11 ] && grep -q 'not from standard input' "$tmp/err"; echo $?) "report -: exit 11 with a hint ($st)"

tap_done
