# The tracer against the oracle: run `sysfs-audit trace --json` while a
# workload adds, changes, unbinds, renames and removes real devices; around
# every step take `sysfs-audit snapshot` (the userspace model, no BPF) and
# record the SEQNUM range; sa_oracle then judges every traced event against
# the snapshot and the kernel's own netlink message.
. /tests/ktap.sh

. /tests/workload.sh
ktap_plan $((WORKLOAD_STEPS + 8))

mkdir -p /tmp/snap
: >/tmp/steps
nstep=0 failed=
step() {	# snapshot, run the step, snapshot; record the SEQNUM range
	_name=$1
	shift
	settle || failed="$failed $_name(settle-before)"
	sysfs-audit snapshot --json >/tmp/snap/$nstep.before.json
	_lo=$(cat /sys/kernel/uevent_seqnum)
	if ! "$@" >/tmp/step.out 2>&1; then
		diag "step $_name: '$*' failed:"
		sed 's/^/# /' /tmp/step.out
		failed="$failed $_name"
	fi
	settle || failed="$failed $_name(settle)"
	_hi=$(cat /sys/kernel/uevent_seqnum)
	sysfs-audit snapshot --json >/tmp/snap/$nstep.after.json
	echo "$_name $_lo $_hi" >>/tmp/steps
	nstep=$((nstep + 1))
}

rm -f /tmp/ueventmon.ready
ueventmon -r /tmp/ueventmon.ready >/tmp/netlink.log &
nlpid=$!
check "netlink monitor ready" wait_file /tmp/ueventmon.ready
# ATTACH (sysfs_audit.env.ATTACH=) forces an attach mode, e.g. kprobe.
start_tracer /tmp/trace.jsonl --json -i 50 ${ATTACH:+-a $ATTACH}
tpid=$tracer
diag "$(cat /tmp/trace.jsonl.err)"
check "tracer attached via ${EXPECT_ATTACH:=tracepoint}" grep -q "via $EXPECT_ATTACH" /tmp/trace.jsonl.err

workload

settle
usleep 300000
kill -INT $tpid
wait $tpid
check_eq "sysfs-audit trace exit status" "$?" 0
kill $nlpid

# A failed step would silently shrink what sa_oracle judges.
check_eq "every workload step ran, succeeded and settled" \
	"$(grep -c . /tmp/steps):${failed:- none}" "$WORKLOAD_STEPS: none"
sa_oracle /tmp/steps /tmp/trace.jsonl /tmp/netlink.log /tmp/snap

# For the host's cross-check with the legacy kernel (layout-legacy, 30-trace.t):
# each block device's legacy DEVPATH and device link target as traced.
for d in vda vda1 vda2 sda sda1 sda2 loop1 loop1p1; do
	ev=$(grep "\"devpath\":\"[^\"]*/$d\"" /tmp/trace.jsonl | head -n 1)
	echo "$ev" | sed -n 's/.*"legacy":{"exists":true,"devpath":"\([^"]*\)".*/# traced-legacy-devpath '$d' \1/p'
	t=$(echo "$ev" | sed -n 's/.*{"link":"[^"]*\/device","target":"\([^"]*\)"}.*/\1/p')
	[ -n "$ev" ] && echo "# traced-legacy-link $d $t"
done
tail -n 1 /tmp/trace.jsonl | sed 's/^/# summary: /'
