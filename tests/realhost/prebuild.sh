#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: start building the real-host images of tests/guest/70-realhost.t
# now, in the background, and return. They need the .deb but no kernel, and
# on an empty cache their first build (mmdebstrap, then each generator's
# stage A) is mostly download and unpack, which runs beside the kernel
# builds' compilers instead of after them. Not niced: beside three
# compilers at nice 0 the scheduler would leave it a few per cent, and the
# images would be ready only after the kernels. 70-realhost.t later asks
# mkimage.sh for the same images (the same .deb and legacy binary, by the
# same absolute paths: they are part of the key): it finds them built, or
# waits on mkimage.sh's per-generator lock for the one still building.
#
#   tests/realhost/prebuild.sh DEB LEGACY_BIN    log: build/realhost/prebuild.log
#
# Nothing to do when the guest tests leave realhost out
# (SYSFS_AUDIT_GUEST_KERNELS) or when not root (70-realhost.t says why).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/guest.sh"

deb=$(realpath "$1") legacy=$(realpath "$2")
guest_selected realhost || exit 0
[ "$(id -u)" = 0 ] || exit 0
log=$top/build/realhost/prebuild.log
mkdir -p "$(dirname "$log")"
gens=${SYSFS_AUDIT_REALHOST_GENERATORS:-initramfs-tools dracut}
echo "realhost images ($gens): building in the background beside the kernels; progress: $log"
(
	for gen in $gens; do
		t0=$SECONDS
		if "$top/tests/realhost/mkimage.sh" "$gen" "$deb" "$legacy" >/dev/null; then
			echo "[prebuild $gen] ready after $((SECONDS - t0)) s"
		else
			echo "[prebuild $gen] failed after $((SECONDS - t0)) s (70-realhost.t builds it again)"
		fi
	done
) >"$log" 2>&1 </dev/null &
