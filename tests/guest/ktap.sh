# KTAP helpers for guest test cases (sourced by busybox sh).
# A case declares its plan first, so a guest that dies half way leaves an
# incomplete plan that the host detects.
_ktap_n=0
_ktap_fail=0

ktap_plan() {
	echo "KTAP version 1"
	echo "1..$1"
}

# ok CONDITION_STATUS DESCRIPTION: report the exit status of the last test.
ktap_result() {
	_ktap_n=$((_ktap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_ktap_n $2"
	else
		echo "not ok $_ktap_n $2"
		_ktap_fail=$((_ktap_fail + 1))
	fi
}

# check DESCRIPTION COMMAND...: run COMMAND, report its status.
check() {
	_d=$1
	shift
	"$@"
	ktap_result $? "$_d"
}

diag() {
	echo "# $*"
}

# Fail with the expected and actual value shown.
check_eq() {
	if [ "$2" = "$3" ]; then
		ktap_result 0 "$1"
	else
		diag "expected: '$3'"
		diag "got:      '$2'"
		ktap_result 1 "$1"
	fi
}

# wait_file FILE: wait up to 5 s for FILE to exist; fail (with a diagnostic)
# if it never does.
wait_file() {
	_i=0
	while [ ! -e "$1" ]; do
		[ $_i -lt 500 ] || { diag "$1 did not appear within 5 s"; return 1; }
		usleep 10000
		_i=$((_i + 1))
	done
}

# wait_line PATTERN FILE: wait up to 120 s for a line of FILE to match
# PATTERN (grep's); fail (with a diagnostic) if none does. For a daemon's
# "attached"/"watching" line on a TCG guest that is slow to load BPF.
wait_line() {
	_i=0
	while ! grep -q "$1" "$2" 2>/dev/null; do
		[ $_i -lt 600 ] || { diag "'$1' not in $2 within 120 s"; return 1; }
		usleep 200000
		_i=$((_i + 1))
	done
}

# trigger_uevent SYSFS_DIR ACTION OUT: write ACTION to SYSFS_DIR/uevent and
# capture, over netlink, the first event of that device into OUT. Fails,
# with OUT empty, when the monitor never got ready or saw no event.
trigger_uevent() {
	rm -f /tmp/ueventmon.ready
	: >"$3"
	ueventmon -r /tmp/ueventmon.ready -n 1 -t 10 -m "${1##*/}" >"$3" &
	_pid=$!
	if ! wait_file /tmp/ueventmon.ready; then
		kill $_pid 2>/dev/null
		wait $_pid
		: >"$3"
		return 1
	fi
	echo "$2" >"$1/uevent"
	wait $_pid && grep -q SEQNUM= "$3"
}

# ev_get KEY FILE: the value of KEY in a captured event.
ev_get() {
	tr ' ' '\n' <"$2" | sed -n "s/^$1=//p" | head -n 1
}
