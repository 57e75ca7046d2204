#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make mutate: do the tests fail when the tool is wrong? Apply each mutant of
# tests/mutate/mutants.txt, one at a time, to a scratch copy of the tree
# (never the working tree), rebuild, and run the test suites the mutant
# names; the mutant is killed when one of them fails. Prints every survivor
# and ends with "N killed of M".
#
#   tests/mutate/run.sh [ID_REGEX]
#
# A mutant whose original line does not match exactly one line (after
# trimming whitespace) of its file, or that does not build, is an ERROR:
# reported, never counted as killed. The unmutated copy must pass every
# suite first, or nothing can be judged.
#
# Suites (the third field of a mutant):
#   host          host tests of the user code (unit tests, CLI, no BPF)
#   guest-trace   30-trace.t on the patched kernel only (tracepoint mode,
#                 every event judged by sa_oracle)
#   guest-errors  40-trace-errors.t on the unpatched kernel only (attach
#                 fallbacks and the loader's exit statuses)
#   guest-storm   35-storm.t on the patched kernel only (losses counted,
#                 --fail-on-lost, stops)
#   guest-deps    50-dependents.t on the patched kernel only (the
#                 dependents' rules, judged on the legacy fixtures)
#   guest-deps-cases  51-dependents-cases.t on the patched kernel only
#                 (stale models, scripts, containers, uevent file reads)
# Environment: MUTATE_KEEP=1 keeps the scratch copy; MUTATE_LOG (default
# build/mutate) holds one log per mutant; MUTATE_CHECK=1 only checks that
# every mutant applies (MUTATE_LIST: another list); MUTATE_SUITES="host"
# runs only the mutants whose suites are all in that list (e.g. while no
# kernel is built yet).
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
list=${MUTATE_LIST:-$top/tests/mutate/mutants.txt}
only=${1:-}
logdir=${MUTATE_LOG:-$top/build/mutate}
scratch=$(mktemp -d /tmp/sysfs-audit-mutate.XXXXXX)
[ "${MUTATE_KEEP:-0}" = 1 ] || trap 'rm -rf "$scratch"' EXIT
mkdir -p "$logdir"

# The tracked and untracked (not ignored) files, plus the build outputs, so
# only what a mutant touches is rebuilt.
(cd "$top" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) |
	tar -C "$scratch" -xf - || { echo "mutate: cannot copy the tree" >&2; exit 1; }
[ -d "$top/build" ] && mkdir -p "$scratch/build" &&
	cp -a "$top/build/sysfs_audit.bpf.o" "$top/build/sysfs_audit.skel.h" "$scratch/build/" 2>/dev/null

build() {	# build LOG: the binaries every suite uses (the guest's among them)
	make -C "$scratch" -s unit-tests sysfs-audit guest-deps >>"$1" 2>&1
}

# suite NAME LOG: run one suite in the scratch copy, its output in LOG and
# in $scratch/last.out; 0 = passed.
suite() {
	local log=$2 st
	run_suite "$1" >"$scratch/last.out" 2>&1
	st=$?
	cat "$scratch/last.out" >>"$log"
	return $st
}

# The failures of a suite's last run, without test numbers, sorted.
failures() {
	sed -n 's/^not ok [0-9]* *//p' "$scratch/last.out" | sort -u
}

# judge SUITE: after a failed run, was the mutant killed? Yes if the run
# failed a check the unmutated copy passed, or ran another number of checks.
judge() {
	local s=$1
	[ "$(grep -o 'Tests=[0-9]*' "$scratch/last.out")" = "${base_count[$s]:-}" ] || return 0
	[ -n "$(comm -23 <(failures) <(printf '%s\n' "${base_fail[$s]:-}" | sort -u))" ]
}

run_suite() {
	case "$1" in
	host)
		(cd "$scratch" && prove -v tests/host/20-unit.t tests/host/30-cli.t) ;;
	guest-trace)
		(cd "$scratch" && SYSFS_AUDIT_GUEST_KERNELS=patched \
			prove -v tests/guest/30-trace.t) ;;
	guest-errors)
		(cd "$scratch" && SYSFS_AUDIT_GUEST_KERNELS=legacy \
			prove -v tests/guest/40-trace-errors.t) ;;
	guest-storm)
		(cd "$scratch" && SYSFS_AUDIT_GUEST_KERNELS=patched \
			prove -v tests/guest/35-storm.t) ;;
	guest-deps)
		(cd "$scratch" && SYSFS_AUDIT_GUEST_KERNELS=patched DEPS_KERNELS=patched \
			prove -v tests/guest/50-dependents.t) ;;
	guest-deps-cases)
		(cd "$scratch" && SYSFS_AUDIT_GUEST_KERNELS=patched DEPS_KERNELS=patched \
			prove -v tests/guest/51-dependents-cases.t) ;;
	*)
		echo "unknown suite '$1'"; return 2 ;;
	esac
}

# apply FILE ORIGINAL REPLACEMENT: replace the one line of FILE that equals
# ORIGINAL once whitespace is trimmed, keeping its indentation. Fails unless
# exactly one line matches.
apply() {
	local f=$scratch/$1 n
	[ -f "$f" ] || { echo "no file $1"; return 1; }
	n=$(ORIG=$2 awk '{ s = $0; gsub(/^[ \t]+|[ \t]+$/, "", s); if (s == ENVIRON["ORIG"]) n++ }
		END { print n + 0 }' "$f")
	[ "$n" = 1 ] || { echo "original line matches $n lines of $1, not 1"; return 1; }
	ORIG=$2 REPL=$3 awk '{
		s = $0; gsub(/^[ \t]+|[ \t]+$/, "", s)
		if (s == ENVIRON["ORIG"]) { match($0, /^[ \t]*/); print substr($0, 1, RLENGTH) ENVIRON["REPL"] }
		else print
	}' "$f" >"$f.mut" && mv "$f.mut" "$f"
}

# Parse the list: "== ID SUITES FILE", "- ORIGINAL", "+ REPLACEMENT".
ids=() suites=() files=() origs=() repls=()
while IFS= read -r line; do
	case "$line" in
	"== "*)
		read -r _ id s f <<<"$line"
		ids+=("$id") suites+=("$s") files+=("$f") origs+=("") repls+=("") ;;
	"- "*) origs[${#ids[@]} - 1]=${line#- } ;;
	"+ "*) repls[${#ids[@]} - 1]=${line#+ } ;;
	esac
done <"$list"

# MUTATE_CHECK=1: only check that every mutant applies (a quick drift check).
if [ "${MUTATE_CHECK:-0}" = 1 ]; then
	bad=0
	for i in "${!ids[@]}"; do
		f=${files[$i]}
		cp -p "$scratch/$f" "$scratch/$f.orig"
		if ! msg=$(apply "$f" "${origs[$i]}" "${repls[$i]}") ||
		   [ "${origs[$i]}" = "${repls[$i]}" ] || [ -z "${origs[$i]}" ]; then
			echo "ERROR    ${ids[$i]}: does not apply (${msg:-empty or unchanged})"
			bad=$((bad + 1))
		fi
		mv "$scratch/$f.orig" "$scratch/$f"
	done
	echo "${#ids[@]} mutants, $bad do not apply"
	[ $bad -eq 0 ]
	exit
fi

# The mutants to run: ID_REGEX and MUTATE_SUITES select.
sel=()
for i in "${!ids[@]}"; do
	[ -n "$only" ] && ! [[ ${ids[$i]} =~ $only ]] && continue
	if [ -n "${MUTATE_SUITES:-}" ]; then
		ok=1
		for s in ${suites[$i]//,/ }; do
			[[ " $MUTATE_SUITES " == *" $s "* ]] || ok=0
		done
		[ $ok = 1 ] || continue
	fi
	sel+=("$i")
done

echo "mutate: baseline (unmutated copy) ..."
: >"$logdir/baseline.log"
build "$logdir/baseline.log" || { echo "mutate: the unmutated tree does not build; see $logdir/baseline.log"; exit 1; }
needed=$(for i in "${sel[@]}"; do echo "${suites[$i]}"; done | tr ',' '\n' | sort -u)
# A suite that fails without any mutant (a real bug the tests found) is
# judged against its own failures: a mutant is killed only by a check
# that passed before. An unfinished baseline (no plan, a crash) stops here.
declare -A base_fail base_count
for s in $needed; do
	if ! suite "$s" "$logdir/baseline.log"; then
		base_fail[$s]=$(failures)
		[ -n "${base_fail[$s]}" ] && grep -q '^Result: FAIL' "$scratch/last.out" &&
		   ! grep -q 'Parse errors\|Dubious, test returned [^1]' "$scratch/last.out" ||
			{ echo "mutate: suite $s does not complete without any mutant; see $logdir/baseline.log"; exit 1; }
		echo "mutate: suite $s fails without any mutant; judged against these failures:"
		printf '  not ok %s\n' "${base_fail[$s]}"
	fi
	base_count[$s]=$(grep -o 'Tests=[0-9]*' "$scratch/last.out")
done

killed=0 total=0 errors=0 survivors=()
for i in "${sel[@]}"; do
	id=${ids[$i]}
	total=$((total + 1))
	log=$logdir/$id.log
	f=${files[$i]}
	cp -p "$scratch/$f" "$scratch/$f.orig" 2>/dev/null
	echo "mutant $id (${suites[$i]}): $f: '${origs[$i]}' -> '${repls[$i]}'" >"$log"
	if [ -z "${origs[$i]}" ] || [ "${origs[$i]}" = "${repls[$i]}" ] ||
	   ! apply "$f" "${origs[$i]}" "${repls[$i]}" >>"$log" 2>&1; then
		echo "ERROR    $id: does not apply ($(tail -n 1 "$log"))"
		errors=$((errors + 1))
	elif ! build "$log"; then
		echo "ERROR    $id: does not build (see $log)"
		errors=$((errors + 1))
	else
		verdict=SURVIVED
		for s in ${suites[$i]//,/ }; do
			echo "== suite $s" >>"$log"
			suite "$s" "$log" || ! judge "$s" || { verdict="KILLED   $id (by $s)"; break; }
		done
		[ "$verdict" = SURVIVED ] && echo "SURVIVED $id" || echo "$verdict"
		if [ "$verdict" = SURVIVED ]; then
			survivors+=("$id ($f: '${origs[$i]}' -> '${repls[$i]}')")
		else
			killed=$((killed + 1))
		fi
	fi
	# Restore the pristine file with a fresh mtime, so make rebuilds it.
	[ -f "$scratch/$f.orig" ] && mv "$scratch/$f.orig" "$scratch/$f" && touch "$scratch/$f"
done

echo
if [ ${#survivors[@]} -gt 0 ]; then
	echo "Survivors:"
	printf '  %s\n' "${survivors[@]}"
fi
[ $errors -eq 0 ] || echo "$errors mutants could not be applied or built (errors, not killed)"
echo "$killed killed of $total"
