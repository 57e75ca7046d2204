#!/bin/bash
# sysfs-audit scan over a fixture root built here: ELF helpers with and
# without the keys, scripts, hotplug/modprobe/sysctl configuration, initramfs
# images (early cpio + gzip/xz/zstd main) and a fake dpkg database; exact
# findings and package names. Then the bad-input cases.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)
R=$tmp/root
mkdir -p "$R"/{lib/udev/rules.d,etc/hotplug.d/default,etc/modprobe.d,etc/sysctl.d,sbin,boot} \
	"$R"/usr/lib/udev "$R"/var/lib/dpkg/info "$tmp/src"

cc_to() {	# cc_to OUTPUT C-SOURCE
	printf '%s\n' "$2" >"$tmp/src/x.c"
	gcc -O2 -o "$1" "$tmp/src/x.c" || { tap_ok 1 "gcc builds $1"; tap_done; exit 1; }
}

# An ELF helper that reads the old keys, and one that does not.
cc_to "$R/lib/udev/legacy_helper" '#include <stdio.h>
#include <stdlib.h>
int main(void) { const char *b = getenv("PHYSDEVBUS"), *d = getenv("PHYSDEVDRIVER");
	printf("%s %s\n", b ? b : "-", d ? d : "-"); return 0; }'
cc_to "$R/lib/udev/modern_helper" '#include <stdio.h>
#include <stdlib.h>
int main(void) { const char *p = getenv("DEVPATH"); printf("/sys%s\n", p ? p : ""); return 0; }'
# A BusyBox older than 1.7 with mdev (its banner and applet list), for the image.
cc_to "$tmp/busybox" '#include <stdio.h>
static const char banner[] = "BusyBox v1.6.1 (2007-06-30 12:00:00 UTC) multi-call binary";
static const char applets[] = "ash\0mdev\0sh";
int main(int c, char **v) { (void)v; puts(banner); return applets[c]; }'
# A script helper (in /usr/lib/udev: a bare name in RUN is looked up in both).
cat >"$R/usr/lib/udev/script_helper" <<'SH'
#!/bin/sh
# PHYSDEVBUS here is only a comment
for d in $(find /sys/block -type d -mindepth 1 -maxdepth 1); do
	[ -n "$PHYSDEVDRIVER" ] && echo "$d"
done
SH
chmod +x "$R/usr/lib/udev/script_helper"
cat >"$R/lib/udev/rules.d/50-test.rules" <<'RULES'
SUBSYSTEM=="block", RUN+="legacy_helper"
SUBSYSTEM=="net", RUN+="/lib/udev/modern_helper", IMPORT{program}="script_helper %k"
SUBSYSTEM=="input", RUN{builtin}+="kmod load", RUN+="/lib/udev/not_installed"
RULES
# hotplug, modprobe, sysctl
cat >"$R/etc/hotplug.d/default/10-old.hotplug" <<'SH'
#!/bin/sh
[ "$PHYSDEVBUS" = usb ] && exec /sbin/usbhelper
SH
ln -s ../etc/hotplug.d/default/10-old.hotplug "$R/sbin/hotplug"
ln -s default "$R/etc/hotplug.d/loop"	# a loop for the tree walk
echo 'install sbp2 /sbin/modprobe --ignore-install sbp2; cat /sys/class/scsi_host/host0/device/bus' \
	>"$R/etc/modprobe.d/old.conf"
echo 'options snd-hda-intel power_save=1' >"$R/etc/modprobe.d/modern.conf"
printf '# old helper\nkernel.hotplug = /sbin/hotplug\n' >"$R/etc/sysctl.d/10-hotplug.conf"
# Initramfs images: an uncompressed early cpio, then the main one compressed.
mkdir -p "$tmp/early/kernel/x86/microcode" "$tmp/main/bin" "$tmp/main/scripts/init-top" \
	"$tmp/main/etc/udev/rules.d"
echo microcode >"$tmp/early/kernel/x86/microcode/GenuineIntel.bin"
cp "$R/lib/udev/legacy_helper" "$tmp/main/bin/nash"
cp "$R/lib/udev/modern_helper" "$tmp/main/bin/modern"
cp "$tmp/busybox" "$tmp/main/bin/busybox"
printf '#!/bin/sh\nif [ -L /sys/block/sda ]; then :; fi\n' >"$tmp/main/scripts/init-top/udev"
printf 'ENV{PHYSDEVBUS}=="?*", WAIT_FOR_SYSFS="bus"\n' >"$tmp/main/etc/udev/rules.d/05-udev-early.rules"
(cd "$tmp/early" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$tmp/early.cpio"
(cd "$tmp/main" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$tmp/main.cpio"
for c in gzip xz zstd; do
	{ cat "$tmp/early.cpio"; $c -c <"$tmp/main.cpio"; } >"$R/boot/initrd.img-6.1.0-$c"
done
mv "$R/boot/initrd.img-6.1.0-zstd" "$R/boot/initramfs-6.1.0-zstd.img"
# A fake dpkg database (merged /usr: script_helper listed under /lib).
echo /lib/udev/legacy_helper >"$R/var/lib/dpkg/info/oldhelpers:amd64.list"
echo /lib/udev/script_helper >>"$R/var/lib/dpkg/info/oldhelpers:amd64.list"
printf '/etc/hotplug.d\n/etc/hotplug.d/default/10-old.hotplug\n' >"$R/var/lib/dpkg/info/hotplug.list"
echo /etc/modprobe.d/old.conf >"$R/var/lib/dpkg/info/sbp2-quirks.list"

"$sa" scan --root "$R" --json >"$tmp/out.json" 2>"$tmp/err"
st=$?
tap_diag <"$tmp/err"
tap_ok $([ $st = 9 ] && [ ! -s "$tmp/err" ]; echo $?) "fixture root: exit 9, no message"
perl -MJSON::PP -ne '
	my $o = decode_json($_);
	next unless $o->{type} eq "finding";
	(my $f = $o->{file}) =~ s{^\Q'"$R"'\E}{};
	$f .= "($o->{member})" if defined $o->{member};
	print join(" ", $f, $o->{line} // "-", $o->{kind}, $o->{key}, $o->{severity},
		   $o->{package} // "-"), "\n";' "$tmp/out.json" | sort >"$tmp/got"
LC_ALL=C sort >"$tmp/want" <<'WANT'
/lib/udev/legacy_helper - physdev-key PHYSDEVBUS error oldhelpers
/lib/udev/legacy_helper - physdev-key PHYSDEVDRIVER error oldhelpers
/usr/lib/udev/script_helper 3 dir-walk find -type d warning oldhelpers
/usr/lib/udev/script_helper 4 physdev-key PHYSDEVDRIVER error oldhelpers
/etc/hotplug.d/default/10-old.hotplug 2 physdev-key PHYSDEVBUS error hotplug
/etc/modprobe.d/old.conf 1 legacy-path device/bus error sbp2-quirks
/etc/sysctl.d/10-hotplug.conf 2 uevent-helper kernel.hotplug warning -
/boot/initrd.img-6.1.0-gzip(2:gzip:bin/nash) - physdev-key PHYSDEVBUS error -
/boot/initrd.img-6.1.0-gzip(2:gzip:bin/nash) - physdev-key PHYSDEVDRIVER error -
/boot/initrd.img-6.1.0-gzip(2:gzip:bin/busybox) - busybox-mdev mdev error -
/boot/initrd.img-6.1.0-gzip(2:gzip:scripts/init-top/udev) 2 link-test -L warning -
/boot/initrd.img-6.1.0-gzip(2:gzip:etc/udev/rules.d/05-udev-early.rules) 1 physdev-key ENV{PHYSDEVBUS} error -
/boot/initrd.img-6.1.0-gzip(2:gzip:etc/udev/rules.d/05-udev-early.rules) 1 removed-key WAIT_FOR_SYSFS error -
/boot/initrd.img-6.1.0-xz(2:xz:bin/nash) - physdev-key PHYSDEVBUS error -
/boot/initrd.img-6.1.0-xz(2:xz:bin/nash) - physdev-key PHYSDEVDRIVER error -
/boot/initrd.img-6.1.0-xz(2:xz:bin/busybox) - busybox-mdev mdev error -
/boot/initrd.img-6.1.0-xz(2:xz:scripts/init-top/udev) 2 link-test -L warning -
/boot/initrd.img-6.1.0-xz(2:xz:etc/udev/rules.d/05-udev-early.rules) 1 physdev-key ENV{PHYSDEVBUS} error -
/boot/initrd.img-6.1.0-xz(2:xz:etc/udev/rules.d/05-udev-early.rules) 1 removed-key WAIT_FOR_SYSFS error -
/boot/initramfs-6.1.0-zstd.img(2:zstd:bin/nash) - physdev-key PHYSDEVBUS error -
/boot/initramfs-6.1.0-zstd.img(2:zstd:bin/nash) - physdev-key PHYSDEVDRIVER error -
/boot/initramfs-6.1.0-zstd.img(2:zstd:bin/busybox) - busybox-mdev mdev error -
/boot/initramfs-6.1.0-zstd.img(2:zstd:scripts/init-top/udev) 2 link-test -L warning -
/boot/initramfs-6.1.0-zstd.img(2:zstd:etc/udev/rules.d/05-udev-early.rules) 1 physdev-key ENV{PHYSDEVBUS} error -
/boot/initramfs-6.1.0-zstd.img(2:zstd:etc/udev/rules.d/05-udev-early.rules) 1 removed-key WAIT_FOR_SYSFS error -
WANT
LC_ALL=C sort -o "$tmp/got" "$tmp/got"
diff "$tmp/want" "$tmp/got" | tap_diag
tap_ok $(cmp -s "$tmp/want" "$tmp/got"; echo $?) \
	"exactly the $(wc -l <"$tmp/want") expected findings: files, image members, lines, packages"
grep -q '"offset":[0-9]' "$tmp/out.json"
tap_ok $? "ELF findings carry the string's file offset"
tail -n 1 "$tmp/out.json" | grep -q '"type":"summary","command":"scan",.*"findings":25,.*"unreadable":0'
tap_ok $? "JSON ends with the summary: 25 findings, nothing unreadable"
txt=$("$sa" scan --root "$R" 2>/dev/null)
grep -qx "$R/boot/initrd.img-6.1.0-xz(2:xz:scripts/init-top/udev):2:6: warning: tests whether a /sys/block or /sys/class entry is a symlink: they were directories in the old layout and are symlinks today \[-L\]" <<<"$txt"
tap_ok $? "text form: IMAGE(N:COMPRESSION:MEMBER):LINE:COL: SEVERITY: message [KEY]"
grep -q "^$R/lib/udev/legacy_helper: error: reads PHYSDEVBUS.*\[PHYSDEVBUS\] \[package oldhelpers\]$" <<<"$txt"
tap_ok $? "text form: a binary has no line; the package follows the key"

# a PATH scans just that file; an ELF without the keys finds nothing
"$sa" scan "$R/lib/udev/modern_helper" >/dev/null 2>&1
tap_ok $([ $? = 0 ]; echo $?) "scan of an ELF without the keys: exit 0"
"$sa" scan "$tmp/busybox" 2>/dev/null | grep -q "error: BusyBox 1.6.1 has mdev"
tap_ok $? "BusyBox 1.6.1 with mdev as a PATH"
# the boundary: 1.7.0 follows the links, but types nodes by the DEVPATH text,
# which breaks it as the uevent helper only: a warning, no error
cc_to "$tmp/busybox170" '#include <stdio.h>
static const char banner[] = "BusyBox v1.7.0 (2007-08-24 12:00:00 UTC) multi-call binary";
static const char applets[] = "ash\0mdev\0sh";
int main(int c, char **v) { (void)v; puts(banner); return applets[c]; }'
out=$("$sa" scan "$tmp/busybox170" 2>/dev/null)
st=$?
tap_ok $([ $st = 9 ] && ! grep -q "error:" <<<"$out" &&
	grep -q "warning: BusyBox 1.7.0 has mdev, which takes a node's type from the DEVPATH text.*as the uevent helper.*\[mdev\]" <<<"$out"; echo $?) \
	"BusyBox 1.7.0 with mdev: a warning for the uevent helper, no error (exit $st)"
# 1.12.0 finds /block/ anywhere in the path: nothing
cc_to "$tmp/busybox1120" '#include <stdio.h>
static const char banner[] = "BusyBox v1.12.0 (2008-09-28 12:00:00 UTC) multi-call binary";
static const char applets[] = "ash\0mdev\0sh";
int main(int c, char **v) { (void)v; puts(banner); return applets[c]; }'
"$sa" scan "$tmp/busybox1120" >/dev/null 2>&1
tap_ok $([ $? = 0 ]; echo $?) "BusyBox 1.12.0 with mdev: nothing, exit 0"

# ---- bad input ---------------------------------------------------------------
expect() {	# expect STATUS PATTERN DESCRIPTION ARGS...: of `scan ARGS`
	sa_expect 60 "$1" "$2" "$3" scan "${@:4}"
}
b=$tmp/bad
mkdir -p "$b"
head -c 100 "$R/lib/udev/legacy_helper" >"$b/truncated-elf"
expect 10 "truncated-elf: " "a truncated ELF" "$b/truncated-elf"
{ head -c 64 "$R/lib/udev/legacy_helper"; head -c 4000 /dev/zero | tr '\0' '\377'; } >"$b/corrupt-elf"
expect 10 "corrupt-elf: " "an ELF header followed by junk" "$b/corrupt-elf"
{ cat "$tmp/early.cpio"; gzip -c <"$tmp/main.cpio" | head -c 300; } >"$b/truncated.img"
expect 10 "truncated.img" "an image whose compressed part is cut" "$b/truncated.img"
{ cat "$tmp/early.cpio"; echo "not an archive at all"; } >"$b/trailing.img"
expect 10 "trailing.img: .*are not an archive" "an image with garbage after the early cpio" "$b/trailing.img"
# a cpio member header that claims a 2 GiB file in a tiny image
perl -0777 -pe 's/(070701.{48})0000000A/${1}7FFFFFFF/s' "$tmp/early.cpio" >"$b/huge.cpio"
cmp -s "$tmp/early.cpio" "$b/huge.cpio"
tap_ok $([ $? = 1 ]; echo $?) "fixture: the microcode member's size field patched"
expect 10 "huge.cpio" "a member claiming 2 GiB" "$b/huge.cpio"
printf '\037\213junk that is not gzip' >"$b/initrd.img-junk"
expect 10 "initrd.img-junk: gzip data by its magic" "gzip magic, no gzip stream" \
	"$b/initrd.img-junk"
mkdir -p "$b/doc"
echo 'not an image, just text' | gzip -c >"$b/doc/changelog.gz"
printf 'polkit.addRule(function(action, subject) {\n});\n' >"$b/doc/50-local.rules"
out=$("$sa" scan "$b/doc" 2>&1)
# a file scan meets and cannot search is named, never skipped in silence (issue 49)
tap_ok $([ $? = 10 ] && grep -q 'changelog.gz: gzip data that holds no cpio archive' <<<"$out" &&
	 [ "$(grep -c '^sysfs-audit: ' <<<"$out")" = 1 ]; echo $?) \
	"a directory with a gzip'd text and a polkit *.rules: the gzip'd text named, exit 10 ($out)"
expect 10 "/nonexistent: No such file" "a missing PATH" /nonexistent
mkfifo "$b/fifo"
expect 10 "fifo: not a regular file" "a FIFO (no hang)" "$b/fifo"
expect 2 "--root /nonexistent" "a missing --root (a bad argument)" --root /nonexistent
# the fixture still scans with an unreadable file among the images
ln -s loop "$R/boot/initrd.img-loop"
ln -s initrd.img-loop "$R/boot/loop"
out=$(timeout 60 "$sa" scan --root "$R" 2>&1 >/dev/null)
st=$?
tap_ok $([ $st = 10 ] && grep -q 'initrd.img-loop: Too many levels of symbolic links' <<<"$out"; echo $?) \
	"a symlink loop among the images: named, exit 10"
rm "$R/boot/initrd.img-loop" "$R/boot/loop"

# this machine: runs to the end (its findings, if any, are printed in the log)
timeout 300 "$sa" scan >"$tmp/live" 2>&1
st=$?
tap_diag <"$tmp/live"
tap_ok $([ $st = 0 ] || [ $st = 9 ]; echo $?) "scan --root / on this machine: exit 0 or 9 (got $st)"
tap_done
