#!/bin/bash
# The kernel patch series, each checked against the tree it is for:
#   kernel/patches/           the 6.1 backport series (upstream's three
#                             commits), on Debian's linux-source-6.1
#   kernel/patches-local-6.1/ the local sysfs_audit:* tracepoints, on top of it
#   kernel/patches-6.12/      the mainline tracepoint series, on linux-source-6.12
# Each is well-formed (Signed-off-by; the two series meant for the lists
# also [PATCH vN NN/MM] subjects that agree with their cover letters, v5
# both, and the Cc: lines get_maintainer.pl gives; the local one a README
# that says it is local), applies in order with patch -p1 (no fuzz, no
# offset) and with git am, and is checkpatch --strict clean. The 6.1
# backport leaves no trace of CONFIG_SYSFS_DEPRECATED in what a Debian
# build reads and adds no tracepoint; the local series adds the sysfs_audit:* events and the
# 6.12 one the kobject:* events, with the same record, and both print them
# with nothing libtraceevent (trace-cmd, perf) cannot read.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

work_root=$(mktemp -d)
trap 'rm -rf "$work_root"' EXIT

# Upstream commits the series cite, checked by hand against the linux-next,
# driver-core and spi announcements (the tarball has no git history to ask).
verified_upstream() {
	local id
	for id in 721da5cee9d43901105f5b8bd33fcb9101b12fc3 \
		  22fd6153c16a40d123d8c9936967d0a59e417129 \
		  93d205457dcda137e73dbfdcaa6a3c4c3b6d505f \
		  88a22c985e35 e52eec13cd6b 39aba963d937; do
		case "$id" in "$1"*) return 0 ;; esac
	done
	return 1
}

# check_series DIR SOURCE-SERIES VERSION: the checks every series gets. The
# patched copy of the files it touches is left in
# $work_root/SOURCE-SERIES-patch, where a later series of the same tree
# applies on top. VERSION "local": a local series, with a README instead of
# a cover letter, no [PATCH vN] subjects and no Cc: lines (it is not sent).
check_series() {
	local pdir=$1 srcser=$2 ver=$3 src name p f n st out res cst summary ran excused
	local errs warns checks nexc total cover subj want missing work amdir bad=0
	local -a series onfile
	name=${pdir#"$top"/}
	if ! src=$("$top/kernel/source.sh" "$srcser"); then
		tap_ok 1 "$name: pristine linux-source-$srcser available"
		return
	fi

	mapfile -t series < <(grep -v '^\s*\(#\|$\)' "$pdir/series")
	mapfile -t onfile < <(cd "$pdir" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-')
	tap_ok $([ ${#series[@]} -gt 0 ] && [ "${series[*]}" = "${onfile[*]}" ]; echo $?) \
		"$name: series lists every numbered patch, in order (${#series[@]} patches)"

	if [ "$ver" = local ]; then
		tap_ok $([ ! -e "$pdir/0000-cover-letter.patch" ] &&
			grep -q 'LOCAL patches, not upstream' "$pdir/README"; echo $?) \
			"$name: a README, no cover letter: it says the series is local, not upstream"
	else
		cover=$pdir/0000-cover-letter.patch
		tap_ok $([ -f "$cover" ] && ! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE' "$cover"; echo $?) \
			"$name: cover letter exists and is filled in"

		# [PATCH vN NN/MM]: one version and total everywhere, NN in order
		# and zero-padded to the width of MM, as git format-patch writes.
		total=${#series[@]}
		subj=$(sed -n 's/^Subject: \(\[PATCH[^]]*\]\).*/\1/p' "$cover")
		want=$(printf "[PATCH $ver %0*d/%d]" ${#total} 0 "$total")
		tap_ok $([ "$subj" = "$want" ]; echo $?) "$name: cover letter subject $subj is $want"
		n=0
		for p in "${series[@]}"; do
			n=$((n + 1))
			subj=$(sed -n 's/^Subject: \(\[PATCH[^]]*\]\).*/\1/p' "$pdir/$p")
			want=$(printf "[PATCH $ver %0*d/%d]" ${#total} "$n" "$total")
			[ "$subj" = "$want" ] || { echo "$p: '$subj', want '$want'" | tap_diag; bad=1; }
		done
		tap_ok $bad "$name: every patch's subject is [PATCH $ver NN/$total], in order"
	fi

	# Apply to a copy of every file the series touches, one patch at a time.
	work=$work_root/$srcser-patch
	amdir=$work_root/$srcser-am
	mkdir -p "$work" "$amdir"
	for p in "${series[@]}"; do
		sed -n 's|^--- a/||p' "$pdir/$p" | while read -r f; do
			[ -e "$work/$f" ] && continue
			mkdir -p "$work/$(dirname "$f")" "$amdir/$(dirname "$f")"
			cp "$src/$f" "$work/$f"
			cp "$src/$f" "$amdir/$f"
		done
	done

	for p in "${series[@]}"; do
		n=$(grep -c '^From ' "$pdir/$p")
		tap_ok $([ "$n" = 1 ]; echo $?) "$name/$p: one commit per file"
		tap_ok $(grep -q '^Signed-off-by: .\+ <.\+@.\+>' "$pdir/$p"; echo $?) \
			"$name/$p: Signed-off-by"
		# Every address get_maintainer.pl names, run on the tree, gets a
		# Cc: line, unless it is already the author or in a tag. Not for
		# a local patch, which is not sent.
		if [ "$ver" != local ]; then
			want=$(cd "$src" && ./scripts/get_maintainer.pl --no-rolestats \
				--no-git-fallback "$pdir/$p" 2>/dev/null | sort -u)
			out=$(sed -n '/^---$/q; s/^\(Cc\|From\|Signed-off-by\|Acked-by\|Reviewed-by\): //p' \
				"$pdir/$p" | sort -u)
			missing=$(comm -23 <(echo "$want") <(echo "$out"))
			[ -z "$missing" ] || echo "no Cc: for $missing" | tap_diag
			tap_ok $([ -n "$want" ] && [ -z "$missing" ]; echo $?) \
				"$name/$p: Cc:, author or tag for each of the $(grep -c . <<<"$want") addresses get_maintainer.pl names"
		fi
		out=$(patch -d "$work" -p1 --forward --no-backup-if-mismatch < "$pdir/$p" 2>&1)
		st=$?
		[ $st -eq 0 ] || echo "$out" | tap_diag
		tap_ok $st "$name/$p: applies with patch -p1 after its predecessors"
		if grep -q 'offset\|fuzz' <<<"$out"; then
			echo "$out" | tap_diag
			tap_ok 1 "$name/$p: applies without offset or fuzz"
		else
			tap_ok 0 "$name/$p: applies without offset or fuzz"
		fi
		# The run must reach checkpatch's own summary line ("total: E
		# errors, W warnings, C checks, ...") with exit 0 or 1: a
		# checkpatch that crashed or never ran prints none and must not
		# count as "0 errors".
		res=$(cd "$src" && ./scripts/checkpatch.pl --strict "$pdir/$p" 2>&1)
		cst=$?
		summary=$(grep -E '^total: [0-9]+ errors, [0-9]+ warnings, [0-9]+ checks' <<<"$res")
		ran=$([ -n "$summary" ] && { [ $cst -eq 0 ] || [ $cst -eq 1 ]; }; echo $?)
		tap_ok $ran "$name/$p: checkpatch ran to its summary (exit $cst: ${summary:-no summary line})"
		# The findings one per line, with their types, to excuse by id.
		res=$(cd "$src" && ./scripts/checkpatch.pl --strict --terse --no-summary --show-types \
			"$pdir/$p" 2>&1)
		# Two findings depend on the environment, not on the patch.
		# checkpatch looks commit ids up in the git history, which a
		# source tarball lacks: UNKNOWN_COMMIT_ID is accepted for the
		# verified upstream ids only. And the "commit <sha1> upstream."
		# line that stable-kernel-rules.rst asks a backport to start with
		# is not in checkpatch's prose reference style.
		excused=$(grep -E ': (WARNING:UNKNOWN_COMMIT_ID|ERROR:GIT_COMMIT_ID):' <<<"$res" |
			while IFS= read -r f; do
				ln=$(sed -n 's/^[^:]*:\([0-9]*\): .*/\1/p' <<<"$f")
				text=$(sed -n "${ln}p" "$pdir/$p")
				id=$(grep -oiE "(\\bcommit|^Fixes:) [0-9a-f]{12,40}\\b" <<<"$text" |
					head -1 | cut -d' ' -f2)
				[ -n "$id" ] && verified_upstream "$id" || continue
				case "$f" in
				*GIT_COMMIT_ID*) [[ $text =~ ^commit\ [0-9a-f]{40}\ upstream\.$ ]] || continue ;;
				esac
				echo "$f"
			done)
		# A local patch adds a header that no upstream MAINTAINERS entry
		# may name (the v4 review: not in Greg's entry), so checkpatch's
		# "does MAINTAINERS need updating?" is excused for it when its
		# commit message answers the question.
		if [ "$ver" = local ] && grep -q '^MAINTAINERS: it is local' "$pdir/$p"; then
			excused=$(printf '%s\n%s\n' "$excused" \
				"$(grep -E ': WARNING:FILE_PATH_CHANGES:' <<<"$res")" | grep .)
		fi
		res=$(grep -vxF -f <(echo "$excused") <<<"$res")
		errs=$(grep -c ': ERROR:' <<<"$res")
		warns=$(grep -c ': WARNING:' <<<"$res")
		checks=$(grep -c ': CHECK:' <<<"$res")
		nexc=$(grep -c . <<<"$excused")
		[ $ran -eq 0 ] || errs=? warns=?
		[ "$ran$errs$warns" = 000 ] || echo "exit $cst; $res" | tap_diag
		tap_ok $([ "$ran$errs$warns" = 000 ]; echo $?) \
			"$name/$p: checkpatch --strict: $errs errors, $warns warnings ($checks checks, $nexc upstream-id or local MAINTAINERS findings excused)"
	done

	# The same series with git am, on a repository of the files it touches.
	(cd "$amdir" && git init -q && git add -A && git -c user.name=t -c user.email=t@t.invalid \
		commit -qm base) >/dev/null 2>&1
	for p in "${series[@]}"; do
		out=$(cd "$amdir" && git -c user.name=t -c user.email=t@t.invalid am -q "$pdir/$p" 2>&1)
		st=$?
		[ $st -eq 0 ] || { echo "$out" | tap_diag; (cd "$amdir" && git am --abort) >/dev/null 2>&1; }
		tap_ok $st "$name/$p: applies with git am after its predecessors"
	done
	tap_ok $(diff -r -x .git -q "$amdir" "$work" >/dev/null; echo $?) \
		"$name: git am and patch -p1 produce the same tree"
}

check_series "$top/kernel/patches" 6.1 v5
work61=$work_root/6.1-patch
# The backport alone: no tracepoint (the events are local, below).
tap_ok $([ ! -e "$work61/include/trace/events/kobject.h" ] &&
	! grep -q 'trace_' "$work61/lib/kobject_uevent.c" 2>/dev/null; echo $?) \
	"6.1 backport series adds no tracepoint"
check_series "$top/kernel/patches-local-6.1" 6.1 local
# A local file has no place in an upstream MAINTAINERS entry (v4 added the
# local header to Greg's): the local series leaves MAINTAINERS alone.
tap_ok $(! grep -q '^diff --git a/MAINTAINERS ' "$top"/kernel/patches-local-6.1/*.patch; echo $?) \
	"kernel/patches-local-6.1: no MAINTAINERS hunk"
check_series "$top/kernel/patches-6.12" 6.12 v5
work612=$work_root/6.12-patch

# 6.1: the option is gone from every file the build reads. The series
# carries upstream's three commits only (v5): what is left are lines in
# other architectures' defconfigs and in Documentation/spi/spidev.rst,
# which no Debian build reads and which mainline (v6.12) still has too;
# upstream took no commit for them to backport.
if src61=$("$top/kernel/source.sh" 6.1); then
	pat='SYSFS_DEPRECATED\|sysfs_deprecated\|sysfs\.deprecated'
	mapfile -t before < <(cd "$src61" && grep -rlI "$pat" . | sed 's|^\./||' | sort)
	left=()
	for f in "${before[@]}"; do
		if [ -e "$work61/$f" ]; then
			! grep -q "$pat" "$work61/$f" || left+=("$f")
		else
			case "$f" in
			arch/*/configs/*defconfig|Documentation/spi/spidev.rst) ;;
			*) left+=("$f") ;;
			esac
		fi
	done
	[ ${#left[@]} -eq 0 ] || printf '%s\n' "${left[@]}" | tap_diag
	tap_ok $([ ${#before[@]} -gt 0 ] && [ ${#left[@]} -eq 0 ]; echo $?) \
		"6.1 series: no reference to SYSFS_DEPRECATED, sysfs_deprecated or sysfs.deprecated= is left but in other architectures' defconfigs and spidev.rst (${#before[@]} files had one)"
fi

# The same three events: kobject:* in the mainline series, sysfs_audit:*
# (names mainline will not use) in the local 6.1 one; 6.1 has no kobject
# events at all.
bad=0
h61=$work61/include/trace/events/sysfs_audit.h
h612=$work612/include/trace/events/kobject.h
for ev in kobject_uevent kobject_uevent_injected kobject_uevent_helper; do
	grep -q "^TRACE_EVENT($ev,\$" "$h612" 2>/dev/null &&
		grep -q "trace_$ev(" "$work612/lib/kobject_uevent.c" ||
		{ echo "6.12: no $ev" | tap_diag; bad=1; }
	lev=sysfs_audit_${ev#kobject_}
	grep -q "^TRACE_EVENT($lev,\$" "$h61" 2>/dev/null &&
		grep -q "trace_$lev(" "$work61/lib/kobject_uevent.c" ||
		{ echo "6.1: no $lev" | tap_diag; bad=1; }
done
grep -q '^#define TRACE_SYSTEM sysfs_audit$' "$h61" 2>/dev/null || { echo "6.1: system" | tap_diag; bad=1; }
grep -q '^#define TRACE_SYSTEM kobject$' "$h612" 2>/dev/null || { echo "6.12: system" | tap_diag; bad=1; }
[ ! -e "$work61/include/trace/events/kobject.h" ] || { echo "6.1 has kobject.h" | tap_diag; bad=1; }
tap_ok $bad "the mainline series adds kobject:kobject_uevent{,_injected,_helper}, the local 6.1 one sysfs_audit:sysfs_audit_uevent{,_injected,_helper}, and 6.1 has no kobject events"
# v5: the name is a bounded dynamic array (a record must fit in a ring
# buffer page whatever the kobject), not an unbounded __string().
for h in "$h61" "$h612"; do
	tap_ok $(! grep -q '__string(\|__assign_str(' "$h" &&
		grep -q '__dynamic_array(char, kobj, uevent_trace_name_size(kobj))' "$h"; echo $?) \
		"${h#"$work_root"/}: the kobject's name is bounded (uevent_trace_name_size()), no __string()"
done
# The records are the same: the 6.1 header is the 6.12 one with the local
# names (enum sysfs_audit_uevent_stage, SYSFS_AUDIT_UEVENT_*, the
# sysfs_audit_* events; v5's include-once guard of the enum came out as
# __SYSFS_AUDIT_SYSFS_AUDIT_UEVENT_ONCE, kept so as not to rebuild the
# kernel for a name) and the injected message a const char * (tp_btf
# cannot read a void *).
norm() {
	sed -e 's/kobject_uevent\.c/KOBJECT_UEVENT_DOT_C/g' \
	    -e 's/_TRACE_SYSFS_AUDIT_H/_TRACE_KOBJECT_H/g' \
	    -e 's/TRACE_SYSTEM sysfs_audit/TRACE_SYSTEM kobject/' \
	    -e 's/__SYSFS_AUDIT_SYSFS_AUDIT_UEVENT_ONCE/__UEVENT_STAGE_ONCE/g' \
	    -e 's/enum sysfs_audit_uevent_stage/enum uevent_stage/g' \
	    -e 's/SYSFS_AUDIT_UEVENT_TEXT_MAX/UEVENT_TRACE_TEXT_MAX/g' \
	    -e 's/SYSFS_AUDIT_UEVENT_CUT_/UEVENT_TRACE_CUT_/g' \
	    -e 's/SYSFS_AUDIT_UEVENT_/UEVENT_STAGE_/g' \
	    -e 's/show_sysfs_audit_uevent_stage/show_uevent_stage/g' \
	    -e 's/show_sysfs_audit_action/show_kobject_action/g' \
	    -e 's/sysfs_audit_uevent/kobject_uevent/g' \
	    -e 's/KOBJECT_UEVENT_DOT_C/kobject_uevent.c/g' \
	    -e 's/const char \*msg/const void *msg/' "$1" | sed '1,/^#undef TRACE_SYSTEM/d'
}
d=$(diff <(norm "$h61") <(sed '1,/^#undef TRACE_SYSTEM/d' "$h612") 2>&1)
[ -z "$d" ] || echo "$d" | head -20 | tap_diag
tap_ok $([ -z "$d" ] && grep -q 'TP_PROTO(const char \*msg' "$h61"; echo $?) \
	"the local 6.1 events have the mainline v5 record (names aside; msg is a const char *)"
# libtraceevent (trace-cmd, perf) prints the pointer for a %p extension it
# does not know (%pE among them): both print the environment as text with %s.
for h in "$h61" "$h612"; do
	bad=$(sed -n '/TP_printk/,/);/p' "$h" | grep -c '%[*0-9.]*p[A-Za-z]')
	tap_ok $([ "$bad" = 0 ] && grep -q 'env=%s"' "$h"; echo $?) \
		"${h#"$work_root"/}: TP_printk() formats use no %p extension (env=%s)"
done
tap_done
