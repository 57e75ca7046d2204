#!/bin/bash
# No script that runs under pipefail ends a pipeline in a reader that stops
# early (scripts/check-pipefail.sh), and the check fails when one does.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

out=$("$top/scripts/check-pipefail.sh" 2>&1)
st=$?
tap_diag <<<"$out"
tap_ok $st "no pipeline under pipefail ends in head, grep -q, awk's exit or sed's q"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The pipeline that failed CI (fetch-modern.sh, ldconfig -p | awk exit).
printf '#!/bin/bash\nset -euo pipefail\nh=$(ldconfig -p | awk '"'"'$1 == l {print $NF; exit}'"'"')\n' >"$tmp/a.sh"
printf '#!/bin/bash\nset -uo pipefail\nls |\n\thead -n 1\n' >"$tmp/b.sh"
printf '#!/bin/bash\nls | head -n 1\n' >"$tmp/c.sh"
out=$("$top/scripts/check-pipefail.sh" "$tmp/a.sh" "$tmp/b.sh" "$tmp/c.sh" 2>&1)
tap_ok $([ $? -eq 1 ] && grep -c "a.sh:3:" <<<"$out" >/dev/null && grep -c "b.sh:4:" <<<"$out" >/dev/null &&
	! grep -c "c.sh" <<<"$out" >/dev/null; echo $?) \
	"the check names awk's exit and a head on a continued line, and ignores scripts without pipefail"
# The race itself: a writer with more than a pipe's worth after the match.
st=$(bash -c 'set -o pipefail; seq 1 200000 | awk "\$1 == 1 {print; exit}" >/dev/null; echo $?')
tap_ok $([ "$st" = 141 ]; echo $?) "an early-exiting reader kills its writer: exit $st (141 = SIGPIPE)"
tap_done
