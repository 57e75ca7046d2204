# The tracer under a uevent storm (functional, not timing): 100 000 events
# over ~700 devices with the default configuration lose nothing, and
# SIGINT/SIGTERM end a trace within a second with a complete summary,
# wherever they land: while the program loads, or in the middle of a storm.
# Boot with loop.max_loop=64. EXPECT_ATTACH: tracepoint or fexit.
. /tests/ktap.sh
. /tests/storm-devices.sh

N=${STORM_N:-100000}
REPEAT=${STORM_REPEAT:-4}
ktap_plan $((8 + 4 * (REPEAT + 1) + 6))
diag "storm over $ndev devices"
check "at least 200 devices to storm over" test "$ndev" -ge 200

# summary FILE: the last line, the JSON summary.
field() { tail -n 1 "$2" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }

# 1. 100 000 events, defaults, JSON to a file: nothing lost.
quiet
sysfs-audit trace --json >/tmp/storm.json 2>/tmp/storm.err &
pid=$!
i=0
while ! grep -q "tracing device uevents" /tmp/storm.err && [ $i -lt 1200 ]; do
	usleep 100000
	i=$((i + 1))
done
check "tracer attached via $EXPECT_ATTACH" grep -q "tracing device uevents via $EXPECT_ATTACH" /tmp/storm.err
s0=$(cat /sys/kernel/uevent_seqnum)
ustorm -f /tmp/uevents.list -n $N >/tmp/ustorm.out
check "the storm wrote $N uevents without an error" test $? -eq 0
s1=$(cat /sys/kernel/uevent_seqnum)
quiet
# The reader may trail a storm (on 6.12 a uevent is cheaper than its
# line): let it catch up (SIGUSR1 prints the counters) before the stop,
# whose drain is bounded; what it could not read would count as unread.
st=$(tracer_stats $pid /tmp/storm.err 600)
diag "reader caught up: $st"
kill -INT $pid
wait $pid
check_eq "trace exit status" "$?" 0
tail -n 1 /tmp/storm.json | cut -c1-400 | sed 's/^/# summary: /'
seen=$(field seen /tmp/storm.json)
check_eq "lost 0, unread 0" "$(field lost /tmp/storm.json),$(field unread /tmp/storm.json)" "0,0"
# The loader's peak RSS with the defaults (the dependents too): the rings'
# two mappings both count. A figure for docs/performance.md and make bench,
# not a pass mark here: 16 MiB is issue 20's goal, not met since the
# dependents' rings grew to 4 MiB each (issue 17).
diag "loader peak RSS $(field loader_maxrss_kb /tmp/storm.json) kB with the defaults"
check_eq "seen = emitted = printed" \
	"$(field emitted /tmp/storm.json),$(grep -c '"type":"event"' /tmp/storm.json)" "$seen,$seen"
n_storm=$(grep -c '"action":"change"' /tmp/storm.json)
diag "change events printed: $n_storm; SEQNUM $s0..$s1"
if [ "$EXPECT_ATTACH" = tracepoint ]; then
	# Every SEQNUM of the storm exactly once.
	sed -n 's/.*"seqnum":\([0-9]*\).*/\1/p' /tmp/storm.json | sort -n >/tmp/seq
	awk -v a=$s0 -v b=$s1 '$1 > a && $1 <= b' /tmp/seq >/tmp/seq.storm
	check_eq "every SEQNUM of the storm present" "$(wc -l </tmp/seq.storm)" $((s1 - s0))
	check_eq "no SEQNUM twice" "$(uniq -d /tmp/seq | wc -l)" 0
else
	check "at least $N change events printed" test "$n_storm" -ge $N
	check_eq "no SEQNUM without the tracepoint (null)" "$(grep -c '"seqnum":[0-9]' /tmp/storm.json)" 0
fi
rm -f /tmp/storm.json

# 2. Stops: started as a background job (SIGINT ignored on entry, as in a
# non-interactive shell), stopped while loading or in the middle of a storm.
# The summary must be out within a second of the signal, with or without
# the dependents. The process may take longer to exit while the kernel
# detaches the fexit/fentry trampolines: removing each waits for an
# RCU-tasks grace period, one after the other, which a task writing uevents
# in a tight loop stretches under emulation (0.1-0.4 s each measured). The
# programs stop recording before that, and the summary is written before
# detaching, so its counters are final.
stop_within() {	# stop_within SIG DESCRIPTION
	limit=1000
	t0=$(uptime_ms)
	kill -$1 $pid
	i=0 out_ms=
	while kill -0 $pid 2>/dev/null && [ $i -lt 3000 ]; do
		# The tail only: grep over tens of MB of output would be the
		# slowest thing in the guest.
		[ -z "$out_ms" ] && tail -c 8192 /tmp/stop.json | grep -q '^{"type":"summary"' &&
			out_ms=$(($(uptime_ms) - t0))
		usleep 10000
		i=$((i + 1))
	done
	ms=$(($(uptime_ms) - t0))
	[ -z "$out_ms" ] && out_ms=$ms
	kill -0 $pid 2>/dev/null && kill -9 $pid
	wait $pid
	rc=$?
	diag "$2: summary out ${out_ms} ms after SIG$1, exited after ${ms} ms, exit $rc"
	check "$2: summary out within $limit ms of SIG$1 (${out_ms} ms)" test $out_ms -le $limit
	check "$2: exits within 10 s of SIG$1 (${ms} ms)" test $ms -le 10000
	check_eq "$2: exit status" $rc 0
	check "$2: complete summary" sh -c "tail -n 1 /tmp/stop.json | grep -q '^{\"type\":\"summary\".*\"lost\":0'"
}
# Keys only (-N): the uevent tracer's own stop, which used to hang.
wait_attached() {
	i=0
	while ! grep -q "tracing device uevents" /tmp/stop.err && [ $i -lt 1200 ]; do
		usleep 100000
		i=$((i + 1))
	done
}
r=1
while [ $r -le $REPEAT ]; do
	sig=INT
	[ $((r % 2)) -eq 0 ] && sig=TERM
	sysfs-audit trace --json -N >/tmp/stop.json 2>/tmp/stop.err &
	pid=$!
	if [ $((r % 2)) -eq 1 ]; then
		# While loading: after 0.1 s, 0.9 s, ...
		usleep $(( (r - 1) * 400000 + 100000 ))
		stop_within $sig "round $r, while loading"
	else
		wait_attached
		ustorm -f /tmp/uevents.list -n 1000000 >/dev/null &
		spid=$!
		sleep 1
		stop_within $sig "round $r, mid-storm"
		kill $spid
		wait $spid
	fi
	r=$((r + 1))
done
# With the dependents (the default): eight more hooks to detach, after
# the summary (it used to wait for them in the stdio buffer: 1.7-3.5 s).
sysfs-audit trace --json >/tmp/stop.json 2>/tmp/stop.err &
pid=$!
wait_attached
ustorm -f /tmp/uevents.list -n 1000000 >/dev/null &
spid=$!
sleep 1
stop_within INT "with dependents, mid-storm"
kill $spid
wait $spid

# 3. Losses are counted exactly and fail --fail-on-lost: a 1 MiB ring and
# a reader that stalls (SIGSTOP) through a storm.
quiet
sysfs-audit trace --json -b 1 -L >/tmp/lost.json 2>/tmp/lost.err &
pid=$!
i=0
while ! grep -q "tracing device uevents" /tmp/lost.err && [ $i -lt 1200 ]; do
	usleep 100000
	i=$((i + 1))
done
kill -STOP $pid
ustorm -f /tmp/uevents.list -n 20000 >/dev/null
kill -CONT $pid
quiet
# The stop's drain is bounded (100 ms): let the reader print what the ring
# held first, so that "every emitted event printed" is about losses only.
tracer_stats $pid /tmp/lost.err 600 >/dev/null
kill -INT $pid
wait $pid
check_eq "--fail-on-lost: exit 8 after losses" "$?" 8
lost=$(field lost /tmp/lost.json)
seen=$(field seen /tmp/lost.json)
emitted=$(field emitted /tmp/lost.json)
diag "1 MiB ring, stalled reader: seen $seen, emitted $emitted, lost $lost"
check "a stalled reader with a 1 MiB ring loses events" test "${lost:-0}" -gt 0
check_eq "seen = emitted + lost" "$seen" $((emitted + lost))
check_eq "every emitted event printed" "$(grep -c '"type":"event"' /tmp/lost.json)" "$emitted"
check "the loss is reported on stderr" grep -q "events lost" /tmp/lost.err
check "lost in the JSON summary" grep -q '"lost":'"$lost" /tmp/lost.json
