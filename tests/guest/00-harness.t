#!/bin/bash
# The guest harness must fail a boot whose plan is incomplete, whether the
# guest died (QEMU exits 0) or hung (the timeout kills QEMU), and must fail
# a case that does not exist. Each self-test also requires the evidence that
# the guest really booted and failed the way it was meant to (its first
# result, the timeout, the bail-out): an incomplete plan alone would also
# come from a missing QEMU or kernel, and must not count as a pass.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

# expect_incomplete CASE TIMEOUT EVIDENCE: run CASE in a nested harness;
# succeed if it reported "not ok ... guest plan complete" and its output
# matches the regex EVIDENCE. The timeout is set after guest.sh is sourced:
# it must be read when a case runs.
expect_incomplete() {
	local out
	out=$(
		tap_n=0 tap_failed=0
		. "$top/tests/lib/guest.sh"
		SYSFS_AUDIT_GUEST_TIMEOUT=$2
		SYSFS_AUDIT_GUEST_KERNELS=
		guest_case legacy "$1"
	)
	echo "$out" | sed 's/^/# nested: /'
	grep -q "^not ok .*: guest plan complete" <<<"$out" && grep -Eq "$3" <<<"$out"
	tap_ok $? "harness reports the incomplete plan of '$1' (and: $3)"
}

command -v qemu-system-x86_64 >/dev/null
tap_ok $? "qemu-system-x86_64 is installed"
expect_incomplete harness-died 120 "^ok .*legacy/harness-died: first result"
expect_incomplete harness-hang 25 "^# QEMU killed after 25s"
expect_incomplete no-such-case 120 "^# Bail out! no such test case: 'no-such-case'"
tap_done
