#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the test guest's initramfs without host root: the archive is written
# from a gen_init_cpio spec by gen_cpio.pl (the same bytes as the kernel's
# usr/gen_init_cpio, without needing linux-source), so device nodes and
# root ownership need no privileges.
#
#   mkinitramfs.sh KERNEL_DIR OUT.cpio.gz [BINARY...]
#
# KERNEL_DIR is an artifact directory from kernel/build.sh (its modules go
# in); each BINARY (static) is installed in /bin. SYSFS_AUDIT_INITRAMFS_TREE
# names a directory whose contents go in at the same paths (an unpacked
# .deb, for the installed-layout test).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 KERNEL_DIR OUT.cpio.gz [BINARY...]" >&2; exit 2; }
kdir=$1 out=$2
shift 2

busybox=/bin/busybox
[ -x "$busybox" ] || { echo "$0: busybox-static is not installed" >&2; exit 1; }

spec=$(mktemp)
trap 'rm -f "$spec"' EXIT
{
	for d in /bin /sbin /dev /proc /sys /tmp /etc /lib /lib/modules /tests \
		 /tests/cases; do
		echo "dir $d 0755 0 0"
	done
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	echo "file /bin/busybox $busybox 0755 0 0"
	echo "slink /bin/sh busybox 0777 0 0"
	echo "file /init $here/init 0755 0 0"
	echo "file /tests/ktap.sh $here/ktap.sh 0644 0 0"
	echo "file /tests/workload.sh $here/workload.sh 0644 0 0"
	echo "file /tests/storm-devices.sh $here/storm-devices.sh 0644 0 0"
	echo "file /tests/tracers.sh $here/tracers.sh 0644 0 0"
	for c in "$here"/cases/*.sh; do
		echo "file /tests/cases/${c##*/} $c 0644 0 0"
	done
	for b in "$@"; do
		echo "file /bin/${b##*/} $(readlink -f "$b") 0755 0 0"
	done
	tree=${SYSFS_AUDIT_INITRAMFS_TREE:-}
	if [ -n "$tree" ]; then
		(cd "$tree" && find . -mindepth 1 -type d | sort) |
			while read -r d; do echo "dir /${d#./} $(stat -c %a "$tree/$d") 0 0"; done
		(cd "$tree" && find . -type f | sort) |
			while read -r f; do echo "file /${f#./} $tree/${f#./} $(stat -c %a "$tree/$f") 0 0"; done
		(cd "$tree" && find . -type l | sort) |
			while read -r l; do echo "slink /${l#./} $(readlink "$tree/$l") 0777 0 0"; done
	fi
	# Modules: the whole tree of the kernel, directories first.
	if [ -d "$kdir/lib/modules" ]; then
		(cd "$kdir" && find lib/modules -mindepth 1 -type d | sort) |
			while read -r d; do echo "dir /$d 0755 0 0"; done
		(cd "$kdir" && find lib/modules -type f | sort) |
			while read -r f; do echo "file /$f $kdir/$f 0644 0 0"; done
	fi
} > "$spec"

perl "$here/gen_cpio.pl" "$spec" |
	gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
