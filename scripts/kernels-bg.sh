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
#   scripts/kernels-bg.sh stop STATE               ends the builder and
#                                                  the build it runs
#
# STATE (a directory, made anew) holds: queue (the flavours in build
# order), lock (held by the builder as long as it lives: a lock, unlike a
# pid, cannot outlive it or name another process), pid (for stop),
# FLAVOUR.log (kernel/build.sh's steps), FLAVOUR.failed and FLAVOUR.done
# (written last, when that build ended either way).
# SYSFS_AUDIT_KERNEL_BUILD replaces kernel/build.sh (the host test's stand-in).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${SYSFS_AUDIT_KERNEL_BUILD:-$top/kernel/build.sh}

usage() {
	echo "usage: $0 start STATE FLAVOUR... | finish STATE | stop STATE" >&2
	exit 2
}

alive() {
	[ -e "$1/lock" ] && ! flock -n "$1/lock" true
}

stop() {
	alive "$1" || return 0
	kill -TERM "$(cat "$1/pid")" 2>/dev/null
	flock -w 30 "$1/lock" true
}

start() {
	local state=$1 n=$(($# - 1))
	shift
	[ -d "$state" ] && stop "$state"
	rm -rf "$state" && mkdir -p "$state" || exit 1
	printf '%s\n' "$@" >"$state/queue"
	# Locked before the fork, so that nobody who reads the queue can see
	# the builder "not alive" before it has started.
	exec 9>"$state/lock"
	flock 9
	(
		bpid= tick=
		# A background list ignores SIGINT, and its children would
		# outlive it: without this a Ctrl-C ends the current build and
		# the builder goes on to the next one after make has gone.
		trap '[ -n "$bpid" ] && kill -TERM -- "-$bpid" 2>/dev/null
		      kill "$tick" 2>/dev/null; exit 130' INT TERM HUP
		PROGRESS_PARENT=$BASHPID "$top/scripts/build-progress.sh" "$@" 9>&- &
		tick=$!
		i=0 st=0
		for k in "$@"; do
			i=$((i + 1)) t0=$SECONDS
			# Its own process group, so that stop ends make and
			# its compilers too.
			setsid nice -n 19 "$build" "$k" >/dev/null 2>"$state/$k.log" 9>&- &
			bpid=$!
			if wait $bpid; then
				echo "kernel $i/$n $k: ready after $((SECONDS - t0)) s"
			else
				echo "kernel $i/$n $k: build failed after $((SECONDS - t0)) s (log: $state/$k.log)"
				tail -n 20 "$state/$k.log"
				touch "$state/$k.failed"
				st=1
			fi
			bpid=
			touch "$state/$k.done"
		done
		kill "$tick" 2>/dev/null
		exit $st
	) </dev/null >&2 &
	echo $! >"$state/pid"
	exec 9>&-
	echo "kernels ($*): building in the background at nice 19 while the tests that need none run" >&2
}

finish() {
	local state=$1 k st=0
	[ -r "$state/queue" ] || { echo "$0: no builder in $state" >&2; exit 1; }
	flock "$state/lock" true
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
stop) [ $# -eq 2 ] || usage; stop "$2" ;;
*) usage ;;
esac
