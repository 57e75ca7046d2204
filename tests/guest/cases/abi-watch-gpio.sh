# `sysfs-audit record --abi` and the GPIO sysfs interface
# (obsolete/sysfs-gpio, What: /sys/class/gpio/) on our patched kernels
# (tests/guest/65-abi-watch.t): a gpio-sim chip made from configfs; a #!
# script that exports a line, toggles its value and unexports it is "in
# use" with its interpreter and both packages; an `ls`/`find`/`udevadm`
# walk over /sys/class/gpio and Debian 12's gpioget/gpioset (the character
# device) are never named; a storm of export/read/unexport cycles loses
# nothing and every read right after its export (before any resolve could
# know the new gpioN directory) is counted.
. /tests/ktap.sh
ktap_plan 21

D=/opt/deb
R=/tmp/abi-report.json
LINES=8
STORM=${ABI_GPIO_STORM:-300}
# One host per kernel when the host test merges the reports of all guests.
hostname "abi-$(uname -r)"

# Debian's files live below /opt/deb: the loader and the libraries.
mkdir -p /usr/lib /usr/sbin /run
ln -s $D/lib64 /lib64
ln -s $D/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu
ln -s $D/usr/lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu
export LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu:$D/usr/lib/x86_64-linux-gnu:$D/lib/systemd
DASH=$D/bin/dash

# A chip of $LINES lines from gpio-sim's configfs.
modprobe gpio-sim 2>/dev/null || diag "modprobe gpio-sim: $?"
mount -t configfs configfs /sys/kernel/config 2>/dev/null
C=/sys/kernel/config/gpio-sim/abi
mkdir $C && mkdir $C/bank0 && echo $LINES >$C/bank0/num_lines && echo 1 >$C/live
check_eq "gpio-sim chip live" "$(cat $C/live 2>/dev/null)" 1
cdev=$(cat $C/bank0/chip_name 2>/dev/null)
chips=$(ls -d /sys/class/gpio/gpiochip* 2>/dev/null)
diag "gpio-sim: /dev/$cdev, sysfs $chips"
check_eq "one chip in /sys/class/gpio" "$(echo "$chips" | wc -w)" 1
base=$(cat "$chips/base")
check "/dev/$cdev is the character device" test -c "/dev/$cdev"

# The sysfs way, as boards' scripts do it; owned by a package of its own
# (a dpkg file list, as dpkg would write it), run by Debian's dash.
cat >/usr/sbin/gpio-blink <<EOF
#!$DASH
# Export line \$1, drive it 1 0 1 0, read it back, give it back.
G=/sys/class/gpio
echo \$1 >\$G/export
echo out >\$G/gpio\$1/direction
for v in 1 0 1 0; do
	echo \$v >\$G/gpio\$1/value
done
read v <\$G/gpio\$1/value
echo \$1 >\$G/unexport
EOF
cat >/usr/sbin/gpio-storm <<EOF
#!$DASH
# \$2 cycles: export line \$1, read its value at once, unexport it.
G=/sys/class/gpio
i=0
while [ \$i -lt \$2 ]; do
	echo \$1 >\$G/export
	read v <\$G/gpio\$1/value
	echo \$1 >\$G/unexport
	i=\$((i + 1))
done
EOF
chmod +x /usr/sbin/gpio-blink /usr/sbin/gpio-storm
mkdir -p /var/lib/dpkg/info
printf '/usr/sbin/gpio-blink\n/usr/sbin/gpio-storm\n' >/var/lib/dpkg/info/gpio-scripts.list

# The line the walk lists, exported and unexported outside the watch: this
# shell's own writes are no subject of the test.
walk=$((base + 5))
echo $walk >/sys/class/gpio/export
diag "gpio$walk is $(readlink -f /sys/class/gpio/gpio$walk)"

sysfs-audit record -o $R -N --abi=/tests/abi/ABI -F obsolete >/tmp/rec.out 2>&1 &
rec=$!
check "record --abi: the watch started" wait_line "watching [0-9]* obsolete ABI entries" /tmp/rec.out

blink=$((base + 3))
/usr/sbin/gpio-blink $blink
check_eq "gpio-blink exported, toggled and unexported gpio$blink" "$?" 0
storm=$((base + 4))
/usr/sbin/gpio-storm $storm $STORM
check_eq "gpio-storm: $STORM export/read/unexport cycles of gpio$storm" "$?" 0
check "gpio$storm is unexported at the end" test ! -e /sys/class/gpio/gpio$storm

# A walk over the tree: listings, stats, links read; no attribute opened.
ls -l /sys/class/gpio/ /sys/class/gpio/gpio$walk/ "$chips/" >/dev/null
find /sys/class/gpio/ /sys/class/gpio/gpio$walk/ >/dev/null
$D/bin/udevadm trigger --dry-run --verbose --subsystem-match=gpio >/tmp/udevadm.out 2>&1
check "udevadm trigger --dry-run lists the gpio class" grep -q "/gpio$walk\$" /tmp/udevadm.out

# The replacement only: libgpiod's tools on the character device.
$D/usr/bin/gpioset "$cdev" 6=1
check_eq "gpioset $cdev 6=1" "$?" 0
check_eq "gpioget $cdev 6: the simulated line (pulled down) reads 0" \
	"$($D/usr/bin/gpioget "$cdev" 6 2>&1)" 0
usleep 1500000
kill -INT $rec
wait $rec
check_eq "record --abi -F obsolete: an entry in use: exit 30" "$?" 30
echo $walk >/sys/class/gpio/unexport
sed 's/^/# record: /' /tmp/rec.out | grep -v 'WARN.*dependents' | tail -n 5

# One entry a line, one user a line.
awk '{ gsub(/\{"file":/, "\n{\"file\":"); print }' $R >/tmp/entries
gpio=$(grep '"file":"obsolete/sysfs-gpio"' /tmp/entries)
echo "$gpio" | sed 's/"users":.*//; s/^/# entry: /'
echo "$gpio" | grep -q '"verdict":"in-use"'
check_eq "obsolete/sysfs-gpio (/sys/class/gpio/): in use" "$?" 0
echo "$gpio" | awk '{ gsub(/\{"exe":/, "\n{\"exe\":"); print }' | grep '^{"exe":' >/tmp/users
sed 's/"pids".*//; s/^/# user: /' /tmp/users
u=$(grep '"script":"/usr/sbin/gpio-blink"' /tmp/users)
echo "$u" | grep "\"exe\":\"$DASH\"" | grep '"exe_package":"dash"' |
	grep -q '"script_package":"gpio-scripts"'
check_eq "  by gpio-blink (package gpio-scripts), run by $DASH (package dash)" "$?" 0
# export, direction, value written 4 times and read once, unexport.
check_eq "  gpio-blink's opens: 8, the first ones right after its export" \
	"$(echo "$u" | sed -n 's/.*"opens":\([0-9]*\).*/\1/p')" 8
u=$(grep '"script":"/usr/sbin/gpio-storm"' /tmp/users)
check_eq "  gpio-storm's opens: 3 a cycle, $((3 * STORM)) (nothing missed)" \
	"$(echo "$u" | sed -n 's/.*"opens":\([0-9]*\).*/\1/p')" $((3 * STORM))
check_eq "  no other program" "$(wc -l </tmp/users)" 2
sed 's/.*"obsolete_abi"://' $R >/tmp/abi-section
grep -q '"argv":"ls\|"argv":"find\|udevadm' /tmp/abi-section
check_eq "the ls/find/udevadm walk: never named" "$?" 1
grep -q 'gpioset\|gpioget\|libgpiod' /tmp/abi-section
check_eq "gpioset/gpioget (the character device): never named" "$?" 1
stats=$(grep -o '"stats":{[^}]*}' /tmp/abi-section | grep '"candidates"')
diag "$stats"
lost=$(echo "$stats" | sed -n 's/.*"lost":\([0-9]*\),"map_full":\([0-9]*\),.*"unconfirmed":\([0-9]*\),.*"malformed":\([0-9]*\).*/\1 \2 \3 \4/p')
check_eq "nothing lost: lost, map_full, unconfirmed, malformed" "$lost" "0 0 0 0"
sysfs-audit report --fail-on=obsolete $R >/dev/null
check_eq "report --fail-on=obsolete: exit 30" "$?" 30
sysfs-audit report -f markdown $R >/tmp/r.md
sed -n '/^## Obsolete ABI/,$p' /tmp/r.md | sed 's/^/# md: /'
grep -F '| obsolete/sysfs-gpio |' /tmp/r.md | grep -F '| 1 | 0 | 0 |' |
	grep -qF '/usr/sbin/gpio-blink (gpio-scripts)'
check_eq "report -f markdown: the maintainer's row for sysfs-gpio" "$?" 0

# The report, to the host (tests/guest/65-abi-watch.t merges every kernel's).
echo "file abi-report.json begin"
base64 $R
echo "file abi-report.json end"
