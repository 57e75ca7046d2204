# `sysfs-audit abi watch` on a stock kernel (tests/guest/65-abi-watch.t):
# who opens the obsolete ABI's files, and who is never named.
. /tests/ktap.sh
ktap_plan 24

W=/tmp/watch.json
# One host per kernel when the host test merges the reports of all guests.
hostname "abi-$(uname -r)"
for m in $(cat /lib/abi-mods/order); do
	case $m in
	mac80211_hwsim.ko) ;;	# after the watch started: its device races the refresh
	*) insmod /lib/abi-mods/$m 2>/dev/null || diag "insmod $m: $?" ;;
	esac
done

sysfs-audit abi list >/tmp/list.txt 2>/tmp/list.err
check_eq "abi list (built-in table) exit status" "$?" 0
grep -q "the built-in table of linux-source $(uname -r | cut -d. -f1,2)\." /tmp/list.err
check "abi list: the built-in table of the running kernel's series" test $? -eq 0
sed 's/^/# list: /' /tmp/list.err

printf '#!/bin/sh\nread v </sys/firmware/acpi/hotplug/force_remove\necho "force_remove $v"\n' \
	>/tmp/acpi-check.sh
chmod +x /tmp/acpi-check.sh

sysfs-audit abi watch --abi /tests/abi/rfkill-state --abi /tests/abi/ABI --json \
	--fail-on-use >$W 2>$W.err &
watch=$!
check "watch attached (fentry kernfs_fop_open)" wait_line "abi watch: attached" $W.err

# The device's add and its attribute's read at once: no refresh in between.
insmod /lib/abi-mods/mac80211_hwsim.ko radios=1 && abi-reader /sys/class/rfkill/rfkill0/state
check_eq "hwsim's rfkill0 read right after the insmod" "$?" 0
/tmp/acpi-check.sh
# A walk over the same trees: listings and stats, no attribute opened.
ls -l /sys/class/rfkill/rfkill0/ /sys/class/rfkill/ >/dev/null
find /sys/class/rfkill/ /sys/firmware/acpi/hotplug/ >/dev/null
stat /sys/class/rfkill/rfkill0/state >/dev/null
# The replacement only.
abi-reader --dev /dev/rfkill
check_eq "the modern reader read /dev/rfkill" "$?" 0
usleep 500000
kill -INT $watch
wait $watch
check_eq "watch --fail-on-use exit status: an entry in use" "$?" 29
sed 's/^/# watch: /' $W.err

# One entry a line.
awk '{ gsub(/\{"file":/, "\n{\"file\":"); print }' $W >/tmp/entries
grep '"file":' /tmp/entries | grep -v '"verdict":"absent"' | sed 's/^/# entry: /'
state=$(grep '"what":"/sys/class/rfkill/rfkill\[0-9\]+/state"' /tmp/entries)
echo "$state" | grep -q '"verdict":"in-use"'
check_eq "rfkill state: in use" "$?" 0
echo "$state" | grep -q '"exe":"/bin/abi-reader"'
check_eq "  by abi-reader" "$?" 0
echo "$state" | grep -q '"path":"/sys/class/rfkill/rfkill0/state"'
check_eq "  through /sys/class/rfkill/rfkill0/state" "$?" 0
acpi=$(grep '"file":"obsolete/sysfs-firmware-acpi"' /tmp/entries)
if [ -e /sys/firmware/acpi/hotplug/force_remove ]; then
	echo "$acpi" | grep '"verdict":"in-use"' | grep -q '"script":"/tmp/acpi-check.sh"'
	check_eq "force_remove (obsolete/sysfs-firmware-acpi): in use by the script" "$?" 0
else
	echo "$acpi" | grep -q '"verdict":"absent"'
	check_eq "force_remove (obsolete/sysfs-firmware-acpi): absent, as /sys says" "$?" 0
fi
grep '"file":"removed/sysfs-class-rfkill"' /tmp/entries | grep -q '"verdict":"absent"'
check_eq "rfkill claim (removed/): absent on this host" "$?" 0
grep -q '"argv":"ls\|"argv":"find\|"argv":"stat' $W
check_eq "the ls/find/stat walk: never named" "$?" 1
grep -q -- '--dev' $W
check_eq "the /dev/rfkill reader: never named" "$?" 1
grep -q '"lost":0,' $W
check_eq "no record lost" "$?" 0
grep -o '"stats":{[^}]*}' $W | sed 's/^/# /'

# A storm of change uevents (udevadm trigger's) adds no node: the watch
# does not walk /sys again for it; one add does, once.
sysfs-audit abi watch --abi /tests/abi/rfkill-state --abi /tests/abi/ABI --json \
	>/tmp/refresh.json 2>/tmp/refresh.err &
watch=$!
wait_line "abi watch: attached" /tmp/refresh.err
for r in 1 2 3; do
	for f in /sys/class/tty/*/uevent /sys/class/block/*/uevent; do echo change >$f; done
	usleep 800000
done
usleep 1500000
echo add >/sys/class/rfkill/rfkill0/uevent
usleep 2500000
kill -INT $watch
wait $watch
grep -o '"stats":{[^}]*}' /tmp/refresh.json | sed 's/^/# change storm, then one add: /'
grep -q '"refreshes":1,' /tmp/refresh.json
check_eq "a change storm: no walk of /sys; one add: one" "$?" 0

# The text a person reads: a watch of a few seconds with one reader in it.
sysfs-audit abi watch --abi /tests/abi/rfkill-state --abi /tests/abi/ABI -d 20 \
	>/tmp/watch.txt 2>/tmp/watch.txt.err &
wait_line "abi watch: attached" /tmp/watch.txt.err
abi-reader /sys/class/rfkill/rfkill0/state >/dev/null
abi-reader /sys/class/rfkill/rfkill0/state >/dev/null
wait
grep -v ': absent on this host$' /tmp/watch.txt | sed 's/^/# text: /'
grep -A1 '^/tests/abi/rfkill-state:1 .*: in use' /tmp/watch.txt | grep -q 'by /bin/abi-reader: 2 opens'
check_eq "text: rfkill state in use by abi-reader, 2 opens counted" "$?" 0

# record --abi: the same watch beside the trace, its verdicts in the
# report's obsolete_abi section (format 1.6): the C reader named with its
# package (a dpkg file list owns it), the walk and /dev/rfkill never.
mkdir -p /var/lib/dpkg/info
echo /bin/abi-reader >/var/lib/dpkg/info/abi-reader.list
R=/tmp/abi-report.json
sysfs-audit record -o $R -N --abi=/tests/abi/rfkill-state --abi=/tests/abi/ABI -F obsolete \
	>/tmp/rec.out 2>&1 &
rec=$!
check "record --abi: the watch started" wait_line "watching [0-9]* obsolete ABI entries" /tmp/rec.out
abi-reader /sys/class/rfkill/rfkill0/state >/dev/null
ls -l /sys/class/rfkill/rfkill0/ /sys/class/rfkill/ >/dev/null
find /sys/class/rfkill/ /sys/firmware/acpi/hotplug/ >/dev/null
abi-reader --dev /dev/rfkill
usleep 500000
kill -INT $rec
wait $rec
check_eq "record --abi -F obsolete: an entry in use: exit 30" "$?" 30
sed 's/^/# record: /' /tmp/rec.out
grep -q '"version":"1.6"' $R
check_eq "the report is format 1.6" "$?" 0
awk '{ gsub(/\{"file":/, "\n{\"file\":"); print }' $R >/tmp/rentries
state=$(grep '"what":"/sys/class/rfkill/rfkill\[0-9\]+/state"' /tmp/rentries)
echo "$state" | sed 's/^/# report entry: /'
echo "$state" | grep '"verdict":"in-use"' | grep '"exe":"/bin/abi-reader"' |
	grep -q '"exe_package":"abi-reader"'
check_eq "report: rfkill state in-use by /bin/abi-reader, package abi-reader" "$?" 0
grep '"file":"removed/sysfs-class-rfkill"' /tmp/rentries | grep -q '"verdict":"absent"'
check_eq "report: rfkill claim (removed/) absent" "$?" 0
sed -n '/"obsolete_abi"/,$p' $R | grep -q '"argv":"ls\|"argv":"find\|--dev'
check_eq "report: the ls/find walk and the /dev/rfkill reader are not named" "$?" 1
sysfs-audit report -f markdown $R >/tmp/r.md
sed -n '/^## Obsolete ABI/,$p' /tmp/r.md | sed 's/^/# md: /'
row=$(grep -F '| /sys/class/rfkill/rfkill\[0-9\]+/state |' /tmp/r.md)
echo "$row" | grep -F '| 1 | 0 | 0 | /bin/abi-reader (abi-reader), ' | grep -qF "$(uname -r | sed 's/\./\\./g') (1 host) |"
check_eq "report -f markdown: the maintainer's row, this kernel" "$?" 0
sysfs-audit report --fail-on=obsolete $R >/dev/null
check_eq "report --fail-on=obsolete: exit 30" "$?" 30
# The report, to the host (tests/guest/65-abi-watch.t merges every kernel's).
echo "file abi-report.json begin"
base64 $R
echo "file abi-report.json end"
