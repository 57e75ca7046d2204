#!/bin/bash
# scan on a hostile or broken tree (issue 49): no kernel interface is read
# (a tree's bind-mounted /proc and /sys, its links into them), a rule hidden
# by a comment still has its program scanned. Reads files only.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
sa=$top/build/sysfs-audit
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME ARGS...: $st, $out (stdout), $err (stderr)
run() {
	local name=$1
	shift
	out=$(timeout 60 "$sa" "$@" 2>"$tmp/err")
	st=$?
	err=$(cat "$tmp/err")
	: "$name"
}

# ---- item 10: kernel interfaces are never opened ----------------------------
# A path given that leads into procfs or sysfs: named, not read, exit 10.
# (/proc/version and a sysfs attribute: reading them is harmless, so the old
# behaviour can be shown; /proc/kmsg is the one that matters.)
ln -s /proc/version "$tmp/to-proc"
run proc scan --json "$tmp/to-proc"
tap_ok $([ $st = 10 ] && grep -q 'to-proc: on a kernel interface filesystem' <<<"$err" &&
	 tail -n 1 <<<"$out" | grep -q '"files":0,'; echo $?) \
	"a link to /proc/version: named, not read, exit 10 (got $st)"
ln -s /sys/kernel/uevent_seqnum "$tmp/to-sys"
run sys scan "$tmp/to-sys"
tap_ok $([ $st = 10 ] && grep -q 'to-sys: on a kernel interface filesystem' <<<"$err"; echo $?) \
	"a link to a sysfs attribute: named, not read, exit 10 (got $st)"
run procdir scan /proc/self/fdinfo
tap_ok $([ $st = 10 ] && grep -q 'fdinfo: on a kernel interface filesystem' <<<"$err" &&
	 [ "$(grep -c '^sysfs-audit: ' <<<"$err")" = 1 ]; echo $?) \
	"a procfs directory: one message, not entered, exit 10 (got $st)"

# A tree with procfs and sysfs mounted in it, as an image build does, and a
# rule whose program is a link into them: in a private mount namespace.
R=$tmp/root
mkdir -p "$R/etc/udev/rules.d" "$R/proc" "$R/sys" "$R/usr/lib/udev"
printf 'RUN+="/usr/lib/udev/reader"\nRUN+="/usr/lib/udev/attr"\n' >"$R/etc/udev/rules.d/50-x.rules"
ln -s /proc/version "$R/usr/lib/udev/reader"
ln -s /sys/kernel/uevent_seqnum "$R/usr/lib/udev/attr"
ln -s /proc/sys/kernel "$R/etc/hotplug.d"
if unshare -m true 2>/dev/null; then
	out=$(timeout 60 unshare -m sh -c 'mount -t proc proc "$1/proc" &&
		mount -t sysfs sysfs "$1/sys" && exec "$2" scan --json --root "$1"' sh "$R" "$sa" \
		2>"$tmp/err")
	st=$?
	err=$(cat "$tmp/err")
	echo "$err" | tap_diag
	tap_ok $([ $st = 10 ] && grep -q 'udev/reader: on a kernel interface filesystem' <<<"$err" &&
		 grep -q 'udev/attr: on a kernel interface filesystem' <<<"$err" &&
		 grep -q 'etc/hotplug.d: on a kernel interface filesystem' <<<"$err" &&
		 tail -n 1 <<<"$out" | grep -q '"files":0,'; echo $?) \
		"scan --root with procfs and sysfs mounted in the tree: its links into them not read, exit 10 (got $st)"
else
	tap_skip "scan --root with procfs and sysfs mounted in the tree" "unshare -m is not allowed here"
fi

# ---- item 1: a rule hidden by a comment still has its program scanned --------
R=$tmp/hidden
mkdir -p "$R/etc/udev/rules.d" "$R/usr/lib/udev"
printf '#!/bin/sh\necho "$PHYSDEVBUS"\n' >"$R/usr/lib/udev/old-helper"
printf '# disabled \\\nRUN+="/usr/lib/udev/old-helper"\n' >"$R/etc/udev/rules.d/50-a.rules"
printf '# CR-ended\rRUN+="/usr/lib/udev/old-helper"\n' >"$R/etc/udev/rules.d/60-b.rules"
run hidden scan --root "$R"
tap_ok $([ $st = 9 ] && grep -q 'old-helper:2:.*PHYSDEVBUS' <<<"$out"; echo $?) \
	"scan --root: the program of a rule after a '\\'- or CR-ended comment is scanned (got $st)"

tap_done
