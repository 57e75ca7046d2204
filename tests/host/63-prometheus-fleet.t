#!/bin/bash
# A fleet as fleets are watched, with the real parts on loopback: one
# Debian node_exporter per host, its textfile directory holding the .prom
# `report --prometheus` wrote for the host's report (the writer `record
# --prometheus` uses); one Debian Prometheus scraping them every second
# with the rules the package ships. Its HTTP API must give the fleet's
# boot verdicts that `report` gives for the same hosts' JSON reports, and
# fire exactly the alerts the reports call for: would not boot, incomplete,
# stale, lost, and a .prom cut short -- none for the clean host.
# Every daemon listens on 127.0.0.1 only and is killed at the end; every
# wait is bounded.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
for t in curl jq; do
	command -v $t >/dev/null || { tap_ok 1 "$t installed (scripts/install-deps.sh package)"; tap_done; exit; }
done
tree=$("$top/tests/fleet/fetch-prometheus.sh") || { tap_ok 1 "Debian's prometheus fetched"; tap_done; exit; }
bin=$tree/usr/bin
tmp=$(mktemp -d)
pids=()
cleanup() {
	[ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

# Free loopback ports: bound and released at once (the daemons take them
# a moment later; a port taken meanwhile fails the start, said below).
read -r -a ports < <(python3 -c '
import socket
s = [socket.socket() for _ in range(6)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))
for x in s: x.close()')

# The hosts: real-shaped boot audits (tests/host/reports), their spans
# moved to just now, and one whose last report ended 30 days ago.
now=$(date -u +%s)
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
host_report() {	# host_report NAME FIXTURE AGE_S
	jq --arg s "$(iso $(($now - $3 - 600)))" --arg e "$(iso $(($now - $3)))" \
	   --arg h "$1" --arg m "$(printf '%s' "$1" | md5sum | cut -c1-32)" \
	   '.span.start = $s | .span.end = $e | .host.hostname = $h | .host.machine_id = $m' \
	   "$top/tests/host/reports/$2" >"$tmp/$1.json"
}
host_report clean boot-clean.json 3600
host_report mdev boot-mdev.json 3600
host_report stopped boot-stopped.json 3600
host_report stale boot-clean.json $((30 * 86400))
hosts=(clean mdev stopped stale cut)
for h in "${hosts[@]}"; do
	mkdir -p "$tmp/tf-$h"
done
ok=0
for h in clean mdev stopped stale; do
	"$sa" report --prometheus "$tmp/tf-$h/sysfs_audit.prom" "$tmp/$h.json" >/dev/null 2>"$tmp/err" &&
		ok=$((ok + 1))
done
# A file cut in the middle of a sample line, as a full disk leaves it.
head -c "$(($(grep -b -m1 '^sysfs_audit_events_seen_total ' "$tmp/tf-clean/sysfs_audit.prom" |
	cut -d: -f1) + 20))" "$tmp/tf-clean/sysfs_audit.prom" >"$tmp/tf-cut/sysfs_audit.prom"
tap_ok $([ $ok = 4 ]; echo $?) "report --prometheus wrote the four hosts' .prom files"

i=0
for h in "${hosts[@]}"; do
	timeout 300 "$bin/prometheus-node-exporter" --web.listen-address="127.0.0.1:${ports[$i]}" \
		--collector.disable-defaults --collector.textfile \
		--collector.textfile.directory="$tmp/tf-$h" >"$tmp/ne-$h.log" 2>&1 &
	pids+=($!)
	i=$((i + 1))
done
prom=${ports[5]}
{
	echo 'global: {scrape_interval: 1s, evaluation_interval: 1s}'
	echo "rule_files: ['$top/contrib/prometheus/sysfs-audit.rules.yml']"
	echo 'scrape_configs:'
	echo '  - job_name: node'
	echo '    static_configs:'
	i=0
	for h in "${hosts[@]}"; do
		echo "      - {targets: ['127.0.0.1:${ports[$i]}'], labels: {host: $h}}"
		i=$((i + 1))
	done
} >"$tmp/prometheus.yml"
timeout 300 "$bin/prometheus" --config.file="$tmp/prometheus.yml" \
	--storage.tsdb.path="$tmp/tsdb" --web.listen-address="127.0.0.1:$prom" >"$tmp/prom.log" 2>&1 &
pids+=($!)

q() {	# q PROMQL: the API's result array
	curl -s --max-time 5 --get "http://127.0.0.1:$prom/api/v1/query" \
		--data-urlencode "query=$1" | jq -c '.data.result'
}
# Until every target is up, the rules were evaluated after that, and the
# alerts settled (two evaluations alike): 60 s at most.
up=0 alerts= last=
for s in $(seq 1 120); do
	sleep 0.5
	up=$(q 'count(up == 1)' 2>/dev/null | jq -r '.[0].value[1] // 0' 2>/dev/null)
	[ "$up" = 5 ] || continue
	alerts=$(q 'ALERTS{alertstate="firing"}' | jq -r '.[] | .metric.alertname + " " + .metric.host' | sort)
	[ -n "$alerts" ] && [ "$alerts" = "$last" ] && break
	last=$alerts
done
[ "$up" = 5 ] || tap_diag <"$tmp/prom.log"
tap_ok $([ "$up" = 5 ]; echo $?) "Prometheus scrapes the five node_exporters (up: $up)"

# The fleet's verdicts, from Prometheus and from report over the same hosts.
from_prom=$(q 'sysfs_audit:boot_hosts:sum_by_verdict' |
	jq -r '.[] | "\(.metric.verdict)=\(.value[1])"' | sort)
from_report=$("$sa" report -f json "$tmp"/{clean,mdev,stopped,stale}.json |
	jq -r '.boot.verdicts | to_entries[] | "\(.key)=\(.value)"' | sort)
tap_diag <<<"prometheus: $(tr '\n' ' ' <<<"$from_prom")"
tap_diag <<<"report:     $(tr '\n' ' ' <<<"$from_report")"
tap_ok $([ -n "$from_prom" ] && [ "$from_prom" = "$from_report" ]; echo $?) \
	"the fleet's hosts by boot verdict: Prometheus's recording rule equals report's"
raw=$(q 'sum by (verdict) (sysfs_audit_boot_hosts)' | jq -r '.[] | "\(.metric.verdict)=\(.value[1])"' | sort)
tap_ok $([ "$raw" = "$from_report" ]; echo $?) "and so does sum by (verdict) over the raw gauges"
reasons_prom=$(q 'sysfs_audit:boot_incomplete_hosts:sum_by_reason > 0' |
	jq -r '.[] | "\(.metric.reason)=\(.value[1])"' | sort)
reasons_report=$("$sa" report -f json "$tmp"/{clean,mdev,stopped,stale}.json |
	jq -r '.boot.incomplete_reasons | to_entries[] | select(.value > 0) | "\(.key)=\(.value)"' | sort)
tap_ok $([ -n "$reasons_prom" ] && [ "$reasons_prom" = "$reasons_report" ]; echo $?) \
	"incomplete hosts by reason: Prometheus equals report ($(tr '\n' ' ' <<<"$reasons_report"))"

# The alerts each host's own report calls for, from its JSON.
want=$(
	for h in clean mdev stopped stale; do
		j=$("$sa" report -f json "$tmp/$h.json")
		[ "$(jq '.boot.verdicts["would not boot"]' <<<"$j")" -gt 0 ] && echo "SysfsAuditWouldNotBoot $h"
		[ "$(jq '.boot.verdicts.incomplete' <<<"$j")" -gt 0 ] && echo "SysfsAuditBootIncomplete $h"
		[ "$(jq '.events.lost' <<<"$j")" -gt 0 ] && echo "SysfsAuditEventsLost $h"
		[ "$(jq '[.dependents_lost // {} | .. | numbers] | add // 0' <<<"$j")" -gt 0 ] &&
			echo "SysfsAuditRecordsLost $h"
	done
	echo "SysfsAuditReportStale stale"
	echo "SysfsAuditMetricsUnreadable cut"
)
want=$(sort <<<"$want")
tap_diag <<<"firing:   $(tr '\n' ';' <<<"$alerts")"
tap_diag <<<"expected: $(tr '\n' ';' <<<"$want")"
tap_ok $([ "$alerts" = "$want" ]; echo $?) "the firing alerts are exactly those the reports call for"
grep -q 'SysfsAuditWouldNotBoot mdev' <<<"$alerts"
tap_ok $? "the would-not-boot host fires SysfsAuditWouldNotBoot"
grep -q 'SysfsAuditReportStale stale' <<<"$alerts"
tap_ok $? "the host whose last report is 30 days old fires SysfsAuditReportStale"
! grep -q ' clean$' <<<"$alerts"
tap_ok $? "the clean host fires nothing"
tap_done
