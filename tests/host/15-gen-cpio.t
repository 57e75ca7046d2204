#!/bin/bash
# tests/guest/gen_cpio.pl: the initramfs writer. GNU cpio must read back
# every kind of entry with its mode, owner, link target and contents.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'hello\n' >"$d/hello"
: >"$d/empty"
cat >"$d/spec" <<SPEC
# a comment
dir /bin 0755 0 0
nod /dev/console 0600 0 0 c 5 1
file /bin/hello $d/hello 0644 0 0
file /empty $d/empty 0600 0 0
slink /bin/sh busybox 0777 0 0
SPEC
perl "$top/tests/guest/gen_cpio.pl" -t 1700000000 "$d/spec" >"$d/a.cpio"
tap_ok $? "gen_cpio.pl writes an archive"
[ $(( $(stat -c %s "$d/a.cpio") % 512 )) -eq 0 ]
tap_ok $? "archive padded to 512 bytes"
list=$(cpio -itv --quiet <"$d/a.cpio" 2>&1)
echo "$list" | tap_diag
grep -q '^drwxr-xr-x .* root *root .* bin$' <<<"$list"
tap_ok $? "directory with its mode"
grep -q '^crw------- .* 5, *1 .* dev/console$' <<<"$list"
tap_ok $? "character device 5,1 without root"
grep -q '^lrwxrwxrwx .* bin/sh -> busybox$' <<<"$list"
tap_ok $? "symlink with its target"
mkdir "$d/x"
(cd "$d/x" && cpio -id --quiet --no-absolute-filenames bin/hello empty <"$d/a.cpio")
cmp -s "$d/hello" "$d/x/bin/hello" && [ -f "$d/x/empty" ] && [ ! -s "$d/x/empty" ]
tap_ok $? "file contents read back (and an empty file)"
echo "bogus line" >>"$d/spec"
perl "$top/tests/guest/gen_cpio.pl" "$d/spec" >/dev/null 2>"$d/err"
[ $? -ne 0 ] && grep -q "spec:7: unsupported line" "$d/err"
tap_ok $? "a bad spec line fails with file:line"

# Byte for byte what the kernel's own writer produces, when its source is at hand.
src=$(ls "${SYSFS_AUDIT_CACHE:-$HOME/.cache/sysfs-audit}"/src/*/linux-source-6.1/usr/gen_init_cpio.c 2>/dev/null | head -n 1)
if [ -n "$src" ] && cc -O2 -o "$d/gen_init_cpio" "$src" 2>/dev/null; then
	sed -i '$d' "$d/spec"
	"$d/gen_init_cpio" -t 1700000000 "$d/spec" >"$d/k.cpio" &&
		perl "$top/tests/guest/gen_cpio.pl" -t 1700000000 "$d/spec" >"$d/a.cpio" &&
		cmp "$d/k.cpio" "$d/a.cpio"
	tap_ok $? "identical to usr/gen_init_cpio's output"
fi
tap_done
