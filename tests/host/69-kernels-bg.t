#!/bin/bash
# make check builds the kernels in the background (scripts/kernels-bg.sh)
# while the tests that need none run; a guest test asks for its kernel
# through tests/lib/kernel-build.sh. With a stand-in for kernel/build.sh
# that takes its time: the builds run one after another at nice 19; a test
# waits for the background build instead of starting its own; a failed
# build fails the test that needs it, with its log, and is not retried; a
# kernel nobody queued, or a builder that died, falls through to build.sh;
# finish says whether every build ended well; stop and a Ctrl-C end the
# builder and the build it runs, and nothing of it is left behind.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

t=$(mktemp -d)
bg=$top/scripts/kernels-bg.sh
cleanup() {
	local s
	for s in "$t"/st*; do
		[ -d "$s" ] && "$bg" stop "$s"
	done
	rm -rf "$t"
}
trap cleanup EXIT
# The stand-in: "builds" FLAVOUR for BUILD_S seconds (0 once built: a cache
# lookup), logs who ran it at what niceness, notes two builds at once,
# fails for flavour "broken".
cat >"$t/build" <<'SH'
#!/bin/bash
echo "$1 $(nice) $([ -e "$T/$1.built" ] && echo cached || echo build)" >>"$T/calls"
[ "$1" = broken ] && { echo "broken: compile error" >&2; exit 1; }
if [ ! -e "$T/$1.built" ]; then
	mkdir "$T/busy" 2>/dev/null || echo "OVERLAP $1" >>"$T/calls"
	echo "building $1" >&2
	sleep "$BUILD_S"
	touch "$T/$1.built"
	rmdir "$T/busy" 2>/dev/null
fi
echo "$T/kernels/$1"
SH
chmod +x "$t/build"
export T=$t BUILD_S=2 SYSFS_AUDIT_KERNEL_BUILD=$t/build PROGRESS_S=3600
# Our processes, found by what they run: the stand-in (by its path), and
# the progress line of a flavour named after this test's pid.
ours() { pgrep -f "$t/build|build-progress.sh [a-z]*-$$\$"; }
# until SECONDS CMD...: CMD succeeds within SECONDS (a loaded machine is slow
# to fork and to reap, and this file runs beside the guest tests).
until_ok() {
	local n=$1
	shift
	while ! "$@"; do
		[ "$n" -gt 0 ] || return 1
		n=$((n - 1))
		sleep 1
	done
}
none_left() { [ -z "$(ours)" ]; }
some_left() { [ -n "$(ours)" ]; }

"$bg" start "$t/st" one broken two 2>"$t/start.err"
tap_ok $? "start succeeds"
[ ! -e "$t/st/one.done" ]
tap_ok $? "... and returns at once, before the first build ends"
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
[ "$(awk '$3 == "build" { print $1 }' "$t/calls" | tr '\n' ' ')" = "one broken two " ] &&
	! grep -q OVERLAP "$t/calls"
tap_ok $? "the builds ran in queue order, one after another"

SYSFS_AUDIT_KERNELS_BG=$t/st "$top/tests/lib/kernel-build.sh" broken >/dev/null 2>"$t/broken.err"
[ $? = 1 ] && grep -q 'background build failed' "$t/broken.err" &&
	grep -q 'compile error' "$t/broken.err"
tap_ok $? "a failed background build fails the test that needs it, with its log"
[ "$(grep -c '^broken ' "$t/calls")" = 1 ]
tap_ok $? "... and is not built again by the test"

"$bg" finish "$t/st" 2>"$t/finish.err"
[ $? = 1 ] && grep -q 'kernel broken: not built' "$t/finish.err"
tap_ok $? "finish fails when a build failed, and names it"
grep -q 'kernel 3/3 two: ready after' "$t/start.err"
tap_ok $? "the builder prints a line per kernel when it is ready"

# A kernel nobody queued, and a builder that died before its turn: the
# test builds it itself (at its own priority), never waits for nothing.
three=three-$$
PROGRESS_S=1 "$bg" start "$t/st2" "$three" 2>/dev/null
kill -9 "$(cat "$t/st2/pid")"
got=$(SYSFS_AUDIT_KERNELS_BG=$t/st2 timeout 20 "$top/tests/lib/kernel-build.sh" four 2>/dev/null)
[ "$got" = "$t/kernels/four" ] && [ "$(awk '$1 == "four" { print $2 }' "$t/calls")" = "$(nice)" ]
tap_ok $? "a kernel not in the queue is built by the test itself"
got=$(SYSFS_AUDIT_KERNELS_BG=$t/st2 timeout 20 "$top/tests/lib/kernel-build.sh" "$three" 2>"$t/three.err")
[ $? = 0 ] && [ "$got" = "$t/kernels/$three" ] && grep -q 'builder ended before it' "$t/three.err"
tap_ok $? "a builder that died leaves the test to build the kernel, and it says so"
progress_gone() { ! pgrep -f "build-progress.sh $three\$" >/dev/null; }
until_ok 10 progress_gone
tap_ok $? "the progress line of a builder killed -9 ends on its own"

# finish waits for builds still running: "slow" is not built yet.
BUILD_S=3 "$bg" start "$t/st3" slow 2>/dev/null
"$bg" finish "$t/st3"
[ $? = 0 ] && [ -e "$t/st3/slow.done" ] && [ -e "$t/slow.built" ]
tap_ok $? "finish waits for a running build and succeeds when every build ended well"
"$bg" finish "$t/none" 2>/dev/null
[ $? = 1 ]
tap_ok $? "finish without a builder fails"
"$bg" start "$t/st4" 2>/dev/null
[ $? = 2 ]
tap_ok $? "start without a kernel is a usage error (exit 2)"

# stop, and a Ctrl-C to the process group of whoever started the builder:
# the builder, its build and its progress line all end, now.
BUILD_S=60 "$bg" start "$t/st5" "five-$$" 2>/dev/null
until_ok 10 some_left
tap_ok $? "(a builder runs: its build and progress line are found)"
"$bg" stop "$t/st5"
until_ok 10 none_left && flock -n "$t/st5/lock" true && [ ! -e "$t/five-$$.built" ]
tap_ok $? "stop ends the builder, the build it runs and its progress line"
# A test file runs in the background, with SIGINT ignored, as a terminal's
# make does not: perl restores it for the stand-in of make's shell.
setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' bash -c \
	'BUILD_S=60 "$0" start "$1" "six-$2" 2>/dev/null; sleep 60' "$bg" "$t/st6" $$ &
until_ok 10 [ -s "$t/st6/pid" ] && until_ok 10 some_left
kill -INT -- -"$(ps -o pgid= -p "$(cat "$t/st6/pid")" | tr -d ' ')"
until_ok 10 none_left && flock -n "$t/st6/lock" true && [ ! -e "$t/six-$$.built" ]
tap_ok $? "a Ctrl-C (SIGINT to the group) ends the builder and its build too"
tap_done
