#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A progress line for a first `make check`, whose kernels and images take
# most of an hour: every PROGRESS_S seconds (60), the kernel building now,
# how long it has run and how far it is (objects compiled against what a
# whole build of that flavour compiles), and the real-host images' last
# step. Started in the background by `make kernels` and by
# scripts/kernels-bg.sh, which kill it when the kernels are done; it also
# ends on its own when its parent is gone (killed, say), and prints nothing
# while nothing builds (a warm run).
#
#   scripts/build-progress.sh FLAVOUR...
#
# Environment: SYSFS_AUDIT_CACHE, PROGRESS_S, and KERNEL_OBJECTS_<flavour>
# (the objects a whole build compiles, from the Makefile: a rough count of
# tinyconfig plus our fragments, so "how far" is an estimate).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
every=${PROGRESS_S:-60}
images=$top/build/realhost/prebuild.log
n=$#

# The sleep in the background, so that a TERM ends it at once and leaves
# no sleep behind holding our output open.
trap 'kill $! 2>/dev/null; exit 0' TERM
# Our parent is alive as long as it is still our parent: a parent that
# died (even killed -9) hands us to init at once, reaped or not. The
# builder names itself (PROGRESS_PARENT): one killed before this shell
# started would leave init as our $PPID.
parent=${PROGRESS_PARENT:-$PPID}
parent_alive() {
	local ppid
	read -r _ _ _ ppid _ </proc/$$/stat && [ "$ppid" = "$parent" ]
}
while sleep "$every" & wait $! && parent_alive; do
	line=
	i=0
	for k in "$@"; do
		i=$((i + 1))
		# build.sh's work tree exists only while that flavour builds.
		for src in "$cache"/work/"$k"-*/linux-source-*; do
			[ -f "$src/.config" ] || continue
			secs=$(( $(date +%s) - $(stat -c %Y "$src/.config") ))
			objs=$(find "$src" -name '*.o' 2>/dev/null | wc -l)
			var=KERNEL_OBJECTS_${k//[.-]/_}
			total=${!var:-0}
			line="kernel $i/$n $k: building for $((secs / 60)) min $((secs % 60)) s, $objs objects"
			[ "$total" -gt 0 ] && line="$line of ~$total ($((objs * 100 / total > 99 ? 99 : objs * 100 / total)) %)"
		done
	done
	if [ -s "$images" ]; then
		img=$(tail -n1 "$images" | cut -c1-100)
		line="${line:+$line; }images: $img"
	fi
	[ -n "$line" ] && printf '[progress %s] %s\n' "$(date +%H:%M:%S)" "$line"
done
