#!/bin/bash
# scripts/demo.sh picks the patched kernel only when kernel/build.sh would
# answer from its cache, by computing the same cache key: plant an entry at
# the key demo.sh expects in an empty cache and check build.sh finds it
# (a key mismatch would make build.sh start a build: it is killed at once).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

c=$(mktemp -d)
trap 'rm -rf "$c"' EXIT
export SYSFS_AUDIT_CACHE=$c

SYSFS_AUDIT_CACHE=$c "$top/scripts/demo.sh" --patched-cached
tap_ok $([ $? -ne 0 ]; echo $?) "empty cache: demo.sh does not pick the patched kernel"

if ! dpkg-query -W -f='${Version}' linux-source-6.1 >/dev/null 2>&1; then
	echo "linux-source-6.1 is not installed: install-deps.sh kernel" | tap_diag
	tap_ok 1 "linux-source-6.1 installed (needed to compute the key)"
	tap_done
	exit
fi
# The key demo.sh computes: read it off the path its function tests.
key=$(bash -c '
	top='"$top"'
	eval "$(sed -n "/^patched_cached() {/,/^}/p" "$top/scripts/demo.sh")"
	set -x; patched_cached' 2>&1 | sed -n "s|.*/kernels/patched-\([0-9a-f]*\)/\.complete.*|\1|p" | head -n 1)
[ -n "$key" ]
tap_ok $? "demo.sh computes a cache key ($key)"
mkdir -p "$c/kernels/patched-$key"
touch "$c/kernels/patched-$key/.complete"
"$top/scripts/demo.sh" --patched-cached
tap_ok $? "planted entry: demo.sh picks the patched kernel"
got=$(timeout 20 "$top/kernel/build.sh" patched 2>"$c/err")
st=$?
[ $st -eq 0 ] && [ "$got" = "$c/kernels/patched-$key" ]
st=$?
[ $st -eq 0 ] || { echo "build.sh printed '$got'"; cat "$c/err"; } | tap_diag
tap_ok $st "kernel/build.sh patched answers from the same entry (keys agree)"
tap_done
