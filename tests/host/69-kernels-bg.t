#!/bin/bash
# make check builds the kernels in the background (scripts/kernels-bg.sh)
# while the tests that need none run; a guest test asks for its kernel
# through tests/lib/kernel-build.sh. With a stand-in for kernel/build.sh
# that takes its time: the builds run one after another at nice 19; a test
# waits for the background build instead of starting its own; a failed
# build fails the test that needs it, with its log, and is not retried; a
# kernel nobody queued, or a builder that died, falls through to build.sh;
# finish says whether every build ended well.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

t=$(mktemp -d)
trap 'kill $(cat "$t/st/pid" 2>/dev/null) 2>/dev/null; rm -rf "$t"' EXIT
# The stand-in: "builds" FLAVOUR for BUILD_S seconds (0 once built: a cache
# lookup), logs who ran it at what niceness, fails for flavour "broken".
cat >"$t/build" <<'SH'
#!/bin/bash
echo "$1 $(nice) $([ -e "$T/$1.built" ] && echo cached || echo build)" >>"$T/calls"
[ "$1" = broken ] && { echo "broken: compile error" >&2; exit 1; }
[ -e "$T/$1.built" ] || { echo "building $1" >&2; sleep "$BUILD_S"; touch "$T/$1.built"; }
echo "$T/kernels/$1"
SH
chmod +x "$t/build"
export T=$t BUILD_S=2 SYSFS_AUDIT_KERNEL_BUILD=$t/build PROGRESS_S=3600

"$top/scripts/kernels-bg.sh" start "$t/st" one broken two 2>"$t/start.err"
tap_ok $? "start returns at once"
[ -s "$t/st/pid" ] && [ "$(cat "$t/st/queue")" = "$(printf 'one\nbroken\ntwo')" ]
tap_ok $? "the state names the builder and the queue in build order"

# "two" is last in the queue: the test waits for one, broken and two.
got=$(SYSFS_AUDIT_KERNELS_BG=$t/st "$top/tests/lib/kernel-build.sh" two 2>"$t/two.err")
st=$?
[ $st = 0 ] && [ "$got" = "$t/kernels/two" ]
tap_ok $? "a test waiting for a queued kernel gets its directory ($got)"
[ -e "$t/st/two.done" ]
tap_ok $? "... only after the background build of it ended"
grep -q 'waited [0-9]* s for the background build' "$t/two.err"
tap_ok $? "... and says how long it waited"
[ "$(grep -c '^two .* build$' "$t/calls")" = 1 ] && grep -q '^two .* cached$' "$t/calls"
tap_ok $? "the kernel was built once, the test's call was a cache lookup"
[ "$(awk '$3 == "build" { print $2 }' "$t/calls" | sort -u)" = 19 ]
tap_ok $? "every background build ran at nice 19"
grep -q '^one ' "$t/calls" && [ "$(head -n1 "$t/calls" | cut -d' ' -f1)" = one ]
tap_ok $? "the builds ran in queue order"

SYSFS_AUDIT_KERNELS_BG=$t/st "$top/tests/lib/kernel-build.sh" broken >/dev/null 2>"$t/broken.err"
[ $? = 1 ] && grep -q 'background build failed' "$t/broken.err" &&
	grep -q 'compile error' "$t/broken.err"
tap_ok $? "a failed background build fails the test that needs it, with its log"
[ "$(grep -c '^broken ' "$t/calls")" = 1 ]
tap_ok $? "... and is not built again by the test"

"$top/scripts/kernels-bg.sh" finish "$t/st" 2>"$t/finish.err"
[ $? = 1 ] && grep -q 'kernel broken: not built' "$t/finish.err"
tap_ok $? "finish fails when a build failed, and names it"
grep -q 'kernel 3/3 two: ready after' "$t/start.err" || grep -q 'kernel 3/3 two: ready after' "$t"/*.err
tap_ok $? "the builder prints a line per kernel when it is ready"

# A kernel nobody queued, and a builder that died before its turn: the
# test builds it itself (at its own priority), never waits for nothing.
"$top/scripts/kernels-bg.sh" start "$t/st2" three 2>/dev/null
kill -9 "$(cat "$t/st2/pid")"
rm -f "$t/calls"
got=$(SYSFS_AUDIT_KERNELS_BG=$t/st2 timeout 20 "$top/tests/lib/kernel-build.sh" four 2>/dev/null)
[ "$got" = "$t/kernels/four" ] && [ "$(awk '$1 == "four" { print $2 }' "$t/calls")" = "$(nice)" ]
tap_ok $? "a kernel not in the queue is built by the test itself"
got=$(SYSFS_AUDIT_KERNELS_BG=$t/st2 timeout 20 "$top/tests/lib/kernel-build.sh" three 2>/dev/null)
[ $? = 0 ] && [ "$got" = "$t/kernels/three" ]
tap_ok $? "a builder that died leaves the test to build the kernel, no wait for ever"

"$top/scripts/kernels-bg.sh" start "$t/st3" one 2>/dev/null
"$top/scripts/kernels-bg.sh" finish "$t/st3"
tap_ok $? "finish succeeds when every build ended well"
"$top/scripts/kernels-bg.sh" finish "$t/none" 2>/dev/null
[ $? = 1 ]
tap_ok $? "finish without a builder fails"
"$top/scripts/kernels-bg.sh" start "$t/st4" 2>/dev/null
[ $? = 2 ]
tap_ok $? "start without a kernel is a usage error (exit 2)"
tap_done
