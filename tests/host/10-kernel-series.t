#!/bin/bash
# The kernel patch series: well-formed, applies in order to the pristine
# linux-source-6.1, checkpatch --strict clean, and leaves no trace of
# CONFIG_SYSFS_DEPRECATED anywhere in the tree.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
pdir=$top/kernel/patches

src=$("$top/kernel/source.sh") || { tap_ok 1 "pristine source available"; tap_done; exit; }

mapfile -t series < <(grep -v '^\s*\(#\|$\)' "$pdir/series")
mapfile -t onfile < <(cd "$pdir" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-')
tap_ok $([ "${series[*]}" = "${onfile[*]}" ]; echo $?) \
	"series lists every numbered patch, in order (${#series[@]} patches)"

cover=$pdir/0000-cover-letter.patch
tap_ok $([ -f "$cover" ] && ! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE' "$cover"; echo $?) \
	"cover letter exists and is filled in"

# Apply to a copy of every file the series touches, one patch at a time.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for p in "${series[@]}"; do
	sed -n 's|^--- a/||p' "$pdir/$p" | while read -r f; do
		[ -e "$work/$f" ] || { mkdir -p "$work/$(dirname "$f")"; cp "$src/$f" "$work/$f"; }
	done
done
for p in "${series[@]}"; do
	n=$(grep -c '^From ' "$pdir/$p")
	tap_ok $([ "$n" = 1 ]; echo $?) "$p: one commit per file"
	tap_ok $(grep -q '^Signed-off-by: .\+ <.\+@.\+>' "$pdir/$p"; echo $?) "$p: Signed-off-by"
	out=$(patch -d "$work" -p1 --forward --no-backup-if-mismatch < "$pdir/$p" 2>&1)
	st=$?
	[ $st -eq 0 ] || echo "$out" | tap_diag
	tap_ok $st "$p: applies with patch -p1 after its predecessors"
	if grep -q 'offset\|fuzz' <<<"$out"; then
		echo "$out" | tap_diag
		tap_ok 1 "$p: applies without offset or fuzz"
	else
		tap_ok 0 "$p: applies without offset or fuzz"
	fi
	# The counts come from checkpatch's own summary line ("total: E errors,
	# W warnings, C checks, ..."): a checkpatch that crashed or never ran
	# prints none and must not count as "0 errors". It exits 1 on errors or
	# warnings, 0 when clean; any other status is a failure to run.
	res=$(cd "$src" && ./scripts/checkpatch.pl --strict "$pdir/$p" 2>&1)
	cst=$?
	summary=$(grep -E '^total: [0-9]+ errors, [0-9]+ warnings, [0-9]+ checks' <<<"$res")
	read -r errs warns checks < <(sed -E 's/^total: ([0-9]+) errors, ([0-9]+) warnings, ([0-9]+) checks.*/\1 \2 \3/' <<<"$summary")
	ran=$([ -n "$summary" ] && { [ $cst -eq 0 ] || [ $cst -eq 1 ]; }; echo $?)
	[ $ran -eq 0 ] || errs=? warns=? checks=?
	[ "$ran$errs$warns" = 000 ] || echo "exit $cst; $res" | tap_diag
	tap_ok $ran "$p: checkpatch ran to its summary (exit $cst: ${summary:-no summary line})"
	tap_ok $([ "$ran$errs$warns" = 000 ]; echo $?) \
		"$p: checkpatch --strict: $errs errors, $warns warnings ($checks checks)"
done

# Every file of the pristine tree that mentions the option must be one the
# series touches, and none of those may mention it afterwards.
pat='SYSFS_DEPRECATED\|sysfs_deprecated\|sysfs\.deprecated'
mapfile -t before < <(cd "$src" && grep -rlI "$pat" . | sed 's|^\./||' | sort)
untouched=()
for f in "${before[@]}"; do
	[ -e "$work/$f" ] || untouched+=("$f")
done
tap_ok $([ ${#before[@]} -gt 0 ] && [ ${#untouched[@]} -eq 0 ]; echo $?) \
	"series touches all ${#before[@]} files that mention the option${untouched:+ (missed: ${untouched[*]})}"
left=$(cd "$work" && grep -rlI "$pat" . || true)
[ -z "$left" ] || echo "$left" | tap_diag
tap_ok $([ -z "$left" ]; echo $?) "no reference to SYSFS_DEPRECATED, sysfs_deprecated or sysfs.deprecated= is left"

tap_ok $(grep -q 'trace_kobject_uevent' "$work/lib/kobject_uevent.c" &&
	 grep -q 'TRACE_EVENT(kobject_uevent' "$work/include/trace/events/kobject.h"; echo $?) \
	"the series adds the kobject:kobject_uevent tracepoint"
tap_done
