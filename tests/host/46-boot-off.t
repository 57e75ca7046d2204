#!/bin/bash
# The boot audit's own guards (issue 43), as far as a host can run them:
# `boot --start` and `record --adopt` read the off switch from the kernel
# command line themselves ($SYSFS_AUDIT_CMDLINE stands in for
# /proc/cmdline), and skip a kernel they cannot trace (here: no
# capability) with one line and exit 0, where plain `record` keeps its
# exit status. Everything runs as nobody with no capability, so that no
# build of this tool, old or broken, can load BPF into this host's kernel:
# an old build fails these checks with exit 3 instead.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
chmod 0755 "$tmp"
mkdir -m 1777 "$tmp/w"	# where nobody may write a report
trap 'rm -rf "$tmp"' EXIT

# as_nobody CMDLINE ARGS...: $st, $tmp/err, $tmp/out
as_nobody() {
	local cmdline=$1
	shift
	printf '%s\n' "$cmdline" >"$tmp/cmdline"
	chmod 0644 "$tmp/cmdline"
	if [ "$(id -u)" = 0 ]; then
		SYSFS_AUDIT_CMDLINE=$tmp/cmdline setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=-all --bounding-set=-all -- "$sa" "$@" >"$tmp/out" 2>"$tmp/err"
	else
		SYSFS_AUDIT_CMDLINE=$tmp/cmdline "$sa" "$@" >"$tmp/out" 2>"$tmp/err"
	fi
	st=$?
}
one_line() {	# one_line PATTERN: stderr is exactly one line, matching
	[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "$1" "$tmp/err"
}

for off in 0 no off false n; do
	as_nobody "BOOT_IMAGE=/vmlinuz ro sysfs_audit.boot=$off" boot --start
	[ $st = 0 ] && one_line '^sysfs-audit: the boot audit is off (sysfs_audit.boot= on the kernel command line): nothing attached$'
	tap_ok $? "boot --start, sysfs_audit.boot=$off: exit 0 ($st), one line"
	as_nobody "ro sysfs_audit.boot=$off" record --adopt -o "$tmp/r.json"
	[ $st = 0 ] && one_line 'the boot audit is off' && [ ! -e "$tmp/r.json" ]
	tap_ok $? "record --adopt, sysfs_audit.boot=$off: exit 0 ($st), one line, no report"
done
# quiet: the line goes to /dev/kmsg (nobody may not write it: nowhere), not the console.
as_nobody "ro sysfs_audit.boot=off quiet" boot --start
[ $st = 0 ] && [ ! -s "$tmp/err" ] && [ ! -s "$tmp/out" ]
tap_ok $? "boot --start with quiet: exit 0 ($st), nothing on stdout or stderr"
as_nobody "ro quiet" boot --mark coldplug-end
[ ! -s "$tmp/err" ] && [ ! -s "$tmp/out" ]
tap_ok $? "boot --mark with quiet: nothing on stdout or stderr, even failing (exit $st)"
as_nobody "sysfs_audit.boot=off sysfs_audit.boot=yes" record --adopt -o "$tmp/r.json"
[ $st = 0 ] && one_line 'the boot audit is off' && [ ! -e "$tmp/r.json" ]
tap_ok $? "an off value anywhere wins (the units' rule), an on value after it too: off, exit 0 ($st), one line"
as_nobody "sysfs_audit.boot=maybe sysfs_audit.boot=yes" record --adopt -o "$tmp/r.json"
[ $st = 0 ] && one_line '^sysfs-audit: boot audit skipped: not permitted: tracing needs root'
tap_ok $? "an on value and no off value: on, and then skipped without the capability: exit 0 ($st), one line"
cat "$tmp/err" | tap_diag
as_nobody "ro" boot --start -T 5
[ $st = 0 ] && one_line '^sysfs-audit: boot audit skipped: not permitted'
tap_ok $? "boot --start that cannot trace: exit 0 ($st), one line"
as_nobody "ro" record -o "$tmp/w/r.json" -d 1
[ $st = 3 ] && [ ! -e "$tmp/w/r.json" ]
tap_ok $? "plain record keeps its exit status: 3 ($st)"
as_nobody "ro" trace -d 1
tap_is "$st" 3 "plain trace keeps its exit status"
"$sa" boot --start -T 3601 >/dev/null 2>&1
tap_is $? 2 "boot --start -T: at most 3600 s"
"$sa" boot --help | grep -q -- '-T, --timeout=SEC'
tap_ok $? "boot --help names -T, --timeout"
tap_done
