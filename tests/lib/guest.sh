# Run guest test cases from host-side TAP scripts (bash; source tap.sh first).
#
# guest_case FLAVOUR CASE [APPEND]
#   boots the FLAVOUR kernel (kernel/build.sh, cached) with the CASE script,
#   relays each guest KTAP result as a host TAP result, and adds one result
#   that fails unless the guest's plan was complete: a guest that panicked,
#   hung or bailed out still lets QEMU exit 0, so QEMU's status proves nothing.
#   The QEMU timeout is SYSFS_AUDIT_GUEST_TIMEOUT (default 180 s), read at
#   each call, so a .t may set it after sourcing this file.
#
# SYSFS_AUDIT_GUEST_KERNELS="patched ..." restricts a run to those kernel
# flavours (make mutate uses it for a few-minute guest run); a case on
# another kernel then reports nothing. Unset, every case runs.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out_dir=$top/build/guest
# Test files run in parallel (make check: prove -j2): what one writes under
# $out_dir carries its name, so two never rebuild the same initramfs.
guest_test=$(basename "$0" .t)

# Static binaries that go into every initramfs (built by `make guest-deps`).
guest_bins=("$top/build/ueventmon" "$top/build/sysfs-audit" "$top/build/sa_oracle" "$top/build/ustorm"
	"$top/build/pathstorm" "$top/build/modern_consumer" "$top/build/uinject" "$top/build/bpfcmp")
# The legacy fixtures, one per program they model (tests/guest/legacy/*.c, *.sh), as /bin/<name>.
guest_bins+=("$top"/build/legacy/{udevd-095,nl-join,nash,mdev-16,wait-for-sysfs,android-init,dvb-parent})

# guest_selected FLAVOUR: whether SYSFS_AUDIT_GUEST_KERNELS lets FLAVOUR run.
guest_selected() {
	[ -z "${SYSFS_AUDIT_GUEST_KERNELS:-}" ] || [[ " $SYSFS_AUDIT_GUEST_KERNELS " == *" $1 "* ]]
}

# An MBR disk image with two Linux partitions, written without fdisk/root.
guest_mkdisk() {
	local img=$1
	rm -f "$img"
	truncate -s 16M "$img"
	# p1: LBA 2048, 8192 sectors; p2: LBA 10240, 20480 sectors.
	printf '\x00\x00\x00\x00\x83\x00\x00\x00\x00\x08\x00\x00\x00\x20\x00\x00' |
		dd of="$img" bs=1 seek=446 conv=notrunc status=none
	printf '\x00\x00\x00\x00\x83\x00\x00\x00\x00\x28\x00\x00\x00\x50\x00\x00' |
		dd of="$img" bs=1 seek=462 conv=notrunc status=none
	printf '\x55\xaa' | dd of="$img" bs=1 seek=510 conv=notrunc status=none
}

guest_case() {
	local flavour=$1 case=$2 append=${3:-}
	local name="$flavour/$case${append:+ ($append)}"
	local kdir initrd prefix rc plan results bail line n desc
	local guest_timeout=${SYSFS_AUDIT_GUEST_TIMEOUT:-180}

	if ! guest_selected "$flavour"; then
		echo "# $name: not run (SYSFS_AUDIT_GUEST_KERNELS=$SYSFS_AUDIT_GUEST_KERNELS)"
		return 2
	fi
	for b in "${guest_bins[@]}"; do
		if [ ! -x "$b" ]; then
			tap_ok 1 "$name: $b missing (run make guest-deps)"
			return
		fi
	done
	mkdir -p "$out_dir"
	if ! kdir=$("$top/tests/lib/kernel-build.sh" "$flavour" 2>"$out_dir/$flavour-$guest_test.build.err"); then
		tap_diag <"$out_dir/$flavour-$guest_test.build.err"
		tap_ok 1 "$name: kernel $flavour available"
		return
	fi
	prefix="$out_dir/$guest_test-$flavour-$case${append:+-$(echo "$append" | tr -c 'a-zA-Z0-9.\n' _)}"
	initrd="$out_dir/initramfs-$flavour-$guest_test.cpio.gz"
	"$top/tests/guest/mkinitramfs.sh" "$kdir" "$initrd" "${guest_bins[@]}" ||
		{ tap_ok 1 "$name: initramfs builds"; return; }
	guest_mkdisk "$prefix.disk"

	"$top/tests/guest/qemu-run.sh" "$kdir" "$initrd" "$prefix" "$guest_timeout" \
		"sysfs_audit.test=$case $append" \
		-drive "file=$prefix.disk,if=virtio,format=raw" \
		${GUEST_QEMU_EXTRA:-}
	rc=$?

	plan= results=0 bail=
	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		"1.."*) plan=${line#1..} ;;
		"ok "*|"not ok "*)
			results=$((results + 1))
			if [ "${line#not ok}" != "$line" ]; then
				n=1; desc=${line#not ok }
			else
				n=0; desc=${line#ok }
			fi
			desc=${desc#* }
			tap_ok $n "$name: $desc" ;;
		"Bail out!"*) bail=$line ;;
		"#"*) echo "$line" ;;
		esac
	done < <(cat "$prefix.ktap" 2>/dev/null)

	if [ $rc -eq 124 ] || [ -z "$plan" ] || [ "$results" != "$plan" ] || [ -n "$bail" ]; then
		{
			[ $rc -eq 124 ] && echo "QEMU killed after ${guest_timeout}s"
			[ -n "$bail" ] && echo "$bail"
			echo "plan '${plan:-none}', $results results; console tail ($prefix.console):"
			tail -n 25 "$prefix.console" 2>/dev/null
		} | tap_diag
		tap_ok 1 "$name: guest plan complete"
	else
		tap_ok 0 "$name: guest plan complete ($results/$plan, qemu exit $rc)"
	fi
}

# What a guest sent on its results port besides KTAP: "fact NAME VALUE"
# lines and files as "file NAME begin", base64, "file NAME end".
# guest_fact KTAP NAME: the first value sent for NAME.
guest_fact() {
	sed -n "s/^fact $2 //p" "$1" 2>/dev/null | tr -d '\r' | sed -n 1p
}

# guest_file KTAP NAME OUT: the file NAME, decoded into OUT.
guest_file() {
	sed -n "/^file $2 begin/,/^file $2 end/{/^file /d;p}" "$1" 2>/dev/null |
		tr -d '\r' | base64 -d >"$3" 2>/dev/null
}

# guest_tracers: Debian 12's trace-cmd and perf for the guest
# (tests/guest/fetch-tracers.sh), one TAP result for the fetch, and the
# tree exported as SYSFS_AUDIT_INITRAMFS_TREE; fails when the fetch did
# (the caller then ends its test). With ~76 MB of readers and libraries
# the guest needs SYSFS_AUDIT_GUEST_MEM=1024.
guest_tracers() {
	local tree
	mkdir -p "$out_dir"
	if ! tree=$("$top/tests/guest/fetch-tracers.sh" 2>"$out_dir/fetch-tracers.err"); then
		tap_diag <"$out_dir/fetch-tracers.err"
		tap_ok 1 "Debian 12's trace-cmd and linux-perf fetched"
		return 1
	fi
	tap_ok 0 "Debian 12's trace-cmd and linux-perf fetched ($tree)"
	export SYSFS_AUDIT_INITRAMFS_TREE=$tree
}

# guest_abi_tree FLAVOUR TREE: what the obsolete-ABI watch needs in a guest
# of Debian's stock kernel FLAVOUR (tests/guest/65-abi-watch.t, make bench),
# made in TREE for SYSFS_AUDIT_INITRAMFS_TREE: the kernel's mac80211_hwsim
# and zram modules (/lib/abi-mods, tests/guest/fetch-abi-mods.sh),
# abi-reader, linux-source's Documentation/ABI obsolete/ and removed/
# (/tests/abi/ABI) and rfkill's state entry alone, as its stable/ file
# writes it (/tests/abi/rfkill-state: in neither obsolete/ nor removed/,
# given the way a maintainer proposing its removal would). Errors on
# stderr; fails when a fetch did or the state entry is not there.
guest_abi_tree() {
	local series=${1#stock-} tree=$2 kdir mods src

	kdir=$("$top/kernel/stock.sh" "$series") &&
		mods=$("$top/tests/guest/fetch-abi-mods.sh" "$kdir") &&
		src=$("$top/kernel/source.sh" "$series") || return 1
	rm -rf "$tree"
	mkdir -p "$tree/bin" "$tree/tests/abi/ABI"
	cp -r "$mods/lib" "$tree/" &&
		cp "$top/build/abi_reader" "$tree/bin/abi-reader" &&
		cp -r "$src/Documentation/ABI/obsolete" "$src/Documentation/ABI/removed" \
			"$tree/tests/abi/ABI/" || return 1
	awk '/^What:/ { p = /rfkill\[0-9\]\+\/state$/ } p' \
		"$src/Documentation/ABI/stable/sysfs-class-rfkill" >"$tree/tests/abi/rfkill-state"
	grep -q '^What:.*/state$' "$tree/tests/abi/rfkill-state" ||
		{ echo "no rfkill state entry in linux-source-$series's stable/" >&2; return 1; }
}
