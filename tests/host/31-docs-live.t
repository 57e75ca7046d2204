#!/bin/bash
# The dependents' live lines, as the docs say them: printed when a program
# is first found and again when its verdict changes, a line that broke and
# falls back included (user/deps/dependents.c's fell() prints it; the
# store returns it, tests/host/unit/test_dep_classify.c). Each doc that
# describes the live lines must say so, not "only when it rises".
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

for doc in docs/design.md docs/sysfs-audit.8 docs/report-format.md; do
	# One line of text: sentences wrap, and roff puts macros on lines of their own.
	text=$(sed 's/^\.[A-Z]* //; s/\\-/-/g' "$top/$doc" | tr '\n' ' ' | tr -s ' ')
	grep -Eq 'again (only )?(when|if) its verdict changes[^.]*a line that broke falls back' <<<"$text"
	tap_ok $? "$doc: a live line is printed again when its verdict changes, a fallback included"
	! grep -Eq 'again (only )?(when|if) its verdict rises' <<<"$text"
	tap_ok $? "$doc: does not say only a rise is printed again"
done
tap_done
