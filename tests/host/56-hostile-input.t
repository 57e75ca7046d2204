#!/bin/bash
# Hostile input, round three (issue 30, the input side): crafted files and
# trees, generated here, small. Work is bounded by CPU time (ulimit -t) and
# blocking by timeout(1), never judged by the wall clock.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
sa=$top/build/sysfs-audit
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run CPUSECONDS CMD...: the command under a CPU-time limit (and 60 s of
# wall clock, so a blocking open fails the case instead of hanging it); $st, $out, $err
run() {
	local cpu=$1
	shift
	(ulimit -t "$cpu"; exec timeout -s KILL 60 "$@") >"$tmp/out" 2>"$tmp/err"
	st=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

# ---- rules: substitutions without a closing brace -----------------------------
# Each $env{ / %s{ / $sysfs{ searched to the end of the value: 4 MiB took 63 s.
mkdir -p "$tmp/r"
perl -e 'print "RUN+=\"", "\$env{" x 838860, "\"\n"' >"$tmp/r/open.rules"
run 5 "$sa" rules "$tmp/r/open.rules"
tap_ok $([ $st = 0 ]; echo $?) "rules: 4 MiB of \$env{ without a '}': exit 0 within 5 s of CPU (was 63 s; got $st)"
perl -e 'print "RUN+=\"", "%s{" x 1398101, "}\"\n"' >"$tmp/r/shared.rules"
run 5 "$sa" rules "$tmp/r/shared.rules"
tap_ok $([ $st = 0 ]; echo $?) "rules: 4 MiB of %s{ sharing one '}' at the end: exit 0 within 5 s of CPU ($st)"
printf 'RUN+="%s $env{PHYSDEVBUS} $sysfs{idVendor}"\n' '$env{x' >"$tmp/r/mixed.rules"
run 5 "$sa" rules "$tmp/r/mixed.rules"
tap_ok $([ $st = 9 ] && ! grep -q 'PHYSDEVBUS is' <<<"$out" && grep -q '1:31: warning: .*sysfs{idVendor}' <<<"$out"; echo $?) \
	"rules: as udev reads it, \$env{x \$env{PHYSDEVBUS} names one variable; the scan goes on after its '}' ($st)"

tap_done
