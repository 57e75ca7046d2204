# The device workload shared by the trace test and the demo (sourced by
# busybox sh). The sourcing script defines `step NAME COMMAND...`, which runs
# one step; WORKLOAD_STEPS is how many steps there are.
WORKLOAD_STEPS=11

# A 4 MiB image with one partition, for a partitioned loop device.
dd if=/dev/zero of=/tmp/loop.img bs=1M count=4 2>/dev/null
printf '\000\000\000\000\203\000\000\000\000\010\000\000\000\020\000\000' |
	dd of=/tmp/loop.img bs=1 seek=446 conv=notrunc 2>/dev/null
printf '\125\252' | dd of=/tmp/loop.img bs=1 seek=510 conv=notrunc 2>/dev/null

change() { for d in "$@"; do echo change >"$d/uevent"; done; }
scsidev() { ls /sys/bus/scsi/drivers/sd | grep ':' | head -n 1; }
sd_unbind() { SCSIDEV=$(scsidev) && echo "$SCSIDEV" >/sys/bus/scsi/drivers/sd/unbind; }
sd_bind() { echo "$SCSIDEV" >/sys/bus/scsi/drivers/sd/bind; }
# Distribution kernels have sd as a module, and no udev here to load it.
scsi_add() { modprobe sd_mod 2>/dev/null; modprobe scsi_debug dev_size_mb=8 num_parts=2; }
remove_all() {
	rmmod dummy && rmmod snd-dummy && losetup -d /dev/loop1 && rmmod scsi_debug
}

workload() {
	step change-virtio-disk change /sys/class/block/vda /sys/class/block/vda1 /sys/class/block/vda2
	step scsi_debug-add scsi_add
	step sd-unbind sd_unbind
	step sd-bind sd_bind
	step snd-dummy-add modprobe snd-dummy
	step dummy-netdev-add modprobe dummy numdummies=1
	step netdev-rename ip link set dummy0 name legacy0
	step loop-partitions losetup -P /dev/loop1 /tmp/loop.img
	step tty-input-change change /sys/class/tty/ttyS1 /sys/class/input/event0 \
		/sys/class/input/event0/device
	step pci-virtio-change change /sys/bus/virtio/devices/virtio0 /sys/bus/pci/devices/0000:00:02.0
	step remove-all remove_all
}

# Until no uevent for 300 ms, at most 15 s; fails if events kept coming
# (late events would land in the next step).
settle() {
	_a=$(cat /sys/kernel/uevent_seqnum)
	_n=0
	while [ $_n -lt 50 ]; do
		usleep 300000
		_b=$(cat /sys/kernel/uevent_seqnum)
		[ "$_a" = "$_b" ] && return 0
		_a=$_b
		_n=$((_n + 1))
	done
	echo "settle: uevents still coming after 15 s (SEQNUM $_a)" >&2
	return 1
}

# stop_tracer OUT: once the uevents settled, SIGINT to $tracer (start_tracer's),
# its exit status checked; then OUT's live dependent lines as diagnostics.
stop_tracer() {
	settle
	usleep 300000
	kill -INT $tracer
	wait $tracer
	check_eq "trace exit status" "$?" 0
	grep '^{"type":"dependent",' "$1" | sed 's/^/# dep: /'
}

# start_tracer OUT ARGS...: sysfs-audit trace in the background, its stderr in
# OUT.err; returns once it is attached (or after a minute). Sets $tracer.
start_tracer() {
	_out=$1
	shift
	sysfs-audit trace "$@" >"$_out" 2>"$_out.err" &
	tracer=$!
	_i=0
	while ! grep -q "tracing device uevents" "$_out.err" && [ $_i -lt 300 ]; do
		usleep 200000
		_i=$((_i + 1))
	done
}
