#!/bin/bash
# Hostile input, round three (issue 30, the input side): crafted files and
# trees, generated here, small. Work is bounded by CPU time (ulimit -t) and
# blocking by timeout(1), never judged by the wall clock.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)

. "$top/tests/lib/run.sh"	# run CPUSECONDS CMD...: $st, $out, $err

# ---- rules: substitutions without a closing brace -----------------------------
# Each $env{ / %s{ / $sysfs{ searched to the end of the value: 4 MiB took 63 s.
mkdir -p "$tmp/r"
# udev reads no physical line of 16 KiB or more (issue 49), so the 4 MiB
# value is continued over lines of 5000 bytes: udev ignores the joined rule
# as too long (named, exit 10), and it is still classified, whole.
perl -e 'print "RUN+=\"", join("\\\n", ("\$env{" x 1000) x 839), "\"\n"' >"$tmp/r/open.rules"
run 5 "$sa" rules "$tmp/r/open.rules"
tap_ok $([ $st = 10 ] && grep -q 'continued line of 16384 bytes or more' <<<"$err"; echo $?) \
	"rules: 4 MiB of \$env{ without a '}': exit 10 (too long for udev) within 5 s of CPU (was 63 s; got $st)"
perl -e 'print "RUN+=\"", join("\\\n", ("%s{" x 1000) x 1398), "}\"\n"' >"$tmp/r/shared.rules"
run 5 "$sa" rules "$tmp/r/shared.rules"
tap_ok $([ $st = 10 ]; echo $?) "rules: 4 MiB of %s{ sharing one '}' at the end: exit 10 within 5 s of CPU ($st)"
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

# ---- scan --root: no file opened before its type is known ---------------------
# A FIFO in a scanned directory: a writer waits in open() until a reader
# opens it, so the marker proves whether scan opened it (O_PATH does not).
F=$tmp/special
mkdir -p "$F/etc/hotplug.d/default" "$F/lib/udev/rules.d"
mkfifo "$F/etc/hotplug.d/default/10-fifo.hotplug"
(timeout 20 sh -c "exec 3>'$F/etc/hotplug.d/default/10-fifo.hotplug'; echo opened >'$tmp/opened'" &)
sleep 1
run 10 "$sa" scan --json --root "$F"
sleep 1
tap_ok $([ $st = 10 ] && [ ! -e "$tmp/opened" ] &&
	 grep -q '10-fifo.hotplug: not a regular file (a FIFO or socket), not opened' <<<"$err" &&
	 jq -e 'select(.type == "summary") | .special == 1 and .unreadable == 0' <<<"$out" >/dev/null; echo $?) \
	"scan --root: a FIFO in /etc/hotplug.d never opened (a writer still waits), named, counted as special, exit 10 ($st)"
rm -f "$F/etc/hotplug.d/default/10-fifo.hotplug"
# device nodes (/dev/null as a RUN+= program, /dev/zero as a rules file; a
# rules file that is /dev/null masks one, as for udev): never opened
if mknod "$F/lib/udev/rules.d/70-dev.rules" c 1 5 2>/dev/null && mknod "$F/null" c 1 3 2>/dev/null; then
	printf 'RUN+="/null"\n' >"$F/lib/udev/rules.d/60-run.rules"
	run 10 "$sa" scan --json --root "$F"
	tap_ok $([ $st = 10 ] && grep -q '/null: not a regular file (a device node), not opened' <<<"$err" &&
		 grep -q '70-dev.rules: not a regular file (a device node), not opened' <<<"$err" &&
		 jq -e 'select(.type == "summary") | .special == 2' <<<"$out" >/dev/null; echo $?) \
		"scan --root: a device node as a RUN+= program and as a rules file: named, not opened, counted ($st)"
else
	tap_ok 0 "# SKIP mknod not permitted here"
fi

# ---- snapshot -s: a device tree deeper than PATH_MAX -----------------------------
# 5 000 nested devices (a 10 kB DEVPATH at the bottom): nftw() opened each
# directory by its path and skipped in silence those past PATH_MAX (2 042 of
# 10 000 reported, exit 0).
(mkdir -p "$tmp/deep" && cd "$tmp/deep" && perl -e 'mkdir "devices" or die; chdir "devices";
	for my $i (1 .. 5000) { mkdir "d" or die; chdir "d" or die;
		open(my $f, ">", "uevent") or die; print $f "DEVTYPE=x\n"; close $f }')
run 20 "$sa" snapshot -s "$tmp/deep" --json
n=$(grep -c '"type":"device"' <<<"$out")
tap_ok $([ $st = 0 ] && [ "$n" = 5000 ] && grep -q '"devices":5000' <<<"$out"; echo $?) \
	"snapshot -s: 5 000 nested devices past PATH_MAX: every one reported (was 2 042 of 10 000, exit 0; got $n, $st)"

tap_done
