# The start of a host test of the built tool (bash), sourced after $top is
# set: the TAP helpers, $sa (tool.sh), one failed check and the end of the
# file when it is not built, and $tmp, a scratch folder removed at exit.
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# sa_expect SECONDS STATUS PATTERN DESCRIPTION ARGS...: `$sa ARGS` exits
# STATUS within SECONDS (a hang fails) and its stderr matches PATTERN
sa_expect() {
	local secs=$1 want=$2 pat=$3 what=$4 err st r
	shift 4
	err=$(timeout "$secs" "$sa" "$@" 2>&1 >/dev/null)
	st=$?
	[ "$st" = "$want" ] && grep -q -- "$pat" <<<"$err"
	r=$?
	[ "$r" = 0 ] || echo "exit $st: $err" | tap_diag
	tap_ok $r "$what: exit $want, message names it"
}
