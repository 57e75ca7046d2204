#!/bin/bash
# Host unit tests (C, built by `make unit-tests` under ASan + UBSan). Each
# binary prints TAP; every result is relayed, plus one result per binary that
# fails on a sanitizer report, a non-zero exit or an incomplete plan.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

cd "$top" || exit 1	# test_report reads tests/host/reports/
# Every test_*.c there is: a list kept by hand had left test_boot out.
for src in tests/host/unit/test_*.c; do
	t=$(basename "$src" .c)
	bin=$top/build/tests/$t
	if [ ! -x "$bin" ]; then
		tap_ok 1 "$t built (run make unit-tests)"
		continue
	fi
	out=$("$bin" 2>&1)
	st=$?
	total=0 plan=
	while IFS= read -r line; do
		case "$line" in
		"ok "*) total=$((total + 1)); tap_ok 0 "$t: ${line#ok * - }" ;;
		"not ok "*) total=$((total + 1)); tap_ok 1 "$t: ${line#not ok * - }" ;;
		"1.."*) plan=${line#1..} ;;
		*) echo "# $line" ;;
		esac
	done <<<"$out"
	tap_ok $([ $st -eq 0 ] && [ "$plan" = "$total" ]; echo $?) \
		"$t: exit $st, plan ${plan:-missing}, $total results"
done
tap_done
