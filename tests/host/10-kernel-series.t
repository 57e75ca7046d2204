#!/bin/bash
# The kernel patch series: well-formed, applies in order to the pristine
# linux-source-6.1 with patch -p1 and with git am, checkpatch --strict clean,
# and leaves no trace of CONFIG_SYSFS_DEPRECATED anywhere in the tree.
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
amdir=$(mktemp -d)
trap 'rm -rf "$work" "$amdir"' EXIT
cp -a "$work/." "$amdir/"

# Upstream commits the series cites, checked by hand against the linux-next
# and driver-core announcements (the tarball has no git history to ask).
verified_upstream() {
	local id
	for id in 721da5cee9d43901105f5b8bd33fcb9101b12fc3 \
		  22fd6153c16a40d123d8c9936967d0a59e417129 \
		  88a22c985e35 e52eec13cd6b; do
		case "$id" in "$1"*) return 0 ;; esac
	done
	return 1
}
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
	# The run must reach checkpatch's own summary line ("total: E errors,
	# W warnings, C checks, ...") with exit 0 or 1: a checkpatch that
	# crashed or never ran prints none and must not count as "0 errors".
	res=$(cd "$src" && ./scripts/checkpatch.pl --strict "$pdir/$p" 2>&1)
	cst=$?
	summary=$(grep -E '^total: [0-9]+ errors, [0-9]+ warnings, [0-9]+ checks' <<<"$res")
	ran=$([ -n "$summary" ] && { [ $cst -eq 0 ] || [ $cst -eq 1 ]; }; echo $?)
	tap_ok $ran "$p: checkpatch ran to its summary (exit $cst: ${summary:-no summary line})"
	# The findings one per line, with their types, to excuse by id.
	res=$(cd "$src" && ./scripts/checkpatch.pl --strict --terse --no-summary --show-types \
		"$pdir/$p" 2>&1)
	# Two findings depend on the environment, not on the patch. checkpatch
	# looks commit ids up in the git history, which a source tarball lacks:
	# UNKNOWN_COMMIT_ID is accepted for the verified upstream ids only. And
	# the "commit <sha1> upstream." line that stable-kernel-rules.rst asks a
	# backport to start with is not in checkpatch's prose reference style.
	excused=$(grep -E ': (WARNING:UNKNOWN_COMMIT_ID|ERROR:GIT_COMMIT_ID):' <<<"$res" |
		while IFS= read -r f; do
			ln=$(sed -n 's/^[^:]*:\([0-9]*\): .*/\1/p' <<<"$f")
			text=$(sed -n "${ln}p" "$pdir/$p")
			id=$(grep -oiE "\\bcommit [0-9a-f]{12,40}\\b" <<<"$text" | head -1 | cut -d' ' -f2)
			[ -n "$id" ] && verified_upstream "$id" || continue
			case "$f" in
			*GIT_COMMIT_ID*) [[ $text =~ ^commit\ [0-9a-f]{40}\ upstream\.$ ]] || continue ;;
			esac
			echo "$f"
		done)
	res=$(grep -vxF -f <(echo "$excused") <<<"$res")
	errs=$(grep -c ': ERROR:' <<<"$res")
	warns=$(grep -c ': WARNING:' <<<"$res")
	checks=$(grep -c ': CHECK:' <<<"$res")
	nexc=$(grep -c . <<<"$excused")
	[ $ran -eq 0 ] || errs=? warns=?
	[ "$ran$errs$warns" = 000 ] || echo "exit $cst; $res" | tap_diag
	tap_ok $([ "$ran$errs$warns" = 000 ]; echo $?) \
		"$p: checkpatch --strict: $errs errors, $warns warnings ($checks checks, $nexc upstream-id findings excused)"
done

# The same series with git am, on a repository of the files it touches.
(cd "$amdir" && git init -q && git add -A && git -c user.name=t -c user.email=t@t.invalid \
	commit -qm base) >/dev/null 2>&1
for p in "${series[@]}"; do
	out=$(cd "$amdir" && git -c user.name=t -c user.email=t@t.invalid am -q "$pdir/$p" 2>&1)
	st=$?
	[ $st -eq 0 ] || { echo "$out" | tap_diag; (cd "$amdir" && git am --abort) >/dev/null 2>&1; }
	tap_ok $st "$p: applies with git am after its predecessors"
done
tap_ok $(diff -r -x .git -q "$amdir" "$work" >/dev/null; echo $?) \
	"git am and patch -p1 produce the same tree"

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
