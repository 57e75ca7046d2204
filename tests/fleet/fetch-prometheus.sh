#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Debian 12's Prometheus (prometheus, promtool) and node_exporter for the
# fleet tests: downloaded with `apt-get download` into the cache and
# unpacked with `dpkg-deb -x`, never installed on the host (installing
# them would start two daemons listening on every address).
#
#   fetch-prometheus.sh      prints the unpacked tree; the programs are in
#                            its usr/bin (prometheus, promtool,
#                            prometheus-node-exporter)
set -euo pipefail

cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
die() { printf 'tests/fleet/fetch-prometheus.sh: %s\n' "$*" >&2; exit 1; }

pkgs=(prometheus prometheus-node-exporter)
ver() { apt-cache policy "$1" | awk '/Candidate:/ {print $2}'; }
for p in "${pkgs[@]}"; do
	v=$(ver "$p")
	[ -n "$v" ] && [ "$v" != "(none)" ] || die "$p has no candidate version (apt-get update?)"
done
key=$(for p in "${pkgs[@]}"; do echo "$p $(ver "$p")"; done | cat - "$0" | sha256sum | cut -c1-16)
out="$cache/prometheus/tree-$key"
if [ -f "$out/.complete" ]; then
	echo "$out"
	exit 0
fi
debs="$cache/prometheus/debs"
mkdir -p "$debs"
# Two test files at once (prove -j2): the second waits for the first's tree.
exec 9>"$out.lock"
flock 9
if [ -f "$out/.complete" ]; then
	echo "$out"
	exit 0
fi
rm -rf "$out.tmp"
mkdir -p "$out.tmp"
for p in "${pkgs[@]}"; do
	v=$(ver "$p")
	f=$(find "$debs" -name "${p}_${v//:/%3a}_*.deb" -print -quit)
	if [ -z "$f" ]; then
		(cd "$debs" && apt-get download -q "$p=$v" >/dev/null 2>&1) ||
			(cd "$debs" && apt-get download "$p=$v") || die "apt-get download $p=$v failed"
		f=$(find "$debs" -name "${p}_${v//:/%3a}_*.deb" -print -quit)
		[ -n "$f" ] || die "apt-get download $p=$v left no .deb"
	fi
	dpkg-deb -x "$f" "$out.tmp"
done
for b in prometheus promtool prometheus-node-exporter; do
	[ -x "$out.tmp/usr/bin/$b" ] || die "no usr/bin/$b in the packages"
done
rm -rf "$out.tmp/usr/share/doc" "$out.tmp/usr/share/man"
touch "$out.tmp/.complete"
mv "$out.tmp" "$out"
echo "$out"
