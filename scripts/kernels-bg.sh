#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check on an empty cache: build the kernels in the background, one
# after another, at the lowest CPU priority, while the test files that need
# no kernel (the real-host boots, the host tests) run at once. The kernels
# get every cycle the tests leave idle, and no test waits on a compiler for
# the CPU: a TCG guest keeps host time, so a starved guest would miss its
# own bounds. A guest test that needs a kernel not built yet waits for it
# (tests/lib/kernel-build.sh, through SYSFS_AUDIT_KERNELS_BG). A warm run
# finds every kernel cached and changes nothing.
#
#   scripts/kernels-bg.sh start STATE FLAVOUR...   returns at once
#   scripts/kernels-bg.sh finish STATE             waits for the builds;
#                                                  exit 1 if one failed
#
# STATE (a directory, made anew) holds: pid, queue (the flavours in build
# order), FLAVOUR.log (kernel/build.sh's steps), FLAVOUR.failed and
# FLAVOUR.done (written last, when that build ended either way).
# SYSFS_AUDIT_KERNEL_BUILD replaces kernel/build.sh (the host test's stand-in).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${SYSFS_AUDIT_KERNEL_BUILD:-$top/kernel/build.sh}

usage() {
	echo "usage: $0 start STATE FLAVOUR... | finish STATE" >&2
	exit 2
}

start() {
	local state=$1 n=$(($# - 1))
	shift
	rm -rf "$state" && mkdir -p "$state" || exit 1
	printf '%s\n' "$@" >"$state/queue"
	(
		"$top/scripts/build-progress.sh" "$@" &
		tick=$!
		i=0 st=0
		for k in "$@"; do
			i=$((i + 1)) t0=$SECONDS
			if nice -n 19 "$build" "$k" \
				>/dev/null 2>"$state/$k.log"; then
				echo "kernel $i/$n $k: ready after $((SECONDS - t0)) s"
			else
				echo "kernel $i/$n $k: build failed after $((SECONDS - t0)) s (log: $state/$k.log)"
				tail -n 20 "$state/$k.log"
				touch "$state/$k.failed"
				st=1
			fi
			touch "$state/$k.done"
		done
		kill "$tick" 2>/dev/null
		wait "$tick" 2>/dev/null
		exit $st
	) </dev/null >&2 &
	echo $! >"$state/pid"
	echo "kernels ($*): building in the background at nice 19 while the tests that need none run" >&2
}

finish() {
	local state=$1 pid k st=0
	pid=$(cat "$state/pid" 2>/dev/null) || { echo "$0: no builder in $state" >&2; exit 1; }
	while kill -0 "$pid" 2>/dev/null; do
		sleep 2
	done
	while read -r k; do
		[ -e "$state/$k.done" ] && [ ! -e "$state/$k.failed" ] && continue
		echo "kernel $k: not built (log: $state/$k.log)" >&2
		st=1
	done <"$state/queue"
	exit $st
}

case "${1:-}" in
start) [ $# -ge 3 ] || usage; shift; start "$@" ;;
finish) [ $# -eq 2 ] || usage; finish "$2" ;;
*) usage ;;
esac
