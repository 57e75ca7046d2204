#!/bin/bash
# The boot audit (issue 18), in a two-stage boot: an initramfs built as
# mkinitramfs builds it (tests/guest/boot/mkboot.sh: initramfs-tools'
# own init, hook-functions and script ordering, the .deb's hook and
# init-top/init-bottom scripts with BOOT_AUDIT=yes), where `boot --start`
# attaches and pins before udev's place, legacy consumers run (nash's
# <parent>/block:vda, BusyBox 1.6.1's `mdev -s` as /sbin/mdev) and the
# coldplug is triggered; switch_root to a real root on a virtio disk (a
# cpio image made without root); there udev 095's udevd (/sbin/udevd)
# listens through the coldplug and its worker handles the disk's device,
# the .deb's sysfs-audit-boot.service ExecStart adopts the pinned state,
# coldplug and sysfs-audit-coldplug.service run, then runtime legacy
# consumers (nash, udevd's worker). The host judges the report and the facts the
# guest sends: every dependent with its phase, no event lost across
# switch_root (SEQNUMs contiguous, patched kernel), nothing pinned after
# the stop; and a boot without the legacy consumers has no boot-path
# dependent. On the patched kernel (tracepoint) and Debian's 6.1 (fexit).
top=$(cd "$(dirname "$0")/../.." && pwd)
guest_timeout=${SYSFS_AUDIT_GUEST_TIMEOUT:-600}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"
. "$top/tests/lib/chromium.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sa=$top/build/sysfs-audit

if ! make -C "$top" -s deb guest-deps >"$work/deb.log" 2>&1; then
	tail -n 30 "$work/deb.log" | tap_diag
	tap_ok 1 "make deb guest-deps"
	tap_done
	exit
fi
deb=$(ls "$top"/build/deb/sysfs-audit_*_amd64.deb | head -n 1)
dpkg-deb -x "$deb" "$work/deb"
tap_ok $? "unpack ${deb##*/}"
# initramfs-tools itself (its init, hook-functions, scripts), never installed on the host.
itools=$top/build/boot/initramfs-tools-core
if [ ! -f "$itools/usr/share/initramfs-tools/init" ]; then
	mkdir -p "$top/build/boot/dl" && rm -rf "$itools" &&
		(cd "$top/build/boot/dl" && apt-get download -q initramfs-tools-core >/dev/null 2>&1) &&
		dpkg-deb -x "$(ls "$top"/build/boot/dl/initramfs-tools-core_*.deb | head -n 1)" "$itools"
fi
[ -f "$itools/usr/share/initramfs-tools/init" ]
tap_ok $? "initramfs-tools-core unpacked (apt-get download)"

# fact NAME: the value the guest sent for NAME.
fact() {
	guest_fact "$ktap" "$1"
}

run_boot() {	# run_boot FLAVOUR LEGACY(1|0) [CASE [APPEND]]: boots, leaves $ktap and $report
	local flavour=$1 legacy=$2 case=${3:-} extra=${4:-} kdir prefix
	prefix=$out_dir/$flavour-boot-legacy$legacy${case:+-$case}
	kdir=$kdirs_flavour
	for try in 1 2; do
		guest_mkdisk "$prefix.disk"
		"$top/tests/guest/qemu-run.sh" "$kdir" "$work/$flavour/initrd.cpio.gz" "$prefix" \
			"$guest_timeout" "boot=cpio root=/dev/vdb init=/sbin/init sysfs_audit.legacy=$legacy${case:+ sa.case=$case} $extra" \
			-drive "file=$prefix.disk,if=virtio,format=raw" \
			-drive "file=$work/$flavour/root.img,if=virtio,format=raw"
		qrc=$?
		# TCG on a loaded host: the kernel may find its timer broken before
		# any of our code ran. Boot again once; anything else counts.
		grep -q "IO-APIC + timer doesn't work" "$prefix.console" || break
		echo "# $flavour: the kernel panicked in its timer check (TCG under load); booting again"
	done
	ktap=$prefix.ktap
	report=$work/$flavour-$legacy$case.json
	guest_file "$ktap" report.json "$report"
	grep '^# recorder: ' "$ktap" | tr -d '\r' | tap_diag
	[ "$(fact done)" = 1 ]
	st=$?
	[ $st -eq 0 ] || { echo "qemu exit $qrc; console tail:"; tail -n 30 "$prefix.console"; } |
		tap_diag
	tap_ok $st "$flavour (legacy=$legacy${case:+, $case}): the guest went through both stages and reported"
	return $st
}

# case_wanted NAME: SYSFS_AUDIT_BOOT_CASES (names, "base" for the two
# plain boots) limits a run to some boots; unset, all run.
case_wanted() {
	[ -z "${SYSFS_AUDIT_BOOT_CASES:-}" ] || [[ " $SYSFS_AUDIT_BOOT_CASES " == *" $1 "* ]]
}

# keep_picture: the real boot's report ($report) and its timeline (issue
# 47), as build/pictures/boot-real-$flavour.{json,svg,png}: the SVG as
# written holds nothing that loads or runs, chromium renders it (60 s at
# most) with no console message and the verdict as text, and its
# screenshot is kept for a person to look at (docs/pictures/ has one).
keep_picture() {
	local pics=$top/build/pictures name=boot-real-$flavour bad msgs st
	mkdir -p "$pics"
	cp "$report" "$pics/$name.json" &&
		"$sa" report --svg "$pics/$name.svg" "$pics/$name.json" >/dev/null 2>"$work/svg.err"
	st=$?
	tap_diag <"$work/svg.err"
	bad=$(python3 "$top/tests/host/pictures/check_page.py" source "$pics/$name.svg" 2>&1)
	[ -z "$bad" ] || tap_diag <<<"$bad"
	tap_ok $([ $st = 0 ] && [ -z "$bad" ]; echo $?) \
		"$flavour: the real boot's timeline, self-contained ($pics/$name.svg)"
	if ! command -v chromium >/dev/null; then
		tap_ok 1 "$flavour: chromium installed for the screenshot (scripts/install-deps.sh browser)"
		return
	fi
	chromium_profile=$work/profile
	chromium_browse dom "$pics/$name.svg" "$work/$name.dom"
	st=$?
	msgs=$(chromium_console "$work/$name.dom.log")
	bad=$(python3 "$top/tests/host/pictures/check_page.py" dom "$work/$name.dom" \
		"boot audit: would not boot" "/bin/nash" "/sbin/mdev" "/sbin/udevd" 2>&1)
	chromium_browse shot "$pics/$name.svg" "$pics/$name.png" "$(chromium_svg_height "$pics/$name.svg")"
	[ -z "$msgs$bad" ] || printf '%s\n%s\n' "$msgs" "$bad" | tap_diag
	tap_ok $([ $st = 0 ] && [ -z "$msgs$bad" ] && [ -s "$pics/$name.png" ] &&
		 [ -z "$(chromium_console "$pics/$name.png.log")" ]; echo $?) \
		"$flavour: chromium renders the real boot's timeline, the verdict, nash, mdev and udevd as text; screenshot $pics/$name.png"
	rm -f "$pics/$name.png.log"
}

# The 2007 consumers' checks, also run on the boot without them (where
# each must fail: they can).
mdev_f='[.dependents[] | select(.executable == "/sbin/mdev" and .phase == "initramfs"
	and .confidence == "breaks") | .kind] as $k
	| ($k | index("symlink-where-dir")) != null and ($k | index("legacy-readdir")) != null'
udevd_coldplug_f='[.dependents[] | select(.executable == "/sbin/udevd" and .phase == "coldplug")] as $d
	| ($d | any(.kind == "listener" and .confidence == "breaks"))
	and ($d | any(.kind == "legacy-name" and .confidence == "falls-back"))'
udevd_runtime_f='any(.dependents[]; .executable == "/sbin/udevd" and .phase == "runtime"
	and .kind == "legacy-name")'

jqr() {	# jqr DESC FILTER: a check on the report, with the report's answer shown on failure
	local desc=$1
	shift
	jq -e "$@" "$report" >/dev/null
	local st=$?
	tap_ok $st "$flavour: $desc"
}

for k in patched:tracepoint stock-6.1:fexit; do
	flavour=${k%%:*} attach=${k#*:}
	if ! guest_selected "$flavour"; then
		echo "# $flavour: not run (SYSFS_AUDIT_GUEST_KERNELS=$SYSFS_AUDIT_GUEST_KERNELS)"
		continue
	fi
	mkdir -p "$out_dir"
	if ! kdirs_flavour=$("$top/tests/lib/kernel-build.sh" "$flavour" 2>"$work/kernel.err"); then
		tap_diag <"$work/kernel.err"
		tap_ok 1 "$flavour: kernel available"
		continue
	fi
	"$top/tests/guest/boot/mkboot.sh" "$kdirs_flavour" "$work/deb" "$itools" "$work/$flavour" \
		>"$work/mkboot.log" 2>&1
	st=$?
	tap_diag <"$work/mkboot.log"
	tap_ok $st "$flavour: both images built as mkinitramfs would, without root"
	[ $st -eq 0 ] || continue
	order=$(sed -n 's|^/scripts/init-top/\([^ ]*\) .*|\1|p' "$work/$flavour/initrd/scripts/init-top/ORDER" | tr '\n' ' ')
	[[ "$order" == *"sysfs-audit udev"* ]]
	tap_ok $? "$flavour: init-top ORDER (cache_run_scripts) runs sysfs-audit before udev: $order"

	# ---- a boot with the legacy consumers --------------------------------
	if case_wanted base; then
	run_boot "$flavour" 1 || continue
	init_s=$(fact initramfs_init_s)
	pinned=$(fact pinned_at_udev)
	[[ "$pinned" == *dep-links*uevents* ]]
	tap_ok $? "$flavour: pinned before udev's place in init-top: $pinned"
	[ "$(fact pinned_at_realroot)" = "$pinned" ] && [ "$(fact bpffs_mounts)" = 1 ]
	tap_ok $? "$flavour: the pins survived switch_root with /sys (bpffs mounted once)"
	"$sa" report -f json "$report" >"$work/merged.json" 2>"$work/report.err"
	st=$?
	tap_diag <"$work/report.err"
	[ "$(fact record_exit)" = 0 ] && { [ $st -eq 0 ] || [ $st -eq 15 ] || [ $st -eq 16 ] ||
		[ $st -eq 17 ]; } && jq -e '.version == "1.5" or .version == "1.6"' "$report" >/dev/null
	tap_ok $? "$flavour: the unit's recorder exited 0, its 1.1 report reads back (report exit $st)"
	jqr "the report adopted the initramfs's state ($attach)" \
		--arg a "$attach" '.boot.adopted == true and .attach == $a'
	jq -r '"phases: " + ([.boot.phases | to_entries[] | "\(.key) \(.value.events) events \(.value.first_seqnum)-\(.value.last_seqnum), \(.value.dependents) dependents"] | join("; "))' \
		"$report" | tap_diag
	jq -r '.dependents[] | "dependent: \(.phase) \(.executable) \(.kind) \(.confidence) pids \(.pids) \(.path)"' \
		"$report" | tap_diag
	jqr "every dependent carries its phase" '[.dependents[] | select(.phase == null)] | length == 0'
	jqr "the initramfs's legacy consumer is named in the initramfs phase (nash: block:vda, lstat of /sys/block)" \
		'[.dependents[] | select(.executable == "/bin/nash" and .phase == "initramfs") | .kind] as $k
		 | ($k | index("legacy-name")) != null and ($k | index("symlink-where-dir")) != null'
	jqr "the runtime legacy consumer is named in the runtime phase" \
		'[.dependents[] | select(.executable == "/bin/nash" and .phase == "runtime" and .kind == "legacy-name")] | length > 0'
	jqr "no process of one phase is reported in another" \
		'[.dependents[] | select(.executable == "/bin/nash") | {p: .pids[0], ph: .phase}] | group_by(.p) | all(map(.ph) | unique | length == 1)'
	# The two-stage boot of 2007 (issue 47): BusyBox 1.6.1's `mdev -s` in
	# the initramfs, udev 095's udevd at the real root (listening through
	# the coldplug, its worker for the disk's device there and at runtime).
	echo "# mdev: $(fact initramfs_mdev) (hotplug knob: $(fact initramfs_hotplug_knob));" \
		"udevd: $(fact udevd_listening); coldplug worker: $(fact udevd_coldplug_worker);" \
		"runtime worker: $(fact udevd_runtime_worker)" | tap_diag
	jqr "the initramfs's mdev -s (BusyBox 1.6.1) breaks in the initramfs phase: lstat of then-directories (symlink-where-dir), its listings of /sys/block and /sys/class (legacy-readdir)" \
		"$mdev_f"
	jqr "udev 095's udevd breaks in the coldplug phase: its listener (PHYSDEVPATH=); its worker's <dev>/bus falls back" \
		"$udevd_coldplug_f"
	jqr "udev 095's udevd is named again at runtime: its worker's <dev>/bus" "$udevd_runtime_f"
	# The kernel's SEQNUM counts every uevent it sent: the real root loads no
	# module, so coldplug's device events are exactly its SEQNUM delta.
	ib=$(fact seqnum_before_start) ie=$(fact seqnum_initramfs_end)
	cb=$(fact realroot_seqnum) ce=$(fact seqnum_after_coldplug)
	# Runtime: six events written right after the coldplug mark, before the
	# recorder saw it (judged by the mark's own time), then three more.
	jqr "events by phase: initramfs 1..$((ie - ib)) (SEQNUM delta, module events included), coldplug exactly $((ce - cb)), runtime 9 (6 right after the mark); none lost" \
		--argjson i "$((ie - ib))" --argjson c "$((ce - cb))" \
		'.events.lost == 0 and .events.unread == 0 and .boot.phases.initramfs.events > 0
		 and .boot.phases.initramfs.events <= $i and .boot.phases.coldplug.events == $c
		 and .boot.phases.runtime.events == 9'
	if [ "$flavour" = patched ]; then
		before=$(fact seqnum_before_start) stop=$(fact seqnum_at_stop)
		# Uevents sent while boot --start still loads (before the attach)
		# cannot be traced; from the first traced one on, none may be lost.
		first=$(jq .boot.phases.initramfs.first_seqnum "$report")
		echo "# SEQNUMs before the attach, untraced: $((first - before - 1)) (from $((before + 1)))"
		jqr "SEQNUMs contiguous from the first traced one ($first) to the stop ($stop) across switch_root" \
			--argjson b "$before" --argjson s "$stop" \
			'.boot.phases as $p | [$p[] | .events] | add as $n
			 | $p.initramfs.first_seqnum > $b and $p.runtime.last_seqnum == $s
			 and $n == $s - $p.initramfs.first_seqnum + 1
			 and $p.coldplug.first_seqnum == $p.initramfs.last_seqnum + 1
			 and $p.runtime.first_seqnum == $p.coldplug.last_seqnum + 1'
	fi
	[ -z "$(fact pinned_after_stop | grep -v 'No such file')" ] && [ -z "$(fact bpffs_after_stop)" ] &&
		[[ "$(fact stop_post1)" == "0 "*"0 pinned object(s)"* ]]
	tap_ok $? "$flavour: nothing pinned after the stop ($(fact stop_post1))"
	[[ "$(fact stop_post2)" == "0 "*"kept in /var/lib/sysfs-audit"* ]] &&
		[[ " $(fact kept) " == *" boot-report.json "* ]] && [[ "$(fact kept)" == *boot-*-*-*-*-*.json* ]]
	tap_ok $? "$flavour: the report kept per boot ($(fact stop_post2); $(fact kept))"
	"$sa" report "$report" >"$work/text" 2>&1
	awk -v h="$(jq -r .host.hostname "$report")" 'index($0, h) == 1 && /would not boot/ { f = 1 }
		END { exit !f }' "$work/text"
	tap_ok $? "$flavour: report (text) says the host would not boot"
	"$sa" report --details "$report" 2>&1 | grep 'would not boot, because of' >"$work/why"
	tap_diag <"$work/why"
	grep -F '/sbin/mdev (initramfs)' "$work/why" | grep -q -F '/sbin/udevd (coldplug)'
	tap_ok $? "$flavour: report (text) says why: mdev in the initramfs, udevd in the coldplug"
	"$sa" report --fail-on=boot "$report" >/dev/null 2>&1
	st=$?
	tap_is "$st" 23 "$flavour: report --fail-on=boot exits 23 for a host that would not boot"
	sed -n '/^BOOT PATH/,$p' "$work/text" | tap_diag
	keep_picture
	att=$(jq -r '.boot.attached_s' "$report")
	echo "measure $flavour: init started at ${init_s}s, tracer attached at ${att}s:" \
		"$(echo "$att - $init_s" | bc) s; events traced before the real root:" \
		"$(jq .boot.phases.initramfs.events "$report"); initramfs ended at $(fact initramfs_end_s)s" |
		tap_diag

	# ---- the same boot without any legacy consumer ------------------------
	run_boot "$flavour" 0 || continue
	jqr "without legacy consumers: a boot audit with no boot-path dependent" \
		'.boot.adopted == true and .boot.phases.initramfs.events > 0
		 and ([.dependents[] | select(.phase == "initramfs" or .phase == "coldplug")] | length == 0)'
	jq -r '.dependents[] | "dependent (no legacy run): \(.phase) \(.executable) \(.kind) \(.path)"' \
		"$report" | tap_diag
	bad=
	for f in mdev_f udevd_coldplug_f udevd_runtime_f; do
		jq -e "${!f}" "$report" >/dev/null && bad="$bad $f"
	done
	tap_ok $([ -z "$bad" ]; echo $?) \
		"$flavour: without them, the mdev and udevd checks fail${bad:+ (these passed:$bad)}"
	"$sa" report "$report" >"$work/clean.txt" 2>&1
	# the host's own row: the verdict counts above it name every verdict
	awk -v h="$(jq -r .host.hostname "$report")" \
		'index($0, h) == 1 && / no boot-path dependent +[0-9]/ { f = 1 } END { exit !f }' "$work/clean.txt"
	tap_ok $? "$flavour: report (text) says the clean host has no boot-path dependent"
	"$sa" report --fail-on=boot,incomplete "$report" >/dev/null 2>&1
	tap_is $? 0 "$flavour: report --fail-on=boot,incomplete passes the clean, complete boot"
	fi

	# ---- the off switch: nothing attached anywhere (issue 43) --------------
	case_wanted noaudit && run_boot "$flavour" 0 noaudit "sysfs_audit.boot=off" && {
		name="$flavour, noaudit"
		[ "$(fact record_exit)" = 0 ] && [ ! -s "$report" ] &&
			[ -z "$(fact pinned_at_realroot)" ] && [ -z "$(fact bpf_progs_at_realroot)" ] &&
			[ -z "$(fact pinned_after_stop | grep -v 'No such file')" ]
		tap_ok $? "$name: sysfs_audit.boot=off: nothing pinned or loaded, the recorder exited 0, no report"
		[ "$(grep -a -c '^# recorder: ' "$ktap")" = 1 ] &&
			grep -a '^# recorder: ' "$ktap" | grep -q "the boot audit is off (sysfs_audit.boot= on"
		tap_ok $? "$name: the recorder says so in one line"
	}

	# ---- a kernel that cannot trace: skipped, not failed (issue 43) --------
	case_wanted lockdown && run_boot "$flavour" 0 lockdown "lockdown=confidentiality" && {
		name="$flavour, lockdown"
		case $flavour in
		stock-*)
		[ "$(fact record_exit)" = 0 ] && [ ! -s "$report" ] && [ -z "$(fact pinned_at_realroot)" ] &&
			[ -z "$(fact bpf_progs_at_realroot)" ]
		tap_ok $? "$name: nothing pinned or loaded, the recorder exited 0 ($(fact record_exit)), no report"
		[ "$(grep -a -c '^# recorder: ' "$ktap")" = 1 ] &&
			grep -a '^# recorder: ' "$ktap" | grep -q "boot audit skipped: the kernel is locked down"
		tap_ok $? "$name: the recorder says why in one line"
			;;
		*)
		# Our own kernels have no lockdown LSM (kernel/configs): the
		# parameter locks nothing there, and the audit must not skip.
		[ "$(fact record_exit)" = 0 ] && [ -s "$report" ] &&
			jq -e '.boot.adopted == true and .boot.phases.initramfs.events > 0' "$report" >/dev/null
		tap_ok $? "$name: no lockdown LSM in this kernel: the audit runs and adopts (exit $(fact record_exit))"
			;;
		esac
		! grep -a -q 'sysfs-audit' "$out_dir/$flavour-boot-legacy0-lockdown.console"
		tap_ok $? "$name: quiet: nothing of ours on the console"
	}

	# ---- stopped at once: a report every time (issue 43) -------------------
	# stopnow: SIGTERM 0.1 s after the recorder's start (the recorder drains
	# and writes); killnow: SIGKILL at once (the unit's ExecStopPost drains).
	for c in stopnow killnow; do
		case_wanted "$c" || continue
		run_boot "$flavour" 0 "$c" || continue
		name="$flavour, $c"
		echo "# $name: record exit $(fact record_exit); $(fact stop_post1)" | tap_diag
		jqr "$c: a report, adopted, with the initramfs's records" \
			'.boot.adopted == true and .boot.phases.initramfs.events > 0'
		jqr "$c: incomplete, stopped before or during the adoption" \
			'.boot.incomplete | (index("stopped-before-adoption") != null or
			 index("stopped-during-adoption") != null)'
		[ -z "$(fact pinned_after_stop | grep -v 'No such file')" ] &&
			{ [ -z "$(fact bpf_progs_after_stop)" ] || [ "$(fact bpf_progs_after_stop)" = "no bpftool" ]; }
		tap_ok $? "$name: nothing pinned or loaded after the stop ($(fact bpf_progs_after_stop))"
		[ "$c" != killnow ] || [[ "$(fact stop_post1)" == *"draining it into /run/sysfs-audit/boot-report.json"* ]]
		case $c in
		stopnow) tap_ok $? "$name: the recorder wrote it" ;;
		killnow) tap_ok $? "$name: the cleanup drained the pins before it unpinned" ;;
		esac
		"$sa" report --fail-on=incomplete "$report" >/dev/null 2>&1
		tap_is $? 24 "$name: report --fail-on=incomplete exits 24"
	done

	# ---- nobody adopts: detached at the deadline (issue 43) ----------------
	if case_wanted noadopt && run_boot "$flavour" 0 noadopt; then
		name="$flavour, noadopt"
		echo "# $name: deadline $(fact deadline_ns) ns, unpinned by $(fact noadopt_unpinned_s) s;" \
			"programs at the real root: $(fact bpf_progs_at_realroot)" | tap_diag
		# On a loaded host the deadline may pass in the initramfs: then the
		# watchdog unpinned there (no switch_root to survive); say which.
		if [ -n "$(fact pinned_at_realroot)" ]; then
			echo "# $name: pinned at the real root, unpinned after switch_root"
		else
			echo "# $name: the deadline passed in the initramfs, unpinned there"
		fi
		[ -n "$(fact deadline_ns)" ]
		tap_ok $? "$name: boot --start -W wrote its deadline ($(fact deadline_ns) ns)"
		[ -z "$(fact noadopt_pinned | grep -v 'No such file')" ] && [ -z "$(fact noadopt_progs)" ] &&
			[ "$(fact noadopt_children)" = 0 ]
		tap_ok $? "$name: after the -W 25 deadline nothing pinned, no program loaded (bpftool: '$(fact noadopt_progs)'), the watchdog gone"
		[[ " $(fact noadopt_marks) " == *" unpinned "* ]]
		tap_ok $? "$name: the watchdog left its mark ($(fact noadopt_marks))"
		! grep -a 'sysfs-audit' "$out_dir/$flavour-boot-legacy0-noadopt.console" |
			grep -v -e 'Kernel command line' -e 'boot audit started' -e 'executable(s) are read' |
			grep -q .
		tap_ok $? "$name: nothing of the watchdog on the console"
	fi

	# ---- boots the audit cannot vouch for: incomplete, and why ------------
	# CASE:APPEND:ADOPTED:PHASE/REASON...:RECORDER SAYS
	# expire: -W 1; the watchdog (nice 19) unpins them at init-bottom, or the
	# recorder refuses them first on a loaded host: either way not adopted.
	for c in "expire::false:initramfs/not-adopted:no pinned boot audit" \
		"stamp::false:initramfs/not-adopted:without a format stamp" \
		"overflow::true:initramfs/dependents-lost coldplug/no-coldplug-mark:"; do
		IFS=: read -r case extra adopted gaps says <<<"$c"
		case_wanted "$case" || continue
		run_boot "$flavour" 0 "$case" "$extra" || continue
		name="$flavour, $case"
		[ "$case" != overflow ] || echo "# $name: $(fact overflow_lookups) lookups in the initramfs"
		[ "$(fact record_exit)" = 0 ] && [ -z "$(fact pinned_after_stop | grep -v 'No such file')" ]
		tap_ok $? "$name: the recorder exited 0 and left nothing pinned"
		[ -z "$says" ] || grep -a '^# recorder: ' "$ktap" | grep -q "$says"
		tap_ok $? "$name: the recorder says so${says:+: '$says'}"
		# Attached fresh, the recorder may come after the coldplug (the
		# verifier under TCG): the 3 events after it was ready must be in
		# (runtime, or coldplug when the coldplug mark is missing).
		jqr "$case: adopted $adopted, and it still recorded (the 3 events after it was ready)" \
			--argjson a "$adopted" '.boot.adopted == $a and
			 .boot.phases.runtime.events + .boot.phases.coldplug.events >= 3'
		"$sa" report -f json "$report" >"$work/merged.json" 2>/dev/null
		jq -r '.hosts[0].boot | "verdict: \(.verdict); incomplete: \(.incomplete)"' \
			"$work/merged.json" | tap_diag
		for g in $gaps; do
			jq -e --arg p "${g%%/*}" --arg r "${g#*/}" \
				'.hosts[0].boot.verdict == "incomplete" and
				 ([.hosts[0].boot.incomplete[] | select(.phase == $p and (.reasons | index($r)))]
				  | length == 1)' "$work/merged.json" >/dev/null
			tap_ok $? "$name: report says incomplete, phase ${g%%/*}: ${g#*/}"
		done
		"$sa" report --fail-on=incomplete "$report" >/dev/null 2>&1
		tap_is $? 24 "$name: report --fail-on=incomplete exits 24"
	done
done
tap_done
