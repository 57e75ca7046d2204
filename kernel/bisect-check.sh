#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check that every prefix of the series builds (bisectability), with the
# patched kernel's configuration: apply one patch at a time to a fresh tree
# and run an incremental build after each. Not part of `make check` (about
# 12 minutes on 2 cores); run it after changing the series:
#
#   kernel/bisect-check.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
jobs=${KBUILD_JOBS:-$(($(nproc) + 1))}
work=$(mktemp -d "$cache/bisect.XXXXXX")
trap 'rm -rf "$work"' EXIT
t0=$SECONDS

tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$work"
src=$work/linux-source-6.1
make -C "$src" -s tinyconfig kvm_guest.config >/dev/null
(cd "$src" && ./scripts/kconfig/merge_config.sh -m .config "$here/configs/qemu-bpf.config" >/dev/null)
make -C "$src" -s olddefconfig >/dev/null

while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	patch -d "$src" -p1 --quiet --forward < "$here/patches/$p"
	make -C "$src" -s olddefconfig >/dev/null
	if make -C "$src" -s -j"$jobs" bzImage modules >"$work/build.log" 2>&1; then
		printf '[bisect %4ds] builds: %s\n' $((SECONDS - t0)) "$p"
	else
		tail -30 "$work/build.log"
		printf '[bisect %4ds] FAILS: %s\n' $((SECONDS - t0)) "$p"
		exit 1
	fi
done < "$here/patches/series"
