#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Shell scripts that run under `set -o pipefail` must not end a pipeline in a
# reader that stops early (head, grep -q/-m, awk's exit, sed's q): the writer
# then dies of SIGPIPE (exit 141) whenever it still has output, and pipefail
# turns that race into a failure (ldconfig -p | awk '... exit' did, on CI).
# Lists every such pipeline stage; exit 1 when there is one.
#
#   scripts/check-pipefail.sh [FILE...]    default: every shell script of the tree
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then
	cd "$top" || exit 2
	mapfile -t files < <(git ls-files -z | xargs -0 grep -lI 'pipefail' -- 2>/dev/null)
	set -- "${files[@]}"
fi

bad=0
for f in "$@"; do
	grep -cE '^[[:space:]]*@?set -[a-zA-Z]*o pipefail' "$f" >/dev/null || continue
	# A stage after a pipe (on the same line, or a line ending in |) that
	# reads only part of its input.
	awk -v f="$f" '
	/^[ \t]*#/ { prev = ""; next }
	{
		line = (prev ~ /\|[ \t]*$/) ? prev " " $0 : $0
		n = split(line, st, /\|\|?/)
		for (i = 2; i <= n; i++) {
			s = st[i]
			if (s ~ /^[ \t]*head([ \t]|$)/ ||
			    s ~ /^[ \t]*grep[ \t]+(-[a-zA-Z]*[qm]|--quiet|--max-count)/ ||
			    s ~ /^[ \t]*awk[ \t].*[{; \t]exit[ ;}]/ ||
			    s ~ /^[ \t]*sed[ \t].*[0-9\/]q/)
				printf "%s:%d: %s\n", f, NR, $0
		}
		prev = $0
	}' "$f" | grep . && bad=1
done
exit $bad
