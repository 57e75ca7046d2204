#!/bin/bash
# boot --core-btf (issue 43's cost): the kernel's BTF, read from a bzImage
# with an xz or zstd payload (Debian's 6.1, 6.12) or from an uncompressed
# ELF, cut down by bpftool gen min_core_btf to what our programs' CO-RE
# relocations read, with its id (release, size of the kernel's BTF) beside
# it. The BTF is this machine's own (/sys/kernel/btf/vmlinux, read only;
# bpftool gen min_core_btf loads nothing). Bad images and a missing
# bpftool: a distinct exit status, a message, nothing written.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
btf=/sys/kernel/btf/vmlinux
if [ ! -r "$btf" ] || ! command -v bpftool >/dev/null || ! command -v xz >/dev/null ||
   ! command -v objcopy >/dev/null || ! command -v zstd >/dev/null; then
	tap_skip "boot --core-btf" "needs $btf, bpftool, xz, zstd and objcopy"
	tap_done
	exit
fi
size=$(stat -c %s "$btf")
# What the id says of the tracer's tracepoints: whether this BTF names either.
tp=no-tracepoint
grep -aq -e btf_trace_kobject_uevent -e btf_trace_sysfs_audit_uevent "$btf" && tp=tracepoint
# A kernel ELF: a small ELF with the machine's BTF as its .BTF section.
printf 'int main(void) { return 0; }\n' | gcc -x c -o "$work/elf" -
objcopy --add-section .BTF="$btf" "$work/elf" "$work/vmlinux"
# A bzImage of boot protocol 2.15: one setup sector, the xz payload right
# after the setup (payload_offset 0 from the protected-mode code at 1024).
le32() { printf "\\x$(printf %02x $(($1 & 255)))\\x$(printf %02x $(($1 >> 8 & 255)))\\x$(printf %02x $(($1 >> 16 & 255)))\\x$(printf %02x $(($1 >> 24 & 255)))"; }
mkbz() {	# mkbz PAYLOAD OUT
	local plen
	plen=$(stat -c %s "$1")
	{
		head -c 1024 /dev/zero
		cat "$1"
	} >"$2"
	printf '\001' | dd of="$2" bs=1 seek=$((0x1f1)) conv=notrunc status=none
	printf 'HdrS\017\002' | dd of="$2" bs=1 seek=$((0x202)) conv=notrunc status=none
	{ le32 0; le32 "$plen"; } | dd of="$2" bs=1 seek=$((0x248)) conv=notrunc status=none
}
xz -0 --check=crc32 -c "$work/vmlinux" >"$work/payload.xz"
plen=$(stat -c %s "$work/payload.xz")
mkbz "$work/payload.xz" "$work/bzImage"
zstd -q -1 -c "$work/vmlinux" >"$work/payload.zst"
mkbz "$work/payload.zst" "$work/bzImage.zst"

for img in bzImage bzImage.zst vmlinux; do
	rm -f "$work/core.btf" "$work/core.btf.id"
	"$sa" boot --core-btf "$work/core.btf" --kernel 9.9.9-test --vmlinuz "$work/$img" \
		2>"$work/err"
	st=$?
	tap_diag <"$work/err"
	tap_is "$st" 0 "boot --core-btf from a $img: exit 0"
	tap_is "$(cat "$work/core.btf.id" 2>/dev/null)" "9.9.9-test $size $tp" \
		"... its id: the release, the size of the kernel's BTF, whether it names our tracepoints"
	bpftool btf dump file "$work/core.btf" >"$work/dump" 2>&1
	n=$(grep -c '^\[' "$work/dump")
	grep -q "STRUCT 'kernfs_node'" "$work/dump" && grep -q "STRUCT 'kobject'" "$work/dump" &&
		[ "$n" -gt 10 ] && [ "$n" -lt 1000 ]
	tap_ok $? "... a minimal BTF: $n types, kernfs_node (the dependents) and kobject (the tracer) among them"
done

# The running kernel's release: its own BTF, no image read.
rm -f "$work/core.btf" "$work/core.btf.id"
"$sa" boot --core-btf "$work/core.btf" 2>"$work/err"
tap_is "$?" 0 "boot --core-btf for the running kernel: exit 0"
tap_is "$(cat "$work/core.btf.id" 2>/dev/null)" "$(uname -r) $size $tp" "... its id: this kernel's"

bad() {	# bad DESC STATUS [ENV...] -- IMAGE: the status, a message, nothing written
	local desc=$1 want=$2 st
	shift 2
	rm -f "$work/core.btf" "$work/core.btf.id"
	env "$@" "$sa" boot --core-btf "$work/core.btf" --kernel 9.9.9-test \
		--vmlinuz "$work/img" >"$work/out" 2>"$work/err"
	st=$?
	tap_diag <"$work/err"
	[ "$st" = "$want" ] && [ -s "$work/err" ] && [ ! -e "$work/core.btf" ] &&
		[ ! -e "$work/core.btf.id" ]
	tap_ok $? "$desc: exit $want (got $st), says why, writes nothing"
}
head -c 4096 /dev/urandom >"$work/img"
bad "an image that is neither ELF nor bzImage" 4
head -c $((1024 + plen / 2)) "$work/bzImage" >"$work/img"
{ le32 0; le32 "$plen"; } | dd of="$work/img" bs=1 seek=$((0x248)) conv=notrunc status=none
bad "a bzImage cut short" 4
cp "$work/bzImage" "$work/img"
head -c 4096 /dev/urandom | dd of="$work/img" bs=1 seek=$((1024 + 64)) conv=notrunc status=none
bad "a bzImage whose payload is corrupt" 4
cp "$work/elf" "$work/img"
bad "a kernel ELF without .BTF" 4
cp "$work/vmlinux" "$work/img"
bad "no bpftool" 1 SYSFS_AUDIT_BPFTOOL=/nonexistent/bpftool
tap_done
