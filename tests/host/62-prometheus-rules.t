#!/bin/bash
# The Prometheus rules the package ships (contrib/prometheus/), with
# Debian's own promtool (tests/fleet/fetch-prometheus.sh: downloaded and
# unpacked, not installed): they load, each alert fires for the host it is
# about and for no other (tests/fleet/sysfs-audit.rules.test.yml), one
# planted mistake per alert makes that test fail, and every .prom the tool
# writes passes `promtool check metrics`.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
rules=$top/contrib/prometheus/sysfs-audit.rules.yml
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tree=$("$top/tests/fleet/fetch-prometheus.sh") || { tap_ok 1 "Debian's prometheus fetched"; tap_done; exit; }
promtool=$tree/usr/bin/promtool
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(timeout 60 "$promtool" check rules "$rules" 2>&1)
st=$?
tap_diag <<<"$out"
tap_ok $([ $st = 0 ] && grep -q 'SUCCESS: 9 rules found' <<<"$out"; echo $?) \
	"promtool check rules: the shipped file loads (3 recording rules, 6 alerts)"

# run_tests RULES: promtool test rules against RULES. Prints its output.
run_tests() {
	sed "s|RULES|$1|" "$top/tests/fleet/sysfs-audit.rules.test.yml" >"$tmp/test.yml"
	timeout 120 "$promtool" test rules "$tmp/test.yml" 2>&1
}
out=$(run_tests "$rules")
st=$?
tap_diag <<<"$out"
tap_ok $st "promtool test rules: every alert fires for its host only; the fleet sums by verdict"

# One mistake per alert, each a rule that still loads: the test must fail.
mutant() {	# mutant ALERT PERL-SUBSTITUTION WHAT
	perl -0pe "$2" "$rules" >"$tmp/m.yml"
	if cmp -s "$rules" "$tmp/m.yml"; then
		tap_ok 1 "mutant $1 ($3): the mistake was not planted"
		return
	fi
	timeout 60 "$promtool" check rules "$tmp/m.yml" >/dev/null 2>&1 ||
		{ tap_ok 1 "mutant $1 ($3): it does not even load"; return; }
	run_tests "$tmp/m.yml" >/dev/null
	tap_ok $([ $? != 0 ]; echo $?) "mutant $1 ($3): promtool test rules fails"
}
mutant SysfsAuditWouldNotBoot 's/(alert: SysfsAuditWouldNotBoot\n\s+expr: [^\n]*?) > 0/$1 >= 0/' \
	"fires for every host"
mutant SysfsAuditBootIncomplete 's/(alert: SysfsAuditBootIncomplete\n\s+expr: [^\n]*?)verdict="incomplete"/$1verdict="would not boot"/' \
	"the wrong verdict"
mutant SysfsAuditReportStale 's/(alert: SysfsAuditReportStale\n\s+expr: [^\n]*?)> 7 \* 86400/$1> 9 * 86400/' \
	"nine days, not seven"
mutant SysfsAuditEventsLost 's/(alert: SysfsAuditEventsLost\n\s+expr: [^\n]*?) > 0/$1 >= 0/' \
	"fires without a loss"
mutant SysfsAuditRecordsLost 's/(alert: SysfsAuditRecordsLost\n\s+expr: )sum by/$1max by/' \
	"one cause, not their sum"
mutant SysfsAuditMetricsUnreadable 's/(alert: SysfsAuditMetricsUnreadable\n\s+expr: [^\n]*?) > 0/$1 >= 0/' \
	"fires for a file that parses"

# Every .prom `report` (and so `record`, the same writer) makes of the
# report fixtures, one by one and merged; the obsolete-ABI fleet's too.
bad=
n=0
for f in "$top"/tests/host/reports/*.json "$top"/tests/host/reports/abi/*.json; do
	"$sa" report --prometheus "$tmp/p.prom" "$f" >/dev/null 2>&1 || continue
	n=$((n + 1))
	out=$(timeout 30 "$promtool" check metrics <"$tmp/p.prom" 2>&1) ||
		bad="$bad ${f##*/}: $out"
done
"$sa" report --prometheus "$tmp/all.prom" "$top"/tests/host/reports/*.json >/dev/null 2>&1
n=$((n + 1))
out=$(timeout 30 "$promtool" check metrics <"$tmp/all.prom" 2>&1) || bad="$bad merged: $out"
"$sa" report --prometheus "$tmp/abi.prom" "$top"/tests/host/reports/abi/*.json >/dev/null 2>&1
n=$((n + 1))
grep -q '^sysfs_audit_obsolete_abi_opens_total{' "$tmp/abi.prom" || bad="$bad abi: no obsolete_abi metrics"
out=$(timeout 30 "$promtool" check metrics <"$tmp/abi.prom" 2>&1) || bad="$bad abi fleet: $out"
tap_diag <<<"$bad"
tap_ok $([ -z "$bad" ] && [ $n -ge 5 ]; echo $?) \
	"promtool check metrics: clean on the $n .prom files report writes for the fixtures"
tap_done
