#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: boot each kernel once with the bench case (tests/guest/cases/
# bench.sh), which storms uevents over ~600 devices with the tracer's
# configurations interleaved, then summarize every boot into build/bench/:
# bench.txt (table; the system-wide ratios against their goals),
# bench.json and bench-<kernel>.svg (cost per event against N). Only
# ratios within one boot mean anything.
#
#   tests/bench/run.sh [KERNEL...]     default: patched stock-6.1 stock-6.12
#
# Environment: BENCH_ROUNDS, BENCH_SIZES (comma-separated), BENCH_CONFIGS;
# BENCH_APPEND: more kernel parameters (an experiment: init_on_alloc=0);
# BENCH_ICOUNT (default 3): QEMU's -icount shift, so that guest time counts
# instructions (2^shift ns each) and not the host's load: on a shared
# machine the ratios then repeat to the per mille; 0 for plain TCG time.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# icount and eight configurations: an hour and more on a loaded 2-core machine.
export SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-9000}
export SYSFS_AUDIT_GUEST_MEM=${SYSFS_AUDIT_GUEST_MEM:-1536}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(patched stock-6.1 stock-6.12)
out=${BENCH_OUT:-$top/build/bench}
mkdir -p "$out"
env_args="sysfs_audit.env.BENCH_ROUNDS=${BENCH_ROUNDS:-3}"
env_args+=" sysfs_audit.env.BENCH_SIZES=${BENCH_SIZES:-1000,10000,100000}"
[ -z "${BENCH_CONFIGS:-}" ] || env_args+=" sysfs_audit.env.BENCH_CONFIGS=$BENCH_CONFIGS"
[ -z "${BENCH_APPEND:-}" ] || env_args+=" $BENCH_APPEND"

icount=${BENCH_ICOUNT:-3}
[ "$icount" = 0 ] || export GUEST_QEMU_EXTRA="${GUEST_QEMU_EXTRA:-} -icount shift=$icount,sleep=on"

status=0
for k in "${kernels[@]}"; do
	echo "bench: $k (one boot; this takes several minutes under emulation)" >&2
	# The obsolete-ABI watch's configuration (abi) on Debian's kernels:
	# their mac80211_hwsim gives a watched attribute (rfkill0/state), and
	# the watch reads linux-source's entries; elsewhere it has the
	# built-in table and no watched attribute to open.
	unset SYSFS_AUDIT_INITRAMFS_TREE
	case $k in
	stock-*)
		if guest_abi_tree "$k" "$out/abi-tree-$k" 2>"$out/abi-tree-$k.err"; then
			export SYSFS_AUDIT_INITRAMFS_TREE=$out/abi-tree-$k
		else
			echo "bench: $k: no obsolete-ABI tree, abi has no watched attribute:" >&2
			cat "$out/abi-tree-$k.err" >&2
		fi ;;
	esac
	guest_case "$k" bench "loop.max_loop=64 $env_args" >"$out/$k.tap"
	grep -v '^# BENCH ' "$out/$k.tap" | grep -E '^(not ok|# )' >&2
	grep -q '^not ok' "$out/$k.tap" && status=1
	sed -n 's/^# BENCH //p' "$out/$k.tap" >"$out/$k.jsonl"
done
python3 "$top/tests/bench/summarize.py" "$out" "${kernels[@]}" || status=1
exit $status
