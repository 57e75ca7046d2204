#!/bin/bash
# Every output of the tool, byte for byte: each case below runs the tool
# over the host suite's fixtures (the reports of tests/host/reports, the
# rules corpora, a scan root, a fake sysfs tree, a fake boot root, the help
# texts) and compares stdout, stderr, the exit status and any file written
# (--prometheus) with tests/golden/NAME.out. A refactoring that means to
# change no output must pass this unchanged; a change that means to alter
# an output regenerates the files in the same commit and says why:
#
#   GOLDEN_UPDATE=1 prove -v tests/host/42-output-golden.t
#
# GOLDEN_ONLY=REGEX runs only the cases whose names match (while working:
# a run of every case takes a minute or more, most of it the tool reading
# the host's dpkg lists).
#
# Inputs are built here from fixed bytes (no compiler: the ELF files come
# from tests/lib/mkelf.pl), paths are relative to a scratch directory, and
# any remaining mention of it reads @TMP@, so the files do not depend on
# where the test runs.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
golden=$top/tests/golden
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
command -v jq >/dev/null || { tap_ok 1 "jq installed (make deps)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
w=$tmp/w
mkdir -p "$w"
. "$top/tests/lib/golden.sh"

# ---- reports: the host suite's fixtures, one by one and merged ---------------
cp -r "$top/tests/host/reports" "$w/r"
for f in "$top"/tests/host/reports/*.json; do
	n=$(basename "$f" .json)
	out_report "report-$n" "$n" "r/$n.json"
done
fleet="r/web-01.json r/web-02.json r/db-01.json r/web-01-nextboot.json"
guest="r/guest-patched.json r/web-01.json r/web-02.json r/db-01.json"
boots="r/boot-clean.json r/boot-mdev.json r/boot-stopped.json"
deps="r/deps-1.2.json r/deps-1.3.json r/deps-1.4.json"
for set in fleet guest boots deps; do
	# shellcheck disable=SC2086
	out_report "merged-$set" m ${!set}
done
# the glob expanded where the tool runs (here it would match nothing)
all=$(cd "$w" && echo r/*.json)
# shellcheck disable=SC2086
out merged-all-text report $all
# shellcheck disable=SC2086
out merged-all-prom report -f json --prometheus prom/all.prom $all
out report-dir-text report r
# The obsolete ABI table (issue 46, tests/host/reports/abi/) in each format,
# with and without the entries absent everywhere; web-03, web-02 with another
# program whose names each format escapes, makes a cell of two programs.
jq '.host.hostname = "web-03" | .host.machine_id = "cccccccccccccccccccccccccccccccc" |
	.host.boot_id = "a1111111-0000-0000-0000-000000000003" |
	.obsolete_abi.entries[0].users[0] |=
		(.exe = "/opt/rf_kill<1>/poll" | .exe_package = "rf*kill" | .opens = 1)' \
	"$w/r/abi/web-02.json" >"$w/abi-web-03.json"
abi="r/abi/web-01.json r/abi/web-02.json r/abi/db-01.json abi-web-03.json"
# shellcheck disable=SC2086
out_report merged-abi abi $abi
for fmt in text markdown html; do
	# shellcheck disable=SC2086
	out "merged-abi-details-$fmt" report -f $fmt --details $abi
done
# shellcheck disable=SC2086
out merged-abi-html report -f html $abi
for fail in keys paths dependents suspects boot incomplete findings; do
	# shellcheck disable=SC2086
	out "report-fail-on-$fail" report --fail-on=$fail $fleet $boots
done

# Reports bent the ways the hostile tests bend them: dependents' verdicts
# and phases unknown, missing or empty; keys and link kinds missing.
jqr() {	# jqr NAME FILTER [SOURCE]: r/NAME.json from SOURCE (web-01) through FILTER
	jq "$2" "$w/r/${3:-web-01}.json" >"$w/x/$1.json"
}
mkdir -p "$w/x"
jqr conf-null '.dependents[0].confidence = null' boot-mdev
jqr conf-empty '.dependents[0].confidence = ""' boot-mdev
jqr conf-unknown '.dependents[0].confidence = "probable"' boot-mdev
jqr conf-upper '.dependents[0].confidence = "CONFIRMED"' boot-mdev
jqr phase-unknown '.dependents[0].phase = "late"' boot-mdev
jqr phase-none 'del(.dependents[].phase)' boot-mdev
jqr key-missing 'del(.summary.would_carry.PHYSDEVDRIVER)'
jqr link-missing 'del(.summary.legacy_links.bus)'
jqr key-extra '.summary.would_carry.PHYSDEVFOO = 3'
for f in "$w"/x/*.json; do
	n=$(basename "$f" .json)
	out "bent-$n-text" report "x/$n.json"
	out "bent-$n-json" report -f json --prometheus "prom/$n.prom" "x/$n.json"
	out "bent-$n-fail" report --fail-on=dependents,suspects "x/$n.json"
done
out bent-merged-text report x/conf-null.json x/conf-unknown.json x/phase-unknown.json r/boot-clean.json

# ---- the static audit: rules, scan -------------------------------------------
cp -r "$top/tests/rules" "$w/rules"
out rules-legacy-text rules rules/legacy
out rules-legacy-json rules --json rules/legacy
out rules-modern-text rules rules/modern
out rules-legacy-fail-keys rules --fail-on=keys rules/legacy
out rules-one-json rules --json rules/legacy/synthetic-constructs.rules

# A scan root of fixed bytes: ELF files with the keys' strings, scripts,
# hotplug/modprobe/sysctl configuration, rules, a gzip'd initramfs, dpkg lists.
R=$w/root
mkdir -p "$R"/{lib/udev/rules.d,etc/hotplug.d/default,etc/modprobe.d,etc/sysctl.d,sbin,boot} \
	"$R"/usr/lib/udev "$R"/var/lib/dpkg/info "$tmp/main/bin" "$tmp/main/scripts/init-top"
elf() {	# elf OUT STRINGS...: an ELF whose one section holds the NUL-ended STRINGS
	printf '%s\0' "${@:2}" >"$tmp/data"
	perl "$top/tests/lib/mkelf.pl" "$1" "$tmp/data" 1 && chmod +x "$1"
}
elf "$R/lib/udev/legacy_helper" PHYSDEVBUS PHYSDEVDRIVER getenv
elf "$R/lib/udev/path_helper" PHYSDEVPATH /sys/class/net/%s/device/driver
elf "$R/lib/udev/modern_helper" DEVPATH /sys%s getenv
elf "$tmp/main/bin/busybox" 'BusyBox v1.6.1 (2007-06-30 12:00:00 UTC) multi-call binary' mdev ash
elf "$tmp/main/bin/nash" PHYSDEVPATH PHYSDEVBUS
cat >"$R/usr/lib/udev/script_helper" <<'SH'
#!/bin/sh
# PHYSDEVBUS here is only a comment
for d in $(find /sys/block -type d -mindepth 1 -maxdepth 1); do
	[ -n "$PHYSDEVDRIVER" ] && echo "$d $PHYSDEVPATH"
done
SH
cat >"$R/lib/udev/rules.d/50-test.rules" <<'RULES'
SUBSYSTEM=="block", RUN+="legacy_helper"
SUBSYSTEM=="net", RUN+="/lib/udev/modern_helper", IMPORT{program}="script_helper %k"
SUBSYSTEM=="input", RUN{builtin}+="kmod load", RUN+="/lib/udev/not_installed"
ENV{PHYSDEVDRIVER}=="e1000", RUN+="path_helper"
RULES
printf '#!/bin/sh\n[ "$PHYSDEVBUS" = usb ] && exec /sbin/usbhelper\n' \
	>"$R/etc/hotplug.d/default/10-old.hotplug"
ln -s ../etc/hotplug.d/default/10-old.hotplug "$R/sbin/hotplug"
echo 'install sbp2 /sbin/modprobe --ignore-install sbp2; cat /sys/class/scsi_host/host0/device/bus' \
	>"$R/etc/modprobe.d/old.conf"
printf '# old helper\nkernel.hotplug = /sbin/hotplug\n' >"$R/etc/sysctl.d/10-hotplug.conf"
printf '#!/bin/sh\nif [ -L /sys/block/sda ]; then :; fi\n' >"$tmp/main/scripts/init-top/udev"
touch -d '2026-01-01 00:00:00 UTC' $(find "$tmp/main")
(cd "$tmp/main" && find . | sort | cpio -o -H newc --quiet --reproducible 2>/dev/null ||
	find . | sort | cpio -o -H newc --quiet) | gzip -n -c >"$R/boot/initrd.img-6.1.0-gzip"
echo /lib/udev/legacy_helper >"$R/var/lib/dpkg/info/oldhelpers:amd64.list"
echo /lib/udev/script_helper >>"$R/var/lib/dpkg/info/oldhelpers:amd64.list"
echo /etc/modprobe.d/old.conf >"$R/var/lib/dpkg/info/sbp2-quirks.list"
chmod +x "$R"/usr/lib/udev/script_helper "$R"/etc/hotplug.d/default/10-old.hotplug
out scan-root-text scan --root root
out scan-root-json scan --root root --json
out scan-root-fail scan --root root --fail-on=keys
out scan-files-text scan root/lib/udev/legacy_helper root/lib/udev/path_helper root/usr/lib/udev/script_helper
out scan-image-json scan --json root/boot/initrd.img-6.1.0-gzip
cp "$top"/tests/guest/legacy/*.sh "$w/"
out scan-script-text scan dvb-parent.sh

# ---- snapshot of a fake sysfs tree (30-cli.t's) ------------------------------
root=$w/sys
. "$top/tests/lib/fake-sysfs.sh"
fake_sysfs_tree "$root"
out snapshot-text snapshot -s sys
out snapshot-json snapshot -s sys --json

# ---- boot --status over fake roots (no binary inside: its bytes would change
# with every build) --------------------------------------------------------------
K=6.1.0-99-amd64
B=$w/bootroot
mkdir -p "$B/etc/default" "$B/lib/systemd/system" "$B/boot" \
	"$B/etc/systemd/system/multi-user.target.wants"
sed 's/^BOOT_AUDIT=.*/BOOT_AUDIT=yes/' "$top/contrib/default/sysfs-audit" >"$B/etc/default/sysfs-audit"
sed 's|@SBINDIR@|/usr/sbin|g' "$top/contrib/systemd/sysfs-audit-boot.service.in" \
	>"$B/lib/systemd/system/sysfs-audit-boot.service"
ln -s /lib/systemd/system/sysfs-audit-boot.service \
	"$B/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
: >"$B/boot/vmlinuz-$K"
mkdir -p "$tmp/bmain/scripts/init-top"
cp "$top/contrib/initramfs-tools/scripts/init-top/sysfs-audit" "$tmp/bmain/scripts/init-top/"
touch -d '2026-01-01 00:00:00 UTC' $(find "$tmp/bmain")
(cd "$tmp/bmain" && find . | sort | cpio -o -H newc --quiet) | gzip -n -c >"$B/boot/initrd.img-$K"
out boot-status-nobinary boot --status --root bootroot --kernel "$K"
rm "$B/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
sed -i 's/^BOOT_AUDIT=.*/BOOT_AUDIT=no/' "$B/etc/default/sysfs-audit"
out boot-status-off boot --status --root bootroot --kernel "$K"

# ---- help texts and bad usage ------------------------------------------------
out help --help
out help-exit-status help exit-status
out help-exit-status-roff help exit-status --roff
for c in report rules scan snapshot boot record trace deps; do
	out "help-$c" "$c" --help
done
out usage-bad-format report -f yaml r/web-01.json
out usage-bad-fail-on report --fail-on=nothing r/web-01.json
out usage-no-command

golden_stale
tap_done
