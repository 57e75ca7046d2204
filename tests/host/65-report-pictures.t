#!/bin/bash
# The two pictures of issue 47 as files, without a browser (66-report-
# chromium.t renders them): `report --svg` draws one host's boot audit,
# `report -f html` a fleet page. Both are checked as written
# (tests/host/pictures/check_page.py: nothing that runs or loads, the CSP),
# with host-controlled strings crafted to be markup, which must come out as
# escaped text; the timeline shows what the report says (verdict, what was
# not seen, each dependent, the phases); the page summarises a large fleet
# in a bounded size and lists every host only with --details.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
fx=$top/tests/host/reports
pic=$top/tests/host/pictures
check="python3 $pic/check_page.py"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
command -v jq >/dev/null || { tap_ok 1 "jq installed (make deps)"; tap_done; exit; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The crafted report: every kind of string the pictures show is markup.
crafted_host='<script>alert(1)</script>'
jq --arg h "$crafted_host" '.host.hostname = $h | .host.kernel = "6.1&<i>k</i>"
	| .dependents[0].executable = "<img src=x onerror=alert(1)>"
	| .dependents[0].package = "\"><b>pkg</b>"
	| .host.machine_id = "c4af7ed0000000000000000000000001"' \
	"$pic/boot-twostage.json" >"$tmp/crafted.json"
# One more host whose name holds a terminal escape and a bidi override.
jq '.host.hostname = "esc\u001b[31m\u202eevil" | .host.machine_id = "e5c00000000000000000000000000001"' \
	"$fx/boot-clean.json" >"$tmp/ctrl.json"

# ---- the boot timeline -------------------------------------------------------
"$sa" report --svg "$tmp/two.svg" "$pic/boot-twostage.json" >/dev/null 2>"$tmp/err"
st=$?
tap_diag <"$tmp/err"
tap_ok $([ $st = 0 ] && [ -s "$tmp/two.svg" ]; echo $?) \
	"report --svg FILE: writes the picture, the exit status is report's (0)"
out=$($check source "$tmp/two.svg")
tap_diag <<<"$out"
tap_ok $([ -z "$out" ]; echo $?) "the SVG: no script, no src, no URL but its namespace"
python3 - "$tmp/two.svg" >"$tmp/facts" 2>&1 <<'EOF'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
t = ET.parse(sys.argv[1]).getroot()
print("root", t.tag == ns + "svg")
print("title", t.find(ns + "title").text)
texts = ["".join(e.itertext()) for e in t.iter(ns + "text")]
print("texts", " | ".join(texts))
bars = [r for r in t.iter(ns + "rect") if r.find(ns + "title") is not None
        and "look(s)" in r.find(ns + "title").text]
print("bars", len(bars))
print("fills", " ".join(sorted({r.get("fill") for r in bars})))
print("vague", sum(1 for r in bars if r.get("stroke-dasharray")))
print("ticks", sum(1 for l in t.iter(ns + "line") if l.get("class") == "tick"))
EOF
tap_diag <"$tmp/facts"
fact() { sed -n "s/^$1 //p" "$tmp/facts"; }
tap_is "$(fact root)" True "the SVG is well-formed XML with an svg root"
tap_is "$(fact title)" "deb12-twostage — boot audit: would not boot" \
	"its title: the host and the verdict report_merge.c decides"
texts=$(fact texts)
tap_ok $([[ $texts == *"not seen — runtime: events-lost (3)"* ]]; echo $?) \
	"what was not seen is in the title block (runtime: 3 events lost)"
tap_ok $([[ $texts == *"/sbin/udevd · udev"* && $texts == *"/usr/sbin/hald · hal"* &&
	    $texts == *"/bin/busybox · no package"* ]]; echo $?) \
	"each dependent is labelled program · package"
tap_ok $([[ $texts == *initramfs* && $texts == *coldplug* && $texts == *runtime* ]]; echo $?) \
	"the three phases are drawn as bands"
tap_is "$(fact bars)" 6 "one bar per dependent (6)"
tap_is "$(fact fills)" "#78909c #d32f2f #f9a825" \
	"bars coloured by verdict: breaks, falls back, suspect"
tap_is "$(fact vague)" 2 \
	"the two initramfs dependents seen before the recorder started span their phase, hatched"
tap_is "$(fact ticks)" 64 "every sampled uevent is a tick (64)"

"$sa" report --svg "$tmp/crafted.svg" "$tmp/crafted.json" >/dev/null 2>&1
out=$($check source "$tmp/crafted.svg")
tap_diag <<<"$out"
tap_ok $([ -z "$out" ] && grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/crafted.svg" &&
	 grep -qF '&lt;img src=x onerror=alert(1)&gt;' "$tmp/crafted.svg" &&
	 grep -qF '&quot;&gt;&lt;b&gt;pkg' "$tmp/crafted.svg" &&
	 grep -qF '6.1&amp;&lt;i&gt;k&lt;/i&gt;' "$tmp/crafted.svg"; echo $?) \
	"the SVG of crafted strings: host, program, package and kernel are escaped text"
python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$tmp/crafted.svg" \
	2>&1 | tap_diag
tap_ok ${PIPESTATUS[0]} "the SVG of crafted strings is still well-formed XML"
"$sa" report --svg "$tmp/ctrl.svg" "$tmp/ctrl.json" >/dev/null 2>&1
tap_ok $(grep -qF 'esc\x1b[31m\xe2\x80\xaeevil' "$tmp/ctrl.svg" &&
	 ! grep -q $'\x1b' "$tmp/ctrl.svg"; echo $?) \
	"a control character and a bidi override in a host name are shown as \\xNN text"

# A report that is not a boot audit still draws: time since the recording began.
"$sa" report --svg "$tmp/web.svg" "$fx/web-01.json" >/dev/null 2>&1
tap_ok $([ $? = 0 ] && grep -q 'not a boot audit' "$tmp/web.svg"; echo $?) \
	"a report that is no boot audit is drawn, and says so"

"$sa" report --svg "$tmp/x.svg" "$fx/web-01.json" "$fx/web-02.json" >/dev/null 2>"$tmp/err"
st=$?
tap_ok $([ $st = 2 ] && grep -q 'one report FILE' "$tmp/err" && [ ! -e "$tmp/x.svg" ]; echo $?) \
	"--svg with two reports: a usage error (2), nothing written (got $st)"
ln -s /dev/null "$tmp/link.svg"
"$sa" report --svg "$tmp/link.svg" "$pic/boot-twostage.json" >/dev/null 2>"$tmp/err"
tap_is $? 2 "--svg to a symlink: refused before anything is read"
echo '{' >"$tmp/bad.json"
"$sa" report --svg "$tmp/bad.svg" "$tmp/bad.json" >/dev/null 2>"$tmp/err"
st=$?
tap_ok $([ $st = 12 ] && grep -q 'not written' "$tmp/err" && [ ! -e "$tmp/bad.svg" ]; echo $?) \
	"--svg of an invalid report: its exit status (12), no picture, a message (got $st)"

# ---- the fleet page -----------------------------------------------------------
"$sa" report -f html "$fx"/*.json "$pic/boot-twostage.json" "$tmp/crafted.json" "$tmp/ctrl.json" \
	>"$tmp/fleet.html" 2>"$tmp/err"
st=$?
tap_ok $([ $st = 0 ] && grep -q '^<!DOCTYPE html>' "$tmp/fleet.html"; echo $?) \
	"report -f html: one page, exit 0 (got $st)"
out=$($check source "$tmp/fleet.html")
tap_diag <<<"$out"
tap_ok $([ -z "$out" ]; echo $?) \
	"the page: a CSP that forbids scripts and loads and allows its stylesheet by hash; nothing to load"
tap_ok $(grep -qF '<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>' "$tmp/fleet.html" &&
	 grep -qF '&lt;img src=x onerror=alert(1)&gt;' "$tmp/fleet.html" &&
	 grep -qF '6.1&amp;&lt;i&gt;k&lt;/i&gt;' "$tmp/fleet.html" &&
	 grep -qF 'esc\x1b[31m\xe2\x80\xaeevil' "$tmp/fleet.html"; echo $?) \
	"crafted host, program and kernel names are escaped text on the page"
# The check itself: the same page with the host name unescaped fails it.
sed 's|&lt;script&gt;alert(1)&lt;/script&gt;|<script>alert(1)</script>|' "$tmp/fleet.html" \
	>"$tmp/broken.html"
$check source "$tmp/broken.html" >/dev/null
tap_is $? 1 "the check fails on the page with the host name unescaped (it can fail)"

m=$("$sa" report -f json "$fx"/*.json "$pic/boot-twostage.json" "$tmp/crafted.json" \
	"$tmp/ctrl.json" 2>/dev/null)
verdicts=$(python3 - "$tmp/fleet.html" <<'EOF'
import re, sys
page = open(sys.argv[1]).read()
print(" ".join(f"{v}={n}" for v, n in re.findall(r"<title>([^<:]+): (\d+) of \d+ host", page)))
EOF
)
want=$(jq -r '.boot.verdicts | ["would not boot","incomplete",
	"no boot-path dependent (later only)","no boot-path dependent","not audited from boot"]
	as $o | [$o[] as $k | "\($k)=\(.[$k])"] | join(" ")' <<<"$m")
tap_is "$verdicts" "$want" "the verdict chart's bars count what report -f json counts"
tap_ok $(grep -q '<h2 id="kernels">' "$tmp/fleet.html" && grep -q '<td>6.1.0-28-amd64</td>' \
	"$tmp/fleet.html" && grep -q '<h2 id="incomplete">' "$tmp/fleet.html" &&
	grep -q '<td>stopped-before-adoption</td>' "$tmp/fleet.html" &&
	grep -q '<h2 id="packages">' "$tmp/fleet.html"; echo $?) \
	"the page has the kernels, the incomplete hosts and why, the packages"

# ---- a large fleet: the page is bounded, --details lists every host ---------
python3 "$pic/fleet.py" "$tmp/big" 2000 "$pic/boot-twostage.json" "$fx/boot-clean.json" \
	"$fx/boot-stopped.json" "$fx/web-01.json" "$fx/db-01.json"
(cd "$tmp/big" && "$sa" report -f html $(ls | head -n 1000) >"$tmp/p1000.html" 2>/dev/null &&
	"$sa" report -f html ./*.json >"$tmp/p2000.html" 2>/dev/null &&
	"$sa" report -f html --details ./*.json >"$tmp/d2000.html" 2>/dev/null)
tap_ok $? "report -f html over 1 000 and 2 000 generated hosts"
rows() { grep -c '^<tr><td>[^<]*-[0-9]\{6\}</td><td>[^<]*</td><td class="v' "$1"; }
s1000=$(stat -c %s "$tmp/p1000.html")
s2000=$(stat -c %s "$tmp/p2000.html")
tap_diag <<<"page bytes: 1000 hosts $s1000, 2000 hosts $s2000, 2000 with --details $(stat -c %s "$tmp/d2000.html")"
tap_is "$(rows "$tmp/p2000.html")" 200 "2 000 hosts: the host table lists 200 (SA_HTML_MAX_HOSTS)"
# From 1 000 hosts on every list is at its bound (200 of them incomplete).
tap_ok $([ "$s2000" -lt $((s1000 * 102 / 100)) ]; echo $?) \
	"2 000 hosts make a page within 2% of 1 000 hosts' ($s2000 vs $s1000 bytes)"
tap_ok $(grep -q '1800 more host(s) not listed' "$tmp/p2000.html"; echo $?) \
	"the page says how many hosts it did not list, and how to list them"
tap_is "$(rows "$tmp/d2000.html")" 2000 "--details lists every host (2 000)"
tap_ok $(grep -qF '<td>deb12-twostage-000000</td>' "$tmp/p2000.html" &&
	 ! grep -qF '<td>web-01-000003</td><td>' "$tmp/p2000.html"; echo $?) \
	"the listed hosts are the worst first (would not boot before not audited)"

tap_done
