# run CPUSECONDS CMD...: the command under a CPU-time limit (ulimit -t), and
# killed after RUN_WALL seconds of wall clock (default 300) so that one
# blocking on a FIFO or a device fails its case instead of hanging the
# suite; sets $st, $out and $err. Needs $tmp. RUN_MEM (KiB) also bounds
# the address space (ulimit -v), for readers whose memory is under test.
run() {
	local cpu=$1
	shift
	# under ASan (tests/lib/tool.sh) no address-space limit, more CPU time
	[ "${sa_san:-0}" = 1 ] && cpu=$((cpu * 4))
	(ulimit -t "$cpu"; [ -z "${RUN_MEM:-}" ] || [ "${sa_san:-0}" = 1 ] || ulimit -v "$RUN_MEM"
	 exec timeout -s KILL "${RUN_WALL:-300}" "$@") >"$tmp/out" 2>"$tmp/err"
	st=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}
