# Where `boot --start`'s time goes, step by step: the loader's own steps
# (open, probe, load, attach, pin per object) and libbpf's messages, each
# stamped with CLOCK_MONOTONIC (-v with SYSFS_AUDIT_DEBUG). Times under
# -icount count instructions. Not part of any .t: make bench-realhost's
# companion for a profile by hand.
. /tests/ktap.sh

ktap_plan 1
mount -t bpf bpf /sys/fs/bpf 2>/dev/null
s=$(cut -d' ' -f1 /proc/uptime)
SYSFS_AUDIT_DEBUG=1 sysfs-audit boot --start -v 2>/tmp/start.err
rc=$?
e=$(cut -d' ' -f1 /proc/uptime)
grep -v "debug: nchain" /tmp/start.err | sed 's/^/# /' >/dev/ttyS1
diag "boot --start -v: exit $rc, $s -> $e s"
check_eq "boot --start -v exits 0" "$rc" 0
sysfs-audit boot --cleanup >/dev/null 2>&1
