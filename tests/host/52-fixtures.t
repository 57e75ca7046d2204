#!/bin/bash
# The legacy fixtures of the guest tests (tests/guest/legacy/) carry the
# strings of the program each models, and no other string the static audit
# reads (issue 28: a fixture that carries the uevent keys is confirmed by its
# fingerprint, whatever it does, and then a guest test of a behaviour rule
# proves nothing). The findings of `sysfs-audit scan` on each binary, exactly.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }

# fixture NAME MODEL FINDING...: the [key]s of its findings, sorted, are FINDING...
fixture() {
	local name=$1 model=$2 bin=$top/build/legacy/$1 want got
	shift 2
	if [ ! -x "$bin" ]; then
		tap_ok 1 "$name: build/legacy/$name built (make guest-deps)"
		return
	fi
	want=$(printf '%s\n' "$@" | sed '/^$/d' | sort | tr '\n' ' ')
	got=$("$sa" scan "$bin" 2>/dev/null | sed -n 's/.*: \(error\|warning\|note\): .*\[\(.*\)\]$/\1:\2/p' |
		sort | tr '\n' ' ')
	[ "$got" = "$want" ]
	tap_ok $? "$name ($model) carries ${want:-no evidence}${got:+ (scan: $got)}"
}

fixture udevd-095 "udevd of udev 095" error:PHYSDEVPATH
fixture nash "nash of mkinitrd 5.1" error:PHYSDEVBUS error:PHYSDEVDRIVER error:PHYSDEVPATH
fixture mdev-16 "BusyBox 1.6.1 mdev -s" error:mdev
fixture wait-for-sysfs "udev 095 wait_for_sysfs() alone" ""
fixture android-init "Android init's coldboot, 2008" ""
fixture nl-join "a modern listener that joins group 1" ""
# The key twice: the shell's read of the uevent file, and grep's pattern.
fixture dvb-parent "linux-media's 2009 recipe: PHYSDEVPATH from a uevent file" \
	error:PHYSDEVPATH error:PHYSDEVPATH
# Whatever the names, no fixture is left out of the list above.
n=$(ls "$top"/tests/guest/legacy/*.c "$top"/tests/guest/legacy/*.sh | wc -l)
[ "$n" = 7 ]
tap_ok $? "every fixture of tests/guest/legacy is checked here ($n C and shell files)"
tap_done
