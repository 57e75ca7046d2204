# Reads of a device's uevent file (issue 28): they break only for a
# program whose own code reads the keys the file no longer holds.
#  - dvb-parent (tests/guest/legacy/dvb-parent.sh, a #! script carrying
#    the key): reads /sys/class/block/vda/uevent with the shell's read,
#    and again through grep, a child whose own code has no key: both
#    break by rule uevent-keys, named by the script;
#  - BusyBox cat of the same file, from the harness (run by '.', no
#    script), and a #! script with no key that greps DEVNAME= from it and
#    reads it in a loop: what udevadm and every tool do, nothing.
#  - copies of dvb-parent started without a #! of their own that the
#    kernel keeps to the end: `sh script`, `#!/usr/bin/env sh` (env execs
#    `sh script`, replacing env's #! exec) and `env sh script`, their grep
#    run while the tracer is stopped (SIGSTOP), so that every record is
#    read after the script has exited and /proc has forgotten it: the
#    script is named from its shell's argv, which the kernel recorded
#    with the read (SA_DEP_F_ANC_ARGV), and breaks; the modern script
#    started by `sh` the same way gives nothing. (The guest has no bash:
#    `bash script` is the unit test's.)
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 14

T=/tmp/trace.jsonl
f=/sys/class/block/vda/uevent
printf '#!/bin/sh\nd=$(grep ^DEVNAME= %s)\nwhile read -r l; do :; done <%s\necho "$d"\n' "$f" "$f" \
	>/tmp/modern-uevent.sh
chmod +x /tmp/modern-uevent.sh
mkdir -p /tmp/u /usr/bin
ln -sf /bin/busybox /usr/bin/env
for s in by-sh by-env env-sh; do
	cp /bin/dvb-parent /tmp/u/$s.sh
done
sed -i '1s|.*|#!/usr/bin/env sh|' /tmp/u/by-env.sh
chmod +x /tmp/u/by-env.sh
cp /tmp/modern-uevent.sh /tmp/u/modern-by-sh.sh

start_tracer $T --json -i 50
check "tracer attached" grep -q "tracing device uevents" $T.err
diag "$(grep 'dependents:' $T.err)"
dvb-parent block vda read | sed 's/^/# dvb-parent read: /'
dvb-parent block vda grep | sed 's/^/# dvb-parent grep: /'
cat $f >/dev/null
/tmp/modern-uevent.sh >/dev/null
# Stopped: the records of these reads wait in the ring until their scripts have gone.
kill -STOP $tracer
sh /tmp/u/by-sh.sh block vda grep | sed 's/^/# sh script: /'
/tmp/u/by-env.sh block vda grep | sed 's/^/# env sh #!: /'
env sh /tmp/u/env-sh.sh block vda grep | sed 's/^/# env sh script: /'
sh /tmp/u/modern-by-sh.sh >/dev/null
kill -CONT $tracer
stop_tracer $T

# lines NEEDLE...: the live dependent lines of kind uevent-read holding every NEEDLE.
lines() {
	_l=$(grep '^{"type":"dependent",' $T | grep '"kind":"uevent-read"')
	for _n in "$@"; do
		_l=$(echo "$_l" | grep -F -- "$_n")
	done
	[ -n "$_l" ] && echo "$_l"
}
lines '"script":"/bin/dvb-parent"' '"confidence":"breaks"' '"rule":"uevent-keys"' >/dev/null
ktap_result $? "dvb-parent (the key in its script): uevent-read breaks [uevent-keys]"
n=$(lines '"script":"/bin/dvb-parent"' | wc -l)
check_eq "dvb-parent: printed live once, its read and grep's in one line" "$n" 1
lines '"script":"/bin/dvb-parent"' '"path":"/sys/devices/' '/block/vda/uevent"' >/dev/null
ktap_result $? "dvb-parent: the path is the device's uevent file, by its kernfs directory"
# The summary's entry of the script: both runs, the grep one by its child.
entry=$(grep '"type":"dependents"' $T | sed 's/},{"type"/}\n{"type"/g' |
	grep '"kind":"uevent-read"' | grep '"script":"/bin/dvb-parent"')
diag "$entry"
echo "$entry" | grep -q '"processes":2,'
ktap_result $? "dvb-parent: its grep run counts too (2 processes: grep read for the script)"
for s in by-sh by-env env-sh; do
	lines "\"script\":\"/tmp/u/$s.sh\"" '"confidence":"breaks"' '"rule":"uevent-keys"' \
		'"exe":"/bin/busybox"' >/dev/null
	ktap_result $? "$s: its grep's read, seen after the script exited: breaks, by its script"
done
lines '"script":"/tmp/u/modern-by-sh.sh"' >/dev/null
check_eq "the modern script started by sh: nothing" "$?" 1
n=$(lines | wc -l)
check_eq "cat, a modern script: no other uevent-read line" "$n" 4
grep -q '"kind":"uevent-read".*"script":"/tmp/modern-uevent.sh"' $T
check_eq "the modern #! script (greps DEVNAME=): nothing" "$?" 1
sum=$(grep '"type":"dependents"' $T)
reads=$(echo "$sum" | sed -n 's/.*"uevent_reads":\([0-9]*\).*/\1/p')
diag "uevent_reads=$reads; $(echo "$sum" | sed -n 's/.*\("kernel":{[^}]*\).*/\1/p')"
[ "${reads:-0}" -ge 4 ]
ktap_result $? "the kernel counted the reads (${reads:-none}, at least one per reader)"
grep -q '"hooks_missing":null' $T
ktap_result $? "every dependents hook attached, uevent_show among them"
