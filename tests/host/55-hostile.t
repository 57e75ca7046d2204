#!/bin/bash
# Hostile input (issue 21): crafted files and trees, generated here, small.
# Each case is bounded by counted work (the unit tests) or by CPU time
# (ulimit -t), never by the wall clock; before the fixes each of them hung,
# escaped the root, forged output or lost counts.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)

. "$top/tests/lib/run.sh"	# run CPUSECONDS CMD...: $st, $out, $err

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
tap_ok $([ $st = 19 ] && grep -q 'initrd.img-dir(1:zstd:etc): image decompresses to more than the limit' <<<"$err"; echo $?) \
	"a directory entry with 4 GiB of data: stopped at 2 GiB decompressed, named, exit 19 (was exit 9, no warning; got $st)"
# Eight members of 512 MiB (each past the member limit) in one zstd stream.
for i in 1 2 3 4 5 6 7 8; do
	newc "big$i" 0100644 $((512 << 20)) | zstd -q -c
	for j in 1 2 3 4 5 6 7 8; do cat "$tmp/z64"; done
done >"$tmp/initrd.img-big"
run 20 "$sa" scan "$tmp/initrd.img-big"
tap_ok $([ $st = 19 ] && grep -q 'initrd.img-big(1:zstd:big1): member larger than the limit' <<<"$err" &&
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

# ---- output that cannot be forged ---------------------------------------------
esc=$'\e'
jqr evilhost '.host.machine_id = "dddddddddddddddddddddddddddddddd" | .host.hostname = "web-01\u001b[2J\nskipped x (exit 0): forged" | .host.kernel = "6.1|x\ny" |
	.dependents[0].executable = "/x\u0001" | .findings[0].file = "/etc/udev/rules.d/\u001b]0;t\u0007a.rules"'
run 10 "$sa" report "$tmp/evilhost.json"
tap_ok $([ $st = 0 ] && ! grep -q "$esc" <<<"$out" && ! grep -q '^skipped x' <<<"$out" &&
	 grep -q 'web-01\\x1b\[2J\\x0askipped x' <<<"$out" && grep -q 'a.rules' <<<"$out" &&
	 [ "$(grep -c $'\a' <<<"$out")" = 0 ]; echo $?) \
	"report text: ESC, BEL and newline in host names and paths escaped, no forged line ($st)"
run 10 "$sa" report -f markdown "$tmp/evilhost.json"
tap_ok $([ $st = 0 ] && ! grep -q "$esc" <<<"$out" && ! grep -q '^skipped x' <<<"$out" &&
	 grep -q '| web-01\\x1b\\\[2J\\x0askipped x \\(exit 0\\)\\: forged | 6\\\.1\\|x\\x0ay |' <<<"$out"; echo $?) \
	"report markdown: host cells keep no newline, '|' and markdown's other characters escaped ($st)"
# invalid UTF-8 (a raw 0xff and a surrogate) in a report read through json-c
perl -pe 's/"hostname": "web-01"/"hostname": "web-01\xff\xed\xa0\x80"/' "$fx/web-01.json" >"$tmp/badutf.json"
run 10 "$sa" report -f json "$tmp/badutf.json"
tap_ok $([ $st = 0 ] && iconv -f UTF-8 -t UTF-8 <<<"$out" >/dev/null 2>&1 &&
	 [ "$(jq -r '.hosts[0].hostname' <<<"$out")" = 'web-01\xff\xed\xa0\x80' ]; echo $?) \
	"report -f json: invalid UTF-8 written as \\xNN, the output valid UTF-8 ($st)"
run 10 "$sa" report --prometheus "$tmp/bad.prom" "$tmp/badutf.json" "$tmp/evilhost.json"
tap_ok $([ $st = 0 ] && iconv -f UTF-8 -t UTF-8 "$tmp/bad.prom" >/dev/null 2>&1 &&
	 awk -f "$top/tests/lib/promcheck.awk" "$tmp/bad.prom" >/dev/null 2>&1; echo $?) \
	"Prometheus file of invalid UTF-8 and control characters: valid UTF-8, passes the check ($st)"
# distinct values that used to collapse: null (breaks) vs suspect confidence, \x01 vs \x02
# (an empty confidence is no verdict: the report is refused, 56-report-hostile.t)
jqr conf1 '.dependents[0].confidence = null | .dependents[0].executable = "/x\u0001"'
jq '.host.machine_id = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" | .dependents[0].confidence = "suspect" | .dependents[0].executable = "/x\u0002"' \
	"$tmp/conf1.json" >"$tmp/conf2.json"
jq '.host.machine_id = "cccccccccccccccccccccccccccccccc" | .dependents[0].confidence = "suspect" | .dependents[0].executable = "/x\u0001"' \
	"$tmp/conf1.json" >"$tmp/conf3.json"
run 10 "$sa" report --prometheus "$tmp/d.prom" "$tmp/conf1.json" "$tmp/conf2.json" "$tmp/conf3.json"
dups=$(grep '^sysfs_audit_dependents_total{' "$tmp/d.prom" | sed 's/ [0-9]*$//' | sort | uniq -d | wc -l)
n=$(grep -c '^sysfs_audit_dependents_total{executable="/x' "$tmp/d.prom")
tap_ok $([ $st = 0 ] && [ "$dups" = 0 ] && [ "$n" = 3 ]; echo $?) \
	"Prometheus: null vs suspect and \\x01 vs \\x02 are three series, no duplicate label set ($n, $dups dups)"
# rules: a file name that forges a diagnostic line; a rule value with ESC
mkdir -p "$tmp/rd"
printf 'ENV{PHYSDEVBUS}=="\033[31mred"\n' >"$tmp/rd/evil"$'\n'"fake.rules:1:1: error: forged.rules"
run 10 "$sa" rules "$tmp/rd"
tap_ok $([ $st = 9 ] && ! grep -q "$esc" <<<"$out" && ! grep -q '^fake.rules' <<<"$out" &&
	 grep -q 'evil\\x0afake.rules:1:1: error: forged.rules:1:1: error:' <<<"$out"; echo $?) \
	"rules: a newline in a file name and ESC in a value escaped, no forged diagnostic ($st)"
printf 'BUS=="usb" , , ="x"\n' >"$tmp/rd/evil2"$'\033'"[2J.rules"
run 10 "$sa" rules "$tmp/rd"
tap_ok $([ $st = 10 ] && ! grep -q "$esc" <<<"$err"; echo $?) "rules: parse error messages escape the file name ($st)"
run 10 "$sa" rules --json "$tmp/rd"
tap_ok $(iconv -f UTF-8 -t UTF-8 <<<"$out" >/dev/null && jq -e . <<<"$out" >/dev/null; echo $?) "rules --json: valid JSON lines"
mkdir -p "$tmp/sd"
printf '#!/bin/sh\necho $PHYSDEVPATH\n' >"$tmp/sd/x"$'\xff\n'"y"
run 10 "$sa" scan --json "$tmp/sd"
tap_ok $([ $st = 9 ] && iconv -f UTF-8 -t UTF-8 <<<"$out" >/dev/null 2>&1 && jq -e . <<<"$out" >/dev/null &&
	 grep -q 'x\\\\xff\\ny' <<<"$out"; echo $?) "scan --json: invalid UTF-8 in a path as \\xNN, valid JSON ($st)"
run 10 "$sa" scan "$tmp/sd"
tap_ok $([ $st = 9 ] && grep -q 'sd/x\\xff\\x0ay:2:7: error' <<<"$out"; echo $?) "scan text: the same path escaped ($st)"

# ---- --prometheus: '-' is standard output, a non-regular target is refused -----
ln -s /dev/null "$tmp/link.prom"
run 10 "$sa" report --prometheus "$tmp/link.prom" "$fx/web-01.json"
tap_ok $([ $st = 2 ] && [ -L "$tmp/link.prom" ] && grep -q 'not a regular file' <<<"$err"; echo $?) \
	"--prometheus on a symlink (like /dev/stdout): refused, exit 2, the link kept (was replaced; got $st)"
mkfifo "$tmp/fifo.prom"
run 10 "$sa" report --prometheus "$tmp/fifo.prom" "$fx/web-01.json"
tap_ok $([ $st = 2 ] && [ -p "$tmp/fifo.prom" ]; echo $?) "--prometheus on a FIFO: refused, exit 2 ($st)"
run 10 env -C "$tmp" "$sa" report -f json --prometheus - "$fx/web-01.json"
tap_ok $([ $st = 0 ] && grep -q '^sysfs_audit_reports 1$' <<<"$out" && [ ! -e "$tmp/-" ]; echo $?) \
	"--prometheus -: the metrics on standard output, no file named '-' ($st)"
long=$tmp/$(printf 'p%.0s' $(seq 245)).prom
run 10 "$sa" report --prometheus "$long" "$fx/web-01.json"
tap_ok $([ $st = 0 ] && [ -s "$long" ] && [ -z "$(ls -A "$tmp" | grep '^\.sysfs-audit')" ]; echo $?) \
	"--prometheus with a 250-character name: written, no temporary left (was ENAMETOOLONG; got $st)"
run 10 "$sa" record -o "$tmp/link.prom" -d 1
tap_ok $([ $st = 2 ] && grep -q 'not a regular file' <<<"$err"; echo $?) "record -o on a symlink: refused before tracing, exit 2 ($st)"

# ---- snapshot -s: regular files and directories of the tree only -------------
S=$tmp/sys
mkdir -p "$S/devices/a" "$S/devices/fifo" "$S/devices/link" "$S/devices/dirlink-target"
echo DEVNAME=a >"$S/devices/a/uevent"
mkfifo "$S/devices/fifo/uevent"
printf 'DEVNAME=leaked\nDEVTYPE=leaked\n' >"$tmp/outside-uevent"
ln -s "$tmp/outside-uevent" "$S/devices/link/uevent"
timeout 30 "$sa" snapshot -s "$S" --json >"$tmp/out" 2>"$tmp/err"
st=$?
tap_ok $([ $st = 0 ] && grep -q '"/devices/a"' "$tmp/out" && ! grep -q 'fifo\|leaked\|/devices/link' "$tmp/out"; echo $?) \
	"snapshot -s: a FIFO named uevent is no device and never opened (was a hang), a uevent symlink out of the tree not followed ($st)"

# ---- --root and rules DIR: nothing outside the tree is opened ----------------
# Host files the tree's symlinks point at: each would give a finding if read.
H=$tmp/host
mkdir -p "$H/dir"
printf '#!/bin/sh\necho $PHYSDEVPATH\n' >"$H/secret"
printf '#!/bin/sh\necho $PHYSDEVPATH\n' >"$H/dir/secret2"
printf 'root:$6$hash:19000:0:99999:7:::\nENV{PHYSDEVPATH}=="x"\n' >"$H/shadow"
echo /usr/bin/x >"$H/evil.list"
R=$tmp/root
mkdir -p "$R/lib/udev/rules.d" "$R/usr/bin" "$R/etc" "$R/boot" "$R/var/lib/dpkg/info" "$R$H"
# inside the tree, the same absolute paths hold harmless files
printf '#!/bin/sh\necho in-tree $PHYSDEVBUS\n' >"$R$H/secret"
ln -s "$H/secret" "$R/usr/bin/x"				# absolute: the tree's $H/secret
ln -s "$H/secret" "$R/etc/hotplug.x"
ln -s "$H/dir" "$R/etc/hotplug.d"				# a directory out of the tree
ln -s "../../../../../../../../../..$H/secret" "$R/boot/initrd.img-up"	# .. past the top
ln -s "$H/evil.list" "$R/var/lib/dpkg/info/evil.list"
cat >"$R/lib/udev/rules.d/50-x.rules" <<RULES
RUN+="/usr/bin/x"
RUN+="../../../../../../../../..$H/dir/secret2"
RULES
run 10 "$sa" scan --root "$R" --json
tap_ok $([ $st = 9 ] && ! grep -q 'PHYSDEVPATH' <<<"$out" &&
	 [ "$(grep -c '"key":"PHYSDEVBUS"' <<<"$out")" -ge 1 ]; echo $?) \
	"scan --root: absolute and ../ symlinks, RUN+= with ../ and a symlinked dpkg list resolve inside the tree; no host file read ($st)"
grep -q 'hotplug.d' <<<"$out$err"
tap_ok $([ $? = 1 ]; echo $?) "scan --root: a symlinked hotplug.d directory leads nowhere outside"
# scan --root: a dpkg *.list named with ESC and a newline is no package: not
# read, and its name never reaches the terminal
R2=$tmp/root2
mkdir -p "$R2/var/lib/dpkg/info" "$R2/etc/hotplug.d/default"
printf '/etc/hotplug.d/default/x.hotplug\n' >"$R2/var/lib/dpkg/info/ok-pkg:amd64.list"
printf '/etc/hotplug.d/default/x.hotplug\n' >"$R2/var/lib/dpkg/info/$(printf 'e\033]0;pwn\a\nforged').list"
printf '#!/bin/sh\necho $PHYSDEVBUS\n' >"$R2/etc/hotplug.d/default/x.hotplug"
run 10 "$sa" scan --root "$R2" --json
tap_ok $([ $st = 9 ] && ! grep -q $'\033' <<<"$err" && ! grep -q '^forged' <<<"$err" &&
	 grep -q '1 \*.list file(s) not named like a Debian package, not read' <<<"$err" &&
	 grep -q '"package":"ok-pkg"' <<<"$out"; echo $?) \
	"scan --root: a dpkg .list named with ESC and newline is not read, its name not printed ($st)"
# rules DIR: a *.rules symlink out of the directory is not followed, its content never parsed
mkdir -p "$tmp/rules"
ln -s "$H/shadow" "$tmp/rules/x.rules"
printf 'KERNEL=="sda", SYMLINK+="disk"\n' >"$tmp/rules/real.rules"
ln -s real.rules "$tmp/rules/alias.rules"
ln -s /dev/null "$tmp/rules/masked.rules"
run 10 "$sa" rules "$tmp/rules"
tap_ok $([ $st = 10 ] && grep -q 'x.rules: a symlink that leaves the tree, not followed' <<<"$err" &&
	 ! grep -q 'column\|PHYSDEVPATH' <<<"$out$err" && ! grep -q 'masked.rules' <<<"$err"; echo $?) \
	"rules DIR: x.rules -> a host file not followed, no column of it shown, exit 10; a link inside and /dev/null fine ($st)"

# ---- help: examples never wrapped mid-command ----------------------------------
wrapped=
for c in trace snapshot record report rules scan; do
	"$sa" $c --help | sed -n '/^EXAMPLES:/,/^$/p' | sed '1d;/^$/d' | grep -v '^    ' | grep -q . &&
		wrapped="$wrapped $c"
done
tap_ok $([ -z "$wrapped" ]; echo $?) "every command's --help examples fit argp's width (wrapped:${wrapped:- none})"
missing=
for c in trace record report rules scan; do
	"$sa" $c --help | grep -q -- '-F, --fail-on' || missing="$missing $c"
done
tap_ok $([ -z "$missing" ]; echo $?) "-F is --fail-on on every command that has it (missing:${missing:- none})"

tap_done
