#!/bin/bash
# `sysfs-audit abi list` (no BPF) on a small /sys in a directory: the
# entries of --abi directories and files resolved to the paths the tree
# has (through its class links), present or absent; the built-in table is
# the kernel trees' obsolete and removed sections, entry for entry; bad
# input gives its own exit status and names the file and line.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tool.sh"
[ -x "$sa" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

r=$t/root
mkdir -p "$r/sys/devices/virtual/ieee80211/phy0/rfkill0" "$r/sys/class/rfkill" \
	"$r/sys/firmware/acpi/hotplug" "$t/ABI/obsolete" "$t/ABI/removed"
echo 1 >"$r/sys/devices/virtual/ieee80211/phy0/rfkill0/state"
ln -s ../../devices/virtual/ieee80211/phy0/rfkill0 "$r/sys/class/rfkill/rfkill0"
echo 0 >"$r/sys/firmware/acpi/hotplug/force_remove"
printf 'What:\t\t/sys/firmware/acpi/hotplug/force_remove\nDate:\t\tMar 2017\nContact:\tlinux-acpi\nDescription:\n\t\tremoved\n' \
	>"$t/ABI/obsolete/sysfs-firmware-acpi"
printf 'What:\t\t/sys/class/gpio/\nDate:\t\tJuly 2008\nDescription:\n\t\tgpio\n' >"$t/ABI/obsolete/sysfs-gpio"
printf 'What:\t\t/sys/class/rfkill/rfkill[0-9]+/claim\nDate:\t\t09-Jul-2007\nDescription:\n\t\tgone\n' \
	>"$t/ABI/removed/sysfs-class-rfkill"
printf 'What:\t\t/sys/class/rfkill/rfkill[0-9]+/state\nDate:\t\t09-Jul-2007\nDescription:\n\t\tstate\n' \
	>"$t/rfkill-state"

out=$("$sa" abi list --abi "$t/ABI" --abi "$t/rfkill-state" --root "$r" 2>"$t/err")
st=$?
tap_diag <<<"$out"
tap_ok $st "abi list --abi DIR --abi FILE --root DIR: exit 0"
grep -q '^obsolete/sysfs-firmware-acpi:1 /sys/firmware/acpi/hotplug/force_remove: present \[1 path' <<<"$out"
tap_ok $? "a literal entry the tree has: present"
grep -qF "$t/rfkill-state:1 /sys/class/rfkill/rfkill[0-9]+/state: present [1 path, /sys/class/rfkill/rfkill0/state]" <<<"$out"
tap_ok $? "a wildcard entry, through the class link: present, with the path as the entry names it"
grep -q '^removed/sysfs-class-rfkill:1 .*claim: absent on this host' <<<"$out" &&
	grep -q '^obsolete/sysfs-gpio:1 /sys/class/gpio/: absent on this host' <<<"$out"
tap_ok $? "entries the tree lacks: absent on this host"
grep -q '^4 entries: 0 in use, 2 present, 2 absent$' <<<"$out"
tap_ok $? "the count line"
json=$("$sa" abi list --abi "$t/ABI" --root "$r" --json)
python3 -c 'import json,sys; d=json.load(sys.stdin); e={x["file"]: x for x in d["entries"]};
assert d["type"] == "abi-list" and d["watched_ms"] is None
assert e["obsolete/sysfs-firmware-acpi"]["verdict"] == "present" and e["obsolete/sysfs-firmware-acpi"]["paths"] == 1
assert e["obsolete/sysfs-gpio"]["verdict"] == "absent" and e["obsolete/sysfs-gpio"]["example"] is None' <<<"$json"
tap_ok $? "--json: one document, a verdict and the paths per entry"

# Bad input: its own status, the file and line named, the rest still listed.
printf 'What:\t\t/sys/class/x{a,b}/y\nDescription:\n\t\tbad\n' >"$t/ABI/obsolete/sysfs-bad"
out=$("$sa" abi list --abi "$t/ABI" --root "$r" 2>"$t/err")
st=$?
[ $st = 28 ] && grep -q 'obsolete/sysfs-bad:1: .*{a,b}' "$t/err" &&
	grep -q 'force_remove: present' <<<"$out"
tap_ok $? "an entry the reader does not understand: exit 28, named with its line, the rest listed ($st)"
rm "$t/ABI/obsolete/sysfs-bad"
"$sa" abi list --abi "$t/nonexistent" 2>"$t/err"
st=$?
[ $st = 28 ] && grep -q "nonexistent" "$t/err"
tap_ok $? "an --abi that does not exist: exit 28, named ($st)"
"$sa" abi list --abi "$r" 2>"$t/err"
st=$?
[ $st = 28 ]
tap_ok $? "an --abi directory without obsolete/: exit 28 ($st: $(head -c 120 "$t/err"))"
for args in "" "frob" "list extra" "list -d 5" "watch --root /" "list --fail-on-use"; do
	"$sa" abi $args >/dev/null 2>&1
	st=$?
	[ $st = 2 ]
	tap_ok $? "abi $args: exit 2 (usage) ($st)"
done

# The built-in table is the kernel trees' obsolete and removed, entry for entry.
for s in 6.1 6.12; do
	src=$("$top/kernel/source.sh" "$s" 2>/dev/null) || { tap_ok 1 "linux-source-$s unpacked"; continue; }
	ent() { python3 -c 'import json,sys; d=json.load(sys.stdin)
for e in d["entries"]: print(e["file"], e["line"], e["what"], e["date"])'; }
	a=$("$sa" abi list --series "$s" --root "$t/empty" --json 2>"$t/err" | ent)
	b=$("$sa" abi list --abi "$src/Documentation/ABI" --root "$t/empty" --json | ent)
	[ -n "$a" ] && [ "$a" = "$b" ] && grep -q "the built-in table of linux-source $s\." "$t/err"
	tap_ok $? "the built-in $s table is linux-source-$s's obsolete and removed ($(wc -l <<<"$a") entries)"
done
tap_done
