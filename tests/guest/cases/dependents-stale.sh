# A lookup of a name that a rename or a remove has just taken away is no
# legacy dependent. udev and most tools look a device up again on its
# remove or move event; the model of /sys read before the change still
# has the device's legacy path (/class/net/<name>) there, and judged on it
# the miss "breaks" by miss-legacy-path (issue 28). A legacy-only name of
# a device that stays (nash's <parent>/block:vda) still breaks after the
# same changes.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 9

T=/tmp/trace.jsonl
# One program per lookup: a live line is printed once per program, so each
# lookup gets its own copy of BusyBox (an applet by its name, "ls").
for p in renamed removed steady; do
	mkdir -p /tmp/$p
	cp /bin/busybox /tmp/$p/ls
done
# The live dependent lines of program $1.
lines() { grep '^{"type":"dependent",' $T | grep -- "\"exe\":\"$1\""; }

modprobe dummy numdummies=2
check "two dummy netdevs" test -e /sys/class/net/dummy0 -a -e /sys/class/net/dummy1

start_tracer $T --json -i 50
check "tracer attached, model read with dummy0 and dummy1" grep -q "tracing device uevents" $T.err

# At once, well inside the loader's once-a-second reload of the model.
ip link set dummy0 name renamed0
check "dummy0 renamed to renamed0" test -e /sys/class/net/renamed0
/tmp/renamed/ls /sys/class/net/dummy0 >/dev/null 2>&1
rmmod dummy
check "dummy removed" test ! -e /sys/class/net/dummy1
/tmp/removed/ls /sys/class/net/dummy1 >/dev/null 2>&1

vda_dev=$(readlink -f /sys/class/block/vda)
/tmp/steady/ls "${vda_dev%/block/vda}/block:vda" >/dev/null 2>&1
stop_tracer $T

lines /tmp/renamed/ls | grep -q '"confidence":"breaks"'
[ $? -ne 0 ]
ktap_result $? "the renamed-away /sys/class/net/dummy0: no breaks"
lines /tmp/removed/ls | grep -q '"confidence":"breaks"'
[ $? -ne 0 ]
ktap_result $? "the removed /sys/class/net/dummy1: no breaks"
lines /tmp/steady/ls | grep -q '"confidence":"breaks","rule":"miss-legacy-link"'
ktap_result $? "<parent>/block:vda after the changes: still breaks (miss-legacy-link)"
lost=$(sed -n '/"type":"dependents"/{s/.*"lost":\([0-9]*\).*/\1/p;q;}' $T)
check_eq "no dependents' record lost" "${lost:-x}" 0
