# What `boot --start` costs in the initramfs, by part (make bench-realhost's
# question, answered inside one boot): the tracer alone (-N), then the
# tracer and the dependents, each cleaned up after. Times under -icount
# count instructions.
. /tests/ktap.sh

ktap_plan 2
mount -t bpf bpf /sys/fs/bpf 2>/dev/null
for opts in "-N" ""; do
	s=$(cut -d' ' -f1 /proc/uptime)
	SYSFS_AUDIT_DEBUG=1 sysfs-audit boot --start $opts 2>/tmp/start.err
	rc=$?
	e=$(cut -d' ' -f1 /proc/uptime)
	grep -v "debug: nchain" /tmp/start.err | sed 's/^/# /' >/dev/ttyS1
	diag "boot --start $opts: exit $rc, $s -> $e s"
	check_eq "boot --start $opts exits 0" "$rc" 0
	sysfs-audit boot --cleanup >/dev/null 2>&1
done
