#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: boot the patched kernel in QEMU, run `sysfs-audit trace` while
# a scripted workload adds, changes, unbinds, renames and removes real
# devices, and print the report.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/demo
mkdir -p "$out"

. "$top/tests/lib/guest.sh"
kdir=$("$top/kernel/build.sh" patched) || exit 1
"$top/tests/guest/mkinitramfs.sh" "$kdir" "$out/initramfs.cpio.gz" "${guest_bins[@]}" || exit 1
guest_mkdisk "$out/disk.img"

echo "demo: booting the patched kernel in QEMU (TCG); the tracer's verifier pass takes a few seconds" >&2
"$top/tests/guest/qemu-run.sh" "$kdir" "$out/initramfs.cpio.gz" "$out/run" \
	"${SYSFS_AUDIT_GUEST_TIMEOUT:-300}" "sysfs_audit.test=demo" \
	-drive "file=$out/disk.img,if=virtio,format=raw"
rc=$?
tr -d '\r' <"$out/run.ktap"
if [ $rc -ne 0 ] || ! grep -q '^demo: done' "$out/run.ktap"; then
	echo "demo: the guest did not finish (qemu exit $rc); console: $out/run.console" >&2
	tail -n 20 "$out/run.console" >&2
	exit 1
fi
