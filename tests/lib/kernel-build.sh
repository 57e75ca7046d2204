#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The FLAVOUR kernel for the test files, its artifact directory on stdout:
# kernel/stock.sh SERIES for stock-SERIES, kernel/build.sh FLAVOUR for
# ours. While `make check` builds the kernels in the background
# (scripts/kernels-bg.sh; SYSFS_AUDIT_KERNELS_BG names its state), a test
# first waits for that build to end, instead of starting a second build of
# the same kernel at full priority beside it; build.sh then answers from
# its cache. A background build that failed fails here with its log.
#
#   tests/lib/kernel-build.sh FLAVOUR
#
# SYSFS_AUDIT_KERNEL_BUILD replaces kernel/build.sh (the host test's stand-in).
top=$(cd "$(dirname "$0")/../.." && pwd)
flavour=${1:?usage: kernel-build.sh FLAVOUR}
state=${SYSFS_AUDIT_KERNELS_BG:-}

case "$flavour" in
stock-*) exec "$top/kernel/stock.sh" "${flavour#stock-}" ;;
esac

if [ -n "$state" ] && grep -qxF -- "$flavour" "$state/queue" 2>/dev/null; then
	t0=$SECONDS
	# The builder holds STATE/lock as long as it lives.
	while [ ! -e "$state/$flavour.done" ] && [ -e "$state/lock" ] &&
		! flock -n "$state/lock" true; do
		sleep 5
	done
	if [ -e "$state/$flavour.failed" ]; then
		echo "kernel $flavour: the background build failed (log: $state/$flavour.log):" >&2
		tail -n 20 "$state/$flavour.log" >&2
		exit 1
	fi
	if [ ! -e "$state/$flavour.done" ]; then
		echo "kernel $flavour: the background builder ended before it; building it here" >&2
	elif [ $((SECONDS - t0)) -ge 5 ]; then
		echo "kernel $flavour: waited $((SECONDS - t0)) s for the background build" >&2
	fi
fi
exec "${SYSFS_AUDIT_KERNEL_BUILD:-$top/kernel/build.sh}" "$flavour"
