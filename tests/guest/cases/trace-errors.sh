# The loader's fallbacks and failures, on the unpatched kernel (no
# kobject:kobject_uevent or sysfs_audit:sysfs_audit_uevent tracepoint):
# auto falls back to fexit, kprobe
# works when forced, and each failure gets its own line and exit code.
. /tests/ktap.sh

ktap_plan 29

. /tests/workload.sh

# trace_change MODE OUT: trace one 'change' of vda with attach mode MODE.
trace_change() {
	start_tracer "$2" --json -a "$1" -d 4
	echo change >/sys/class/block/vda/uevent
	wait $tracer
}

trace_change auto /tmp/auto.json
check_eq "auto: exit status" "$?" 0
check "auto: falls back to fexit dev_uevent" grep -q "via fexit dev_uevent" /tmp/auto.json.err
ev=$(grep '"devpath":"[^"]*/block/vda"' /tmp/auto.json | head -n 1)
diag "$ev"
check "auto: vda traced with PHYSDEVBUS=virtio, PHYSDEVDRIVER=virtio_blk" \
	sh -c "echo '$ev' | grep -q '\"PHYSDEVBUS\":\"virtio\",\"PHYSDEVDRIVER\":\"virtio_blk\"'"
check "auto: no SEQNUM without the tracepoint" sh -c "echo '$ev' | grep -q '\"seqnum\":null'"

trace_change kprobe /tmp/kprobe.json
check_eq "kprobe: exit status" "$?" 0
check "kprobe: attached via kprobe+kretprobe" grep -q "via kprobe+kretprobe" /tmp/kprobe.json.err
check "kprobe: vda traced with the legacy DEVPATH /block/vda" \
	grep -q '"legacy":{"exists":true,"devpath":"/block/vda"' /tmp/kprobe.json

trace_change fexit /tmp/fexit.json
check_eq "forced fexit: exit status" "$?" 0
check "forced fexit: attached via fexit dev_uevent" grep -q "via fexit dev_uevent" /tmp/fexit.json.err
check "forced fexit: vda traced with the legacy DEVPATH /block/vda" \
	grep -q '"legacy":{"exists":true,"devpath":"/block/vda"' /tmp/fexit.json

sysfs-audit trace -a tracepoint -d 1 >/dev/null 2>/tmp/tp.err
check_eq "forced tracepoint where there is none: exit 5" "$?" 5
diag "$(cat /tmp/tp.err)"
check "... with a clear message" grep -q "no usable attach point" /tmp/tp.err
check "... and no libbpf log without -v" sh -c '! grep -q "^libbpf:" /tmp/tp.err'
sysfs-audit trace -a tracepoint -v -d 1 >/dev/null 2>/tmp/tpv.err
check_eq "-v: still exit 5" "$?" 5
check "-v: the libbpf log is shown" grep -q "^libbpf:" /tmp/tpv.err

# Live output: the table row is on stdout within the drain interval, while
# the tracer still runs (every other check reads it after the exit).
start_tracer /tmp/live.txt -i 100
echo change >/sys/class/block/vda/uevent
usleep 1000000
check "--interval: vda's row is out while the tracer runs" \
	sh -c "kill -0 $tracer && grep -q ' change .*/block/vda -> /block/vda ' /tmp/live.txt"
check "table output starts with the column header" \
	sh -c 'head -n 1 /tmp/live.txt | grep -q "^SEQNUM  ACTION  SUBSYSTEM"'
# SIGTERM ends the trace like Ctrl-C: summary, exit 0.
kill -TERM $tracer
wait $tracer
check_eq "SIGTERM: exit status" "$?" 0
check "SIGTERM: the summary is printed" grep -q "^[0-9]* events (attach: fexit" /tmp/live.txt

sysfs-audit trace -H -d 1 >/tmp/noheader.txt 2>/dev/null
check "-H: no column header" sh -c '! grep -q "^SEQNUM" /tmp/noheader.txt'

# A report that cannot be written is an error (exit 1), never silent loss.
sysfs-audit trace --json -d 3 >/dev/full 2>/tmp/full.err &
full=$!
wait_file_grep() { _i=0; until grep -q "$1" "$2" || [ $_i -ge 300 ]; do usleep 100000; _i=$((_i + 1)); done; }
wait_file_grep "tracing device uevents" /tmp/full.err
echo change >/sys/class/block/vda/uevent
wait $full
check_eq "output to a full device: exit 1" "$?" 1
diag "$(cat /tmp/full.err)"

echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >/etc/passwd
echo 'nogroup:x:65534:' >/etc/group
su -s /bin/sh -c 'sysfs-audit trace -d 1' nobody >/dev/null 2>/tmp/perm.err
check_eq "not root: exit 3" "$?" 3
diag "$(cat /tmp/perm.err)"
check "... with a clear message" grep -q "not permitted" /tmp/perm.err

# No BTF: hide /sys/kernel/btf from the real code path.
mount -t tmpfs tmpfs /sys/kernel/btf
sysfs-audit trace -d 1 >/dev/null 2>/tmp/btf.err
check_eq "no kernel BTF: exit 4" "$?" 4
diag "$(cat /tmp/btf.err)"
check "... with a clear message" grep -q "no BTF" /tmp/btf.err
umount /sys/kernel/btf

sysfs-audit trace --bogus >/dev/null 2>&1
check_eq "bad arguments: exit 2" "$?" 2

# --fail-on: a disk's change would have carried PHYSDEV keys (exit 15);
# nothing names a dependent here (exit 0); findings are not trace's (exit 2).
sysfs-audit trace -N --fail-on=keys -d 3 >/tmp/gate.out 2>/tmp/gate.err &
gpid=$!
i=0
while ! grep -q "tracing device uevents" /tmp/gate.err && [ $i -lt 600 ]; do
	usleep 100000
	i=$((i + 1))
done
echo change >/sys/class/block/vda/uevent
wait $gpid
check_eq "--fail-on=keys after a disk's change: exit 15" "$?" 15
sysfs-audit trace --fail-on=dependents -d 1 >/dev/null 2>&1
check_eq "--fail-on=dependents with none named: exit 0" "$?" 0
sysfs-audit trace --fail-on=findings -d 1 >/dev/null 2>&1
check_eq "--fail-on=findings is not trace's: exit 2" "$?" 2
