#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The boot test's two images, without root privileges:
#
#   mkboot.sh KERNEL_DIR DEB_ROOT ITOOLS_ROOT OUT_DIR
#
# OUT_DIR/initrd.cpio.gz is built the way mkinitramfs (initramfs-tools
# 0.142, unpacked in ITOOLS_ROOT from initramfs-tools-core) builds one:
# its init and scripts, the package's hook (DEB_ROOT: the unpacked .deb)
# run through hook-functions' run_scripts with BOOT_AUDIT=yes, every
# scripts directory ordered by cache_run_scripts (prerequisites, tsort),
# busybox and its applet links as busybox's hook adds them, the kernel's
# boot modules in /conf/modules. The test's stand-ins (tests/guest/boot/
# initramfs: udev's place, the legacy consumers, a boot method for a cpio
# root) are added as if installed under /usr/share/initramfs-tools.
# OUT_DIR/root.img is the real root: a cpio archive for a virtio disk
# (gen_cpio.pl), with the unpacked .deb, busybox and the test's init.
# The legacy consumers of 2007 (tests/guest/legacy/): nash in both images,
# BusyBox 1.6.1's mdev as /sbin/mdev in the initramfs, udev 095's udevd as
# /sbin/udevd in the real root; the scripts run them with
# sysfs_audit.legacy=1 only.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
guest=$(dirname "$here")
top=$(cd "$guest/../.." && pwd)
[ $# -eq 4 ] || { echo "usage: $0 KERNEL_DIR DEB_ROOT ITOOLS_ROOT OUT_DIR" >&2; exit 2; }
kdir=$1 deb=$2 itools=$3 out=$4
busybox=/bin/busybox

rm -rf "$out/share" "$out/initrd" "$out/hooks" "$out/rootfs"
mkdir -p "$out/share" "$out/hooks"
# /usr/share/initramfs-tools as installed: initramfs-tools-core, the package, the stand-ins.
cp -a "$itools/usr/share/initramfs-tools/." "$out/share/"
cp -a "$deb/usr/share/initramfs-tools/." "$out/share/"
cp -a "$here/initramfs/." "$out/share/"
# Only the package's hook runs (the others need the host's devices and files).
# It sources hook-functions by its installed path: here, the unpacked copy.
sed "s|^\. /usr/share/initramfs-tools/hook-functions$|. $out/share/hook-functions|" \
	"$deb/usr/share/initramfs-tools/hooks/sysfs-audit" >"$out/hooks/sysfs-audit"
chmod 0755 "$out/hooks/sysfs-audit"
# The operator's step: BOOT_AUDIT=yes in the package's conffile.
sed 's/^BOOT_AUDIT=no$/BOOT_AUDIT=yes/' "$deb/etc/default/sysfs-audit" >"$out/default"
grep -qx 'BOOT_AUDIT=yes' "$out/default"

DESTDIR=$out/initrd
kver=$(ls "$kdir/lib/modules" 2>/dev/null | sed -n 1p)
mkdir -p "$DESTDIR"/{bin,sbin,usr/bin,usr/sbin,conf/conf.d,etc,run,var/lock,scripts,tests}
cp -p "$out/share/init" "$DESTDIR/init"
for b in $(cd "$out/share/scripts" && find . -type f); do
	mkdir -p "$DESTDIR/scripts/$(dirname "$b")"
	cp -p "$out/share/scripts/$b" "$DESTDIR/scripts/$(dirname "$b")/"
done
echo "DPKG_ARCH=amd64" >"$DESTDIR/conf/arch.conf"
cp -p "$itools/etc/initramfs-tools/initramfs.conf" "$DESTDIR/conf/"
# Boot modules (Debian's kernel builds virtio as modules), as /etc/initramfs-tools/modules would.
if [ -n "$kver" ] && [ -f "$kdir/lib/modules/$kver/modules.load" ]; then
	cp "$kdir/lib/modules/$kver/modules.load" "$DESTDIR/conf/modules"
	mkdir -p "$DESTDIR/lib/modules"
	cp -a "$kdir/lib/modules/$kver" "$DESTDIR/lib/modules/"
fi
cp -p "$here/facts.sh" "$DESTDIR/tests/facts.sh"
cp -p "$top/build/legacy/nash" "$DESTDIR/bin/"
# BusyBox 1.6.1's mdev where a 2007 BusyBox initramfs had it (busybox's
# own applet link is then left out below).
cp -p "$top/build/legacy/mdev-16" "$DESTDIR/sbin/mdev"

(
	export DESTDIR verbose=n version=${kver:-test} CONFDIR=$out/share
	export SYSFS_AUDIT_DEFAULTS=$out/default SYSFS_AUDIT_BIN=$deb/usr/sbin/sysfs-audit \
		SYSFS_AUDIT_FUNCTIONS=$deb/usr/share/sysfs-audit/boot-functions
	# shellcheck disable=SC1091
	. "$out/share/hook-functions"
	run_scripts "$out/hooks"
	for b in $(cd "$DESTDIR/scripts" && find . -mindepth 1 -type d); do
		cache_run_scripts "$DESTDIR" "/scripts/${b#./}"
	done
)
[ -x "$DESTDIR/usr/sbin/sysfs-audit" ] || { echo "$0: the hook did not add sysfs-audit" >&2; exit 1; }

# A gen_init_cpio spec of a tree, root-owned; busybox applets link to /bin/busybox.
spec_of() {
	local tree=$1
	(cd "$tree" && find . -mindepth 1 -type d | sort) |
		while read -r d; do echo "dir /${d#./} $(stat -c %a "$tree/$d") 0 0"; done
	(cd "$tree" && find . -type f | sort) |
		while read -r f; do echo "file /${f#./} $tree/${f#./} $(stat -c %a "$tree/$f") 0 0"; done
	(cd "$tree" && find . -type l | sort) |
		while read -r l; do echo "slink /${l#./} $(readlink "$tree/$l") 0777 0 0"; done
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	echo "file /bin/busybox $busybox 0755 0 0"
	for a in $("$busybox" --list); do
		case "$a" in busybox | init | linuxrc) continue ;; esac
		[ -e "$tree/bin/$a" ] || [ -e "$tree/sbin/$a" ] || echo "slink /bin/$a busybox 0777 0 0"
	done
	# The init calls /sbin/modprobe (kmod's hook puts it there).
	for a in modprobe insmod rmmod lsmod depmod; do
		echo "slink /sbin/$a /bin/busybox 0777 0 0"
	done
}
spec_of "$DESTDIR" | awk '!seen[$2]++' >"$out/initrd.spec"
perl "$guest/gen_cpio.pl" "$out/initrd.spec" | gzip -1 >"$out/initrd.cpio.gz"

# The real root: the package as installed, the test's init, the runtime consumer.
root=$out/rootfs
mkdir -p "$root"/{sbin,bin,etc,proc,sys,run,tmp,root,var/lib,tests}
cp -a "$deb/." "$root/"
# The stand-in of systemd where init-bottom looks for an init that will
# adopt the boot audit, the boot unit enabled as the README says: else
# init-bottom removes the pins (nothing would adopt them).
mkdir -p "$root/lib/systemd" "$root/etc/systemd/system/multi-user.target.wants"
cp -p "$here/realroot-init" "$root/lib/systemd/systemd"
ln -s /lib/systemd/systemd "$root/sbin/init"
ln -s /lib/systemd/system/sysfs-audit-boot.service \
	"$root/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
cp -p "$here/facts.sh" "$root/tests/facts.sh"
cp -p "$top/build/legacy/nash" "$root/bin/"
# udevd of udev 095 where Fedora Core 6 and RHEL5 had it.
cp -p "$top/build/legacy/udevd-095" "$root/sbin/udevd"
echo 5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5b >"$root/etc/machine-id"
# bpftool and its libraries: what is attached, seen from outside our binary.
if bpftool=$(command -v bpftool); then
	mkdir -p "$root/usr/sbin"
	cp -L "$bpftool" "$root/usr/sbin/bpftool"
	for l in $(ldd "$bpftool" | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p'); do
		mkdir -p "$root$(dirname "$l")"
		cp -L "$l" "$root$l"
	done
fi
spec_of "$root" | awk '!seen[$2]++' >"$out/root.spec"
perl "$guest/gen_cpio.pl" "$out/root.spec" >"$out/root.img"
# A whole number of sectors for the virtio disk.
truncate -s %512 "$out/root.img"
