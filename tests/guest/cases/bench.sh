# make bench, guest side: uevent storms over many devices with the tracer's
# configurations interleaved in one boot, so that their ratios mean
# something (timings vary a lot between boots under emulation). Results go
# out as "# BENCH {json}" lines; the host turns them into tables and plots.
#
# BENCH_ROUNDS (default 3), BENCH_SIZES (default "1000 10000 100000") and
# BENCH_CONFIGS can be set through sysfs_audit.env.*.
. /tests/ktap.sh

rounds=${BENCH_ROUNDS:-3}
sizes=$(echo "${BENCH_SIZES:-1000,10000,100000}" | tr , ' ')
configs=$(echo "${BENCH_CONFIGS:-bare,floor,json,null,keys,table,fexit,kprobe,netlink,abi}" | tr , ' ')
nconf=$(echo $configs | wc -w)
ktap_plan $((rounds * nconf + 2))

. /tests/storm-devices.sh
diag "storm over $ndev devices: $(ls /sys/class/block | grep -c loop) loop, $(ls /sys/class/block | grep -c '^sd') sd, $(ls /sys/class/tty | wc -l) tty, $(ls /sys/class/input | wc -l) input"
check "at least 200 devices to storm over" test "$ndev" -ge 200
# The obsolete-ABI watch's modules (make bench puts them in on Debian's
# kernels), after the storm's list was made: the uevent storms stay what
# they were. mac80211_hwsim's rfkill0/state is the watched attribute.
if [ -s /lib/abi-mods/order ]; then
	for m in $(cat /lib/abi-mods/order); do
		a=; [ $m = mac80211_hwsim.ko ] && a=radios=1
		insmod /lib/abi-mods/$m $a 2>/dev/null || diag "insmod $m: $?"
	done
fi
# The watch: linux-source's obsolete/ and removed/ and rfkill's state entry
# where make bench put them (tests/lib/guest.sh, guest_abi_tree), else the
# built-in table.
abi_args=
[ -d /tests/abi/ABI ] && abi_args="--abi /tests/abi/rfkill-state --abi /tests/abi/ABI"
echo 1 >/proc/sys/kernel/bpf_stats_enabled
check "bpf_stats enabled" test "$(cat /proc/sys/kernel/bpf_stats_enabled)" = 1

# The tracer's counters now (SIGUSR1), once it has consumed all it emitted.
stats() { tracer_stats $pid /tmp/bench.err 100; }

start() {
	pid= attach_ms=0
	rm -f /tmp/bench.err /tmp/bench.ready
	_t0=$(uptime_ms)
	case $1 in
	bare) return 0 ;;
	floor) sysfs-audit trace -C --json >/tmp/bench.out 2>/tmp/bench.err & ;;
	json) sysfs-audit trace --json >/tmp/bench.out 2>/tmp/bench.err & ;;
	keys) sysfs-audit trace --json -N >/tmp/bench.out 2>/tmp/bench.err & ;;
	null) sysfs-audit trace --json >/dev/null 2>/tmp/bench.err & ;;
	table) sysfs-audit trace >/tmp/bench.out 2>/tmp/bench.err & ;;
	fexit) sysfs-audit trace --json -N -a fexit >/tmp/bench.out 2>/tmp/bench.err & ;;
	kprobe) sysfs-audit trace --json -N -a kprobe >/tmp/bench.out 2>/tmp/bench.err & ;;
	netlink) ueventmon -r /tmp/bench.ready >/tmp/bench.out 2>/tmp/bench.err & ;;
	abi) sysfs-audit abi watch $abi_args --json >/tmp/bench.out 2>/tmp/bench.err & ;;
	esac
	pid=$!
	_i=0
	while [ $_i -lt 1200 ]; do
		grep -q "tracing device uevents\|abi watch: attached" /tmp/bench.err 2>/dev/null && break
		[ -e /tmp/bench.ready ] && break
		kill -0 $pid 2>/dev/null || { pid=; return 1; }
		usleep 100000
		_i=$((_i + 1))
	done
	attach_ms=$(($(uptime_ms) - _t0))
}

tracer() { case $1 in floor|json|null|keys|table|fexit|kprobe) return 0 ;; esac; return 1; }

# A lookup storm: stat() of a legacy-only path that does not exist (what an
# old consumer polling for <parent>/<class>:<name> does); the dependents'
# hooks see every miss (json and table have them, keys and the rest not).
lpath="$(readlink -f /sys/class/block/vda | sed 's|/block/vda$||')/block:vda"
diag "lookup storm path: $lpath"

# The system-wide case: the dependents' hooks and the obsolete-ABI watch
# run for every process, on every path. N lstat(), N open() and N open()
# + read() of a file outside sysfs, of an existing sysfs attribute that no
# obsolete entry describes, of a missing sysfs name and, where there is
# one, of an attribute the watch watches (obs: rfkill0/state), in bare
# (nothing attached), json (the dependents on), keys (-N) and abi (the
# watch alone).
vdir=$(readlink -f /sys/class/block/vda)
echo data >/tmp/bench.file
sys_paths="out=/tmp/bench.file attr=$vdir/size miss=$vdir/no_such_attr"
obs=$(readlink -f /sys/class/rfkill/rfkill0 2>/dev/null)/state
if [ -e /sys/class/rfkill/rfkill0/state ]; then
	sys_paths="$sys_paths obs=$obs"
else
	obs=
fi
diag "system-wide paths: $sys_paths"
syswide() { case $1 in bare|json|keys|abi) return 0 ;; esac; return 1; }

# The BPF programs' run time and runs (bpf_stats) of process PID, summed
# over its program fds: "NS COUNT". What the watch's own program takes of
# a system-wide case, beside the trampoline that enters it.
prog_runs() {
	cat /proc/$1/fdinfo/* 2>/dev/null |
		awk '$1 == "run_time_ns:" { ns += $2 } $1 == "run_cnt:" { n += $2 } END { print ns + 0, n + 0 }'
}

# Until the process PID has used no CPU for 1.2 s: the abi watch walks
# /sys again (at most once a second) after uevents came, and that walk
# must not fall into the system-wide storms. At most 2 minutes.
settle() {
	_c=-1 _i=0
	while [ $_i -lt 100 ]; do
		_n=$(awk '{ print $14 + $15 }' /proc/$1/stat 2>/dev/null)
		[ "$_n" = "$_c" ] && return
		_c=$_n
		usleep 1200000
		_i=$((_i + 1))
	done
	diag "pid $1 still busy after 2 minutes"
}

round=1
while [ $round -le $rounds ]; do
	# Rotate the order every round: no configuration always goes first.
	order=$(echo $configs | awk -v r=$round '{ for (i = 0; i < NF; i++) printf "%s ", $((i + r - 1) % NF + 1) }')
	for cfg in $order; do
		good=0
		if ! start $cfg; then
			diag "$cfg: did not start: $(tail -n 2 /tmp/bench.err 2>/dev/null | tr '\n' ' ')"
			echo "# BENCH {\"round\":$round,\"config\":\"$cfg\",\"available\":false}"
			ktap_result 0 "round $round: $cfg not available on this kernel (said why above)"
			continue
		fi
		for n in $sizes; do
			quiet
			# The counters and the loader's CPU right before the storm
			# (loading, the verifier, the lookup storms are not its cost).
			if tracer $cfg; then
				prev=$(stats | tr ' ' '\n' | grep -E '^(seen|emitted|lost|consumed|cpu_ms|bpf_run_ns|bpf_run_cnt)=' | tr '\n' ' ')
			fi
			out=$(ustorm -f /tmp/uevents.list -n $n) || good=1
			quiet
			extra=
			if tracer $cfg; then
				now=$(stats)
				extra=$(echo "$prev | $now" | awk '{
					for (i = 1; i <= NF; i++) { if ($i == "|") { cur = 1; continue }; split($i, kv, "="); if (!cur) p[kv[1]] = kv[2]; else c[kv[1]] = kv[2] }
					printf ",\"seen\":%d,\"emitted\":%d,\"lost\":%d,\"consumed\":%d,\"bpf_run_ns\":%s,\"bpf_run_cnt\":%s,\"cpu_ms\":%s,\"maxrss_kb\":%s,\"ring_hwm_kb\":%s",
						c["seen"] - p["seen"], c["emitted"] - p["emitted"], c["lost"] - p["lost"],
						c["consumed"] - p["consumed"], c["bpf_run_ns"] - p["bpf_run_ns"], c["bpf_run_cnt"] - p["bpf_run_cnt"], c["cpu_ms"] - p["cpu_ms"], c["maxrss_kb"], c["ring_hwm_kb"] == "" ? "null" : c["ring_hwm_kb"] }')
			fi
			ns=$(echo "$out" | sed -n 's/.*ns_per_event=\([0-9]*\).*/\1/p')
			[ -z "$pid" ] || settle $pid
			lk=$(wait-for-sysfs poll "$lpath" $n | sed -n 's/.*ns_per_call=\([0-9]*\).*/\1/p')
			sys=
			if syswide $cfg; then
				for p in $sys_paths; do
					for op in lstat open read; do
						o=; [ $op = open ] && o=-o; [ $op = read ] && o=-r
						[ $cfg = abi ] && r0=$(prog_runs $pid)
						v=$(pathstorm $o -n $n "${p#*=}" | sed -n 's/.*ns_per_call=\([0-9]*\).*/\1/p')
						sys="$sys,\"${op}_${p%%=*}\":${v:-null}"
						# abi: BPF ns per run and runs per call
						# (the untimed tenth included).
						[ $cfg = abi ] && sys="$sys$(echo "$r0 $(prog_runs $pid) $n" | awk -v c="${op}_${p%%=*}" '{
							d = $4 - $2; printf ",\"bpf_%s\":{\"ns_per_run\":%s,\"runs_per_call\":%.2f}", c, d ? sprintf("%.0f", ($3 - $1) / d) : "null", d / ($5 * 1.1) }')"
					done
				done
				sys=",\"syswide\":{${sys#,}}"
			fi
			echo "# BENCH {\"round\":$round,\"config\":\"$cfg\",\"available\":true,\"n\":$n,\"devices\":$ndev,\"ns_per_event\":${ns:-null},\"lookup_ns\":${lk:-null},\"attach_ms\":${attach_ms:-0}$extra$sys}"
		done
		if [ -n "$pid" ]; then
			t0=$(uptime_ms)
			# ueventmon has no handler: a background job ignores SIGINT.
			if tracer $cfg || [ $cfg = abi ]; then kill -INT $pid; else kill -TERM $pid; fi
			i=0 sum_ms=null
			while kill -0 $pid 2>/dev/null && [ $i -lt 1000 ]; do
				# When the summary is out (the table's or the JSON one);
				# the exit may follow later, once the hooks are detached.
				# (null: the summary went to /dev/null, only the exit counts)
				[ "$sum_ms" = null ] && tracer $cfg && [ $cfg != null ] &&
					tail -c 8192 /tmp/bench.out | grep -q '^{"type":"summary"\|(attach: ' &&
					sum_ms=$(($(uptime_ms) - t0))
				usleep 10000
				i=$((i + 1))
			done
			stop_ms=$(($(uptime_ms) - t0))
			tracer $cfg && [ "$sum_ms" = null ] && sum_ms=$stop_ms
			wait $pid
			st=$?
			kill -0 $pid 2>/dev/null && { kill -9 $pid; good=1; }
			echo "# BENCH {\"round\":$round,\"config\":\"$cfg\",\"stop_ms\":$stop_ms,\"summary_ms\":$sum_ms,\"exit\":$st}"
			tracer $cfg && [ $st -ne 0 ] && good=1
			# The watch measured is one that saw the watched attribute's
			# opens: pathstorm named for it, nothing lost.
			if [ $cfg = abi ]; then
				[ $st -eq 0 ] || good=1
				grep -o '"stats":{[^}]*}' /tmp/bench.out | sed "s/^/# abi round $round: /"
				grep -q '"lost":0,' /tmp/bench.out || good=1
				if [ -n "$obs" ]; then
					awk '{ gsub(/\{"file":/, "\n{\"file\":"); print }' /tmp/bench.out |
						grep '"what":"/sys/class/rfkill/rfkill\[0-9\]+/state"' |
						grep '"verdict":"in-use"' | grep -q '"exe":"[^"]*pathstorm"' || good=1
				fi
			fi
		fi
		ktap_result $good "round $round: $cfg ran its storms and stopped"
	done
	round=$((round + 1))
done
