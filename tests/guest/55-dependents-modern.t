#!/bin/bash
# The dependents tracer beside a modern userspace (issue 17): Debian 12's
# systemd-udevd 252, udevadm, util-linux, coreutils, findutils and iproute2
# (tests/guest/fetch-modern.sh: `apt-get download` into the cache, unpacked
# into the initramfs below /opt/deb, never installed on the host) through
# coldplug, hotplug and an operator's commands, on our patched 6.1 and
# 6.12 and Debian's stock 6.1 and 6.12: nothing breaks, few suspects that say
# why, `report --fail-on=dependents` exit 0. One guest at a time.
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-600}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

if ! tree=$("$top/tests/guest/fetch-modern.sh" 2>"$out_dir.fetch.err"); then
	tap_diag <"$out_dir.fetch.err"
	tap_ok 1 "Debian 12's udev, util-linux, coreutils, iproute2 fetched"
	tap_done
	exit
fi
tap_ok 0 "Debian 12's udev, util-linux, coreutils, iproute2 fetched ($tree)"
export SYSFS_AUDIT_INITRAMFS_TREE=$tree
# Every kernel we boot: our patched 6.1 and 6.12 (whose config enables
# inotify, without which systemd-udevd exits at start) and Debian's 6.1 and
# 6.12.
for flavour in ${DEPS_KERNELS:-patched patched-6.12 stock-6.1 stock-6.12}; do
	guest_case "$flavour" dependents-modern
done
tap_done
