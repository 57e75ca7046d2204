#!/bin/bash
# tests/summary.sh, the "N passed, N failed" line of make check: a test file
# that dies after some passes, exits non-zero, is killed or prints a wrong
# plan must count as failed, not vanish from the count.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkt() {	# mkt NAME BODY: a test file printing BODY
	printf '#!/bin/bash\n%s\n' "$2" >"$d/$1.t"
	chmod +x "$d/$1.t"
}
mkt pass 'echo "ok 1 - a"; echo "ok 2 - b"; echo "1..2"'
mkt notok 'echo "ok 1 - a"; echo "not ok 2 - b"; echo "1..2"'
mkt dies 'echo "ok 1 - a"; echo "ok 2 - b"; echo "ok 3 - c"; exit 3'
mkt exit1 'echo "ok 1 - a"; echo "1..1"; exit 1'
mkt killed 'echo "ok 1 - a"; echo "1..1"; kill -9 $$'
mkt badplan 'echo "ok 1 - a"; echo "1..2"'

expect() {	# expect "PASSED FAILED" FILES...
	local want=$1 line
	shift
	line=$(cd "$d" && prove -v "$@" 2>&1 | "$top/tests/summary.sh" | tail -n 1)
	[ "$line" = "${want% *} passed, ${want#* } failed" ]
	local r=$?
	[ $r -eq 0 ] || echo "got '$line'" | tap_diag
	tap_ok $r "$* -> '${want% *} passed, ${want#* } failed'"
}
expect "2 0" pass.t
expect "1 1" notok.t
expect "3 1" dies.t
expect "1 1" exit1.t
expect "1 1" killed.t
expect "1 1" badplan.t
expect "9 5" pass.t notok.t dies.t exit1.t killed.t badplan.t
line=$(echo "ok 1 - a" | "$top/tests/summary.sh" | tail -n 1)
tap_ok $([ "$line" = "1 passed, 1 failed" ]; echo $?) "no prove 'Result:' line counts as a failure"
tap_done
