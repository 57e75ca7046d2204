# Debian's chromium, headless, on a file the tests wrote: bounded in time
# (60 s), its own profile, no first-run work, and a resolver that resolves
# nothing, so a page that tried to load anything fails visibly in its log.
# Shared by tests/host/66-report-chromium.t and tests/guest/60-boot.t (the
# real boot's timeline). Needs $chromium_profile, a scratch directory.

# chromium_browse MODE FILE OUT [HEIGHT]: MODE dom (the DOM into OUT) or
# shot (a screenshot into OUT, 1240 x HEIGHT, default 1000); the browser's
# log in OUT.log.
chromium_browse() {
	local flag out
	case $1 in
	dom) flag=--dump-dom ;;
	shot) flag=--screenshot=$3 ;;
	esac
	out=$(mktemp)
	# root needs --no-sandbox
	timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$chromium_profile" --no-first-run --disable-extensions \
		--host-resolver-rules="MAP * ~NOTFOUND" --window-size=1240,${4:-1000} \
		--enable-logging=stderr --v=0 "$flag" "file://$2" >"$out" 2>"$3.log"
	local st=$?
	[ "$1" = dom ] && cp "$out" "$3"
	rm -f "$out"
	return $st
}

# chromium_console LOG: the page's console messages and failed loads, if any.
chromium_console() {
	grep -E 'CONSOLE|Refused|net::ERR_|Uncaught' "$1"
}

# chromium_svg_height SVG: the height the picture asks for (its window).
chromium_svg_height() {
	sed -n 's/^<svg [^>]* height="\([0-9]*\)".*/\1/p' "$1" | head -n 1
}
