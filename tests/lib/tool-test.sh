# The start of a host test of the built tool (bash), sourced after $top is
# set: the TAP helpers, $sa (tool.sh), one failed check and the end of the
# file when it is not built, and $tmp, a scratch folder removed at exit.
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
