#!/bin/bash
# contrib/bash-completion/sysfs-audit: its static option list for every
# command the binary has equals that command's --help, and completing in a
# real bash (with bash-completion loaded) offers commands, options and
# option values.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
comp=$top/contrib/bash-completion/sysfs-audit
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }

# The options argp prints: "-a, --attach=MODE", "    --usage".
help_opts() {
	"$sa" "$1" --help | awk '/^ +-/ {
		sub(/^ +/, ""); sub(/  .*/, "")		# "-a, --attach=MODE"
		n = split($0, o, ", ")
		for (i = 1; i <= n; i++) {
			sub(/=.*/, "=", o[i]); sub(/\[=.*/, "=", o[i])
			if (o[i] != "-?") print o[i]
		}
	}' | sort -u
}
comp_opts() {
	sed -n "s/^\t$1) *opts='\(.*\)' ;;\$/\1/p" "$comp" | tr ' ' '\n' | sed '/^$/d' | sort -u
}
commands=$("$sa" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]\{1,\}\) .*/\1/p')
[ -n "$commands" ]
tap_ok $? "sysfs-audit --help lists commands ($(echo $commands))"
listed=$(sed -n "s/.*compgen -W '\([a-z ]*\) --help --version'.*/\1/p" "$comp")
for c in $commands; do
	grep -qw "$c" <<<"$listed"
	tap_ok $? "completion offers the command '$c'"
	want=$(help_opts "$c")
	got=$(comp_opts "$c")
	[ -n "$want" ] && [ "$want" = "$got" ]
	st=$?
	[ $st -eq 0 ] || diff <(echo "$want") <(echo "$got") | sed 's/^</--help has /; s/^>/completion has /' | tap_diag
	tap_ok $st "$c: completion options equal '$c --help'"
done
for c in $listed; do
	grep -qw "$c" <<<"$commands" ||
		echo "'$c' is completed but not in this binary yet (in flight on another branch)" | tap_diag
done

# Behaviour, in a bash with bash-completion loaded.
bc=/usr/share/bash-completion/bash_completion
[ -r "$bc" ] || bash "$top/scripts/install-deps.sh" package >&2
complete_line() {	# complete_line WORD... : prints COMPREPLY, one per line
	bash --norc --noprofile -c '
		. '"$bc"' && . '"$comp"' || exit 1
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		compopt() { :; }	# only works inside a real completion
		_sysfs_audit sysfs-audit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		printf "%s\n" "${COMPREPLY[@]}"' _ "$@"
}
[ "$(complete_line sysfs-audit tr)" = trace ]
tap_ok $? "'sysfs-audit tr<TAB>' completes to trace"
[ "$(complete_line sysfs-audit trace --att)" = "--attach=" ]
tap_ok $? "'trace --att<TAB>' completes to --attach="
[ "$(complete_line sysfs-audit trace -a f | tr '\n' ' ')" = "fexit " ]
tap_ok $? "'trace -a f<TAB>' completes to fexit"
[ "$(complete_line sysfs-audit snapshot --json -)" != "" ] &&
	complete_line sysfs-audit snapshot --json - | grep -qx -- --sysfs=
tap_ok $? "options still complete after an earlier option"
tap_done
