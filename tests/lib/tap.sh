# TAP helpers for host-side test scripts (bash). The plan is printed at the
# end, so a script may emit any number of results.
tap_n=0
tap_failed=0

tap_ok() {	# tap_ok STATUS DESCRIPTION
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

tap_diag() {
	sed 's/^/# /'
}

tap_done() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}

tap_is() {	# tap_is GOT WANT DESCRIPTION: ok when GOT = WANT, else says what it got
	if [ "$1" = "$2" ]; then
		tap_ok 0 "$3"
	else
		tap_ok 1 "$3 (got $1)"
	fi
}

tap_skip() {	# tap_skip DESCRIPTION REASON: counted as passed, said to be skipped
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # skip $2"
}
