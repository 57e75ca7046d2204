#!/bin/bash
# Read `prove -v` output on stdin, pass it through, and finish with the plain
# "N passed, N failed" line counted from the top-level test results (prove's
# own "ok  NNN ms" per-file lines have no test number and are not counted).
#
# A test file can fail without a "not ok" line: it dies half way, exits
# non-zero or prints a wrong plan. prove lists every failed file in its
# "Test Summary Report" as "FILE (Wstat: W Tests: T Failed: F)"; each listed
# file with F = 0 counts as one more failure, so the line never says
# "0 failed" next to prove's "Result: FAIL". No "Result:" line at all (prove
# itself died) is a failure too.
pass=0 fail=0 report=0 result= died=()
while IFS= read -r line; do
	printf '%s\n' "$line"
	if [ $report = 1 ] && [[ $line =~ ^(.+)\ \(Wstat:\ [0-9]+.*\ Failed:\ ([0-9]+)\)$ ]]; then
		[ "${BASH_REMATCH[2]}" = 0 ] && died+=("${BASH_REMATCH[1]}")
	elif [[ $line =~ ^Test\ Summary\ Report ]]; then
		report=1
	elif [[ $line =~ ^Result:\ ([A-Z]+) ]]; then
		result=${BASH_REMATCH[1]}
	elif [[ $line =~ ^ok\ [0-9]+ ]]; then
		pass=$((pass + 1))
	elif [[ $line =~ ^not\ ok\ [0-9]+ ]]; then
		fail=$((fail + 1))
	fi
done
for f in "${died[@]}"; do
	echo "$f: failed without a 'not ok' (exit status or plan; see above), counted as 1 failure"
	fail=$((fail + 1))
done
if [ -z "$result" ]; then
	echo "prove printed no 'Result:' line, counted as 1 failure"
	fail=$((fail + 1))
elif [ "$result" != PASS ] && [ $fail -eq 0 ]; then
	echo "prove says Result: $result, counted as 1 failure"
	fail=1
fi
echo "$pass passed, $fail failed"
