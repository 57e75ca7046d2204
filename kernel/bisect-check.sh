#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check that every prefix of a series builds (bisectability), with its
# patched kernel's configuration (the fragments kernel/build.sh uses): apply
# one patch at a time to a fresh tree and run an incremental build after
# each. For 6.1 that is the backport series (kernel/patches/) and then the
# local series on top of it (kernel/patches-local-6.1/), as kernel/build.sh
# applies them. Not part of `make check` (the 6.1 series take about 15
# minutes on 2 cores, the 6.12 one, a single patch, about 12); run it after
# changing a series:
#
#   kernel/bisect-check.sh [6.1|6.12]...    default: both
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
jobs=${KBUILD_JOBS:-$(($(nproc) + 1))}
[ $# -gt 0 ] || set -- 6.1 6.12
mkdir -p "$cache"
work=$(mktemp -d "$cache/bisect.XXXXXX")
trap 'rm -rf "$work"' EXIT
t0=$SECONDS

for series in "$@"; do
	case "$series" in
	6.1) pdirs=("$here/patches" "$here/patches-local-6.1") ;;
	6.12) pdirs=("$here/patches-6.12") ;;
	*) echo "usage: $0 [6.1|6.12]..." >&2; exit 2 ;;
	esac
	pkg=linux-source-$series
	rm -rf "${work:?}/$pkg"
	tar -xJf "/usr/src/$pkg.tar.xz" -C "$work"
	src=$work/$pkg
	make -C "$src" -s tinyconfig kvm_guest.config >/dev/null
	(cd "$src" && ./scripts/kconfig/merge_config.sh -m .config "$here/configs/qemu-bpf.config" \
		"$here/configs/uevent-helper.config" >/dev/null)
	make -C "$src" -s olddefconfig >/dev/null

	for pdir in "${pdirs[@]}"; do
		while read -r p; do
			case "$p" in ''|'#'*) continue ;; esac
			patch -d "$src" -p1 --quiet --forward < "$pdir/$p"
			make -C "$src" -s olddefconfig >/dev/null
			if make -C "$src" -s -j"$jobs" bzImage modules >"$work/build.log" 2>&1; then
				printf '[bisect %s %4ds] builds: %s/%s\n' "$series" \
					$((SECONDS - t0)) "${pdir##*/}" "$p"
			else
				tail -30 "$work/build.log"
				printf '[bisect %s %4ds] FAILS: %s/%s\n' "$series" \
					$((SECONDS - t0)) "${pdir##*/}" "$p"
				exit 1
			fi
		done < "$pdir/series"
	done
	rm -rf "${work:?}/$pkg"
done
