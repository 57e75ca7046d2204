# make demo: trace the shared device workload live with the table output,
# then the end-of-run summary. Plain text on the results port, ended by a
# marker the host checks.
. /tests/workload.sh

step() {
	_name=$1
	shift
	echo "== step $_name: $*" >>/tmp/steps.log
	"$@" >/dev/null 2>&1 || echo "   (step $_name failed)" >>/tmp/steps.log
	settle
}

echo "== sysfs-audit snapshot (the coldplug view, no BPF): legacy DEVPATH of every block device"
sysfs-audit snapshot | awk 'NR == 1 || $1 == "block"'
echo
start_tracer /tmp/trace.out -i 100
cat /tmp/trace.out.err
workload
settle
usleep 300000
kill -INT $tracer
wait $tracer
echo "== sysfs-audit trace (exit $?), while the workload ran:"
cat /tmp/steps.log
echo
cat /tmp/trace.out
echo "demo: done"
