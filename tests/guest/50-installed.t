#!/bin/bash
# The Debian package's installed layout in a guest: `make deb`, unpack the
# .deb into the initramfs, run sysfs-audit-record.service's ExecStart (case
# installed-record) under the unit's capability bounding set, and judge
# what it wrote: a JSON report (parsed with Perl's JSON::PP) naming the
# guest's kernel and the attach point, with events seen, and a Prometheus
# textfile in the exposition format. On Debian's stock 6.1
# (fexit) and on the patched kernels, 6.1 and 6.12 (tracepoint).
top=$(cd "$(dirname "$0")/../.." && pwd)
# guest.sh reads the timeout when sourced.
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-400}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! make -C "$top" -s deb >"$work/deb.log" 2>&1; then
	tail -n 30 "$work/deb.log" | tap_diag
	tap_ok 1 "make deb"
	tap_done
	exit
fi
deb=$(ls "$top"/build/deb/sysfs-audit_*_amd64.deb | head -n 1)
dpkg-deb -x "$deb" "$work/root"
tap_ok $? "unpack ${deb##*/}"
# capbset: CapabilityBoundingSet= and NoNewPrivileges= without systemd.
mkdir -p "$work/root/opt/test"
cc -O2 -Wall -Wextra -Werror -static -o "$work/root/opt/test/capbset" "$top/tests/guest/capbset.c"
tap_ok $? "build the capbset helper"
export SYSFS_AUDIT_INITRAMFS_TREE=$work/root

# file NAME: the guest's copy of NAME, from the results port.
guest_file() {
	sed -n "/^file $2 begin/,/^file $2 end/{/^file /d;p}" "$1" | tr -d '\r' | base64 -d
}

for k in stock-6.1:fexit patched:tracepoint patched-6.12:tracepoint; do
	flavour=${k%%:*} attach=${k#*:}
	guest_case "$flavour" installed-record >"$work/out"
	cat "$work/out"
	ktap=$out_dir/$guest_test-$flavour-installed-record.ktap
	release=$(sed -n 's/^# kernel-release //p' "$work/out" | tr -d '\r')

	guest_file "$ktap" report.json >"$work/report.json"
	perl -MJSON::PP -e '
		my ($file, $release, $attach) = @ARGV;
		open(my $f, "<", $file) or die "$file: $!\n";
		my $r = JSON::PP->new->decode(do { local $/; <$f> });
		ref $r eq "HASH" or die "not a JSON object\n";
		grep(/version/i, keys %$r) or die "no version key at the top level\n";
		my $all = JSON::PP->new->canonical->encode($r);
		index($all, "\"$release\"") >= 0 or die "kernel release $release not named\n";
		$all =~ /"$attach"/ or die "attach point $attach not named\n";
		my $seen = ref $r->{events} eq "HASH" ? $r->{events}{seen} : undef;
		defined $seen && $seen > 0 or die "no events.seen > 0: the workload was not recorded\n";
		print "events seen $seen, lost ", $r->{events}{lost} // "?", "\n";
	' "$work/report.json" "$release" "$attach" >"$work/err" 2>&1
	st=$?
	tap_diag <"$work/err"
	tap_ok $st "$flavour: report.json is a JSON report naming kernel '$release' and $attach, events seen"

	guest_file "$ktap" sysfs_audit.prom >"$work/prom"
	# Exposition format, line by line: HELP/TYPE comments or one sample.
	bad=$(grep -vE '^# (HELP|TYPE) sysfs_audit_[a-z0-9_]+ .+$' "$work/prom" |
		grep -vE '^sysfs_audit_[a-z0-9_]+(\{[a-z_]+="([^"\\]|\\.)*"(,[a-z_]+="([^"\\]|\\.)*")*\})? -?[0-9.e+]+$')
	[ -s "$work/prom" ] && [ -z "$bad" ] && grep -q '^sysfs_audit_' "$work/prom"
	st=$?
	[ $st -eq 0 ] || echo "${bad:-empty or no sample}" | head -n 5 | tap_diag
	tap_ok $st "$flavour: sysfs_audit.prom is node_exporter textfile format"
done
tap_done
