#!/bin/bash
# The static side of the obsolete ABI (issue 46): `scan` and `rules` name
# the programs, scripts and rules that name an obsolete or removed ABI
# path, against real programs of Debian's archive (apt-get download and
# dpkg-deb -x into the cache, never installed), a fixture per reader that
# carries only the evidence its program carries, modern tools that use only
# the replacement (the GPIO character device, /dev/rfkill) as negative
# controls, the exit gate, and hostile input within the scan's bounds.
# The built-in table (6.12, then 6.1) is what is looked for.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)

# The table is built in when linux-source-6.1/-6.12 were installed at build time.
"$sa" abi list --root "$tmp" --json >"$tmp/list.json" 2>"$tmp/list.err"
grep -q 'obsolete/sysfs-gpio' "$tmp/list.json"
tap_ok $? "the built-in table has obsolete/sysfs-gpio (else: make with linux-source installed)"

# ---- the packages ------------------------------------------------------------
readers=(svxlink-gpio python3-gpiozero libhipi-perl kdump-tools i8kutils laptop-mode-tools)
modern=(gpiod libgpiod2 rfkill urfkill zram-tools systemd-zram-generator)
cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
ver() { apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ {print $2}'; }
# the tree's layout is part of the key: no doc or man pages (gzip data scan would name)
key=$(for p in "${readers[@]}" "${modern[@]}" no-doc; do echo "$p $(ver "$p")"; done |
	sha256sum | cut -c1-16)
pk=$cache/abi-static/tree-$key
if [ ! -f "$pk/.complete" ]; then
	rm -rf "$pk.tmp" && mkdir -p "$pk.tmp/debs"
	why=
	for p in "${readers[@]}" "${modern[@]}"; do
		v=$(ver "$p")
		if [ -z "$v" ] || [ "$v" = "(none)" ]; then
			why="$p has no candidate version (apt-get update, or not in this release)"
			break
		fi
		(cd "$pk.tmp/debs" && timeout 120 apt-get download -q "$p=$v" >"$tmp/dl.log" 2>&1) || {
			why="apt-get download $p=$v failed: $(tail -n 1 "$tmp/dl.log")"
			break
		}
	done
	if [ -n "$why" ]; then
		# only an unreachable archive skips; the rest of this file needs the programs
		tap_skip "real programs from Debian's archive" "the archive is unreachable: $why"
		rm -rf "$pk.tmp"
		tap_done
		exit
	fi
	for d in "$pk.tmp"/debs/*.deb; do
		p=$(dpkg-deb -f "$d" Package)
		mkdir -p "$pk.tmp/$p" && dpkg-deb -x "$d" "$pk.tmp/$p" || exit 1
		# the package's files, as dpkg would list them, for the package names
		mkdir -p "$pk.tmp/$p/var/lib/dpkg/info"
		dpkg-deb -c "$d" | awk '{ $1=$2=$3=$4=$5=""; sub(/^ +/, ""); sub(/ -> .*/, "");
			sub(/^\./, ""); sub(/\/$/, ""); if ($0 != "") print }' \
			>"$pk.tmp/$p/var/lib/dpkg/info/$p.list"
	done
	rm -rf "$pk.tmp/debs" "$pk.tmp"/*/usr/share/doc "$pk.tmp"/*/usr/share/man
	touch "$pk.tmp/.complete"
	rm -rf "$pk" && mv "$pk.tmp" "$pk"
fi
tap_ok 0 "${#readers[@]} readers and ${#modern[@]} modern packages unpacked in $pk"

# scan_json PKG PATH...: the JSON lines of `scan --root` over the package's tree
scan_json() {
	local p=$1
	shift
	"$sa" scan --json --root "$pk/$p" "${@/#/$pk/$p}" 2>>"$tmp/err"
}
# finding OUT KIND KEY [FILE-SUFFIX]: the finding with that kind and key is in OUT
finding() {
	jq -s -e --arg k "$2" --arg key "$3" --arg f "${4:-}" \
		'any(.[]; .type == "finding" and .kind == $k and .key == $key and
			(.file | endswith($f)))' "$1" >/dev/null
}

# ---- readers: what each names --------------------------------------------------
scan_json svxlink-gpio /usr/share/svxlink /etc/svxlink >"$tmp/svx.json"
jq -s -e 'any(.[]; .type == "finding" and .kind == "obsolete-abi" and
	.key == "/sys/class/gpio/$PIN" and .line == 29 and
	.abi.what == "/sys/class/gpio/" and .abi.file == "obsolete/sysfs-gpio" and
	.abi.date == "July 2008" and .confidence == "suspect (string evidence)" and
	.package == "svxlink-gpio")' "$tmp/svx.json" >/dev/null
tap_ok $? "svxlink-gpio: svxlink_gpio_up names /sys/class/gpio/\$PIN (line 29), obsolete/sysfs-gpio, July 2008, suspect, its package"
finding "$tmp/svx.json" obsolete-abi /sys/class/gpio /etc/svxlink/gpio.conf
tap_ok $? "svxlink-gpio: gpio.conf's GPIO_PATH=/sys/class/gpio"
finding "$tmp/svx.json" obsolete-abi-reader svxlink-gpio scripts/svxlink_gpio_down
tap_ok $? "svxlink-gpio: svxlink_gpio_down (only \$GPIO_PATH/unexport) is a known reader"

scan_json python3-gpiozero /usr/lib/python3/dist-packages/gpiozero/pins >"$tmp/gz.json"
finding "$tmp/gz.json" obsolete-abi /sys/class/gpio pins/native.py
tap_ok $? "python3-gpiozero: pins/native.py names /sys/class/gpio"
[ "$(jq -s '[.[] | select(.type == "finding" and .kind == "obsolete-abi")] | length' \
	"$tmp/gz.json")" = 1 ]
tap_ok $? "python3-gpiozero: only native.py, its other pin factories use the chardev or /dev/mem"

scan_json libhipi-perl /usr/lib >"$tmp/hipi.json"
finding "$tmp/hipi.json" obsolete-abi /sys/class/gpio HiPi/Device/GPIO.pm &&
	finding "$tmp/hipi.json" obsolete-abi '/sys/class/gpio/gpio$params{pinid}' GPIO/Pin.pm
tap_ok $? "libhipi-perl: GPIO.pm's '/sys/class/gpio', Pin.pm's qq(/sys/class/gpio/gpio\$params{pinid})"

scan_json kdump-tools /usr/sbin/kdump-config >"$tmp/kd.json"
jq -s -e 'any(.[]; .key == "/sys/kernel/fadump_enabled" and
	.abi.file == "obsolete/sysfs-kernel-fadump_enabled")' "$tmp/kd.json" >/dev/null &&
	jq -s -e 'any(.[]; .key == "/sys/kernel/fadump_registered" and
		.abi.file == "obsolete/sysfs-kernel-fadump_registered")' "$tmp/kd.json" >/dev/null
tap_ok $? "kdump-tools: kdump-config names fadump_enabled and fadump_registered, each its entry"

scan_json i8kutils /usr/bin/i8kctl >"$tmp/i8k.json"
jq -s -e 'any(.[]; .kind == "obsolete-abi" and .key == "/proc/i8k" and .offset > 0 and
	.abi.file == "obsolete/procfs-i8k")' "$tmp/i8k.json" >/dev/null
tap_ok $? "i8kutils: the ELF i8kctl names /proc/i8k (in \"can't open /proc/i8k\"), with its offset"

scan_json laptop-mode-tools /usr/share/laptop-mode-tools/modules/runtime-pm >"$tmp/lmt.json"
[ "$(jq -s '[.[] | select(.kind == "obsolete-abi")] | length' "$tmp/lmt.json")" = 0 ] &&
	jq -s -e 'any(.[]; .kind == "obsolete-abi-reader" and .abi.file == "obsolete/sysfs-bus-usb" and
		.confidence == "suspect (known reader)")' "$tmp/lmt.json" >/dev/null
tap_ok $? "laptop-mode-tools: \"\$runtime_device\"/power/level is no string evidence; a known reader"

# ---- fixtures: only the evidence each program carries ---------------------------
mkdir -p "$tmp/fx"
cat >"$tmp/fx/gpio_up" <<'SH'
#!/bin/sh
PIN=gpio4
if [ ! -e /sys/class/gpio/$PIN ]; then
  echo 4 > $GPIO_PATH/export
fi
SH
printf '%s\n' '#include <stdio.h>' \
	'int main(void) { FILE *f = fopen("/proc/i8k", "r");' \
	'	if (!f) { perror("can'"'"'t open /proc/i8k"); return 1; } return 0; }' >"$tmp/fx/i8k.c"
gcc -O2 -o "$tmp/fx/i8kctl" "$tmp/fx/i8k.c"
"$sa" scan --json "$tmp/fx/gpio_up" "$tmp/fx/i8kctl" >"$tmp/fx.json" 2>>"$tmp/err"
jq -s -e 'any(.[]; .key == "/sys/class/gpio/$PIN" and .line == 3)' "$tmp/fx.json" >/dev/null &&
	finding "$tmp/fx.json" obsolete-abi /proc/i8k fx/i8kctl &&
	[ "$(jq -s '[.[] | select(.type == "finding")] | length' "$tmp/fx.json")" = 2 ]
tap_ok $? "fixtures: the svxlink-like script and an i8kctl-like program, each one finding"

# ---- modern tools and other negative controls -----------------------------------
for p in "${modern[@]}"; do
	"$sa" scan --json --fail-on=obsolete "$pk/$p" >"$tmp/m.json" 2>>"$tmp/err"
	st=$?
	n=$(jq -s '[.[] | select(.confidence != null)] | length' "$tmp/m.json")
	files=$(jq -s '[.[] | select(.type == "summary")][0].files' "$tmp/m.json")
	[ "$n" = 0 ] && [ "$st" = 0 ] && [ "${files:-0}" -gt 0 ]
	tap_ok $? "$p ($files files): nothing of the obsolete ABI, exit $st with --fail-on=obsolete"
done
strings -a "$pk"/libgpiod2/usr/lib/*/libgpiod.so.2* | grep -q '^/dev/gpiochip%u$' &&
	strings -a "$pk/rfkill/usr/sbin/rfkill" | grep -q '^/sys/class/rfkill/rfkill%u/%s$'
tap_ok $? "the controls are what they are said to be: libgpiod opens /dev/gpiochip%u, rfkill names rfkill%u/%s"

# ---- output: unchanged without evidence, gated on request -----------------------
"$sa" scan "$pk/gpiod" "$pk/zram-tools" >"$tmp/with.out" 2>"$tmp/with.err"
s1=$?
"$sa" scan --no-abi "$pk/gpiod" "$pk/zram-tools" >"$tmp/without.out" 2>"$tmp/without.err"
s2=$?
cmp -s "$tmp/with.out" "$tmp/without.out" && cmp -s "$tmp/with.err" "$tmp/without.err" &&
	[ $s1 = $s2 ]
tap_ok $? "no evidence: stdout, stderr and exit status are those of --no-abi"

"$sa" scan "$pk/svxlink-gpio/usr/share/svxlink" >"$tmp/g.out" 2>"$tmp/g.err"
tap_is "$?" 0 "scan: names of obsolete ABI alone leave the exit status 0"
grep -q 'paths of obsolete or removed ABI named' "$tmp/g.err" &&
	grep -q "note: names /sys/class/gpio/, obsolete ABI (Documentation/ABI/obsolete/sysfs-gpio: since July 2008, kernel 2.6.27): suspect (string evidence)" "$tmp/g.out"
tap_ok $? "text: the entry, its file, date and kernel, the confidence; a summary line for them"
"$sa" scan --fail-on=obsolete "$pk/svxlink-gpio/usr/share/svxlink" >/dev/null 2>&1
tap_is "$?" 30 "scan --fail-on=obsolete: exit 30"
"$sa" scan --fail-on=findings "$pk/svxlink-gpio/usr/share/svxlink" >/dev/null 2>&1
tap_is "$?" 0 "scan --fail-on=findings: they are not findings of the old layout"
"$sa" scan --abi "$tmp/none" "$pk/svxlink-gpio" >/dev/null 2>&1
tap_is "$?" 28 "scan --abi of a missing path: exit 28"
"$sa" scan --abi x --no-abi "$pk/svxlink-gpio" >/dev/null 2>&1
tap_is "$?" 2 "--abi with --no-abi: usage"

# --abi FILE: an entry of one's own (rfkill's state is not obsolete in 6.1 or 6.12)
printf 'What:\t\t/sys/class/rfkill/rfkill[0-9]+/state\nDate:\t\t09-Jul-2007\nDescription:\tstate\n' \
	>"$tmp/rfkill-state"
printf '%s\n' '#include <stdio.h>' \
	'int main(int c, char **v) { char p[64]; (void)v;' \
	'	snprintf(p, sizeof(p), "/sys/class/rfkill/rfkill%d/state", c); return !fopen(p, "r"); }' \
	>"$tmp/fx/st.c"
gcc -O2 -o "$tmp/fx/rfkill_state" "$tmp/fx/st.c"
"$sa" scan --json --abi "$tmp/rfkill-state" "$tmp/fx/rfkill_state" "$pk/rfkill" >"$tmp/st.json" 2>>"$tmp/err"
finding "$tmp/st.json" obsolete-abi /sys/class/rfkill/rfkill%d/state fx/rfkill_state &&
	[ "$(jq -s '[.[] | select(.kind == "obsolete-abi")] | length' "$tmp/st.json")" = 1 ]
tap_ok $? "--abi FILE: a reader of rfkill%d/state is named; util-linux rfkill's rfkill%u/%s is not"

# ---- udev rules -------------------------------------------------------------------
mkdir -p "$tmp/rules"
cat >"$tmp/rules/60-gpio.rules" <<'R'
SUBSYSTEM=="gpio", KERNEL=="gpio*", ACTION=="add", RUN+="/bin/chgrp gpio /sys%p/value"
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", ACTION=="add", PROGRAM="/bin/sh -c 'echo 17 > /sys/class/gpio/export'"
ACTION=="add", SUBSYSTEM=="usb", TEST=="power/level", ATTR{power/level}="auto"
SUBSYSTEM=="rfkill", ATTR{claim}="1"
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", MODE="0660", GROUP="gpio"
SUBSYSTEM=="usb", TEST=="power/control", ATTR{power/control}="auto"
SUBSYSTEM=="rfkill", ATTR{soft}="0"
R
"$sa" rules --json "$tmp/rules/60-gpio.rules" >"$tmp/r.json" 2>>"$tmp/err"
jq -s -c '[.[] | select(.type == "finding") | [.line, .kind, .key]]' "$tmp/r.json" >"$tmp/r.got"
echo '[[1,"obsolete-abi","/sys/class/gpio/gpio*/value"],[2,"obsolete-abi","/sys/class/gpio/export"],[3,"obsolete-abi","/sys/bus/usb/devices/*/power/level"],[4,"removed-abi","/sys/class/rfkill/*/claim"]]' >"$tmp/r.want"
cmp -s "$tmp/r.got" "$tmp/r.want"
tap_ok $? "rules: ATTR on gpio and usb devices, RUN and PROGRAM paths, rfkill's removed claim; the chardev's, power/control and soft are not"
[ $? = 0 ] || { echo "# got:  $(cat "$tmp/r.got")"; echo "# want: $(cat "$tmp/r.want")"; }
"$sa" rules --fail-on=obsolete "$tmp/rules/60-gpio.rules" >/dev/null 2>&1
tap_is "$?" 30 "rules --fail-on=obsolete: exit 30"
rr=$(find "$pk" -path '*/udev/rules.d/*.rules' | head -n 20)
"$sa" rules --json --fail-on=obsolete $rr >"$tmp/rr.json" 2>>"$tmp/err"
st=$?
[ -n "$rr" ] && [ $st = 0 ] && [ "$(jq -s '[.[] | select(.confidence != null)] | length' "$tmp/rr.json")" = 0 ]
tap_ok $? "the packages' own udev rules ($(echo "$rr" | wc -w) files): nothing, exit $st"

# ---- hostile input: the scan's bounds hold -------------------------------------------
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "echo 1 > /sys/class/gpio/gpio%d/value\n", i }' \
	>"$tmp/many.sh"
timeout 60 "$sa" scan --json "$tmp/many.sh" >"$tmp/many.json" 2>/dev/null
tap_is "$?" 0 "200 000 distinct gpio paths in one script: done, exit 0"
[ "$(jq -s '[.[] | select(.kind == "obsolete-abi")] | length' "$tmp/many.json")" = 32 ] &&
	jq -s -e 'any(.[]; .kind == "obsolete-abi-more" and .key == "199968 more")' "$tmp/many.json" >/dev/null
tap_ok $? "the first 32, then one finding that counts the other 199 968"
perl -e 'print "/sys/class/gpio/gpio", "%d" x 500000, "/value\n"; print "/sys/" x 300000, "\n";
	print "/sys/bus/usb/devices/", "%s/" x 120, "power/level\n"' >"$tmp/holes.sh"
timeout 60 "$sa" scan --json "$tmp/holes.sh" >"$tmp/holes.json" 2>/dev/null
st=$?
[ $st = 0 ] && jq -s -e 'any(.[]; .type == "summary" and .obsolete == 2)' "$tmp/holes.json" >/dev/null
tap_ok $? "a million-byte path of holes, 300 000 '/sys/', 120 holes under ...: bounded, exit $st"

[ -s "$tmp/err" ] && grep -v 'sysfs-audit scan:\|sysfs-audit rules:' "$tmp/err" | head -n 5 | tap_diag
tap_done
