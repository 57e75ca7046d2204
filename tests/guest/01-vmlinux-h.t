#!/bin/bash
# vmlinux.h-gen/vmlinux.h is committed so the BPF side builds without a
# kernel; it must be the patched kernel's BTF as C, exactly (a stale header
# compiles and relocates against types the kernel no longer has). A test
# file rather than a make prerequisite, so that a first `make check` runs
# the tests that need no kernel while the kernels build.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
if ! "$top/tests/lib/kernel-build.sh" patched >/dev/null 2>"$t/err"; then
	tap_diag <"$t/err"
	tap_ok 1 "the patched kernel is available"
	tap_done
	exit
fi
# gen.sh asks build.sh for the kernel again: cached now, a lookup.
"$top/vmlinux.h-gen/gen.sh" "$t/vmlinux.h" 2>"$t/err" || tap_diag <"$t/err"
cmp -s "$t/vmlinux.h" "$top/vmlinux.h-gen/vmlinux.h"
tap_ok $? "vmlinux.h-gen/vmlinux.h is the patched kernel's BTF (if not: make vmlinux.h, and commit it)"
tap_done
