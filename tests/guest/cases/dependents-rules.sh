# Two rules the legacy fixtures do not reach, by real programs (issue 28):
#  - readlink-entry: BusyBox readlink (Debian 12's, the guest's own binary,
#    copied under its applet's name so it is a program of its own) of a
#    /sys/block and a /sys/class/<c> entry, which were directories in the
#    old layout: a suspect, never breaks;
#  - two entries of fallbacks[] in one line: a hotplug script (run by the
#    guest's BusyBox sh, carrying no key) that copes with both layouts,
#    "[ -e old ] || [ -L new ]" for <dev>/bus -> <dev>/subsystem and for
#    <parent>/block:vda -> /sys/class/block/vda: its legacy-name line falls
#    back, from both lookups, and does not break.
# miss-legacy-path has no case: on a live tree every legacy path and link
# that is missing is a name in its device's own directory, where
# miss-legacy-link decides first (docs/design.md).
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 8

T=/tmp/trace.jsonl
vda_dev=$(readlink -f /sys/class/block/vda)
parent=${vda_dev%/block/vda}
mkdir -p /tmp/r
cp /bin/busybox /tmp/r/readlink
cat >/tmp/r/both.sh <<EOS
#!/bin/sh
[ -e $parent/bus ] || [ -L $parent/subsystem ]
[ -e $parent/block:vda ] || [ -L /sys/class/block/vda ]
exit 0
EOS
chmod +x /tmp/r/both.sh

start_tracer $T --json -i 50
check "tracer attached" grep -q "tracing device uevents" $T.err
/tmp/r/readlink /sys/block/vda >/dev/null
/tmp/r/readlink /sys/class/net/lo >/dev/null
/tmp/r/both.sh
stop_tracer $T

# The summary's entry of exe $1 (and script $2) and kind $3.
entry() {
	sed -n '/"type":"dependents"/{s/.*"dependents":\[//; s/},{"type"/}\n{"type"/g; p;}' $T |
		grep "\"kind\":\"$3\"" | grep "\"exe\":\"$1\"" | grep -- "\"script\":$2,"
}
e=$(entry /tmp/r/readlink null link-text)
echo "$e" | grep -q '"confidence":"suspect","rule":"readlink-entry"'
ktap_result $? "BusyBox readlink of /sys/block/vda, /sys/class/net/lo: suspect [readlink-entry]"
echo "$e" | grep -q '"objects":2,'
ktap_result $? "... both entries in its one line"
e=$(entry /bin/busybox '"/tmp/r/both.sh"' legacy-name)
echo "$e" | grep -q '"confidence":"falls-back","rule":"modern-lookup"'
ktap_result $? "a script trying <dev>/bus and <parent>/block:vda, then the modern names: falls back"
echo "$e" | grep -q '"objects":2,'
ktap_result $? "... from both lookups, two entries of fallbacks[] (bus, <class>:<name>)"
# Live: each lookup breaks until its modern name comes, then the line is
# printed again; the last word on the live table is falls-back.
grep '^{"type":"dependent",' $T | grep '"script":"/tmp/r/both.sh"' | tail -n 1 |
	grep -q '"confidence":"falls-back"'
ktap_result $? "... the script's last live line says falls-back"
lost=$(sed -n '/"type":"dependents"/{s/.*"lost":\([0-9]*\).*/\1/p;q;}' $T)
check_eq "no dependents' record lost" "${lost:-x}" 0
