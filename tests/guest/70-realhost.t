#!/bin/bash
# The boot audit and the recorder on a real Debian 12 host (issue 26):
# systemd as PID 1, real udev, Debian's kernel, initramfs-tools and dracut
# (tests/realhost/mkimage.sh builds the images from packages, cached). The
# .deb is installed with dpkg -i and the boot audit enabled as
# sysfs-audit(8) says; the image boots its own kernel and initrd, and a
# probe unit sends what the host says over ttyS1 (tests/realhost/root/).
#
# Per generator: the host with the audit disabled (the initrd built before
# BOOT_AUDIT=yes, the units masked on the command line) and enabled, each
# with a second filesystem in fstab without nofail (/srv); enabled with a
# separate /var; enabled with a legacy consumer that lives only in the
# initramfs; enabled with one in the real root's coldplug. With initramfs-tools, also sysfs-audit-record.service for
# SYSFS_AUDIT_RECORD_S seconds (default 300) while the host hot-adds and
# removes a disk and a NIC, restarts udevd and runs udevadm, lsblk and ip.
#
# SYSFS_AUDIT_REALHOST_GENERATORS (default "initramfs-tools dracut");
# SYSFS_AUDIT_GUEST_KERNELS without "realhost" skips the file.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"
. "$top/tests/realhost/boot.sh"

tmo=${SYSFS_AUDIT_GUEST_TIMEOUT:-420}
record_s=${SYSFS_AUDIT_RECORD_S:-300}
sa=$top/build/sysfs-audit
if ! guest_selected realhost; then
	echo "# realhost: not run (SYSFS_AUDIT_GUEST_KERNELS=$SYSFS_AUDIT_GUEST_KERNELS)"
	tap_done
	exit
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$out_dir/realhost
mkdir -p "$out"

[ "$(id -u)" = 0 ]
tap_ok $? "running as root (the image is customised in a chroot)" || { tap_done; exit; }
if ! make -C "$top" -s deb sysfs-audit build/realhost/mdev16 >"$work/deb.log" 2>&1; then
	tail -n 30 "$work/deb.log" | tap_diag
	tap_ok 1 "make deb"
	tap_done
	exit
fi
deb=$(ls "$top"/build/deb/sysfs-audit_*_amd64.deb | sed -n 1p)
# Built by make (the same file make check's prebuild keyed the images by).
legacy=$top/build/realhost/mdev16
[ -x "$legacy" ]
tap_ok $? "the initramfs-only legacy consumer builds (BusyBox 1.6.1 mdev -s stand-in)"

# A report check: jq -e FILTER on $report, with its answer on failure.
jqr() {
	local desc=$1
	shift
	jq -e "$@" "$report" >/dev/null
	tap_ok $? "$name: $desc"
}

# boot_case NAME INITRD LAYOUT APPEND [TIMEOUT]: boots, leaves $p (the prefix), and
# checks what every boot must show: the probe ran, the system is running,
# no failed unit, no ordering cycle, nothing about emergency mode.
boot_case() {
	name="$gen/$1"
	p=$out/$gen-$1
	realhost_boot "$img" "$img/$2" "$3" "$p" "${5:-$tmo}" "$4"
	local rc=$? st failed
	st=$(realhost_fact "$p" state)
	realhost_file "$p" failed "$p.failed"
	realhost_file "$p" cycles "$p.cycles"
	realhost_file "$p" emergency "$p.emergency"
	realhost_file "$p" analyze "$p.analyze"
	realhost_file "$p" journal-sa "$p.journal-sa"
	if [ "$(realhost_fact "$p" done)" != 1 ]; then
		{ echo "qemu exit $rc; console tail ($p.console):"; tail -n 40 "$p.console"; } | tap_diag
		tap_ok 1 "$name: the host booted and its probe reported"
		return 1
	fi
	tap_ok 0 "$name: the host booted and its probe reported"
	failed=$(cat "$p.failed")
	[ "$st" = running ] && [ -z "$failed" ]
	tap_ok $? "$name: multi-user.target reached, state '$st', no failed unit${failed:+: $failed}"
	[ ! -s "$p.cycles" ] && [ ! -s "$p.emergency" ]
	tap_ok $? "$name: no ordering cycle, no dependency failure, no emergency mode in the journal"
	[ -s "$p.cycles" ] && tap_diag <"$p.cycles"
	[ -s "$p.emergency" ] && tap_diag <"$p.emergency"
	tap_diag <"$p.analyze"
	return 0
}

# The boot's end as systemd counts it (FinishTimestampMonotonic), in ms.
startup_ms() {
	local us
	us=$(realhost_fact "$1" startup_us)
	echo $(( ${us:-0} / 1000 ))
}

gens=${SYSFS_AUDIT_REALHOST_GENERATORS:-initramfs-tools dracut}
off="sysfs_audit.boot=0 systemd.mask=sysfs-audit-boot.service systemd.mask=sysfs-audit-coldplug.service"
for gen in $gens; do
	img=$("$top/tests/realhost/mkimage.sh" "$gen" "$deb" "$legacy" 2>"$work/mkimage.err")
	st=$?
	tail -n 5 "$work/mkimage.err" | tap_diag
	tap_ok $st "$gen: the Debian 12 image (mmdebstrap, dpkg -i, BOOT_AUDIT=yes, systemctl enable)"
	[ $st -eq 0 ] || continue
	echo "# $gen: $img, kernel $(cat "$img/kver")"

	# ---- disabled, then enabled, with a second filesystem in fstab --------
	boot_case off initrd.off srv "$off"
	t_off=$(startup_ms "$p")
	realhost_file "$p" status "$p.status"
	tap_diag <"$p.status"
	# This boot ran the initrd built before BOOT_AUDIT=yes, with the audit
	# off on its command line; /boot holds the rebuilt one and the unit is
	# enabled: the next boot is audited, and the status warns of this one.
	[ "$(realhost_fact "$p" status_exit)" = 0 ] && grep -q '^warn .*/proc/cmdline' "$p.status"
	tap_ok $? "$name: boot --status: armed for the next boot, with a warning for this boot's command line"
	boot_case on initrd.on srv "sa.probe=boot"
	t_on=$(startup_ms "$p")
	report=$p.report.json
	realhost_file "$p" report.json "$report"
	realhost_file "$p" status "$p.status"
	tap_diag <"$p.status"
	tap_is "$(realhost_fact "$p" status_exit)" 0 "$name: boot --status: armed for the next boot"
	echo "# $name: boot finished at ${t_on} ms, ${t_off} ms with the audit disabled" \
		"($(( t_off ? t_on * 100 / t_off : 0 ))%)"
	grep -a "sysfs-audit" "$p.console" | sed -n '1,10p' | tap_diag
	tap_diag <"$p.journal-sa"
	[ "$(realhost_fact "$p" 'unit:sysfs-audit-boot.service')" = active/success ] &&
		[ "$(realhost_fact "$p" boot_stop)" = 0 ]
	tap_ok $? "$name: sysfs-audit-boot.service was active and stopped cleanly"
	# Under the unit's sandbox (no CAP_SYS_ADMIN): the adopter claims the
	# pins, or the hooks stop at boot --start's deadline.
	! grep -a -e 'cannot claim the pinned boot audit' -e 'refusing the pinned boot audit' \
		"$p.journal-sa" "$p.console" >/dev/null
	tap_ok $? "$name: the boot unit claimed the pinned boot audit under its sandbox"
	jqr "the boot report: adopted, three phases with events, 0 lost" \
		'.boot.adopted == true and .events.lost == 0
		 and .boot.phases.initramfs.events > 0 and .boot.phases.coldplug.events > 0
		 and .boot.initramfs_end_s != null and .boot.coldplug_end_s != null'
	jq -r '.dependents[]? | "dependent: \(.phase) \(.executable) \(.kind) \(.confidence) \(.rule) \(.why)"' \
		"$report" 2>/dev/null | tap_diag
	# systemd-udevd-kernel.socket: PID 1 binds it and hands it to udevd
	jqr "PID 1 is not named as a kernel-group listener (it only hands the socket to udevd)" \
		'[.dependents[] | select(.kind == "listener" and .rule == "listen-kernel"
		  and ((.pids // []) | index(1)))] | length == 0'
	"$sa" report "$report" >"$p.report.txt" 2>&1
	sed -n '/^BOOT PATH/,/^$/p' "$p.report.txt" | tap_diag
	awk '/sysfs-audit-host/ && /no boot-path dependent/ { f = 1 } END { exit !f }' "$p.report.txt"
	tap_ok $? "$name: report says the clean host has no boot-path dependent"
	realhost_file "$p" leftover "$p.leftover"
	! grep -q 'sysfs-audit' "$p.leftover"
	tap_ok $? "$name: nothing left pinned after the stop"
	realhost_file "$p" security:sysfs-audit-boot.service "$p.sec-boot"
	realhost_file "$p" security:sysfs-audit-record.service "$p.sec-record"
	echo "# systemd-analyze security: boot $(tail -n 1 "$p.sec-boot"); record $(tail -n 1 "$p.sec-record")"

	# ---- a separate /var -------------------------------------------------
	boot_case var initrd.on var "sa.probe=boot"
	report=$p.report.json
	realhost_file "$p" report.json "$report"
	jqr "separate /var: the report was written and adopted the initramfs" \
		'.boot.adopted == true and .events.lost == 0'

	# ---- a legacy consumer in the initramfs only -------------------------
	boot_case legacy initrd.legacy root "sa.probe=boot"
	report=$p.report.json
	realhost_file "$p" report.json "$report"
	jq -r '.dependents[]? | "dependent: \(.phase) \(.executable) \(.kind) \(.confidence) \(.rule) \(.why)"' \
		"$report" 2>/dev/null | tap_diag
	jqr "the initramfs-only mdev breaks in phase initramfs, by its BusyBox 1.6.1 fingerprint" \
		'[.dependents[] | select(.phase == "initramfs" and (.executable | endswith("/legacy-consumer"))
		  and .confidence == "breaks" and ((.why // "") | test("BusyBox 1.6.1")))] | length > 0'
	"$sa" report "$report" >"$p.report.txt" 2>&1
	awk '/sysfs-audit-host/ && /would not boot/ { f = 1 } END { exit !f }' "$p.report.txt"
	tap_ok $? "$name: report says the host would not boot"

	# The static audit finds the same program in the generator's real output,
	# behind an early (uncompressed) cpio as Debian's microcode hooks put
	# first (their packages are in non-free-firmware, not in our sources).
	mkdir -p "$work/early/kernel/x86/microcode"
	echo "not microcode" >"$work/early/kernel/x86/microcode/GenuineIntel.bin"
	(cd "$work/early" && find kernel | cpio -o -H newc --quiet) >"$work/initrd.img"
	cat "$img/initrd.legacy" >>"$work/initrd.img"
	"$sa" scan "$work/initrd.img" >"$work/scan.out" 2>&1
	st=$?
	tap_diag <"$work/scan.out"
	[ $st = 9 ] && grep -q 'initrd.img([2-9]:[a-z0-9]*:usr/sbin/legacy-consumer).*BusyBox 1.6.1 has mdev' "$work/scan.out"
	tap_ok $? "$gen: scan reads the real initrd behind an early cpio and names the mdev in a later segment (exit $st)"

	# ---- a legacy consumer in the real root's coldplug ---------------------
	boot_case coldplug initrd.on root "sa.probe=boot sa.legacy_coldplug"
	report=$p.report.json
	realhost_file "$p" report.json "$report"
	jqr "the real root's coldplug mdev breaks in phase coldplug, by its BusyBox 1.6.1 fingerprint" \
		'[.dependents[] | select(.phase == "coldplug" and .executable == "/usr/local/sbin/mdev-coldplug"
		  and .confidence == "breaks" and ((.why // "") | test("BusyBox 1.6.1")))] | length > 0'
	"$sa" report "$report" >"$p.report.txt" 2>&1
	awk '/sysfs-audit-host/ && /would not boot/ { f = 1 } END { exit !f }' "$p.report.txt"
	tap_ok $? "$name: report says the host would not boot"

	# ---- the recorder unit, minutes long, on initramfs-tools -------------
	[ "$gen" = initramfs-tools ] || continue
	boot_case record initrd.on root "sa.probe=record sa.record_s=$record_s $off" \
		$((tmo + record_s)) || continue
	report=$p.report.json
	realhost_file "$p" report.json "$report"
	realhost_file "$p" metrics.prom "$p.prom"
	rounds=$(realhost_fact "$p" rounds)
	echo "# $name: $rounds hotplug rounds in ${record_s}s; $(grep -c '^device_add' "$p.hmp.log" 2>/dev/null) device_add"
	jq -r '.dependents[]? | "dependent: \(.phase // "-") \(.executable) \(.kind) \(.confidence) \(.rule) \(.why)"' \
		"$report" 2>/dev/null | tap_diag
	jqr "record unit under its sandbox: a report, 0 lost, 0 dependents that break, hotplug traced" \
		--argjson r "${rounds:-0}" \
		'.events.lost == 0 and $r > 0 and ([.dependents[] | select(.confidence == "breaks")] | length == 0)
		 and .needs.by_subsystem.net.events > 0 and .needs.by_subsystem.block.events > 0'
	jqr "record unit: PID 1 is not named as a kernel-group listener" \
		'[.dependents[] | select(.kind == "listener" and .rule == "listen-kernel"
		  and ((.pids // []) | index(1)))] | length == 0'
	[ "$(realhost_fact "$p" record_result)" = success ] &&
		awk -f "$top/tests/lib/promcheck.awk" "$p.prom" >/dev/null 2>&1
	tap_ok $? "$name: the unit stopped with success and wrote the Prometheus textfile"
done
tap_done
