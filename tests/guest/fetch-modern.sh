#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A modern userspace for the guest, from Debian 12's own packages: udev
# (systemd-udevd 252, udevadm, its rules), util-linux (lsblk, blkid),
# coreutils, findutils, iproute2, and every shared library their ELF files
# need (found by their DT_NEEDED names, owned by the host's packages of the
# same Debian release). Downloaded with `apt-get download` into the cache,
# unpacked with `dpkg-deb -x` -- never installed on the host.
#
#   fetch-modern.sh          prints the unpacked tree (for SYSFS_AUDIT_INITRAMFS_TREE)
#   fetch-modern.sh PKG...   the same for these packages (and libc6) instead,
#                            in a tree of their own (65-abi-watch.t: gpiod)
#
# Everything goes below /opt/deb (the guest keeps BusyBox in /bin); the
# guest case links the loader, the library directories and udev's
# directories into place, and /var/lib/dpkg/info names the packages' files
# with that prefix, so that the tracer can name the package of a program.
set -euo pipefail

cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
t0=$SECONDS
say() { printf '[modern %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }
die() { printf 'tests/guest/fetch-modern.sh: %s\n' "$*" >&2; exit 1; }

# The programs the modern run uses, and libc's loader.
roots=(udev util-linux coreutils findutils iproute2 libc6 mount)
[ $# -eq 0 ] || roots=("$@" libc6)

ver() { apt-cache policy "$1" | awk '/Candidate:/ {print $2}'; }
for p in "${roots[@]}"; do
	v=$(ver "$p")
	[ -n "$v" ] && [ "$v" != "(none)" ] || die "$p has no candidate version (apt-get update?)"
done
key=$(for p in "${roots[@]}"; do echo "$p $(ver "$p")"; done | cat - "$0" | sha256sum | cut -c1-16)
out="$cache/modern/tree-$key"
if [ -f "$out/.complete" ]; then
	say "cached: $out"
	echo "$out"
	exit 0
fi
debs="$cache/modern/debs"
mkdir -p "$debs"
# Two runs at once (make check runs prove -j2) would remove each other's
# tree: the second waits for the first, then finds its result.
exec 9>"$out.lock"
flock 9
if [ -f "$out/.complete" ]; then
	say "cached (fetched meanwhile): $out"
	echo "$out"
	exit 0
fi
rm -rf "$out.tmp"
mkdir -p "$out.tmp/opt/deb"

# first_deb PKG VERSION: the downloaded .deb of that version, or nothing.
# Every reader below reads its input to the end: under pipefail a reader that
# stops early (head, awk's exit, grep -q) kills its writer with SIGPIPE.
first_deb() {
	local v=${2//:/%3a}
	{ ls "$debs/${1}_"*.deb 2>/dev/null || true; } |
		awk -v v="_${v}_" '!f && index($0, v) {f = $0} END {print f}'
}

# fetch PKG: download (once) and unpack into the tree.
declare -A done_pkg
fetch() {
	local p=$1 v f
	[ -z "${done_pkg[$p]:-}" ] || return 0
	done_pkg[$p]=1
	v=$(ver "$p")
	f=$(first_deb "$p" "$v")
	if [ -z "$f" ]; then
		say "downloading $p $v"
		(cd "$debs" && apt-get download -q "$p=$v" >/dev/null 2>&1) ||
			(cd "$debs" && apt-get download "$p=$v") || die "apt-get download $p=$v failed"
		f=$(first_deb "$p" "$v")
		[ -n "$f" ] || die "apt-get download $p=$v left no .deb"
	fi
	dpkg-deb -x "$f" "$out.tmp/opt/deb"
}

for p in "${roots[@]}"; do fetch "$p"; done
# The libraries: DT_NEEDED of every ELF file, until nothing new is needed.
for round in 1 2 3 4 5 6; do
	new=0
	needed=$(find "$out.tmp" -type f \( -perm -100 -o -name '*.so*' \) -print0 |
		{ xargs -0 readelf -d 2>/dev/null || true; } |
		sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u)
	for lib in $needed; do
		[ -n "$(find "$out.tmp" -name "$lib" -print -quit)" ] && continue
		host=$(ldconfig -p | awk -v l="$lib" '!h && $1 == l && /x86-64/ {h = $NF} END {print h}')
		[ -n "$host" ] || { say "note: no host copy of $lib"; continue; }
		pkg=$(dpkg -S "$(readlink -f "$host")" 2>/dev/null | sed -n '1s/:.*//p') ||
			pkg=$(dpkg -S "$host" 2>/dev/null | sed -n '1s/:.*//p') || true
		[ -n "$pkg" ] || { say "note: no package owns $host"; continue; }
		[ -n "${done_pkg[$pkg]:-}" ] && continue
		fetch "$pkg"
		new=1
	done
	[ $new -eq 1 ] || break
done
# Documentation and locales are not needed in the guest.
# Absolute links (systemd-udevd -> /bin/udevadm, the loader) point into the prefix.
find "$out.tmp/opt/deb" -type l | while read -r l; do
	t=$(readlink "$l")
	case "$t" in
	/*) [ -e "$out.tmp/opt/deb$t" ] || [ -L "$out.tmp/opt/deb$t" ] && ln -sfn "/opt/deb$t" "$l" ;;
	esac
done
for d in doc man locale info lintian bash-completion zsh fish; do
	rm -rf "$out.tmp/opt/deb/usr/share/$d"
done
# dpkg's view, so that the tracer can name the package of an executable.
mkdir -p "$out.tmp/var/lib/dpkg/info"
for f in "$debs"/*.deb; do
	p=$(dpkg-deb -f "$f" Package)
	[ -n "${done_pkg[$p]:-}" ] || continue
	dpkg-deb -c "$f" | awk '{ $1=$2=$3=$4=$5=""; sub(/^ +/, ""); sub(/ -> .*/, ""); sub(/^\./, "/opt/deb"); sub(/\/$/, ""); print }' \
		>"$out.tmp/var/lib/dpkg/info/$p.list"
done
touch "$out.tmp/.complete"
mv "$out.tmp" "$out"
say "done: $(du -sh "$out" | cut -f1) in $out ($(echo "${!done_pkg[@]}" | wc -w) packages)"
echo "$out"
