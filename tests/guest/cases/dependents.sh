# The dependents tracer against the fixtures: legacy_consumer does what the
# programs that needed the deprecated layout did, modern_consumer the same
# work today's way. The trace must name every legacy behaviour with the
# right kind, pid, exe and path, the poller once with its count, listeners
# started before and during the trace, a configured uevent helper and a #!
# helper script -- and never confirm the modern fixture.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 23

T=/tmp/trace.jsonl
POLLS=${POLLS:-20000}

# The dependents of the summary object, one per line (they hold no nested objects).
deps() {
	grep '"type":"dependents"' $T | sed 's/.*"dependents":\[//; s/\]}$//; s/},{/}\n{/g'
}
# dep PID KIND: the summary entries of PID with KIND.
dep() {
	deps | grep "\"kind\":\"$2\"" | grep "\"tgid\":$1,"
}
field() {	# field NAME (a number or a string) from stdin's first line
	head -n 1 | sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"
}
wait_file() {
	_i=0
	while [ ! -e "$1" ] && [ $_i -lt 300 ]; do usleep 20000; _i=$((_i + 1)); done
}

# A configured uevent helper (the kernels have no CONFIG_UEVENT_HELPER).
mkdir -p /etc/sysctl.d
echo "kernel.hotplug = /sbin/legacy-hotplug" >/etc/sysctl.d/50-hotplug.conf

# The cost of a miss storm without the tracer, for the figures.
vda_dev=$(readlink -f /sys/class/block/vda)
legacy_consumer poll "${vda_dev%/block/vda}/block:vda" $POLLS | sed 's/^/# untraced: /'

# Listeners already running when the trace starts.
legacy_consumer listen 600 /tmp/l1.ready >/tmp/l1.out &
l1=$!
modern_consumer listen 600 /tmp/m1.ready >/tmp/m1.out &
m1=$!
wait_file /tmp/l1.ready
wait_file /tmp/m1.ready

sed 's/^/# netlink: /' /proc/net/netlink
start_tracer $T --json -i 50
tpid=$tracer
diag "$(cat $T.err)"
check "tracer attached" grep -q "tracing device uevents" $T.err
check "dependents hooks attached" grep -q "dependents: [1-9][0-9]* of" $T.err

# A listener that starts during the trace.
legacy_consumer listen 600 /tmp/l2.ready >/tmp/l2.out &
l2=$!
wait_file /tmp/l2.ready

legacy_consumer join 600 /tmp/l3.ready >/tmp/l3.out &
l3=$!
wait_file /tmp/l3.ready

legacy_consumer probe vda >/tmp/lp.out 2>&1 &
lp=$!
wait $lp
sed 's/^/# legacy probe: /' /tmp/lp.out
modern_consumer probe vda >/tmp/mp.out 2>&1 &
mp=$!
wait $mp
sed 's/^/# modern probe: /' /tmp/mp.out

classname=$(sed -n 's/^did legacy-name \(.*block:vda\) .*/\1/p' /tmp/lp.out)
bus=$(sed -n 's/^did legacy-name \(.*\/bus\) .*/\1/p' /tmp/lp.out)
legacy_consumer poll "$classname" $POLLS >/tmp/poll.out &
pp=$!
wait $pp
sed 's/^/# traced: /' /tmp/poll.out

# A short-lived #! helper, as udev forked them.
printf '#!/bin/sh\n[ -e %s ]\nexit 0\n' "$bus" >/tmp/legacy-helper.sh
chmod +x /tmp/legacy-helper.sh
/tmp/legacy-helper.sh &
hp=$!
wait $hp

# An event that would have carried PHYSDEVPATH to the listeners.
echo change >/sys/class/block/vda/uevent
settle
usleep 300000
kill -INT $tpid
wait $tpid
check_eq "trace exit status" "$?" 0
kill $l1 $l2 $l3 $m1 2>/dev/null

deps | sed 's/^/# dep: /'
grep '"type":"dependents"' $T | sed 's/,"dependents":.*//; s/^/# summary: /'

# has DESC PID KIND REGEX: a summary entry of PID with KIND matches REGEX.
has() {
	_d=$1
	shift
	dep "$1" "$2" | grep -q -- "$3"
	ktap_result $? "$_d"
}
C='"confidence":"confirmed"'
LX='"exe":"/bin/legacy_consumer"'

has "listener started before the trace: pid $l1, group 1, confirmed, enumerated" $l1 listener \
	"$C.*$LX.*\"observed\":\"enumerated\""
has "listener started during the trace: pid $l2, group 1, confirmed" $l2 listener "$C.*$LX"
has "listener joined with NETLINK_ADD_MEMBERSHIP: pid $l3, confirmed" $l3 listener \
	"$C.*$LX.*\"observed\":\"join\""
has "modern listener (group 2) named, pid $m1" $m1 listener '"exe":"/bin/modern_consumer"'
has "readlink <dev>/bus: legacy-name, confirmed, pid $lp" $lp legacy-name "$C.*$LX.*\"path\":\"$bus\""
has "stat <parent>/<class>:<name>: legacy-name, confirmed" $lp legacy-name "$C.*\"path\":\"$classname\""
has "lstat /sys/block/vda: symlink-where-dir, confirmed" $lp symlink-where-dir "$C.*\"path\":\"/sys/block/vda\""
has "readlink /sys/block/vda/device: link-text" $lp link-text '"path":"/sys/devices/[^"]*/block/vda/device"'
has "DT_DIR-only readdir of /sys/class/net: legacy-readdir" $lp legacy-readdir '"path":"/sys/class/net"'
has "poller: legacy-name, confirmed, pid $pp" $pp legacy-name "$C.*\"path\":\"$classname\""
n=$(dep $pp legacy-name | field count)
diag "poller: $POLLS stat() calls, count $n"
[ "${n:-0}" -ge "$POLLS" ]
ktap_result $? "poller counted every lookup (count ${n:-none} >= $POLLS)"
n=$(grep '^{"type":"dependent",' $T | grep -c "\"tgid\":$pp,")
check_eq "poller: one live record" "$n" 1
recs=$(grep '"type":"dependents"' $T | field records)
misses=$(grep '"type":"dependents"' $T | field sysfs_misses)
diag "records emitted: $recs, sysfs misses seen: $misses"
[ "${recs:-999999}" -lt $((POLLS / 10)) ] && [ "${misses:-0}" -ge "$POLLS" ]
ktap_result $? "records emitted ($recs) a small fraction of the misses ($misses)"
has "#! helper script named by its script path" $hp legacy-name '"script":"/tmp/legacy-helper.sh"'
deps | grep '"kind":"helper"' | grep -q '"exe":"/sbin/legacy-hotplug".*"path":"/etc/sysctl.d/50-hotplug.conf"'
ktap_result $? "configured uevent helper named (kernel.hotplug in sysctl.d)"
deps | grep -e "\"tgid\":$mp," -e "\"tgid\":$m1," | grep -q "$C"
[ $? -ne 0 ]
ktap_result $? "the modern fixture is never confirmed"
n=$(grep -c '^{"type":"dependent",' $T)
[ "$n" -ge 8 ]
ktap_result $? "live dependent lines printed ($n)"
n=$(dep $l1 listener | field physdev_events_while_listening)
[ "${n:-0}" -ge 1 ]
ktap_result $? "listener $l1: events that would have carried PHYSDEV keys counted (${n:-none})"

# The table, and --no-dependents, on a short second trace.
start_tracer /tmp/table.out -d 4
legacy_consumer probe vda >/dev/null 2>&1
wait $tracer
grep -q "^DEP  *new  *legacy-name  *confirmed  *pid=[0-9]* comm=legacy_consumer exe=/bin/legacy_consumer" /tmp/table.out &&
	grep -q "^DEPENDENTS: " /tmp/table.out && grep -q "^/bin/legacy_consumer" /tmp/table.out
ktap_result $? "table: a DEP line per new dependent and the summary by executable"
grep -E "^DEP " /tmp/table.out | sed 's/^/# table: /'
sed -n '/^DEPENDENTS/,/^$/p' /tmp/table.out | sed 's/^/# table: /'
start_tracer /tmp/keys.out --json --no-dependents -d 3
legacy_consumer probe vda >/dev/null 2>&1
wait $tracer
! grep -q '"type":"dependent' /tmp/keys.out && grep -q '"type":"summary"' /tmp/keys.out
ktap_result $? "--no-dependents: keys only"
