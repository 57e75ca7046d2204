#!/bin/bash
# The whole tool built under ASan + UBSan (build/sysfs-audit-san), run on real
# trees: the host's own rules directories and dpkg database (rules and scan
# load /var/lib/dpkg/info, thousands of entries: a whole-dirent copy there
# aborted every run, issue 30), the host's root, and a generated tree of
# 100 000 rules files. Any sanitizer report fails the case.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
san=${SAN:-$top/build/sysfs-audit-san}
[ -x "$san" ] || { tap_ok 1 "build/sysfs-audit-san built (make build/sysfs-audit-san)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# leaks at exit are not what this is about; memory errors and UB are
export ASAN_OPTIONS=detect_leaks=0:exitcode=86 UBSAN_OPTIONS=exitcode=86

# clean NAME STATUSES CMD...: the command's status is one of STATUSES, no sanitizer report
clean() {
	local what=$1 ok=$2 st
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	grep -E 'Sanitizer|runtime error' "$tmp/err" | head -n 5 | tap_diag
	tap_ok $(! grep -qE 'Sanitizer|runtime error' "$tmp/err" && grep -qw "$st" <<<"$ok"; echo $?) \
		"$what: no sanitizer report, exit $st"
}

clean "rules: the host's rules directories and dpkg database" "0 9 10" "$san" rules
[ -d /usr/lib/udev ] && clean "scan /usr/lib/udev" "0 9 10" "$san" scan /usr/lib/udev
clean "scan --root /: the host's places and dpkg database" "0 9 10 19" "$san" scan --root /
clean "boot --status: this host's settings, images and units" "0 25" "$san" boot --status

# 100 000 rules files, each running a program; one program and its package
R=$tmp/r
mkdir -p "$R/lib/udev/rules.d" "$R/usr/bin" "$R/var/lib/dpkg/info"
(cd "$R/lib/udev/rules.d" && perl -e 'for my $i (0..99999) {
	open(my $f, ">", sprintf("r%06d.rules", $i)) or die;
	printf $f "ACTION==\"add\", RUN+=\"/usr/bin/p%06d\"\n", $i }')
printf '#!/bin/sh\necho $PHYSDEVBUS\n' >"$R/usr/bin/p000042"
printf '/usr/bin/p000042\n' >"$R/var/lib/dpkg/info/oldhelper.list"
clean "scan --root of 100 000 rules files" "9" "$san" scan --root "$R"
tap_ok $(grep -q 'p000042.*PHYSDEVBUS.*\[package oldhelper\]' "$tmp/out"; echo $?) \
	"... the one legacy program found, with its package"
clean "rules DIR of 100 000 rules files" "0" "$san" rules "$R/lib/udev/rules.d"

tap_done
