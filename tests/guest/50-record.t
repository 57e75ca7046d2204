#!/bin/bash
# record during the device workload on the patched kernel, judged against
# netlink (record-report); then the CI-style flow on the host: report over
# the guest's report and two other hosts' reports -> markdown and the
# documented exit status; the guest's Prometheus file checked strictly.
top=$(cd "$(dirname "$0")/../.." && pwd)
# guest.sh reads the timeout when sourced.
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-900}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sa=$top/build/sysfs-audit
fx=$top/tests/host/reports

guest_case patched record-report >"$tmp/out"
grep -v '^# \(report-json\|prom\):' "$tmp/out"
sed -n 's/^# report-json: //p' "$tmp/out" >"$tmp/guest.json"
sed -n 's/^# prom: //p' "$tmp/out" >"$tmp/guest.prom"
mkdir -p "$top/build/guest" && cp "$tmp/guest.json" "$top/build/guest/record-report.json"

[ -s "$tmp/guest.json" ] && [ -s "$tmp/guest.prom" ] &&
	jq -e '.format == "sysfs-audit-report" and .version == "1.5" and .boot == null' "$tmp/guest.json" >/dev/null
tap_ok $? "the guest's report and metrics came out; a 1.1 report, not a boot audit"
if [ ! -s "$tmp/guest.json" ] || [ ! -s "$tmp/guest.prom" ]; then
	tap_done
	exit
fi

# Per subsystem, the report's events equal the device events on netlink.
want=$(sed -n 's/^# netlink-by-subsystem //p' "$tmp/out" | sort)
got=$(jq -r '.needs.by_subsystem | to_entries[] | "\(.key) \(.value.events)"' "$tmp/guest.json" | sort)
[ -n "$want" ] && [ "$want" = "$got" ]
st=$?
[ $st -eq 0 ] || diff <(echo "$want") <(echo "$got") | tap_diag
tap_ok $st "events by subsystem equal netlink's ($(echo $want | tr '\n' ' '))"
jq -e '.coldplug.devices > 0 and .host.machine_id == "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
	and .attach == "tracepoint" and (.sample | length) > 0' "$tmp/guest.json" >/dev/null
tap_ok $? "coldplug view, machine id, attach point and sample recorded"
jq -r '"dependents in the guest report: \(.dependents | length): \([.dependents[] | "\(.executable) \(.kind) \(.confidence)"] | join("; "))"' \
	"$tmp/guest.json" | tap_diag
jq -e '[.dependents[] | select(.executable == "/bin/nash" and .kind == "legacy-name"
	and .confidence == "breaks" and .count > 0)] | length > 0' "$tmp/guest.json" >/dev/null
tap_ok $? "the report names nash as a legacy-name dependent that breaks"

chk=$(awk -f "$top/tests/lib/promcheck.awk" "$tmp/guest.prom" 2>&1)
st=$?
grep -q '^sysfs_audit_events_total{' "$tmp/guest.prom" || st=1
[ $st -eq 0 ] || echo "$chk" | tap_diag
tap_ok $st "the guest's Prometheus file passes the strict exposition check ($chk)"
n=$(jq '.needs.by_subsystem.block.PHYSDEVPATH' "$tmp/guest.json")
grep -qx "sysfs_audit_physdev_key_events_total{subsystem=\"block\",key=\"PHYSDEVPATH\"} $n" "$tmp/guest.prom"
tap_ok $? "Prometheus block PHYSDEVPATH equals the report's ($n)"

# The CI-style flow: this host and two others, markdown, gate on keys.
"$sa" report -f markdown --fail-on=keys "$tmp/guest.json" "$fx/web-02.json" "$fx/db-01.json" \
	>"$tmp/summary.md" 2>"$tmp/err"
st=$?
sed 's/^/    /' "$tmp/summary.md" | head -n 40 | tap_diag
tap_ok $([ $st -eq 15 ]; echo $?) "report --fail-on=keys over three hosts: exit 15 (got $st)"
grep -q '^3 report(s) from 3 host(s); 0 skipped\. ' "$tmp/summary.md" &&
	grep -q '^| guest-patched | ' "$tmp/summary.md" &&
	grep -q '^| block | PHYSDEVPATH | [0-9]* | 2 | guest-patched, web-02 |$' "$tmp/summary.md" &&
	grep -q '^| /bin/nash | legacy-name | breaks | ' "$tmp/summary.md"
tap_ok $? "markdown summary: three hosts, block PHYSDEVPATH on guest-patched and web-02, the dependent"
"$sa" report --fail-on=keys "$fx/db-01.json" >/dev/null 2>&1
tap_ok $? "the same gate passes on a host without legacy needs"
tap_done
