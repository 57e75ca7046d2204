#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: boot a kernel in QEMU, run `sysfs-audit trace` while a scripted
# workload adds, changes, unbinds, renames and removes real devices, and
# print the report.
#
#   scripts/demo.sh [auto|stock|patched]
#
# stock:   Debian's own 6.1 kernel, fetched with apt-get download (never
#          installed on the host); the tracer attaches with fexit. Nothing
#          to build, so a fresh machine shows events within minutes.
# patched: the kernel with the series (sysfs_audit:sysfs_audit_uevent);
#          built once by kernel/build.sh (~8 min on 2 cores), then cached.
# auto:    patched when its build is already cached, else stock.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/demo
mkdir -p "$out"
t0=$SECONDS
say() { printf 'demo [%3ds]: %s\n' $((SECONDS - t0)) "$*" >&2; }

. "$top/tests/lib/guest.sh"

# Whether kernel/build.sh patched would answer from its cache. Calling it to
# find out would start a 10-minute build (and remove the work directory of
# a build already running), so compute its cache key the same way;
# tests/host/40-demo-key.t keeps the two in step.
patched_cached() {
	local cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
	local srcver key p d
	srcver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) || return 1
	[ -n "$srcver" ] && [ -r /usr/src/linux-source-6.1.tar.xz ] || return 1
	# kernel/build.sh's key: the fragments, build.sh and the patches'
	# diffs (patch_diff() is build.sh's), series by series.
	eval "$(sed -n '/^patch_diff() {/,/^}/p' "$top/kernel/build.sh")"
	key=$( {
		echo "patched $srcver"
		cat "$top/kernel/build.sh" "$top/kernel/configs/qemu-bpf.config" \
			"$top/kernel/configs/uevent-helper.config"
		for d in patches patches-local-6.1; do
			while read -r p; do
				case "$p" in ''|'#'*) continue ;; esac
				echo "patch $d"
				patch_diff "$top/kernel/$d/$p"
			done <"$top/kernel/$d/series"
		done
	} | sha256sum | cut -c1-16)
	[ -f "$cache/kernels/patched-$key/.complete" ]
}
[ "${1:-}" = --patched-cached ] && { patched_cached; exit; }

kernel=${1:-auto}
case "$kernel" in
auto) if patched_cached; then kernel=patched; else kernel=stock; fi ;;
stock|patched) ;;
*) echo "usage: $0 [auto|stock|patched]" >&2; exit 2 ;;
esac

case "$kernel" in
stock)
	say "kernel: Debian's stock 6.1 (fexit attach; 'make demo KERNEL=patched' shows the tracepoint)"
	kdir=$("$top/kernel/stock.sh" 6.1) || exit 1 ;;
patched)
	say "kernel: patched 6.1 (sysfs_audit:sysfs_audit_uevent tracepoint; first build ~8 min, then cached)"
	kdir=$("$top/kernel/build.sh" patched) || exit 1 ;;
esac
"$top/tests/guest/mkinitramfs.sh" "$kdir" "$out/initramfs.cpio.gz" "${guest_bins[@]}" || exit 1
guest_mkdisk "$out/disk.img"

say "booting $(cat "$kdir/release" 2>/dev/null || echo "$kernel") in QEMU (TCG); the verifier pass takes a few seconds"
"$top/tests/guest/qemu-run.sh" "$kdir" "$out/initramfs.cpio.gz" "$out/run" \
	"${SYSFS_AUDIT_GUEST_TIMEOUT:-300}" "sysfs_audit.test=demo" \
	-drive "file=$out/disk.img,if=virtio,format=raw"
rc=$?
tr -d '\r' <"$out/run.ktap"
if [ $rc -ne 0 ] || ! grep -q '^demo: done' "$out/run.ktap"; then
	say "the guest did not finish (qemu exit $rc); console: $out/run.console"
	tail -n 20 "$out/run.console" >&2
	exit 1
fi
if ! grep -q '^== sysfs-audit trace (exit 0)' "$out/run.ktap"; then
	say "the tracer failed on the $kernel kernel (see its messages above)"
	exit 1
fi
say "done ($kernel kernel)"
