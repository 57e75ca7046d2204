# The tracer against the oracle: run `sysfs-audit trace --json` while a
# workload adds, changes, unbinds, renames and removes real devices; around
# every step take `sysfs-audit snapshot` (the userspace model, no BPF) and
# record the SEQNUM range; sa_oracle then judges every traced event against
# the snapshot and the kernel's own netlink message.
. /tests/ktap.sh

NSTEPS=11
ktap_plan $((NSTEPS + 6))

mkdir -p /tmp/snap
: >/tmp/steps

settle() {	# until no uevent for 300 ms
	_a=$(cat /sys/kernel/uevent_seqnum)
	while :; do
		usleep 300000
		_b=$(cat /sys/kernel/uevent_seqnum)
		[ "$_a" = "$_b" ] && break
		_a=$_b
	done
}

nstep=0
step() {	# step NAME COMMAND...
	_name=$1
	shift
	settle
	sysfs-audit snapshot --json >/tmp/snap/$nstep.before.json
	_lo=$(cat /sys/kernel/uevent_seqnum)
	"$@" >/tmp/step.out 2>&1 || { diag "step $_name: '$*' failed:"; sed 's/^/# /' /tmp/step.out; }
	settle
	_hi=$(cat /sys/kernel/uevent_seqnum)
	sysfs-audit snapshot --json >/tmp/snap/$nstep.after.json
	echo "$_name $_lo $_hi" >>/tmp/steps
	nstep=$((nstep + 1))
}

rm -f /tmp/ueventmon.ready
ueventmon -r /tmp/ueventmon.ready >/tmp/netlink.log &
nlpid=$!
sysfs-audit trace --json -i 50 >/tmp/trace.jsonl 2>/tmp/trace.err &
tpid=$!
i=0
while ! grep -q "tracing device uevents" /tmp/trace.err && [ $i -lt 600 ]; do
	usleep 200000
	i=$((i + 1))
done
diag "$(cat /tmp/trace.err)"
check "tracer attached via ${EXPECT_ATTACH:=tracepoint}" grep -q "via $EXPECT_ATTACH" /tmp/trace.err

# A 4 MiB image with one partition for a partitioned loop device.
dd if=/dev/zero of=/tmp/loop.img bs=1M count=4 2>/dev/null
printf '\000\000\000\000\203\000\000\000\000\010\000\000\000\020\000\000' |
	dd of=/tmp/loop.img bs=1 seek=446 conv=notrunc 2>/dev/null
printf '\125\252' | dd of=/tmp/loop.img bs=1 seek=510 conv=notrunc 2>/dev/null

change() { for d in "$@"; do echo change >"$d/uevent"; done; }
scsidev() { ls /sys/bus/scsi/drivers/sd | grep ':' | head -n 1; }
sd_unbind() { echo "$(scsidev)" >/sys/bus/scsi/drivers/sd/unbind; }
sd_bind() { echo "$SCSIDEV" >/sys/bus/scsi/drivers/sd/bind; }
remove_all() {
	rmmod dummy && rmmod snd-dummy && losetup -d /dev/loop1 && rmmod scsi_debug
}

step change-virtio-disk change /sys/class/block/vda /sys/class/block/vda1 /sys/class/block/vda2
step scsi_debug-add modprobe scsi_debug dev_size_mb=8 num_parts=2
SCSIDEV=$(scsidev)
diag "scsi_debug device: $SCSIDEV"
step sd-unbind sd_unbind
step sd-bind sd_bind
step snd-dummy-add modprobe snd-dummy
step dummy-netdev-add modprobe dummy numdummies=1
step netdev-rename ip link set dummy0 name legacy0
step loop-partitions losetup -P /dev/loop1 /tmp/loop.img
step tty-input-change change /sys/class/tty/ttyS1 /sys/class/input/event0 /sys/class/input/input0
step pci-virtio-change change /sys/bus/virtio/devices/virtio0 /sys/bus/pci/devices/0000:00:02.0
step remove-all remove_all

settle
usleep 300000
kill -INT $tpid
wait $tpid
check_eq "sysfs-audit trace exit status" "$?" 0
kill $nlpid

check_eq "workload steps recorded" "$(grep -c . /tmp/steps)" $NSTEPS
sa_oracle /tmp/steps /tmp/trace.jsonl /tmp/netlink.log /tmp/snap

# For the host's cross-check with the legacy kernel (10-layout.t/30-trace.t).
for d in vda vda1 vda2; do
	grep "\"devpath\":\"[^\"]*/$d\"" /tmp/trace.jsonl | head -n 1 |
		sed -n 's/.*"legacy":{"exists":true,"devpath":"\([^"]*\)".*/# traced-legacy-devpath '$d' \1/p'
done
tail -n 1 /tmp/trace.jsonl | sed 's/^/# summary: /'
