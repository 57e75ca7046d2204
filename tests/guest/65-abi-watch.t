#!/bin/bash
# The obsolete-ABI watch (issue 46) on Debian's stock 6.1 and 6.12:
# `sysfs-audit abi watch` names a C program that reads
# /sys/class/rfkill/rfkill0/state (a switch of mac80211_hwsim, loaded after
# the watch started and read at once: the device's add and the read race
# the watch's refresh) and a #! script that reads
# /sys/firmware/acpi/hotplug/force_remove (obsolete/sysfs-firmware-acpi);
# an `ls -l`/`find` walk over the same trees and a program that uses only
# /dev/rfkill are never named; rfkill's claim (removed/) is absent.
#
# The rfkill state entry is Documentation/ABI/stable/sysfs-class-rfkill's
# ("scheduled to be removed ... another attempt to remove it"), in neither
# obsolete/ nor removed/ of 6.1 or 6.12: it is given with --abi as a file
# of its own, the way a maintainer proposing the removal would. The other
# entries are the kernel tree's own obsolete/ and removed/ (--abi DIR).
# The modules come from the same linux-image package as the kernel
# (guest_abi_tree in tests/lib/guest.sh). One guest at a time.
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-600}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

mkdir -p "$out_dir"
for flavour in ${ABI_KERNELS:-stock-6.1 stock-6.12}; do
	guest_selected "$flavour" || continue
	tree=$out_dir/abi-tree-$flavour
	if ! guest_abi_tree "$flavour" "$tree" 2>"$tree.err"; then
		tap_diag <"$tree.err"
		tap_ok 1 "$flavour: kernel, its mac80211_hwsim and zram modules, linux-source, the rfkill state entry"
		continue
	fi
	tap_ok 0 "$flavour: the rfkill state entry taken from linux-source-${flavour#stock-}'s stable/"
	SYSFS_AUDIT_INITRAMFS_TREE=$tree guest_case "$flavour" abi-watch
done
tap_done
