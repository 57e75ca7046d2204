#!/bin/bash
# make mutate is slow and not part of make check, so its list drifts: a
# mutant whose original line the code no longer has is an ERROR there,
# found only when someone runs it. Here every mutant must still apply to
# the tree (tests/mutate/run.sh with MUTATE_CHECK=1, a few seconds), and
# the check must fail for one that does not.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

out=$(MUTATE_CHECK=1 "$top/tests/mutate/run.sh" 2>&1)
st=$?
tap_diag <<<"$(grep -v '^$' <<<"$out")"
tap_ok $st "every mutant of tests/mutate/mutants.txt applies to the tree"

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf '== drifted host user/model/legacy.c\n- a line this file does not have\n+ another\n' >"$tmp"
out=$(MUTATE_LIST=$tmp MUTATE_CHECK=1 "$top/tests/mutate/run.sh" 2>&1)
tap_ok $([ $? -ne 0 ] && grep -q 'drifted: does not apply' <<<"$out"; echo $?) \
	"a mutant whose original line is gone fails the check"
tap_done
