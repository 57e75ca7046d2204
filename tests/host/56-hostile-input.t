#!/bin/bash
# Hostile input, round three (issue 30, the input side): crafted files and
# trees, generated here, small. Work is bounded by CPU time (ulimit -t) and
# blocking by timeout(1), never judged by the wall clock.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
sa=${SA:-$top/build/sysfs-audit}
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run CPUSECONDS CMD...: the command under a CPU-time limit (and 60 s of
# wall clock, so a blocking open fails the case instead of hanging it); $st, $out, $err
run() {
	local cpu=$1
	shift
	(ulimit -t "$cpu"; exec timeout -s KILL 60 "$@") >"$tmp/out" 2>"$tmp/err"
	st=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

# ---- rules: substitutions without a closing brace -----------------------------
# Each $env{ / %s{ / $sysfs{ searched to the end of the value: 4 MiB took 63 s.
mkdir -p "$tmp/r"
perl -e 'print "RUN+=\"", "\$env{" x 838860, "\"\n"' >"$tmp/r/open.rules"
run 5 "$sa" rules "$tmp/r/open.rules"
tap_ok $([ $st = 0 ]; echo $?) "rules: 4 MiB of \$env{ without a '}': exit 0 within 5 s of CPU (was 63 s; got $st)"
perl -e 'print "RUN+=\"", "%s{" x 1398101, "}\"\n"' >"$tmp/r/shared.rules"
run 5 "$sa" rules "$tmp/r/shared.rules"
tap_ok $([ $st = 0 ]; echo $?) "rules: 4 MiB of %s{ sharing one '}' at the end: exit 0 within 5 s of CPU ($st)"
printf 'RUN+="%s $env{PHYSDEVBUS} $sysfs{idVendor}"\n' '$env{x' >"$tmp/r/mixed.rules"
run 5 "$sa" rules "$tmp/r/mixed.rules"
tap_ok $([ $st = 9 ] && ! grep -q 'PHYSDEVBUS is' <<<"$out" && grep -q '1:31: warning: .*sysfs{idVendor}' <<<"$out"; echo $?) \
	"rules: as udev reads it, \$env{x \$env{PHYSDEVBUS} names one variable; the scan goes on after its '}' ($st)"

# ---- initramfs: every archive the kernel unpacks, in order --------------------
# benign.cpio and evil.cpio as cpio -H newc writes them (NUL-padded to 512);
# before, only the first cpio of a stream and the first compressed segment were read.
mkdir -p "$tmp/i/benign/bin" "$tmp/i/evil/bin" "$tmp/i/early/kernel/x86/microcode"
printf '#!/bin/sh\necho fine\n' >"$tmp/i/benign/bin/ok"
printf '#!/bin/sh\necho $PHYSDEVBUS\n' >"$tmp/i/evil/bin/hotplug"
head -c 4096 /dev/urandom >"$tmp/i/early/kernel/x86/microcode/AuthenticAMD.bin"
for d in benign evil early; do
	(cd "$tmp/i/$d" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$tmp/i/$d.cpio"
done
cat "$tmp/i/benign.cpio" "$tmp/i/evil.cpio" | gzip -c >"$tmp/i/initrd.img-gzgz"
{ gzip -c <"$tmp/i/benign.cpio"; xz -c --check=crc32 <"$tmp/i/evil.cpio"; } >"$tmp/i/initrd.img-gzxz"
{ zstd -q -c <"$tmp/i/benign.cpio"; gzip -c <"$tmp/i/evil.cpio"; } >"$tmp/i/initrd.img-zstgz"
{ xz -c --check=crc32 <"$tmp/i/benign.cpio"; cat "$tmp/i/evil.cpio"; } >"$tmp/i/initrd.img-xzcpio"
for t in gzgz:2:gzip gzxz:2:xz zstgz:2:gzip xzcpio:2:cpio; do
	img=${t%%:*} seg=${t#*:}
	run 10 "$sa" scan "$tmp/i/initrd.img-$img"
	tap_ok $([ $st = 9 ] && grep -q "initrd.img-$img($seg:bin/hotplug):2:7: error: .*PHYSDEVBUS" <<<"$out"; echo $?) \
		"initramfs $img: the evil archive after the benign one read, named $seg:bin/hotplug (was exit 0, nothing; got $st)"
done
# Debian's shape: an uncompressed early microcode cpio, then the zstd main image
{ cat "$tmp/i/early.cpio"; cat "$tmp/i/benign.cpio" "$tmp/i/evil.cpio" | zstd -q -c; } >"$tmp/i/initrd.img-6.1.0-debian"
run 10 "$sa" scan --json "$tmp/i/initrd.img-6.1.0-debian"
members=$(jq -r 'select(.member) | .member' <<<"$out" | sort -u | tr '\n' ' ')
tap_ok $([ $st = 9 ] && [ "$members" = "3:zstd:bin/hotplug " ]; echo $?) \
	"early microcode cpio + zstd(main + extra cpio): the third archive read and named ($members; $st)"
# junk after a trailer inside the compressed stream is named, the archive before it read
{ cat "$tmp/i/evil.cpio"; echo junk; } | gzip -c >"$tmp/i/initrd.img-junk"
run 10 "$sa" scan "$tmp/i/initrd.img-junk"
tap_ok $([ $st = 10 ] && grep -q 'junk after archive 1' <<<"$err" && grep -q '1:gzip:bin/hotplug' <<<"$out"; echo $?) \
	"initramfs: junk after the trailer in a gzip stream named, exit 10 ($st)"

# ---- scan --root: 30 000 rules files, each running its own program ------------
# RUN+= programs were deduplicated by a linear search and rules-file names
# masked by comparing each with every earlier one: quadratic (100 000: 194 s of CPU).
R=$tmp/many
mkdir -p "$R/lib/udev/rules.d" "$R/etc/udev/rules.d" "$R/usr/bin"
(cd "$R/lib/udev/rules.d" && perl -e 'for my $i (0..29999) {
	open(my $f, ">", sprintf("r%05d.rules", $i)) or die;
	printf $f "ACTION==\"add\", RUN+=\"/usr/bin/p%05d\"\n", $i % 29999 }')
printf '#!/bin/sh\necho $PHYSDEVBUS\n' >"$R/usr/bin/p00000"
printf '#!/bin/sh\necho $PHYSDEVDRIVER\n' >"$R/usr/bin/p00001"
chmod +x "$R/usr/bin/p00000" "$R/usr/bin/p00001"
ln -s /dev/null "$R/etc/udev/rules.d/r00001.rules"
run 5 "$sa" scan --root "$R"
tap_ok $([ $st = 9 ] && [ "$(grep -c 'p00000.*PHYSDEVBUS' <<<"$out")" = 1 ] &&
	 ! grep -q PHYSDEVDRIVER <<<"$out"; echo $?) \
	"scan --root, 30 000 rules files: within 5 s of CPU, a program run by two files reported once, a masked file's program not read ($st)"

tap_done
