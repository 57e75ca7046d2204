# Many devices to storm over (sourced by busybox sh; the bench and the storm
# test): 64 loop disks (boot with loop.max_loop=64), scsi_debug with 2 hosts
# x 2 targets x 4 LUNs x 2 partitions, and the guest's ttys and inputs.
# Writes their uevent files to /tmp/uevents.list and sets $ndev.
modprobe sd_mod 2>/dev/null
modprobe scsi_debug add_host=2 num_tgts=2 max_luns=4 dev_size_mb=4 num_parts=2
_i=0
while [ "$(ls /sys/class/block | grep -c '^sd')" -lt 48 ] && [ $_i -lt 100 ]; do
	usleep 100000
	_i=$((_i + 1))
done
for _d in /sys/class/block/* /sys/class/tty/* /sys/class/input/* /sys/bus/scsi/devices/*; do
	[ -w "$_d/uevent" ] && echo "$_d/uevent"
done >/tmp/uevents.list
ndev=$(wc -l </tmp/uevents.list)

uptime_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }

# Until no new uevent for 200 ms (at most 10 s).
quiet() {
	_a=$(cat /sys/kernel/uevent_seqnum)
	_i=0
	while [ $_i -lt 50 ]; do
		usleep 200000
		_b=$(cat /sys/kernel/uevent_seqnum)
		[ "$_a" = "$_b" ] && return
		_a=$_b
		_i=$((_i + 1))
	done
}

# tracer_stats PID ERRFILE MAX: the tracer's counters (SIGUSR1, its
# "stats ..." line on stderr) once it has consumed all it emitted, checked
# every 100 ms at most MAX times; prints "seen=... emitted=... ...".
tracer_stats() {
	_i=0
	while [ $_i -lt $3 ]; do
		kill -USR1 $1
		usleep 100000
		_s=$(grep 'stats seen' "$2" | tail -n 1)
		_e=$(echo "$_s" | sed -n 's/.* emitted=\([0-9]*\).*/\1/p')
		_c=$(echo "$_s" | sed -n 's/.* consumed=\([0-9]*\).*/\1/p')
		[ -n "$_e" ] && [ "$_e" = "$_c" ] && break
		_i=$((_i + 1))
	done
	echo "$_s" | sed 's/.*stats //'
}
