#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The modules the obsolete-ABI guest test loads on Debian's stock kernels
# (mac80211_hwsim: a wireless device with an rfkill switch; zram) with
# everything they need, from the same linux-image package kernel/stock.sh
# unpacked (its source-version file names it). kernel/stock.sh keeps only
# the modules the other tests load, and its cache key is its own text: a
# second list here leaves every other test's kernel where it is.
# Downloaded with `apt-get download`, never installed on the host.
#
#   fetch-abi-mods.sh KERNEL_DIR   prints a tree for SYSFS_AUDIT_INITRAMFS_TREE:
#                                  /lib/abi-mods/*.ko and /lib/abi-mods/order
#                                  (one module a line, in insmod order)
set -euo pipefail

kdir=$1
mods=(mac80211_hwsim zram)
cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
die() { printf 'tests/guest/fetch-abi-mods.sh: %s\n' "$*" >&2; exit 1; }

read -r pkg ver <"$kdir/source-version" || die "$kdir/source-version unreadable"
kver=$(cat "$kdir/release")
key=$(printf '%s %s %s\n' "$pkg" "$ver" "${mods[*]}" | cat - "$0" | sha256sum | cut -c1-16)
out="$cache/abi-mods/tree-$key"
if [ -f "$out/.complete" ]; then
	echo "$out"
	exit 0
fi
work="$cache/abi-mods/work-$key"
mkdir -p "$cache/abi-mods"
exec 9>"$work.lock"
flock 9
if [ -f "$out/.complete" ]; then
	echo "$out"
	exit 0
fi
rm -rf "$work" "$out.tmp"
mkdir -p "$work/deb" "$out.tmp/lib/abi-mods"
(cd "$work/deb" && apt-get download -q "$pkg=$ver" >/dev/null 2>&1) ||
	die "apt-get download $pkg=$ver failed"
dpkg-deb -x "$work"/deb/*.deb "$work/root"
depmod -b "$work/root" -F "$work/root/boot/System.map-$kver" "$kver"
for m in "${mods[@]}"; do
	modprobe -d "$work/root" -S "$kver" --show-depends "$m" |
		awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r f; do
	b=$(basename "$f")
	case "$f" in
	*.ko.xz) xz -dc "$f" >"$out.tmp/lib/abi-mods/${b%.xz}"; b=${b%.xz} ;;
	*.ko.zst) zstd -qdc "$f" >"$out.tmp/lib/abi-mods/${b%.zst}"; b=${b%.zst} ;;
	*) cp "$f" "$out.tmp/lib/abi-mods/$b" ;;
	esac
	echo "$b"
done >"$out.tmp/lib/abi-mods/order"
[ -s "$out.tmp/lib/abi-mods/order" ] || die "no module of ${mods[*]} in $pkg"
touch "$out.tmp/.complete"
mv "$out.tmp" "$out"
rm -rf "$work"
echo "$out"
