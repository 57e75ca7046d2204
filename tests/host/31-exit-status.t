#!/bin/bash
# One table of exit statuses (user/cmd/exit_status.c): the enum in
# exit_status.h, the usage text, `help exit-status` and the man page's EXIT
# STATUS section all come from it, and a command's --help names no status
# the table does not have.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }

enum=$(sed -n 's/^[[:space:]]*EXIT_[A-Z_]* = \([0-9]*\),.*/\1/p' "$top/user/cmd/exit_status.h")
table=$("$sa" help exit-status | awk '{ print $1 }')
[ "$enum" = "$table" ]
tap_ok $? "help exit-status lists every status of exit_status.h's enum, in order ($(wc -w <<<"$enum") of them)"
[ -n "$enum" ] && [ "$enum" = "$(seq 0 "$(tail -n1 <<<"$enum")")" ]
tap_ok $? "the statuses are 0 to $(tail -n1 <<<"$enum") with no gap"

section=$(awk '/^\.SH EXIT STATUS/ { p = 1; next } /^\.SH / { p = 0 } p' "$top/docs/sysfs-audit.8")
diff <("$sa" help exit-status --roff) <(printf '%s\n' "$section") | tap_diag
[ "$("$sa" help exit-status --roff)" = "$section" ]
tap_ok $? "the man page's EXIT STATUS section is the table's, byte for byte (regenerate: build/sysfs-audit help exit-status --roff)"

usage=$("$sa" --help | sed -n '/^Exit status:/,/^See /p' | tr '\n' ' ')
missing=
for s in $enum; do
	grep -Eq "(: | )$s [^0-9]" <<<"$usage" || missing="$missing $s"
done
[ -z "$missing" ]
tap_ok $? "sysfs-audit --help names every status${missing:+ (missing:$missing)}"

for cmd in trace snapshot record report rules scan boot abi; do
	named=$("$sa" "$cmd" --help 2>/dev/null | sed -n '/^Exit status:/,/^$/p' |
		grep -Eo '(^|[ ,(])[0-9]+ ' | tr -dc '0-9\n')
	stray=
	for s in $named; do
		grep -qx "$s" <<<"$enum" || stray="$stray $s"
	done
	[ -z "$stray" ]
	tap_ok $? "$cmd --help: every exit status it names is in the table${stray:+ (not:$stray)}"
done

"$sa" help exit-status --bogus >/dev/null 2>&1
tap_ok $([ $? = 2 ]; echo $?) "help exit-status with an unknown option: exit 2"
tap_done
