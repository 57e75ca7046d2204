#!/bin/bash
# scan on a hostile or broken tree (issue 49): no kernel interface is read
# (a tree's bind-mounted /proc and /sys, its links into them), a rule hidden
# by a comment still has its program scanned. Reads files only.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)

# run NAME ARGS...: $st, $out (stdout), $err (stderr)
run() {
	local name=$1
	shift
	out=$(timeout 60 "$sa" "$@" 2>"$tmp/err")
	st=$?
	err=$(cat "$tmp/err")
	: "$name"
}

# ---- item 10: kernel interfaces are never opened ----------------------------
# A path given that leads into procfs or sysfs: named, not read, exit 10.
# (/proc/version and a sysfs attribute: reading them is harmless, so the old
# behaviour can be shown; /proc/kmsg is the one that matters.)
ln -s /proc/version "$tmp/to-proc"
run proc scan --json "$tmp/to-proc"
tap_ok $([ $st = 10 ] && grep -q 'to-proc: on a kernel interface filesystem' <<<"$err" &&
	 tail -n 1 <<<"$out" | grep -q '"files":0,'; echo $?) \
	"a link to /proc/version: named, not read, exit 10 (got $st)"
ln -s /sys/kernel/uevent_seqnum "$tmp/to-sys"
run sys scan "$tmp/to-sys"
tap_ok $([ $st = 10 ] && grep -q 'to-sys: on a kernel interface filesystem' <<<"$err"; echo $?) \
	"a link to a sysfs attribute: named, not read, exit 10 (got $st)"
run procdir scan /proc/self/fdinfo
tap_ok $([ $st = 10 ] && grep -q 'fdinfo: on a kernel interface filesystem' <<<"$err" &&
	 [ "$(grep -c '^sysfs-audit: ' <<<"$err")" = 1 ]; echo $?) \
	"a procfs directory: one message, not entered, exit 10 (got $st)"

# A tree with procfs and sysfs mounted in it, as an image build does, and a
# rule whose program is a link into them: in a private mount namespace.
R=$tmp/root
mkdir -p "$R/etc/udev/rules.d" "$R/proc" "$R/sys" "$R/usr/lib/udev"
printf 'RUN+="/usr/lib/udev/reader"\nRUN+="/usr/lib/udev/attr"\n' >"$R/etc/udev/rules.d/50-x.rules"
ln -s /proc/version "$R/usr/lib/udev/reader"
ln -s /sys/kernel/uevent_seqnum "$R/usr/lib/udev/attr"
ln -s /proc/sys/kernel "$R/etc/hotplug.d"
if unshare -m true 2>/dev/null; then
	out=$(timeout 60 unshare -m sh -c 'mount -t proc proc "$1/proc" &&
		mount -t sysfs sysfs "$1/sys" && exec "$2" scan --json --root "$1"' sh "$R" "$sa" \
		2>"$tmp/err")
	st=$?
	err=$(cat "$tmp/err")
	echo "$err" | tap_diag
	tap_ok $([ $st = 10 ] && grep -q 'udev/reader: on a kernel interface filesystem' <<<"$err" &&
		 grep -q 'udev/attr: on a kernel interface filesystem' <<<"$err" &&
		 grep -q 'etc/hotplug.d: on a kernel interface filesystem' <<<"$err" &&
		 tail -n 1 <<<"$out" | grep -q '"files":0,'; echo $?) \
		"scan --root with procfs and sysfs mounted in the tree: its links into them not read, exit 10 (got $st)"
else
	tap_skip "scan --root with procfs and sysfs mounted in the tree" "unshare -m is not allowed here"
fi

# ---- item 1: a rule hidden by a comment still has its program scanned --------
R=$tmp/hidden
mkdir -p "$R/etc/udev/rules.d" "$R/usr/lib/udev"
printf '#!/bin/sh\necho "$PHYSDEVBUS"\n' >"$R/usr/lib/udev/old-helper"
printf '# disabled \\\nRUN+="/usr/lib/udev/old-helper"\n' >"$R/etc/udev/rules.d/50-a.rules"
printf '# CR-ended\rRUN+="/usr/lib/udev/old-helper"\n' >"$R/etc/udev/rules.d/60-b.rules"
run hidden scan --root "$R"
tap_ok $([ $st = 9 ] && grep -q 'old-helper:2:.*PHYSDEVBUS' <<<"$out"; echo $?) \
	"scan --root: the program of a rule after a '\\'- or CR-ended comment is scanned (got $st)"

# ---- item 2: every compression the kernel unpacks, read or named ------------
# Images made by Debian's own tools, as initramfs-tools lays them out: an
# uncompressed early cpio, then the main cpio compressed, its script using
# PHYSDEVBUS: each must give the finding from the compressed archive.
I=$tmp/img
mkdir -p "$I/early/kernel/x86/microcode" "$I/main/scripts"
echo microcode >"$I/early/kernel/x86/microcode/GenuineIntel.bin"
printf '#!/bin/sh\necho "$PHYSDEVBUS"\n' >"$I/main/scripts/old"
(cd "$I/early" && find . | cpio -o -H newc --quiet) >"$I/early.cpio"
(cd "$I/main" && find . | cpio -o -H newc --quiet) >"$I/main.cpio"
# comp NAME KERNEL-NAME COMMAND...: the image, scanned
comp() {
	local name=$1 kname=$2
	shift 2
	if ! command -v "$1" >/dev/null; then
		tap_ok 1 "$name: $1 is installed (scripts/install-deps.sh guest)"
		return
	fi
	{ cat "$I/early.cpio"; "$@" <"$I/main.cpio"; } >"$I/initrd.img-$name"
	run "$name" scan "$I/initrd.img-$name"
	[ $st = 9 ] || echo "exit $st: $out $err" | tap_diag
	tap_ok $([ $st = 9 ] && grep -q "initrd.img-$name(2:$kname:[./]*scripts/old):2:.*PHYSDEVBUS" <<<"$out"
		 echo $?) "$name ($("$@" <"$I/main.cpio" | head -c 3 | od -An -tx1 | sed 's/^ //')): read, found in its archive"
}
comp gzip gzip gzip -9 -c
comp bzip2 bzip2 bzip2 -9 -c
comp xz xz xz --check=crc32 -c
comp lzma lzma lzma -c
comp lzma-1 lzma lzma -1 -c
comp lzma-dict4k lzma xz --format=lzma --lzma1=dict=4KiB -c
comp lzma-dict12k lzma xz --format=lzma --lzma1=dict=12KiB -c
comp lzop lzo lzop -9 -c
comp lzop-1 lzo lzop -1 -c
comp lz4 lz4 lz4 -l -9 -c
comp zstd zstd zstd -19 -q -c
# two compressed segments after the early cpio (a second initramfs appended)
{ cat "$I/early.cpio"; gzip -c <"$I/main.cpio"; lzop -c <"$I/main.cpio"; } >"$I/initrd.img-two"
run two scan "$I/initrd.img-two"
tap_ok $([ $st = 9 ] && grep -q '(2:gzip:[./]*scripts/old)' <<<"$out" &&
	 grep -q '(3:lzo:[./]*scripts/old)' <<<"$out"; echo $?) \
	"early cpio + gzip + lzop segments: each archive read (got $st)"
# what the kernel would try but cannot be read: named, exit 10, never silent
bad() {	# bad NAME PATTERN DESCRIPTION (the image is $I/NAME)
	run "$1" scan "$I/$1"
	[ $st = 10 ] && grep -q -- "$2" <<<"$err"
	local r=$?
	[ $r = 0 ] || echo "exit $st: $err" | tap_diag
	tap_ok $r "$3: named, exit 10 (got $st)"
}
lzop -c <"$I/main.cpio" >"$I/main.lzo"
{ cat "$I/early.cpio"; head -c $(($(stat -c %s "$I/main.lzo") / 2)) "$I/main.lzo"; } \
	>"$I/initrd.img-lzop-cut"
bad initrd.img-lzop-cut 'lzo data' "a truncated lzop segment"
{ printf '\x89\x4cnot-lzop-at-all-but-the-kernel-magic-0123456789'; } >"$I/initrd.img-lzo-magic"
bad initrd.img-lzo-magic 'invalid lzop header' "lzo magic, no lzop header"
{ printf '\x1f\x9e'; head -c 100 /dev/urandom; } >"$I/initrd.img-oldgz"
bad initrd.img-oldgz 'old magic 1f 9e' "old gzip magic 1f 9e (the kernel's gunzip refuses it)"
{ printf 'BZh9'; head -c 100 /dev/zero; } >"$I/initrd.img-bzjunk"
bad initrd.img-bzjunk 'bzip2' "bzip2 magic, no bzip2 stream"
head -c 4096 /dev/urandom | tr -d '\000' >"$I/initrd.img-junk"
printf '\0' >>"$I/initrd.img-junk"
printf '\x7f' | cat - "$I/initrd.img-junk" >"$I/initrd.img-junk2"
bad initrd.img-junk2 'named as an initramfs image, but no format' "an initrd.img-* of no known format"
gzip -c <"$I/early/kernel/x86/microcode/GenuineIntel.bin" >"$I/notes.gz"
bad notes.gz 'gzip data that holds no cpio archive' "gzip data without a cpio archive"
head -c 4096 /dev/urandom >"$I/blob"
printf '\x7f\0' | cat - "$I/blob" >"$I/blob2"
bad blob2 'binary data that is neither ELF, text nor an initramfs image' "a binary file of no kind scan reads"

# ---- item 11: one budget for the whole run ------------------------------------
# Three images, each 24 MiB of zeros once decompressed (a few KiB each): a
# budget of 40 MiB reads the first, stops the second, leaves the third.
mkdir -p "$I/zero"
head -c $((24 << 20)) /dev/zero >"$I/zero/z"
B=$tmp/budget
mkdir -p "$B/boot"
for k in 1 2 3; do
	(cd "$I/zero" && find . | cpio -o -H newc --quiet) | bzip2 -9 -c >"$B/boot/initrd.img-6.1.0-$k-amd64"
done
run budget scan --max-decompressed=40 --root "$B"
tap_ok $([ $st = 26 ] && grep -q "the run's budget of 40 MiB decompressed over all images is spent" <<<"$err" &&
	 [ "$(grep -c 'budget' <<<"$err")" = 2 ]; echo $?) \
	"--max-decompressed=40 over three 24 MiB images: the second stopped, the third not read, exit 26 (got $st)"
run nobudget scan --max-decompressed=0 --root "$B"
tap_ok $([ $st = 0 ]; echo $?) "--max-decompressed=0: no budget, all three read, exit 0 (got $st)"
run default scan --root "$B"
tap_ok $([ $st = 0 ]; echo $?) "the default budget (4096 MiB, 60 s) reads them all (got $st)"
run badopt scan --max-decompressed=lots --root "$B"
tap_ok $([ $st = 2 ]; echo $?) "--max-decompressed=lots: a usage error (got $st)"

tap_done
