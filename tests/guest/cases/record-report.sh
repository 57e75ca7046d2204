# sysfs-audit record during the device workload, judged against netlink
# (ueventmon, independent of BPF); SIGTERM mid-storm still gives a valid
# report; SIGKILL leaves no report at all. The report and the Prometheus
# file go to the host (as "# report-json:" and "# prom:" lines) for the
# CI-style flow: report over it and two other hosts' reports.
. /tests/ktap.sh

. /tests/workload.sh
ktap_plan 21

hostname guest-patched
echo 5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a >/etc/machine-id

step() {	# the workload's steps, each followed by quiet
	_name=$1
	shift
	"$@" >/tmp/step.out 2>&1 || { diag "step $_name: '$*' failed:"; sed 's/^/# /' /tmp/step.out; }
	settle
}

# start_record OUT ARGS...: record in the background until it is tracing.
start_record() {
	_out=$1
	shift
	rm -f "$_out" "$_out.err"
	sysfs-audit record -o "$_out" "$@" 2>"$_out.err" &
	rec=$!
	_i=0
	# Loading takes long under emulation on a busy machine.
	while ! grep -q "tracing device uevents" "$_out.err" && [ $_i -lt 1500 ]; do
		usleep 200000
		_i=$((_i + 1))
	done
}

# ---- 1. record the whole workload, stopped by SIGTERM once quiet ----------
rm -f /tmp/ueventmon.ready
ueventmon -r /tmp/ueventmon.ready >/tmp/netlink.log &
nlpid=$!
start_record /tmp/report.json --prometheus /tmp/sa.prom -i 50
grep -q "tracing device uevents" /tmp/report.json.err
attached=$?
ktap_result $attached "record attached"
[ $attached -eq 0 ] || sed 's/^/# record: /' /tmp/report.json.err
settle
lo=$(cat /sys/kernel/uevent_seqnum)
workload
settle
hi=$(cat /sys/kernel/uevent_seqnum)
# A program that still looks for the old layout (nash of mkinitrd 5.1; sends no uevent).
nash probe vda >/tmp/lp.out 2>&1
usleep 500000
kill -TERM $rec
wait $rec
check_eq "record exit status after SIGTERM" "$?" 0
kill $nlpid
diag "$(cat /tmp/report.json.err)"
check "report written" test -s /tmp/report.json
check "no temporary file left" sh -c '! ls /tmp/report.json.tmp.* 2>/dev/null'
check "Prometheus file written" test -s /tmp/sa.prom

# Device events the kernel sent in the window: DEVPATH under /devices, minus
# kobjects that are not devices (net queues send uevents too).
awk -v lo="$lo" -v hi="$hi" '
	{ seq = ""; dp = ""; ss = ""
	  for (i = 1; i <= NF; i++) {
		if ($i ~ /^SEQNUM=/) seq = substr($i, 8)
		if ($i ~ /^DEVPATH=/) dp = substr($i, 9)
		if ($i ~ /^SUBSYSTEM=/) ss = substr($i, 11)
	  }
	  if (seq + 0 > lo + 0 && seq + 0 <= hi + 0 && dp ~ /^\/devices\// && ss != "queues")
		print ss }' /tmp/netlink.log | sort | uniq -c | awk '{ print $2, $1 }' >/tmp/nl.bysub
netlink=$(awk '{ n += $2 } END { print n + 0 }' /tmp/nl.bysub)
sed 's/^/# netlink-by-subsystem /' /tmp/nl.bysub

sysfs-audit report /tmp/report.json >/tmp/report.txt 2>/tmp/report.err
check_eq "report reads the record (exit status)" "$?" 0
sed 's/^/# text: /' /tmp/report.txt | head -n 30
counts=$(sed -n 's/^events: \([0-9]*\) traced, \([0-9]*\) seen by BPF, \([0-9]*\) lost$/\1 \2 \3/p' /tmp/report.txt)
set -- $counts
check_eq "events in the report equal device events on netlink ($lo..$hi)" "${1:-none}" "$netlink"
check "the workload caused events ($netlink)" test "$netlink" -gt 20
check_eq "no events lost" "${3:-none}" 0
sysfs-audit report --fail-on=keys /tmp/report.json >/dev/null 2>&1
check_eq "--fail-on=keys: the workload's events would have carried keys" "$?" 15
sysfs-audit report --fail-on=dependents /tmp/report.json >/dev/null 2>&1
check_eq "--fail-on=dependents: nash was named" "$?" 17

echo "# report-json: $(cat /tmp/report.json)"
sed 's/^/# prom: /' /tmp/sa.prom

# ---- 2. SIGTERM in the middle of a storm ---------------------------------
start_record /tmp/storm.json -i 50
rm -f /tmp/storm.stop
( while [ ! -e /tmp/storm.stop ]; do echo change >/sys/class/block/vda/uevent; done ) &
storm=$!
sleep 1
at_kill=$(cat /sys/kernel/uevent_seqnum)
kill -TERM $rec
wait $rec
st=$?
after=$(cat /sys/kernel/uevent_seqnum)
touch /tmp/storm.stop
wait $storm
check_eq "record exit status after SIGTERM mid-storm" "$st" 0
diag "the storm sent $((after - at_kill)) more events while record was stopping"
check "SIGTERM came while events were flowing" test "$after" -gt "$at_kill"
sysfs-audit report -f json /tmp/storm.json >/tmp/storm.out 2>/tmp/storm.err
check_eq "the mid-storm report is valid (report exit status)" "$?" 0
traced=$(sed -n 's/^ *"traced": *\([0-9]*\).*/\1/p' /tmp/storm.out | head -n 1)
diag "mid-storm report: ${traced:-?} events traced; $(cat /tmp/storm.json.err | tail -n 1)"
check "the mid-storm report holds events" test "${traced:-0}" -gt 0

# ---- 3. SIGKILL: no half report ------------------------------------------
start_record /tmp/killed.json -i 50
kill -KILL $rec
wait $rec 2>/dev/null
check "SIGKILL leaves no report file" test ! -e /tmp/killed.json
check "SIGKILL leaves no temporary file" sh -c '! ls /tmp/killed.json.tmp.* 2>/dev/null'

# ---- 4. --rules --scan: the static audit's findings in the report ---------
# A rule of 2006 (BUS, SYSFS{}) and a hotplug script that reads PHYSDEVBUS.
mkdir -p /etc/udev/rules.d /etc/hotplug.d/default
printf '%s\n' '# legacy' 'BUS=="usb", SYSFS{idVendor}=="0781", NAME="legacy%n"' \
	>/etc/udev/rules.d/10-legacy.rules
printf '%s\n' '#!/bin/sh' 'case "$PHYSDEVBUS" in usb) logger usb ;; esac' \
	>/etc/hotplug.d/default/legacy.hotplug
chmod +x /etc/hotplug.d/default/legacy.hotplug
start_record /tmp/audit.json -d 2 --rules --scan -N
wait $rec
check_eq "record --rules --scan exit status" "$?" 0
tr '{' '\n' </tmp/audit.json | grep '"type":"finding"' >/tmp/findings
sed 's/^/# finding: /' /tmp/findings | cut -c1-200
check "the rules file's BUS== is a finding at line 2" \
	grep -q '"file":"/etc/udev/rules.d/10-legacy.rules","line":2,.*"key":"BUS"' /tmp/findings
check "the hotplug script's PHYSDEVBUS is a finding" \
	grep -q '"file":"/etc/hotplug.d/default/legacy.hotplug".*PHYSDEVBUS' /tmp/findings
sysfs-audit report --fail-on=findings /tmp/audit.json >/dev/null 2>&1
check_eq "report --fail-on=findings: exit 18" "$?" 18
