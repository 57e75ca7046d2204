#!/bin/bash
# The obsolete-ABI watch (issue 46) on Debian's stock 6.1 and 6.12 and on
# our patched 6.1 and 6.12, then the maintainer's table merged from the
# four guests' reports.
#
# Stock kernels (cases/abi-watch.sh): `sysfs-audit abi watch` names a C
# program that reads /sys/class/rfkill/rfkill0/state (a switch of
# mac80211_hwsim, loaded after the watch started and read at once: the
# device's add and the read race the watch's refresh) and a #! script that
# reads /sys/firmware/acpi/hotplug/force_remove
# (obsolete/sysfs-firmware-acpi); an `ls -l`/`find` walk over the same
# trees and a program that uses only /dev/rfkill are never named; rfkill's
# claim (removed/) is absent.
#
# The rfkill state entry is Documentation/ABI/stable/sysfs-class-rfkill's
# ("scheduled to be removed ... another attempt to remove it"), in neither
# obsolete/ nor removed/ of 6.1 or 6.12: it is given with --abi as a file
# of its own, the way a maintainer proposing the removal would. The other
# entries are the kernel tree's own obsolete/ and removed/ (--abi DIR).
# The modules come from the same linux-image package as the kernel
# (tests/guest/fetch-abi-mods.sh, by guest_abi_tree in tests/lib/guest.sh).
#
# Patched kernels (cases/abi-watch-gpio.sh; kernel/configs/uevent-helper.config
# builds GPIO sysfs, the character device and gpio-sim in): obsolete/sysfs-gpio
# on a gpio-sim chip, a #! script that exports, toggles and unexports a
# line, a walk, Debian 12's gpiod (tests/guest/fetch-modern.sh gpiod: `apt-get
# download`, never installed on the host) and a storm of export/read/unexport.
#
# Each guest sends its `record --abi` report over the results port; the
# last checks merge them with `sysfs-audit report -f markdown` (one host per
# kernel) into build/guest/65-abi-watch-merged.md, the table quoted in
# docs/design.md. One guest at a time.
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-600}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

mkdir -p "$out_dir"
reports=()

# guest_report FLAVOUR CASE: the report the guest sent, into $out_dir, one
# TAP result; its path appended to reports[].
guest_report() {
	local ktap="$out_dir/65-abi-watch-$1-$2.ktap" f="$out_dir/65-abi-watch-$1.report.json"
	rm -f "$f"
	guest_file "$ktap" abi-report.json "$f"
	grep -q '"obsolete_abi":{' "$f" 2>/dev/null
	tap_ok $? "$1: the guest's report copied out ($f)"
	[ -s "$f" ] && reports+=("$f")
}

# gpio_tree FLAVOUR SERIES: the initramfs tree of a patched kernel's guest
# in $tree (Debian 12's gpiod, dash and udevadm; the ABI files), one TAP result.
gpio_tree() {
	local flavour=$1 series=$2 modern src
	tree=$out_dir/abi-tree-$1
	if ! modern=$("$top/tests/guest/fetch-modern.sh" gpiod libgpiod2 dash udev 2>"$tree.err") ||
	   ! src=$("$top/kernel/source.sh" "$series" 2>>"$tree.err"); then
		tap_diag <"$tree.err"
		tap_ok 1 "$flavour: Debian 12's gpiod, dash and udev, linux-source-$series"
		return 1
	fi
	rm -rf "$tree"
	mkdir -p "$tree/tests/abi/ABI"
	cp -a "$modern/." "$tree/"
	rm -f "$tree/.complete"
	cp -r "$src/Documentation/ABI/obsolete" "$src/Documentation/ABI/removed" "$tree/tests/abi/ABI/"
	grep -q '^What:.*/sys/class/gpio/$' "$tree/tests/abi/ABI/obsolete/sysfs-gpio"
	tap_ok $? "$flavour: obsolete/sysfs-gpio from linux-source-$series, gpiod from Debian 12"
}

for flavour in ${ABI_KERNELS:-stock-6.1 stock-6.12 patched patched-6.12}; do
	guest_selected "$flavour" || continue
	case $flavour in
	patched) series=6.1 ;;
	patched-6.12) series=6.12 ;;
	esac
	case $flavour in
	patched*)
		gpio_tree "$flavour" "$series" || continue
		SYSFS_AUDIT_INITRAMFS_TREE=$tree SYSFS_AUDIT_GUEST_MEM=1024 \
			guest_case "$flavour" abi-watch-gpio
		guest_report "$flavour" abi-watch-gpio
		continue ;;
	esac
	tree=$out_dir/abi-tree-$flavour
	guest_abi_tree "$flavour" "$tree" 2>"$tree.err"
	st=$?
	[ $st -eq 0 ] || tap_diag <"$tree.err"
	tap_ok $st "$flavour: kernel, its mac80211_hwsim and zram modules, linux-source-${flavour#stock-} and its stable/ rfkill state entry"
	[ $st -eq 0 ] || continue
	SYSFS_AUDIT_INITRAMFS_TREE=$tree guest_case "$flavour" abi-watch
	guest_report "$flavour" abi-watch
done

# The maintainer's table: every kernel's report merged, one host per kernel.
# A kernel the selectors left out this time (ABI_KERNELS,
# SYSFS_AUDIT_GUEST_KERNELS) gives the report its guest sent last, said so;
# a guest that ran and sent none has none (guest_report removed it).
for flavour in stock-6.1 stock-6.12 patched patched-6.12; do
	f=$out_dir/65-abi-watch-$flavour.report.json
	[[ " ${reports[*]} " == *" $f "* ]] || [ ! -s "$f" ] && continue
	echo "# $flavour: its report of an earlier run ($(date -r "$f" '+%F %T'))"
	reports+=("$f")
done
md=$out_dir/65-abi-watch-merged.md
if [ ${#reports[@]} -gt 1 ]; then
	"$top/build/sysfs-audit" report -f markdown "${reports[@]}" >"$md.all" 2>"$md.err"
	tap_ok $? "report -f markdown of ${#reports[@]} guests' reports"
	sed -n '/^## Obsolete ABI/,$p' "$md.all" >"$md"
	tap_diag <"$md"
	n=$(grep -o 'watched on [0-9]* host' "$md" | head -n 1 | cut -d' ' -f3)
	[ "$n" = ${#reports[@]} ]
	tap_ok $? "the table counts one host per kernel (${#reports[@]}; it says '$n')"
	for r in "${reports[@]}"; do
		k=$(grep -o '"kernel": *"[^"]*"' "$r" | head -n 1 | sed 's/.*"\([^"]*\)"$/\1/')
		grep -qF "$(echo "$k" | sed 's/\./\\./g') (1 host)" "$md"	# markdown escapes dots
		tap_ok $? "  kernel $k: an entry in use there, on 1 host"
	done
	if [[ " ${reports[*]} " == *patched* ]]; then
		grep -F '| /sys/class/gpio/ | obsolete/sysfs-gpio |' "$md" |
			grep -F '/usr/sbin/gpio-blink (gpio-scripts) via /opt/deb/bin/dash (dash)' |
			grep -qF '/usr/sbin/gpio-storm (gpio-scripts)'
		tap_ok $? "the GPIO row: in use by gpio-blink and gpio-storm, their packages"
	fi
	if [[ " ${reports[*]} " == *stock* ]]; then
		grep -F '| /sys/class/rfkill/rfkill\[0-9\]+/state |' "$md" |
			grep -qF '/bin/abi-reader (abi-reader)'
		tap_ok $? "the rfkill state row: in use by abi-reader (abi-reader)"
	fi
fi
tap_done
