# Sourced by the boot test's guest scripts: facts for the host, one line
# each on the results port, "fact NAME VALUE"; the host judges them.
fact() {
	_n=$1
	shift
	echo "fact $_n $*" >/dev/ttyS1
}
uptime_s() {
	cut -d' ' -f1 /proc/uptime
}
# What `udevadm trigger --action=add` does: "add" into every device's uevent file.
trigger_all() {
	_n=0
	for _f in $(find /sys/devices -name uevent); do
		echo add >"$_f" 2>/dev/null && _n=$((_n + 1))
	done
	echo $_n
}
# What `udevadm settle` waits for, seen from here: no new uevent for 300 ms.
settle() {
	_i=0
	_a=$(cat /sys/kernel/uevent_seqnum)
	while [ $_i -lt 100 ]; do
		usleep 300000
		_b=$(cat /sys/kernel/uevent_seqnum)
		[ "$_a" = "$_b" ] && break
		_a=$_b
		_i=$((_i + 1))
	done
}
# The boot's test case (sa.case=NAME on the kernel command line), or "".
test_case() {
	sed -n 's/.*sa\.case=\([a-z]*\).*/\1/p' /proc/cmdline
}
legacy_wanted() {
	! grep -q 'sysfs_audit.legacy=0' /proc/cmdline
}
