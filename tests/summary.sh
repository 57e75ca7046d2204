#!/bin/bash
# Read `prove -v` output on stdin, pass it through, and finish with the plain
# "N passed, N failed" line counted from the top-level test results (prove's
# own "ok  NNN ms" per-file lines have no test number and are not counted).
pass=0 fail=0
while IFS= read -r line; do
	printf '%s\n' "$line"
	if [[ $line =~ ^ok\ [0-9]+ ]]; then
		pass=$((pass + 1))
	elif [[ $line =~ ^not\ ok\ [0-9]+ ]]; then
		fail=$((fail + 1))
	fi
done
echo "$pass passed, $fail failed"
