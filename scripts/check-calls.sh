#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The house at link level: no layer's objects call (or read) a symbol that
# only a higher layer, or the peer engine, defines -- a declaration in a
# low header with its definition up in another folder would pass the
# include check (scripts/check-layers.sh) and still make the lower layer
# need the upper one. Reads the layer archives that the Makefile builds.
#
#   scripts/check-calls.sh [BUILD_OBJ_DIR]    default: build/obj
set -uo pipefail

dir=${1:-$(cd "$(dirname "$0")/.." && pwd)/build/obj}
layers=(common model output audit loader trace reports deps cmd)
declare -A rank=([common]=0 [model]=1 [output]=2 [audit]=3 [loader]=4 [trace]=5 [reports]=5 [deps]=6 [cmd]=7)
# As in check-layers.sh: engines that must not meet whatever their rank.
declare -A apart=([deps:trace]=1)

for l in "${layers[@]}"; do
	[ -f "$dir/libsa-$l.a" ] || { echo "check-calls: $dir/libsa-$l.a missing (make sysfs-audit)" >&2; exit 2; }
done
undef() { nm -u "$dir/libsa-$1.a" 2>/dev/null | awk 'NF == 2 { print $2 }' | sort -u; }
defined() { nm --defined-only "$dir/libsa-$1.a" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDRBC]$/ { print $3 }' | sort -u; }
bad=0
for lo in "${layers[@]}"; do
	for hi in "${layers[@]}"; do
		[ "$lo" = "$hi" ] && continue
		[ "${rank[$hi]}" -lt "${rank[$lo]}" ] && [ -z "${apart[$lo:$hi]:-}" ] && continue
		while read -r sym; do
			echo "check-calls: $lo uses $sym, defined in $hi" >&2
			bad=1
		done < <(comm -12 <(undef "$lo") <(defined "$hi"))
	done
done
[ $bad = 0 ] && echo "check-calls: no layer uses a symbol of a layer above or beside it, or of an engine kept apart"
exit $bad
