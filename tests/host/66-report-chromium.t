#!/bin/bash
# The two pictures in a real browser: Debian's chromium, headless, bounded
# in time, with a network that resolves nothing. For the boot timeline of
# a two-stage boot (tests/host/pictures/boot-twostage.json), the same with
# crafted strings, and the fleet page of the fixtures plus crafted hosts
# and of 1 000 generated hosts: no console message (a script error or a
# blocked load or style shows there), nothing that could load, and the
# crafted host names are text in the DOM, not elements. The screenshots
# stay in build/pictures/ (printed), for a person to look at.
# Negative control: the page with one host name unescaped fails the checks.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
fx=$top/tests/host/reports
pic=$top/tests/host/pictures
check="python3 $pic/check_page.py"
out_dir=$top/build/pictures
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
command -v jq >/dev/null || { tap_ok 1 "jq installed (make deps)"; tap_done; exit; }
command -v chromium >/dev/null ||
	{ tap_ok 1 "chromium installed (scripts/install-deps.sh browser)"; tap_done; exit; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out_dir"

chromium_profile=$tmp/profile
. "$top/tests/lib/chromium.sh"
# judge NAME FILE TEXT...: render FILE; the DOM, the console, the screenshot.
judge() {
	local name=$1 file=$2 st msgs bad
	shift 2
	chromium_browse dom "$file" "$tmp/$name.dom"
	st=$?
	msgs=$(chromium_console "$tmp/$name.dom.log")
	bad=$($check dom "$tmp/$name.dom" "$@")
	[ -z "$msgs$bad" ] || printf '%s\n%s\n' "$msgs" "$bad" | tap_diag
	tap_ok $([ $st = 0 ] && [ -z "$msgs" ] && [ -z "$bad" ]; echo $?) \
		"$name: chromium renders it (exit $st), no console message, the names are text"
	chromium_browse shot "$file" "$out_dir/$name.png" "${HEIGHT:-1000}"
	st=$?
	tap_ok $([ $st = 0 ] && [ -s "$out_dir/$name.png" ] &&
		 [ -z "$(chromium_console "$out_dir/$name.png.log")" ]; echo $?) \
		"$name: screenshot $out_dir/$name.png"
	rm -f "$out_dir/$name.png.log"
}

# The crafted report and host (as in 65-report-pictures.t).
crafted_host='<script>alert(1)</script>'
jq --arg h "$crafted_host" '.host.hostname = $h | .host.kernel = "6.1&<i>k</i>"
	| .host.machine_id = "c4af7ed0000000000000000000000001"
	| .dependents[0].executable = "<img src=x onerror=alert(1)>"
	| .dependents[0].package = "\"><b>pkg</b>"' \
	"$pic/boot-twostage.json" >"$tmp/crafted.json"

"$sa" report --svg "$tmp/boot-twostage.svg" "$pic/boot-twostage.json" >/dev/null 2>&1 &&
	"$sa" report --svg "$tmp/boot-crafted.svg" "$tmp/crafted.json" >/dev/null 2>&1 &&
	"$sa" report -f html "$fx"/*.json "$pic/boot-twostage.json" "$tmp/crafted.json" \
		>"$tmp/fleet-crafted.html" 2>/dev/null
tap_ok $? "report --svg and report -f html wrote the pictures"
python3 "$pic/fleet.py" "$tmp/fleet" 1000 "$pic/boot-twostage.json" "$fx/boot-clean.json" \
	"$fx/boot-stopped.json" "$fx/boot-mdev.json" "$fx/web-01.json" "$fx/db-01.json" \
	"$fx/web-02.json" "$fx/guest-patched.json"
(cd "$tmp/fleet" && "$sa" report -f html ./*.json >"$tmp/fleet-1000.html" 2>/dev/null)
tap_ok $? "report -f html over 1 000 generated hosts"
for f in boot-twostage.svg boot-crafted.svg fleet-crafted.html fleet-1000.html; do
	bad=$($check source "$tmp/$f")
	[ -z "$bad" ] || tap_diag <<<"$bad"
	tap_ok $([ -z "$bad" ]; echo $?) "$f: no script, no src, no URL to load"
	cp "$tmp/$f" "$out_dir/"
done

HEIGHT=720 judge boot-twostage "$tmp/boot-twostage.svg" "deb12-twostage — boot audit: would not boot"
HEIGHT=720 judge boot-crafted "$tmp/boot-crafted.svg" "$crafted_host — boot audit" \
	"<img src=x onerror=alert(1)>" '"><b>pkg</b>' "6.1&<i>k</i>"
judge fleet-crafted "$tmp/fleet-crafted.html" "$crafted_host" "<img src=x onerror=alert(1)>" \
	"6.1&<i>k</i>" "deb12-twostage"
HEIGHT=1800 judge fleet-1000 "$tmp/fleet-1000.html" "sysfs-audit: 1000 host(s)" \
	"800 more host(s) not listed"

# The checks can fail: one host name unescaped is an element and a blocked script.
sed 's|&lt;script&gt;alert(1)&lt;/script&gt;|<script>alert(1)</script>|' \
	"$tmp/fleet-crafted.html" >"$tmp/broken.html"
chromium_browse dom "$tmp/broken.html" "$tmp/broken.dom"
tap_ok $([ -n "$(chromium_console "$tmp/broken.dom.log")" ] &&
	 ! $check dom "$tmp/broken.dom" "$crafted_host" >/dev/null; echo $?) \
	"negative control: the page with the host name unescaped has a console message and a <script>"

ls "$out_dir"/*.png | tap_diag
tap_done
