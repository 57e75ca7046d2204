#!/bin/bash
# The obsolete ABI in reports (issue 46): the section `record --abi` writes
# (obsolete_abi, format 1.6) read strictly and bounded, and merged over a
# fleet into the table a maintainer attaches to a removal patch. Three
# hosts, two kernels (tests/host/reports/abi/, made by make-fixtures.py in
# the shape the guest's `abi watch --json` printed): rfkill state in use on
# web-01 (6.1) and web-02 (6.12) by abi-reader (package abi-reader), unused
# on db-01; ACPI force_remove in use on web-01 by a #! script, unused on
# web-02, absent on db-01; gpio present on db-01 only; rfkill claim
# (removed/) absent everywhere. Text, markdown, JSON, Prometheus and the
# fleet page say the same; --fail-on=obsolete exits 30; hostile sections
# are refused with the report-format exit codes.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
fx=$top/tests/host/reports/abi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fleet=("$fx/web-01.json" "$fx/web-02.json" "$fx/db-01.json")

# The merged JSON: one line per entry, hosts by verdict, users, kernels.
"$sa" report -f json "${fleet[@]}" >"$tmp/m.json" 2>"$tmp/err"
tap_is "$?" 0 "report -f json of the three hosts: exit 0"
python3 - "$tmp/m.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
a = m["obsolete_abi"]
assert m["version"] == "1.6", m["version"]
assert a["hosts"] == 3 and a["reports"] == 3 and a["entries_in_use"] == 2, a
e = {x["what"]: x for x in a["entries"]}
st = e["/sys/class/rfkill/rfkill[0-9]+/state"]
assert st["hosts"] == {"in-use": 2, "present-unused": 1, "absent": 0}, st["hosts"]
assert st["file"] == "/tests/abi/rfkill-state" and st["date"] == "09-Jul-2007" and st["kernel_version"] is None
assert [(u["exe"], u["exe_package"], u["opens"], u["hosts"]) for u in st["users"]] == \
    [("/usr/bin/abi-reader", "abi-reader", 7, 2)], st["users"]
assert [(k["kernel"], k["hosts"]) for k in st["kernels"]] == \
    [("6.1.0-27-amd64", 1), ("6.12.57+deb13-amd64", 1)], st["kernels"]
fr = e["/sys/firmware/acpi/hotplug/force_remove"]
assert fr["hosts"] == {"in-use": 1, "present-unused": 1, "absent": 1}, fr["hosts"]
assert [(u["script"], u["exe"], u["exe_package"]) for u in fr["users"]] == \
    [("/usr/local/sbin/acpi-check.sh", "/usr/bin/dash", "dash")], fr["users"]
assert e["/sys/class/gpio/"]["hosts"] == {"in-use": 0, "present-unused": 1, "absent": 2}
assert e["/sys/class/rfkill/rfkill[0-9]+/claim"]["hosts"]["absent"] == 3
# in use on most hosts first
assert [x["what"] for x in a["entries"]][:2] == ["/sys/class/rfkill/rfkill[0-9]+/state",
    "/sys/firmware/acpi/hotplug/force_remove"]
PY
tap_ok $? "JSON: per entry the hosts by verdict, the programs with packages, the kernels"

# The maintainer's table, as markdown.
"$sa" report -f markdown "${fleet[@]}" >"$tmp/m.md"
sed -n '/^## Obsolete ABI/,$p' "$tmp/m.md" >"$tmp/table.md"
tap_diag <"$tmp/table.md"
grep -qxF '| /sys/class/rfkill/rfkill\[0-9\]+/state | /tests/abi/rfkill-state | 09-Jul-2007 | - | 2 | 1 | 0 | /usr/bin/abi-reader (abi-reader), 7 opens on 2 hosts | 6\.1\.0-27-amd64 (1 host), 6\.12\.57+deb13-amd64 (1 host) |' "$tmp/table.md"
tap_ok $? "markdown: the rfkill state row: 2 hosts in use, 1 unused, abi-reader (abi-reader), both kernels"
grep -qxF '| /sys/firmware/acpi/hotplug/force\_remove | obsolete/sysfs-firmware-acpi | Mar 2017 | - | 1 | 1 | 1 | /usr/local/sbin/acpi-check\.sh via /usr/bin/dash (dash), 1 open on 1 host | 6\.1\.0-27-amd64 (1 host) |' "$tmp/table.md"
tap_ok $? "markdown: a script is named with the interpreter that ran it"
grep -q '^1 more entry absent on every host watched: --details$' "$tmp/table.md" &&
	! grep -q 'claim' "$tmp/table.md"
tap_ok $? "markdown: an entry absent everywhere is counted, not listed"
"$sa" report -f markdown --details "${fleet[@]}" | grep -qxF '| /sys/class/rfkill/rfkill\[0-9\]+/claim | removed/sysfs-class-rfkill | 09-Jul-2007 | - | 0 | 0 | 3 | - | - |'
tap_ok $? "markdown --details: the removed/ entry, absent on all 3 hosts"

# Text.
"$sa" report "${fleet[@]}" >"$tmp/m.txt"
sed -n '/^OBSOLETE ABI/,$p' "$tmp/m.txt" | tap_diag
grep -q '^     2      1      0  09-Jul-2007 -        /sys/class/rfkill/rfkill\[0-9\]+/state (/tests/abi/rfkill-state)$' "$tmp/m.txt" &&
	grep -q '^    by /usr/bin/abi-reader (abi-reader), 7 opens on 2 hosts$' "$tmp/m.txt" &&
	grep -q '^    on 6.1.0-27-amd64 (1 host), 6.12.57+deb13-amd64 (1 host)$' "$tmp/m.txt"
tap_ok $? "text: the same counts, program and kernels"
grep -q '^OBSOLETE ABI .*: 2 entries in use on some host, of 4; watched on 3 hosts (3 reports), 10800 s in all; 0 records lost' "$tmp/m.txt"
tap_ok $? "text: what was watched and lost is said"

# HTML: the section, escaped.
"$sa" report -f html "${fleet[@]}" >"$tmp/m.html"
grep -q '<h2 id="obsolete-abi">Obsolete ABI</h2>' "$tmp/m.html" &&
	grep -q '<td>/sys/class/rfkill/rfkill\[0-9\]+/state</td><td>/tests/abi/rfkill-state</td>.*<td>2</td><td>1</td><td>0</td><td>/usr/bin/abi-reader (abi-reader), 7 opens on 2 hosts</td>' "$tmp/m.html"
tap_ok $? "html: the fleet page has the table"

# Prometheus.
"$sa" report --prometheus "$tmp/p.prom" "${fleet[@]}" >/dev/null
grep -E '^sysfs_audit_obsolete_abi' "$tmp/p.prom" | tap_diag
grep -qx 'sysfs_audit_obsolete_abi_hosts{file="/tests/abi/rfkill-state",what="/sys/class/rfkill/rfkill\[0-9\]+/state",verdict="in-use"} 2' "$tmp/p.prom" &&
	grep -qx 'sysfs_audit_obsolete_abi_opens_total{file="/tests/abi/rfkill-state",what="/sys/class/rfkill/rfkill\[0-9\]+/state",executable="/usr/bin/abi-reader",script="",package="abi-reader"} 7' "$tmp/p.prom" &&
	grep -qxF 'sysfs_audit_obsolete_abi_opens_total{file="obsolete/sysfs-firmware-acpi",what="/sys/firmware/acpi/hotplug/force_remove",executable="/usr/bin/dash",script="/usr/local/sbin/acpi-check.sh",package=""} 1' "$tmp/p.prom" &&
	grep -qx 'sysfs_audit_obsolete_abi_watched_hosts 3' "$tmp/p.prom"
tap_ok $? "prometheus: hosts per entry and verdict, opens per program"
if [ -x "${PROMTOOL:-}" ]; then
	out=$(timeout 30 "$PROMTOOL" check metrics <"$tmp/p.prom" 2>&1)
	tap_ok $? "promtool check metrics: clean ($out)"
fi

# The gate.
"$sa" report --fail-on=obsolete "${fleet[@]}" >/dev/null
tap_is "$?" 30 "--fail-on=obsolete: an entry in use: exit 30"
"$sa" report --fail-on=obsolete "$fx/db-01.json" >/dev/null
tap_is "$?" 0 "--fail-on=obsolete: present and unused only: exit 0"
"$sa" report --fail-on=obsolete "$top/tests/host/reports/web-01.json" >/dev/null
tap_is "$?" 0 "--fail-on=obsolete: a report without the section: exit 0 (no watch, nothing said)"
"$sa" report --fail-on=dependents,obsolete "${fleet[@]}" >/dev/null
tap_is "$?" 17 "--fail-on=dependents,obsolete: dependents come first (17)"

# Without the section nothing changes: the same output as a 1.5 report.
"$sa" report -f json "$top/tests/host/reports/web-01.json" >"$tmp/plain.json"
grep -q '"version": "1.5"' "$tmp/plain.json" && ! grep -q obsolete "$tmp/plain.json"
tap_ok $? "a report without obsolete_abi: merged as 1.5, no obsolete_abi member"

# Hostile sections: refused, named, with the report-format exit codes.
hostile() {	# hostile WANT-STATUS WANT-MESSAGE PYTHON-EDIT DESCRIPTION
	python3 - "$fx/web-01.json" "$tmp/h.json" "$3" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
a = r["obsolete_abi"]
exec(sys.argv[3])
json.dump(r, open(sys.argv[2], "w"))
PY
	out=$("$sa" report "$tmp/h.json" 2>&1 >/dev/null)
	st=$?
	tap_ok $([ $st = "$1" ] && grep -q -- "$2" <<<"$out"; echo $?) "$4 (exit $st: $out)"
}
hostile 12 "obsolete_abi.entries\[0\].verdict: 'in use' is not a verdict" \
	'a["entries"][0]["verdict"] = "in use"' "a verdict not in the table: refused"
hostile 12 "verdict: 'present' is not a verdict a report holds" \
	'a["entries"][2]["verdict"] = "present"' "abi list's word, never a report's: refused"
hostile 12 "verdict in-use with 0 users" \
	'a["entries"][0]["users"] = []' "in use by nobody: refused"
hostile 12 "verdict absent with 1 paths" \
	'a["entries"][0]["verdict"] = "absent"; a["entries"][0]["users"] = []' "absent with a path: refused"
hostile 12 "entries\[0\].users\[0\].opens: expected a non-negative integer" \
	'a["entries"][0]["users"][0]["opens"] = -1' "a negative count: refused"
hostile 12 "first_ms after last_ms" \
	'a["entries"][0]["users"][0]["first_ms"] = 99999' "first after last: refused"
hostile 12 "obsolete_abi.stats: missing" 'del a["stats"]' "no stats: refused"
hostile 12 "obsolete_abi: expected an object" 'r["obsolete_abi"] = []' "not an object: refused"
hostile 19 "entries: more than 4096" \
	'a["entries"] = a["entries"][3:] * 4097' "more than 4096 entries: refused (LIMITS)"
hostile 19 "more than 1024 users in all" \
	'a["entries"][0]["users"] = a["entries"][0]["users"] * 1025' "more than 1024 users: refused (LIMITS)"
hostile 19 "pids: more than 8" \
	'a["entries"][0]["users"][0]["pids"] = list(range(1, 10))' "more than 8 pids: refused (LIMITS)"
hostile 19 "exe_package: 64 bytes, longer than the 63" \
	'a["entries"][0]["users"][0]["exe_package"] = "p" * 64' "a package name longer than its field: refused, not cut"
hostile 19 "what: 256 bytes" \
	'a["entries"][0]["what"] = "/sys/" + "x" * 251' "a What: longer than its field: refused"
hostile 12 "neither exe nor script" \
	'a["entries"][0]["users"][0]["exe"] = None' "a user that is no program: refused"
# a merge goes on without the refused file, and says so
cp "$fx/web-02.json" "$fx/db-01.json" "$tmp/"
"$sa" report "$tmp/h.json" "$tmp/web-02.json" "$tmp/db-01.json" >"$tmp/out" 2>/dev/null
st=$?
grep -q '^skipped .*h.json (exit 12)' "$tmp/out" && grep -q 'watched on 2 hosts' "$tmp/out"
tap_ok $([ $? = 0 ] && [ $st = 12 ]; echo $?) "a refused file is skipped, the others merged, exit 12"
tap_done
