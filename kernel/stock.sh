#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fetch one of Debian's stock kernels with the package manager and lay it
# out like a kernel/build.sh artifact directory, for the guest tests only:
# the package is downloaded with `apt-get download` into the cache and
# unpacked with `dpkg-deb -x` -- never installed, never booted on the host.
#
#   kernel/stock.sh 6.1|6.12     prints the artifact directory on stdout
#
# The newest linux-image-<abi>-amd64-unsigned of the series is used (the
# amd64 flavour: the cloud one has no sound drivers). The modules the guest
# workload needs are copied with their dependencies, decompressed (6.12
# ships .ko.xz, which busybox cannot load), and indexed with depmod;
# modules.load lists those the guest must load at boot (drivers that are
# built in on our own kernels).
set -euo pipefail

series=${1:-}
case "$series" in
6.1|6.12) ;;
*) echo "usage: $0 6.1|6.12" >&2; exit 2 ;;
esac

cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
t0=$SECONDS
say() { printf '[stock %s %4ds] %s\n' "$series" $((SECONDS - t0)) "$*" >&2; }
die() { printf 'kernel/stock.sh: %s\n' "$*" >&2; exit 1; }

# Modules to load at boot, in order, then modules the workload modprobes.
boot_mods=(virtio_pci virtio_blk loop evdev)
more_mods=(scsi_debug sd_mod snd-dummy dummy)

# The newest package of the series, e.g. linux-image-6.1.0-57-amd64-unsigned.
case "$series" in
6.1) pat='^linux-image-6\.1\.0-[0-9]+-amd64-unsigned$' ;;
6.12) pat='^linux-image-6\.12\.[0-9]+\+deb[0-9]+-amd64-unsigned$' ;;
esac
newest() { apt-cache search --names-only "$pat" 2>/dev/null | awk '{print $1}' | sort -V | tail -n 1; }
pkg=$(newest)
if [ -z "$pkg" ] && [ "$(id -u)" -eq 0 ]; then
	say "no package index yet: apt-get update"
	apt-get update -qq >&2 || true
	pkg=$(newest)
fi
[ -n "$pkg" ] || die "no package matches $pat (run apt-get update?)"
ver=$(apt-cache policy "$pkg" | awk '/Candidate:/ {print $2}')
[ -n "$ver" ] && [ "$ver" != "(none)" ] || die "$pkg has no candidate version"

key=$(printf '%s %s\n' "$pkg" "$ver" | cat - "$0" | sha256sum | cut -c1-16)
out="$cache/kernels/stock-$series-$key"
if [ -f "$out/.complete" ]; then
	say "cached: $out ($pkg $ver)"
	echo "$out"
	exit 0
fi

work="$cache/work/stock-$series-$key"
mkdir -p "$cache/work" "$cache/kernels"
# Two tests fetching one kernel at once (make check runs prove -j2) would
# remove each other's work directory: the second waits for the first.
exec 9>"$work.lock"
flock 9
if [ -f "$out/.complete" ]; then
	say "cached (fetched meanwhile): $out ($pkg $ver)"
	echo "$out"
	exit 0
fi
rm -rf "$work" "$out.tmp"
mkdir -p "$work/deb"
say "downloading $pkg $ver"
(cd "$work/deb" && apt-get download -q "$pkg=$ver" >/dev/null 2>&1) ||
	(cd "$work/deb" && apt-get download "$pkg=$ver") ||
	die "apt-get download $pkg=$ver failed"
say "unpacking"
dpkg-deb -x "$work"/deb/*.deb "$work/root"
kver=$(ls "$work/root/lib/modules")
[ -n "$kver" ] || die "no modules directory in $pkg"
depmod -b "$work/root" -F "$work/root/boot/System.map-$kver" "$kver"

# The closure of the modules we need, from the package's own modules.dep.
mdir=$work/root/lib/modules/$kver
need=$(for m in "${boot_mods[@]}" "${more_mods[@]}"; do
	modprobe -d "$work/root" -S "$kver" --show-depends "$m" 2>/dev/null |
		awk '$1 == "insmod" { print $2 }'
done | sort -u)
for m in "${boot_mods[@]}" "${more_mods[@]}"; do
	modprobe -d "$work/root" -S "$kver" --show-depends "$m" >/dev/null 2>&1 ||
		modinfo -b "$work/root" -k "$kver" -F filename "$m" >/dev/null 2>&1 ||
		say "note: $m is built into $kver or missing"
done

mkdir -p "$out.tmp/lib/modules/$kver"
for f in $need; do
	rel=${f#"$mdir"/}
	dst="$out.tmp/lib/modules/$kver/$rel"
	mkdir -p "$(dirname "$dst")"
	case "$f" in
	*.ko.xz) xz -dc "$f" >"${dst%.xz}" ;;
	*.ko.zst) zstd -qdc "$f" >"${dst%.zst}" ;;
	*) cp "$f" "$dst" ;;
	esac
done
cp "$mdir/modules.builtin" "$mdir/modules.order" "$out.tmp/lib/modules/$kver/"
[ -f "$mdir/modules.builtin.modinfo" ] && cp "$mdir/modules.builtin.modinfo" "$out.tmp/lib/modules/$kver/"
depmod -b "$out.tmp" -F "$work/root/boot/System.map-$kver" "$kver"
for m in "${boot_mods[@]}"; do
	if modinfo -b "$out.tmp" -k "$kver" -F filename "$m" 2>/dev/null | grep -c '\.ko$' >/dev/null; then
		echo "$m"
	fi
done >"$out.tmp/lib/modules/$kver/modules.load"

cp "$work/root/boot/vmlinuz-$kver" "$out.tmp/bzImage"
cp "$work/root/boot/config-$kver" "$out.tmp/.config"
cp "$work/root/boot/System.map-$kver" "$out.tmp/System.map"
echo "$kver" >"$out.tmp/release"
echo "$pkg $ver" >"$out.tmp/source-version"
touch "$out.tmp/.complete"
mv "$out.tmp" "$out"
rm -rf "$work"
say "done: $out ($(wc -l <"$out/lib/modules/$kver/modules.load") boot modules, $(echo "$need" | wc -w) modules)"
echo "$out"
