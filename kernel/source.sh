#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Print the directory of a pristine, unpacked linux-source tree in the cache
# (unpacked once per package version). Used for checkpatch, get_maintainer
# and for checking the series; builds unpack their own copy.
#
#   kernel/source.sh [6.1|6.12]     default 6.1
set -euo pipefail

series=${1:-6.1}
case "$series" in
6.1|6.12) ;;
*) echo "usage: $0 [6.1|6.12]" >&2; exit 2 ;;
esac
pkg=linux-source-$series
cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
tarball=/usr/src/$pkg.tar.xz
ver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) || {
	echo "kernel/source.sh: $pkg is not installed" >&2
	exit 1
}
dir="$cache/src/$ver"
# Two unpackers at once would remove each other's tree: one at a time.
mkdir -p "$cache/src"
exec 9>"$dir.lock"
flock 9
if [ ! -f "$dir/.complete" ]; then
	echo "kernel/source.sh: unpacking $pkg $ver" >&2
	rm -rf "$dir.tmp" "$dir"
	mkdir -p "$dir.tmp"
	tar -xJf "$tarball" -C "$dir.tmp"
	touch "$dir.tmp/.complete"
	mv "$dir.tmp" "$dir"
fi
echo "$dir/$pkg"
