#!/bin/bash
# scan does not report sysfs-audit itself: a boot-audit initramfs carries
# /usr/sbin/sysfs-audit, which holds every legacy name scan looks for. It is
# recognised by content (byte for byte the running executable), never by
# name: a legacy program at that path, or our binary with one byte changed,
# is still reported.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)

# image NAME FILE: a gzip'd initramfs with FILE as /usr/sbin/sysfs-audit
image() {
	cat >"$tmp/spec" <<SPEC
dir /usr 0755 0 0
dir /usr/sbin 0755 0 0
file /usr/sbin/sysfs-audit $2 0755 0 0
SPEC
	perl "$top/tests/guest/gen_cpio.pl" -t 1700000000 "$tmp/spec" | gzip -n >"$tmp/$1"
}
summary() {	# summary JSON-OUTPUT JQ-FILTER
	tail -n 1 <<<"$1" | jq -e "select(.type == \"summary\") | $2" >/dev/null
}

# our own binary, copied into an image as the boot audit's initramfs hook does
cp "$sa" "$tmp/copy"
image initrd.img-self "$tmp/copy"
out=$("$sa" scan --json "$tmp/initrd.img-self" 2>"$tmp/err")
st=$?
tap_diag <"$tmp/err"
tap_ok $([ $st = 0 ] && summary "$out" '.self == 1 and .findings == 0 and .unreadable == 0'
	 echo $?) "an initramfs with sysfs-audit: skipped as itself, no finding, exit 0 ($st)"
grep -q 'initrd.img-self(1:gzip:usr/sbin/sysfs-audit): sysfs-audit itself' "$tmp/err"
tap_ok $? "the member is named on stderr as sysfs-audit itself"
"$sa" scan "$tmp/initrd.img-self" 2>&1 >/dev/null | grep -q ', 1 skipped as sysfs-audit itself,'
tap_ok $? "text: the summary counts it"
"$sa" scan --json "$tmp/copy" 2>/dev/null | tail -n 1 | jq -e '.self == 1 and .files == 1' >/dev/null
tap_ok $? "a copy of the binary as a PATH: skipped as itself"

# a legacy program renamed to our path: still a legacy consumer
printf '%s\n' '#include <stdio.h>
#include <stdlib.h>
int main(void) { const char *b = getenv("PHYSDEVBUS"); puts(b ? b : "-"); return 0; }' >"$tmp/l.c"
gcc -O2 -o "$tmp/legacy" "$tmp/l.c" || { tap_ok 1 "gcc builds the legacy program"; tap_done; exit; }
image initrd.img-renamed "$tmp/legacy"
out=$("$sa" scan --json "$tmp/initrd.img-renamed" 2>/dev/null)
st=$?
tap_ok $([ $st = 9 ] && summary "$out" '.self == 0 and .errors >= 1' &&
	 grep '"type":"finding"' <<<"$out" | jq -e 'select(.key == "PHYSDEVBUS") |
	 .member == "1:gzip:usr/sbin/sysfs-audit"' >/dev/null; echo $?) \
	"a legacy program named /usr/sbin/sysfs-audit: reported, exit 9 ($st)"

# our binary with one byte changed: not itself any more
cp "$sa" "$tmp/patched"
size=$(stat -c %s "$tmp/patched")
off=$((size / 2))
byte=$(od -An -tu1 -j $off -N1 "$tmp/patched" | tr -d ' ')
printf "\\$(printf %03o $(( (byte + 1) % 256 )))" |
	dd of="$tmp/patched" bs=1 seek=$off conv=notrunc status=none
cmp -s "$sa" "$tmp/patched"
tap_ok $([ $? = 1 ]; echo $?) "one byte of the copy changed (at $off)"
image initrd.img-patched "$tmp/patched"
out=$("$sa" scan --json "$tmp/initrd.img-patched" 2>/dev/null)
st=$?
tap_ok $([ $st = 9 ] && summary "$out" '.self == 0 and .errors >= 1'; echo $?) \
	"our binary with one byte changed: not skipped as itself, its strings reported ($st)"

tap_done
