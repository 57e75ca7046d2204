#!/bin/bash
# boot --start with a minimal BTF (issue 43's cost): `boot --core-btf` cuts
# Debian's stock kernels' BTF (read from the bzImage, as the image's hooks
# read /boot/vmlinuz-RELEASE) with this machine's bpftool; in the guest,
# each program loaded with it has the tag it has with the kernel's BTF,
# and one made for another kernel is not used (tests/guest/cases/core-btf.sh).
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-900}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

mkdir -p "$out_dir"
for flavour in ${CORE_BTF_KERNELS:-stock-6.1 stock-6.12}; do
	guest_selected "$flavour" || continue
	tree=$out_dir/core-btf-tree-$flavour
	rm -rf "$tree"
	mkdir -p "$tree/usr/share/sysfs-audit"
	if ! kdir=$("$top/kernel/stock.sh" "${flavour#stock-}" 2>"$tree.err"); then
		tap_diag <"$tree.err"
		tap_ok 1 "$flavour: kernel available"
		continue
	fi
	"$top/build/sysfs-audit" boot --core-btf "$tree/usr/share/sysfs-audit/core.btf" \
		--kernel "$(cat "$kdir/release")" --vmlinuz "$kdir/bzImage" 2>"$tree.err"
	rc=$?
	tap_diag <"$tree.err"
	tap_ok $rc "$flavour: boot --core-btf from the bzImage"
	SYSFS_AUDIT_INITRAMFS_TREE=$tree guest_case "$flavour" core-btf
done
tap_done
