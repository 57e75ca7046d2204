#!/bin/bash
# boot --start with a minimal BTF (issue 43's cost): `boot --core-btf` cuts
# Debian's stock kernels' BTF (read from the bzImage, as the image's hooks
# read /boot/vmlinuz-RELEASE) and our patched kernel's (its vmlinux: it has
# the tracepoint) with this machine's bpftool; in the guest, each program
# loaded with it has the tag it has with the kernel's BTF, the tracer the
# same attach mode, the kernel's BTF is searched for our tracepoints only
# where the id says it may name them, and one made for another kernel is
# not used (tests/guest/cases/core-btf.sh).
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-900}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

mkdir -p "$out_dir"
for flavour in ${CORE_BTF_KERNELS:-stock-6.1 stock-6.12 patched}; do
	guest_selected "$flavour" || continue
	tree=$out_dir/core-btf-tree-$flavour
	rm -rf "$tree"
	mkdir -p "$tree/usr/share/sysfs-audit"
	if ! kdir=$("$top/tests/lib/kernel-build.sh" "$flavour" 2>"$tree.err"); then
		tap_diag <"$tree.err"
		tap_ok 1 "$flavour: kernel available"
		continue
	fi
	# Debian's bzImage (xz); our own builds keep their vmlinux.
	image=$kdir/bzImage
	[ -f "$kdir/vmlinux" ] && image=$kdir/vmlinux
	"$top/build/sysfs-audit" boot --core-btf "$tree/usr/share/sysfs-audit/core.btf" \
		--kernel "$(cat "$kdir/release")" --vmlinuz "$image" 2>"$tree.err"
	rc=$?
	tap_diag <"$tree.err"
	tap_ok $rc "$flavour: boot --core-btf from the bzImage"
	SYSFS_AUDIT_INITRAMFS_TREE=$tree guest_case "$flavour" core-btf
done
tap_done
