#!/bin/bash
# Read `prove -v` output on stdin, pass it through, and finish with the plain
# "N passed, N failed" line counted from the top-level test results.
pass=0 fail=0
while IFS= read -r line; do
	printf '%s\n' "$line"
	case "$line" in
	"ok "*) pass=$((pass + 1)) ;;
	"not ok "*) fail=$((fail + 1)) ;;
	esac
done
echo "$pass passed, $fail failed"
