#!/bin/bash
# The kernel's own Documentation/ABI, obsolete and removed, of both Debian
# kernel sources the project builds (kernel/source.sh): every file read,
# every What: path a pattern, 0 errors, real paths matched to their
# entries; the counts per file are printed. An ABI file with a wildcard
# the reader cannot handle fails here, named with its line.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
bin=$top/build/tests/test_abi
[ -x "$bin" ] || { tap_ok 1 "build/tests/test_abi built (make unit-tests)"; tap_done; exit; }
trees=
for s in 6.1 6.12; do
	src=$("$top/kernel/source.sh" "$s" 2>/dev/null) ||
		{ tap_ok 1 "linux-source-$s unpacked (scripts/install-deps.sh kernel)"; continue; }
	trees=${trees:+$trees:}$src/Documentation/ABI
done
out=$(SA_ABI_TREES=$trees "$bin" 2>&1)
st=$?
tap_diag <<<"$out"
n=$(grep -c '^ok .* [0-9]* errors$' <<<"$out")
tap_ok $st "the reader's unit tests and both kernels' obsolete and removed ABI pass"
tap_ok $([ "$n" = 4 ]; echo $?) "four sections read with 0 errors (6.1 and 6.12; obsolete, removed): $n"
tap_done
