# Golden outputs, byte for byte (42-output-golden.t, 42-guest-golden.t).
# Set before sourcing: $golden (the directory of NAME.out files), $tmp (a
# scratch directory), $w (where the tool runs: inputs are named relative
# to it), $sa (tools.sh). GOLDEN_UPDATE=1 writes the files instead of
# comparing; GOLDEN_ONLY=REGEX runs only the cases whose names match.
export LC_ALL=C TZ=UTC
unset COLUMNS NO_COLOR
update=${GOLDEN_UPDATE:-0}
seen=" "
[ "$update" = 1 ] && mkdir -p "$golden"

# out NAME ARGS...: run the tool in $w; stdout, stderr, the exit status and
# the Prometheus file (when ARGS write prom/NAME.prom) against the golden file
out() {
	local name=$1 got=$tmp/got
	shift
	seen="$seen$name.out "
	[[ -z ${GOLDEN_ONLY:-} || $name =~ $GOLDEN_ONLY ]] || return 0
	rm -rf "$w/prom" && mkdir -p "$w/prom"
	(cd "$w" && "$sa" "$@" >"$tmp/stdout" 2>"$tmp/stderr")
	local st=$?
	{
		echo "# sysfs-audit $*"
		cat "$tmp/stdout"
		echo "# stderr"
		cat "$tmp/stderr"
		echo "# exit $st"
		for f in "$w"/prom/*; do
			[ -e "$f" ] || continue
			echo "# file ${f#"$w"/}"
			cat "$f"
		done
	} | sed "s|$tmp|@TMP@|g" >"$got"
	if [ "$update" = 1 ]; then
		cp "$got" "$golden/$name.out"
		tap_ok 0 "$name: written"
		return
	fi
	if cmp -s "$golden/$name.out" "$got"; then
		tap_ok 0 "$name: byte-identical"
	else
		diff -u "$golden/$name.out" "$got" 2>&1 | head -n 40 | tap_diag
		tap_ok 1 "$name: differs from ${golden#"$top"/}/$name.out (GOLDEN_UPDATE=1 if meant)"
	fi
}

# golden_stale: every golden file is some case's: a case dropped from the
# list must take its file with it.
golden_stale() {
	local stale=0 f
	for f in "$golden"/*.out; do
		case $seen in *" $(basename "$f") "*) ;; *)
			echo "no case writes $(basename "$f")" | tap_diag; stale=1 ;;
		esac
	done
	tap_ok $stale "every file in ${golden#"$top"/}/ belongs to a case"
}

# out_report NAME PROM FILES...: report FILES in text, markdown and JSON
# (NAME-text, -markdown, -json) and to prom/PROM.prom (NAME-prom)
out_report() {
	local name=$1 prom=$2
	shift 2
	out "$name-text" report "$@"
	out "$name-markdown" report -f markdown "$@"
	out "$name-json" report -f json "$@"
	out "$name-prom" report --prometheus "prom/$prom.prom" "$@"
}
