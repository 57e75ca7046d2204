# The installed layout: the .deb is unpacked into this initramfs (dpkg-deb
# -x); run sysfs-audit-record.service's ExecStart command line exactly as
# the unit file has it, as systemd would: its StateDirectory= directories
# created first, with only the unit's CapabilityBoundingSet= and
# NoNewPrivileges (capbset), stopped with SIGTERM after the device workload. The host
# then judges the report and the metrics, sent after a "file" marker.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 9

step() {	# run a workload step, wait for its uevents
	shift
	"$@" >/dev/null 2>&1
	settle
}

unit=/lib/systemd/system/sysfs-audit-record.service
cmd=$(sed -n 's/^ExecStart=//p' "$unit" 2>/dev/null)
check_eq "the unit has one ExecStart" "$(grep -c '^ExecStart=' "$unit" 2>/dev/null)" 1
diag "ExecStart=$cmd"
# shellcheck disable=SC2086 -- the unit's command line has no quoting
set -- $cmd
check "ExecStart runs the packaged binary ($1)" [ -x "${1:-/nonexistent}" ]

bset=$(sed -n 's/^CapabilityBoundingSet=//p' "$unit")
diag "CapabilityBoundingSet=$bset"
check "the unit limits the capability bounding set" [ -n "$bset" ]
# The helper does restrict: without CAP_PERFMON the tracer may not attach.
/opt/test/capbset CAP_BPF "$1" trace -d 1 >/dev/null 2>/tmp/nocap.err
check_eq "with CAP_BPF alone, trace exits 3 (not permitted)" "$?" 3
sed 's/^/# /' /tmp/nocap.err

# StateDirectory=sysfs-audit prometheus/node-exporter
mkdir -p /var/lib/sysfs-audit /var/lib/prometheus/node-exporter
/opt/test/capbset "$bset" "$@" >/tmp/record.out 2>/tmp/record.err &
pid=$!
i=0
while ! grep -q "tracing device uevents" /tmp/record.err && kill -0 $pid 2>/dev/null &&
	[ $i -lt 300 ]; do
	usleep 200000
	i=$((i + 1))
done
grep -q "tracing device uevents" /tmp/record.err
st=$?
[ $st -eq 0 ] || sed 's/^/# record stderr: /' /tmp/record.err
ktap_result $st "the unit's command attaches with the unit's capabilities"
workload
kill -TERM $pid 2>/dev/null
wait $pid
st=$?
sed 's/^/# record stderr: /' /tmp/record.err
check_eq "stopped with SIGTERM (systemctl stop), it exits 0" "$st" 0

report=$(echo "$cmd" | sed -n 's/.* -o \([^ ]*\).*/\1/p')
prom=$(echo "$cmd" | sed -n 's/.* --prometheus \([^ ]*\).*/\1/p')
check "the report is written ($report)" [ -s "$report" ]
check "the metrics are written ($prom)" [ -s "$prom" ]
left=$( (ls -A /var/lib/sysfs-audit; ls -A /var/lib/prometheus/node-exporter) |
	grep -v -e '^report.json$' -e '^sysfs_audit.prom$')
check_eq "no temporary files are left behind" "$left" ""
echo "# kernel-release $(uname -r)"
for f in "$report" "$prom"; do
	[ -f "$f" ] || continue
	echo "file ${f##*/} begin"
	base64 "$f"
	echo "file ${f##*/} end"
done
