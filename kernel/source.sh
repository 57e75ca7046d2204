#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Print the directory of a pristine, unpacked linux-source-6.1 tree in the
# cache (unpacked once per package version). Used for checkpatch and for
# checking the series; builds unpack their own copy.
set -euo pipefail

cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
tarball=/usr/src/linux-source-6.1.tar.xz
ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) || {
	echo "kernel/source.sh: linux-source-6.1 is not installed" >&2
	exit 1
}
dir="$cache/src/$ver"
if [ ! -f "$dir/.complete" ]; then
	echo "kernel/source.sh: unpacking linux-source-6.1 $ver" >&2
	rm -rf "$dir.tmp" "$dir"
	mkdir -p "$dir.tmp"
	tar -xJf "$tarball" -C "$dir.tmp"
	touch "$dir.tmp/.complete"
	mv "$dir.tmp" "$dir"
fi
echo "$dir/linux-source-6.1"
