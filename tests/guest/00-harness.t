#!/bin/bash
# The guest harness must fail a boot whose plan is incomplete, whether the
# guest died (QEMU exits 0) or hung (the timeout kills QEMU), and must fail
# a case that does not exist.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

# expect_incomplete CASE TIMEOUT: run CASE in a nested harness, succeed if it
# reported "not ok ... guest plan complete".
expect_incomplete() {
	local out
	out=$(
		tap_n=0 tap_failed=0
		SYSFS_AUDIT_GUEST_TIMEOUT=$2
		. "$top/tests/lib/guest.sh"
		guest_case legacy "$1"
	)
	echo "$out" | sed 's/^/# nested: /'
	grep -q "^not ok .*: guest plan complete" <<<"$out"
	tap_ok $? "harness reports the incomplete plan of '$1'"
}

expect_incomplete harness-died 120
expect_incomplete harness-hang 25
expect_incomplete no-such-case 120
tap_done
