#!/bin/bash
# boot --status --root: is the boot audit armed for the next boot? A fake
# Debian root per case (the defaults file, the unit and its enable link, a
# kernel and its initramfs: an uncompressed early cpio, then a gzip'd
# main one, as initramfs-tools lays them out, holding the binary built
# here and the real init-top script), each broken one way: the check that
# fails says NO with its fix, and the exit status is 25. Then the real
# Debian images of tests/realhost/mkimage.sh, when cached: initrd.on is
# armed, initrd.off is not. Reads files only; nothing is loaded.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
san=$top/build/sysfs-audit-san
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
K=6.1.0-99-amd64
NOT_ARMED=25

# initrd IMAGE BINARY [dracut]: early cpio + gzip'd main cpio with BINARY
# (none: "") and the start script of initramfs-tools, or of dracut.
initrd() {
	local img=$1 bin=$2 gen=${3:-initramfs-tools} e=$tmp/early m=$tmp/main
	rm -rf "$e" "$m"
	mkdir -p "$e/kernel/x86/microcode" "$m/usr/sbin" "$m/conf"
	echo microcode >"$e/kernel/x86/microcode/GenuineIntel.bin"
	echo 'BOOT_AUDIT_OPTS=""' >"$m/conf/sysfs-audit.conf"
	[ -z "$bin" ] || cp "$bin" "$m/usr/sbin/sysfs-audit"
	if [ "$gen" = dracut ]; then
		mkdir -p "$m/usr/lib/dracut/hooks/cmdline"
		cp "$top/contrib/dracut/90sysfs-audit/sysfs-audit-start.sh" \
			"$m/usr/lib/dracut/hooks/cmdline/00-sysfs-audit-start.sh"
	else
		mkdir -p "$m/scripts/init-top"
		cp "$top/contrib/initramfs-tools/scripts/init-top/sysfs-audit" "$m/scripts/init-top/"
	fi
	{ (cd "$e" && find kernel | cpio -o -H newc --quiet)
	  (cd "$m" && find . | cpio -o -H newc --quiet | gzip -c); } >"$img"
}

# fakeroot DIR: a host armed for the next boot, by the book (sysfs-audit(8)).
fakeroot() {
	local r=$1
	rm -rf "$r"
	mkdir -p "$r/etc/default" "$r/usr/sbin" "$r/lib/systemd/system" "$r/boot" \
		"$r/etc/systemd/system/multi-user.target.wants"
	sed 's/^BOOT_AUDIT=.*/BOOT_AUDIT=yes/' "$top/contrib/default/sysfs-audit" \
		>"$r/etc/default/sysfs-audit"
	cp "$sa_static" "$r/usr/sbin/sysfs-audit"
	sed 's|@SBINDIR@|/usr/sbin|g' "$top/contrib/systemd/sysfs-audit-boot.service.in" \
		>"$r/lib/systemd/system/sysfs-audit-boot.service"
	ln -s /lib/systemd/system/sysfs-audit-boot.service \
		"$r/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
	: >"$r/boot/vmlinuz-$K"
	initrd "$r/boot/initrd.img-$K" "$sa_static"
}

# status WANT_EXIT DESCRIPTION ROOT [ARGS...]; then $out holds stdout
status() {
	local want=$1 what=$2 r=$3
	shift 3
	out=$("$sa" boot --status --root "$r" "$@" 2>"$tmp/err")
	st=$?
	[ "$st" = "$want" ] || { echo "exit $st"; echo "$out"; cat "$tmp/err"; } | tap_diag
	tap_ok $([ "$st" = "$want" ]; echo $?) "$what: exit $want"
}
# has DESCRIPTION PATTERN: a line of $out matches the extended regex
has() {
	grep -qE "$2" <<<"$out" || { echo "no line matches: $2"; echo "$out"; } | tap_diag
	tap_ok $(grep -qE "$2" <<<"$out"; echo $?) "$1"
}

R=$tmp/root
fakeroot "$R"
status 0 "all good" "$R"
has "... the binary in the image is the installed one" \
	"^ok    /boot/initrd.img-$K: holds /usr/sbin/sysfs-audit, the installed one"
has "... the init-top script starts it" \
	"^ok    /boot/initrd.img-$K: starts it: /scripts/init-top/sysfs-audit$"
has "... the unit is enabled" "^ok    sysfs-audit-boot.service: enabled \(/etc/systemd/system/multi-user.target.wants\)"
has "... not masked" "^ok    sysfs-audit-boot.service: not masked$"
has "... nothing says NO or warn" "^(ok|skip) "
tap_ok $(! grep -qE '^(NO|warn) ' <<<"$out"; echo $?) "... no NO or warn line"
has "... the last line says armed" "^armed for the next boot$"
tap_ok $([ "$(tail -n 1 <<<"$out")" = "armed for the next boot" ]; echo $?) \
	"... and it is the last line"
has "... no result kept yet" "^last result: none kept yet \(/var/lib/sysfs-audit/boot-report.json\)$"

sed -i 's/^BOOT_AUDIT=.*/BOOT_AUDIT=no/' "$R/etc/default/sysfs-audit"
status $NOT_ARMED "BOOT_AUDIT=no" "$R"
has "... its NO line" "^NO    /etc/default/sysfs-audit: BOOT_AUDIT=no$"
# the fix, run as printed on a copy that says it with export, as the hooks allow
fix=$(sed -n 's|^      fix: \(sed -i .*\) /etc/default/sysfs-audit$|\1|p' <<<"$out")
printf 'BOOT_AUDIT=no\n  export BOOT_AUDIT="no"\n' >"$R/fix-copy"
eval "$fix \"\$R/fix-copy\"" 2>/dev/null
tap_ok $([ -n "$fix" ] && ! grep -q 'BOOT_AUDIT=.*no' "$R/fix-copy" &&
	 [ "$(grep -c '^BOOT_AUDIT=yes$' "$R/fix-copy")" = 2 ]; echo $?) \
	"... its fix, run as printed, arms a file that says 'export BOOT_AUDIT=\"no\"' too"
rm -f "$R/fix-copy"
has "... the reason on the last line" "^NOT armed: /etc/default/sysfs-audit: BOOT_AUDIT=no$"

fakeroot "$R"
initrd "$R/boot/initrd.img-$K" ""
status $NOT_ARMED "an initramfs without the binary (built before BOOT_AUDIT=yes)" "$R"
has "... its NO line" "^NO    /boot/initrd.img-$K: no /usr/sbin/sysfs-audit in it"
has "... its fix" "^      fix: update-initramfs -u -k $K$"

fakeroot "$R"
cp /bin/true "$tmp/other"
initrd "$R/boot/initrd.img-$K" "$tmp/other"
status 0 "an initramfs with another sysfs-audit: still armed" "$R"
has "... a warning, not ok" "^warn  /boot/initrd.img-$K: holds an older sysfs-audit than /usr/sbin/sysfs-audit"
has "... its fix" "^      fix: update-initramfs -u -k $K$"
has "... the last line counts it" "^armed for the next boot \(1 warning\)$"

fakeroot "$R"
rm "$R/boot/initrd.img-$K"
status $NOT_ARMED "no initramfs at all" "$R"
has "... its NO line and fix (create it)" "^      fix: update-initramfs -c -k $K$"

fakeroot "$R"
: >"$R/boot/vmlinuz-6.1.0-100-amd64"
status $NOT_ARMED "a newer kernel installed without its initramfs" "$R"
has "... the newest kernel's image is the one checked" \
	"^NO    /boot/initrd.img-6.1.0-100-amd64: missing"
status 0 "--kernel: that kernel's image only" "$R" --kernel "$K"

fakeroot "$R"
rm "$R/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
status $NOT_ARMED "the unit not enabled" "$R"
has "... its NO line" "^NO    sysfs-audit-boot.service: not enabled"
has "... its fix" "^      fix: systemctl enable sysfs-audit-boot.service$"

# A unit changed locally to RequiredBy=: systemctl enable links it into
# TARGET.requires, not TARGET.wants.
fakeroot "$R"
rm "$R/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
sed -i 's/^WantedBy=.*/RequiredBy=graphical.target/' "$R/lib/systemd/system/sysfs-audit-boot.service"
mkdir -p "$R/etc/systemd/system/graphical.target.requires"
ln -s /lib/systemd/system/sysfs-audit-boot.service \
	"$R/etc/systemd/system/graphical.target.requires/sysfs-audit-boot.service"
status 0 "a RequiredBy= unit, enabled (its link in TARGET.requires)" "$R"
has "... enabled, where systemctl put it" \
	"^ok    sysfs-audit-boot.service: enabled \(/etc/systemd/system/graphical.target.requires\)"

fakeroot "$R"
ln -s /dev/null "$R/etc/systemd/system/sysfs-audit-boot.service"
status $NOT_ARMED "the unit masked" "$R"
has "... its NO line" "^NO    sysfs-audit-boot.service: masked"
has "... its fix" "^      fix: systemctl unmask sysfs-audit-boot.service$"
has "... the reason on the last line" "^NOT armed: sysfs-audit-boot.service: masked"

fakeroot "$R"
echo 'GRUB_CMDLINE_LINUX_DEFAULT="quiet sysfs_audit.boot=0"' >"$R/etc/default/grub"
status $NOT_ARMED "GRUB's command line disables it" "$R"
has "... its NO line" "^NO    /etc/default/grub: GRUB_CMDLINE_LINUX_DEFAULT has sysfs_audit.boot=0"
# Every off value the units' ConditionKernelCommandLine= lines know (issue 43).
for v in off false n; do
	echo "GRUB_CMDLINE_LINUX_DEFAULT=\"quiet sysfs_audit.boot=$v\"" >"$R/etc/default/grub"
	status $NOT_ARMED "GRUB's command line disables it with sysfs_audit.boot=$v" "$R"
	has "... its NO line" "^NO    /etc/default/grub: GRUB_CMDLINE_LINUX_DEFAULT has sysfs_audit.boot=$v"
done
echo 'GRUB_CMDLINE_LINUX_DEFAULT="quiet sysfs_audit.boot=offx"' >"$R/etc/default/grub"
status 0 "GRUB's command line with a value that is none of them" "$R"
echo 'GRUB_CMDLINE_LINUX_DEFAULT="quiet"' >"$R/etc/default/grub"
status 0 "GRUB's command line without it" "$R"
has "... says so" "^ok    kernel command line: GRUB's defaults do not disable it"

fakeroot "$R"
initrd "$R/boot/initrd.img-$K" "$sa_static" dracut
status 0 "a dracut image" "$R"
has "... its cmdline hook starts it" \
	"^ok    /boot/initrd.img-$K: starts it: /usr/lib/dracut/hooks/cmdline/00-sysfs-audit-start.sh$"
initrd "$R/boot/initrd.img-$K" "" dracut
status $NOT_ARMED "a dracut image without the binary" "$R"
has "... dracut's fix" "^      fix: dracut -f /boot/initrd.img-$K $K$"

fakeroot "$R"
mkdir -p "$R/var/lib/sysfs-audit"
cp "$top/tests/host/reports/boot-mdev.json" "$R/var/lib/sysfs-audit/boot-report.json"
status 0 "a result kept" "$R"
has "... its verdict, as report gives it" \
	"^last result: /var/lib/sysfs-audit/boot-report.json( \(.*\))?: would not boot$"
cp "$top/tests/host/reports/boot-clean.json" "$R/var/lib/sysfs-audit/boot-report.json"
status 0 "a clean result kept" "$R"
has "... its verdict" "^last result: .*: no boot-path dependent$"
echo '{"version":' >"$R/var/lib/sysfs-audit/boot-report.json"
status 0 "a broken result kept" "$R"
has "... says it cannot be read" "^last result: /var/lib/sysfs-audit/boot-report.json: cannot be read: "

# Names from the tree reach the fix lines quoted for the shell (issue 49):
# each fix line, run as a person would paste it (sh, the commands stubbed,
# touch real), runs the stub only, with the name as one argument.
mkdir -p "$tmp/stub" "$tmp/paste"
for c in update-initramfs dracut update-grub sed; do
	printf '#!/bin/sh\nfor a; do printf "%%s\\n" "$a"; done >>"%s/args"\n' "$tmp" >"$tmp/stub/$c"
	chmod +x "$tmp/stub/$c"
done
# pasted FIX NAME DESCRIPTION: FIX runs nothing but a stub, which sees NAME
pasted() {
	rm -f "$tmp/args" "$tmp/paste/pwned"
	(cd "$tmp/paste" && PATH="$tmp/stub:/usr/bin:/bin" sh -c "$1") >/dev/null 2>&1
	local ok=1
	[ ! -e "$tmp/paste/pwned" ] && grep -qxF -- "$2" "$tmp/args" 2>/dev/null && ok=0
	[ $ok = 0 ] || { echo "fix: $1"; ls "$tmp/paste"; cat "$tmp/args" 2>/dev/null; } | tap_diag
	tap_ok $ok "$3"
}
for name in '6.1.0-9$(touch pwned)' '6.1.0-9;touch pwned' "6.1.0-9'\$(touch pwned)'" \
	    '6.1.0-9`touch pwned`' '6.1.0-9 "$(touch pwned)"'; do
	fakeroot "$R"
	rm "$R/boot/vmlinuz-$K" "$R/boot/initrd.img-$K"
	: >"$R/boot/vmlinuz-$name"
	status $NOT_ARMED "a kernel named $name, no initramfs" "$R"
	fix=$(sed -n 's/^      fix: //p' <<<"$out" | head -n 1)
	pasted "$fix" "$name" "... its fix, pasted, runs update-initramfs on that name only"
	initrd "$R/boot/initrd.img-$name" "" dracut
	status $NOT_ARMED "... a dracut image of it without the binary" "$R"
	fix=$(sed -n 's/^      fix: //p' <<<"$out" | head -n 1)
	pasted "$fix" "/boot/initrd.img-$name" "... dracut's fix, pasted, names that image only"
done
fakeroot "$R"
rm "$R/boot/vmlinuz-$K" "$R/boot/initrd.img-$K"
: >"$R/boot/vmlinuz-6.1.0-9
touch pwned"
status $NOT_ARMED "a kernel whose name holds a newline" "$R"
has "... its fix is a comment, pasted harmlessly" "^      fix: # "
fakeroot "$R"
mkdir -p "$R/etc/default/grub.d"
g='x$(touch pwned);y.cfg'
echo 'GRUB_CMDLINE_LINUX="sysfs_audit.boot=0"' >"$R/etc/default/grub.d/$g"
status $NOT_ARMED "a grub.d file named $g disables it" "$R"
fix=$(sed -n 's/^      fix: //p' <<<"$out" | head -n 1)
pasted "$fix" "/etc/default/grub.d/$g" "... its fix, pasted, edits that file only"

status 2 "--root that does not exist" "$tmp/no-such-root"
out=$("$sa" boot --status --kernel ../x 2>&1)
tap_ok $([ $? = 2 ]; echo $?) "--kernel with a '/': a usage error"

if [ -x "$san" ]; then
	fakeroot "$R"
	out=$(ASAN_OPTIONS=detect_leaks=0:exitcode=86 UBSAN_OPTIONS=exitcode=86 \
		"$san" boot --status --root "$R" 2>&1)
	tap_ok $? "under ASan + UBSan, the good root: armed, no sanitizer report"
fi

# The real Debian 12 images (tests/realhost/mkimage.sh), when cached: the
# installed binary is the one in the image's root.img when debugfs can
# read it, else the one built here (then it may differ: ok or warn).
cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}/images
real=0
for d in "$cache"/*/; do
	[ -r "$d/initrd.on" ] && [ -r "$d/initrd.off" ] && [ -r "$d/kver" ] || continue
	real=1
	gen=$(basename "$d")
	gen=${gen%-*}
	k=$(cat "$d/kver")
	fakeroot "$R"
	rm "$R/boot/vmlinuz-$K" "$R/boot/initrd.img-$K"
	: >"$R/boot/vmlinuz-$k"
	match="(ok    .*, the installed one|warn  .*older sysfs-audit)"
	if command -v debugfs >/dev/null && [ -r "$d/root.img" ] &&
	   debugfs -R "dump /usr/sbin/sysfs-audit $R/usr/sbin/sysfs-audit" "$d/root.img" \
		>/dev/null 2>&1 && [ -s "$R/usr/sbin/sysfs-audit" ]; then
		match="ok    .*, the installed one"
	fi
	cp "$d/initrd.on" "$R/boot/initrd.img-$k"
	status 0 "real $gen image, boot audit on" "$R"
	has "... the image holds the binary" "^$match"
	has "... and its start script" "^ok    /boot/initrd.img-$k: starts it: "
	cp "$d/initrd.off" "$R/boot/initrd.img-$k"
	status $NOT_ARMED "real $gen image, boot audit off" "$R"
	has "... no binary in it" "^NO    /boot/initrd.img-$k: no /usr/sbin/sysfs-audit in it"
	fix="update-initramfs -u -k $k"
	[ "$gen" = dracut ] && fix="dracut -f /boot/initrd.img-$k $k"
	has "... the $gen fix" "^      fix: $fix$"
done
[ $real = 1 ] || tap_skip "real Debian images read" \
	"no cached images (tests/realhost/mkimage.sh builds them in $cache)"
tap_done
