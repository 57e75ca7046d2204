#!/bin/bash
# sysfs-audit rules: the legacy-era corpus finds exactly what tests/rules/legacy/EXPECTED
# lists, Debian 12's own rules find nothing, and bad input gives a message and exit 10.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tool-test.sh"	# tap, $sa (built), $tmp (removed at exit)

# "FILE:LINE KEY" per finding, from the JSON lines on stdin.
findings() {
	perl -MJSON::PP -MFile::Basename -ne '
		my $o = decode_json($_);
		print basename($o->{file}), ":$o->{line} $o->{key}\n" if $o->{type} eq "finding";'
}

# ---- the command line ---------------------------------------------------------
"$sa" rules --help | grep -q '^EXAMPLES:' && "$sa" scan --help | grep -q '^EXAMPLES:'
tap_ok $? "rules --help and scan --help show USAGE and EXAMPLES"
"$sa" rules --frobnicate >/dev/null 2>&1
tap_ok $([ $? = 2 ]; echo $?) "rules: an unknown option is exit 2"
"$sa" --help | grep -q '^  rules ' && "$sa" --help | grep -q '^  scan '
tap_ok $? "sysfs-audit --help lists rules and scan"

# ---- the legacy corpus ------------------------------------------------------
corpus=$top/tests/rules/legacy
"$sa" rules --json "$corpus" >"$tmp/legacy.json" 2>"$tmp/legacy.err"
st=$?
tap_ok $([ $st = 9 ]; echo $?) "legacy corpus: exit 9 (found)"
"$sa" rules --fail-on=findings "$corpus" >/dev/null 2>&1
tap_ok $([ $? = 18 ]; echo $?) "legacy corpus, --fail-on=findings: exit 18, as report's gate"
"$sa" rules --fail-on=findings "$top/tests/rules/modern" >/dev/null 2>&1
tap_ok $([ $? = 0 ]; echo $?) "modern rules, --fail-on=findings: exit 0"
"$sa" rules --fail-on=keys "$corpus" >/dev/null 2>&1
tap_ok $([ $? = 2 ]; echo $?) "rules --fail-on=keys: exit 2 (rules can only gate on findings)"
findings <"$tmp/legacy.json" | sort >"$tmp/got"
grep -v '^#' "$corpus/EXPECTED" | sort >"$tmp/want"
diff "$tmp/want" "$tmp/got" | tap_diag
tap_ok $(cmp -s "$tmp/want" "$tmp/got"; echo $?) \
	"legacy corpus: exactly the $(wc -l <"$tmp/want") expected findings, each at its line"
tap_ok $([ ! -s "$tmp/legacy.err" ]; echo $?) "legacy corpus: every file parses (no message)"
for f in "$corpus"/*.rules; do
	n=$(grep -c "^$(basename "$f"):" "$tmp/want")
	got=$("$sa" rules --json "$f" 2>/dev/null | findings | wc -l)
	tap_ok $([ "$got" = "$n" ]; echo $?) "$(basename "$f"): $n findings (got $got)"
done
tail -n 1 "$tmp/legacy.json" | grep -q '"type":"summary","command":"rules","files":8,"findings":62,'
tap_ok $? "JSON ends with the summary: 8 files, 62 findings"
perl -MJSON::PP -ne '$o = decode_json($_); exit 1 if $o->{type} eq "finding" &&
	join(",", sort keys %$o) ne "col,file,key,kind,line,member,message,offset,package,replacement,severity,type"' \
	"$tmp/legacy.json"
tap_ok $? "every finding object has the documented keys"

# the diagnostic format, and its replacement
out=$("$sa" rules "$corpus/debian-pilot-95.rules" 2>/dev/null)
grep -qx "$corpus/debian-pilot-95.rules:4:20: error: SYSFS{product} (an attribute of the device or of a parent) was removed in udev 174; today's udev rejects the whole rule: use ATTRS{product}==\"Palm Handheld\*|Handspring \*|Ordinateur de poche Palm\*\" \[SYSFS{product}\]" <<<"$out"
tap_ok $? "FILE:LINE:COL: SEVERITY: message [KEY] with the replacement"
grep -q '^.*debian-pilot-95.rules:4:[0-9]*: error: DEVPATH "/class/tty/ttyUSB\[13\]" is a legacy path.*use SUBSYSTEM=="tty"' <<<"$out"
tap_ok $? "a continued rule is reported at its first line; DEVPATH /class/tty -> SUBSYSTEM==\"tty\""

# ---- modern rules: nothing ---------------------------------------------------
out=$("$sa" rules "$top/tests/rules/modern" 2>&1)
st=$?
echo "$out" | tap_diag
tap_ok $([ $st = 0 ] && [ "$(grep -c ': \(error\|warning\|note\):' <<<"$out")" = 0 ]; echo $?) \
	"Debian 12 / systemd 252 rules ($(ls "$top"/tests/rules/modern/*.rules | wc -l) files): exit 0, no finding"
"$sa" rules >"$tmp/live" 2>&1
st=$?
tap_diag <"$tmp/live"
tap_ok $([ $st = 0 ] || [ $st = 9 ]; echo $?) "this machine's rules directories: exit 0 or 9 (got $st)"

# ---- udev's line grammar (systemd 252): a comment hides no rule (issue 49) ---
g=$tmp/grammar
mkdir -p "$g"
# comment ending in '\', comment ended by CR, by CRLF, by NUL: the next rule is live
printf '# an old rule, commented out \\\nENV{PHYSDEVBUS}=="usb", RUN+="/x"\n' >"$g/10-bs.rules"
printf '# CR-ended comment\rENV{PHYSDEVBUS}=="usb"\n' >"$g/20-cr.rules"
printf '# comment \\\r\nENV{PHYSDEVBUS}=="usb"\n' >"$g/30-crlf.rules"
printf '# NUL-ended comment \\\0ENV{PHYSDEVBUS}=="usb"\n' >"$g/40-nul.rules"
for f in "$g"/*.rules; do
	out=$("$sa" rules "$f" 2>&1)
	st=$?
	[ $st = 9 ] || echo "exit $st: $out" | tap_diag
	tap_ok $([ $st = 9 ] && grep -q "$(basename "$f"):2:1: error: PHYSDEVBUS" <<<"$out"; echo $?) \
		"$(basename "$f"): the rule after the comment is live, found at line 2"
done
# a comment between continued lines is skipped and the rule goes on, as udev joins it
printf 'KERNEL=="sda", \\\n# note\nENV{PHYSDEVBUS}=="usb"\n' >"$g/50-inside.rules"
out=$("$sa" rules "$g/50-inside.rules" 2>&1)
tap_ok $([ $? = 9 ] && grep -q '50-inside.rules:1:16: error: PHYSDEVBUS' <<<"$out"; echo $?) \
	"a comment inside a continued rule: the rule goes on (found at 1:16)"
# a continuation open at the end of the file: udev drops the rule, we say so
printf 'ENV{PHYSDEVBUS}=="usb" \\' >"$g/60-eof.rules"
out=$("$sa" rules "$g/60-eof.rules" 2>&1)
tap_ok $([ $? = 10 ] && grep -q '60-eof.rules: line 1: the file ends inside a continued line' <<<"$out"; echo $?) \
	"a '\\' at the end of the file: named (udev ignores the rule), exit 10"

# ---- bad input ---------------------------------------------------------------
expect() {	# expect STATUS PATTERN DESCRIPTION ARGS...: of `rules ARGS`
	sa_expect 20 "$1" "$2" "$3" rules "${@:4}"
}
d=$tmp/rules.d
mkdir -p "$d"
printf 'KERNEL=="sda", NAME="x\n' >"$d/10-unterminated.rules"
expect 10 "10-unterminated.rules: line 1, column 21: unterminated quoted value" \
	"unterminated quote" "$d/10-unterminated.rules"
perl -e 'srand(42); print chr(int rand 256) for 1..4096' >"$d/20-junk.rules"
printf '\0\1\2BUS==\n' >>"$d/20-junk.rules"
expect 10 "20-junk.rules" "binary junk" "$d/20-junk.rules"
{ printf 'BUS=="'; head -c 1048576 /dev/zero | tr '\0' a; printf '", NAME="big"\n'; } >"$d/30-big.rules"
printf 'ENV{PHYSDEVBUS}=="usb"\n' >>"$d/30-big.rules"
out=$(timeout 20 "$sa" rules "$d/30-big.rules" 2>&1)
tap_ok $([ $? = 10 ] && grep -q '30-big.rules: line 1: a line of 16384 bytes or more: udev stops' <<<"$out" &&
	 ! grep -q 'error:' <<<"$out"; echo $?) \
	"a 1 MiB line: udev stops reading the file there, so do we, saying so: exit 10"
expect 10 "/nonexistent/x.rules: No such file or directory" "a missing file" /nonexistent/x.rules
mkdir "$d/40-dir.rules"
ln -s loop2.rules "$d/loop1.rules"
ln -s loop1.rules "$d/loop2.rules"
expect 10 "loop1.rules: Too many levels of symbolic links" "a symlink loop" "$d/loop1.rules"
ln -s "$tmp/gone" "$d/50-vanished.rules"
expect 10 "50-vanished.rules: No such file or directory" "a file that vanished (dangling link)" \
	"$d/50-vanished.rules"
mkfifo "$d/60-fifo.rules"
expect 10 "60-fifo.rules: not a regular file" "a FIFO (no hang)" "$d/60-fifo.rules"
# the directory as a whole: every bad file named, the good one still scanned
printf 'ENV{PHYSDEVBUS}=="usb"\n' >"$d/70-good.rules"
ln -s /dev/null "$d/80-masked.rules"
out=$(timeout 30 "$sa" rules "$d" 2>&1)
st=$?
echo "$out" | tap_diag
tap_ok $([ $st = 10 ] && grep -q '70-good.rules:1:1: error: PHYSDEVBUS' <<<"$out" &&
	 [ "$(grep -c '^sysfs-audit: ' <<<"$out")" -ge 6 ]; echo $?) \
	"a directory of bad files: each named, the scan goes on (70-good.rules found), exit 10"
tap_ok $(grep -q '40-dir.rules: Is a directory' <<<"$out"; echo $?) \
	"a directory in place of a rules file: named"
tap_ok $([ "$(grep -c '20-junk.rules' <<<"$out")" -le 7 ]; echo $?) \
	"binary junk: at most 5 parse errors shown, then a count"
tap_ok $(grep -q 80-masked <<<"$out"; [ $? = 1 ]; echo $?) "a rules file masked with /dev/null is skipped"
tap_done
