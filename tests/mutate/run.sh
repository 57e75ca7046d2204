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
# kernel is built yet); MUTATE_FILES=REGEX only those of the matching files
# (e.g. '^user/(deps|reports|output)/'); MUTATE_SKIP=REGEX (host mode)
# leaves out the parts it matches, e.g. 'test_report_bounds' for the score
# before that test was added.
#
# MUTATE_SUITE=host (make mutate MUTATE_SUITE=host): no kernel, no guest.
# Every mutant of a file under user/, whatever suites it names, is judged
# by the host tests alone, and only by those that matter for it (host_parts
# below): the unit tests whose binary links its file (those of its own
# header first), each run alone, and the host .t files its file feeds. Run
# it after make unit-tests (make mutate does): the links are read off
# build/tests. A mutant rebuilds those
# binaries only, so it costs seconds to a minute. Scores per folder
# ("user/deps: N killed of M") and in all.
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
# Host mode: the host objects and binaries too (make rebuilds what is older
# than its sources), so the baseline does not build the tree from nothing.
[ "${MUTATE_SUITE:-}" = host ] && [ -d "$top/build/san" ] &&
	(cd "$top/build" && cp -a san obj tests sysfs-audit sysfs-audit-san \
		dependents.skel.h dependents.bpf.o "$scratch/build/" 2>/dev/null)

build() {	# build LOG [TARGETS]: the binaries every suite uses (the guest's among them)
	local log=$1
	shift
	[ $# -gt 0 ] || set -- unit-tests sysfs-audit guest-deps
	make -C "$scratch" -s "$@" >>"$log" 2>&1
}

host_mode=0
[ "${MUTATE_SUITE:-}" = host ] && host_mode=1

# linked_tests FILE: the unit tests whose binary (in $top/build/tests, from
# the last build) holds FILE's object, i.e. defines one of its global
# symbols. The unit tests link static archives, so a test that does not
# pull the object in cannot run a line of FILE: leaving it out cannot spare
# a mutant. Prints nothing when the objects are not built.
linked_tests() {
	local o=$top/build/san/${1#user/} t
	o=${o%.c}.o
	[ -f "$o" ] || return 0
	nm -g --defined-only "$o" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$scratch/syms.want"
	for t in "$top"/build/tests/test_*; do
		[ -x "$t" ] || continue
		[ -f "$scratch/syms.${t##*/}" ] ||
			nm --defined-only "$t" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u \
				>"$scratch/syms.${t##*/}"
		# not "| grep -q": under pipefail, comm killed by SIGPIPE would drop the test
		[ -n "$(comm -12 "$scratch/syms.want" "$scratch/syms.${t##*/}")" ] &&
			echo "unit:${t##*/}"
	done
}

# host_parts FILE: what judges a mutant of FILE in host mode, one a line:
# "unit:test_NAME", the unit tests that can reach FILE: those whose binary
# holds FILE's object (linked_tests), the ones that include FILE's own
# header first (the likeliest to kill, so a killed mutant costs one run);
# without a build, those that include its header, else a header of its
# folder. Then "t:tests/host/NAME.t" (the host .t files that run FILE's code).
host_parts() {
	local f=$1 dir=${1%/*} t h linked own
	dir=${dir#user/}
	h=$dir/$(basename "$f" .c).h
	linked=$(linked_tests "$f")
	own=$(for t in "$top"/tests/host/unit/test_*.c; do
		grep -q "#include \"$h\"" "$t" && echo "unit:$(basename "$t" .c)"
	done)
	if [ -n "$linked" ]; then
		# own header first, then the rest of the linked ones
		printf '%s\n' $own $linked | awk '!seen[$0]++' | grep -Fx -f <(printf '%s\n' $linked)
	else
		# the unit tests of FILE's own header, else of any header of its folder
		[ -n "$own" ] || h=$dir/
		for t in "$top"/tests/host/unit/test_*.c; do
			grep -q "#include \"$h" "$t" && echo "unit:$(basename "$t" .c)"
		done
	fi
	case "$f" in
	user/reports/boot_armed.c|user/reports/boot_last.c|user/reports/boot_unit.c|\
	user/reports/boot_initrd.c|user/output/boot_status_out.c)
		echo t:tests/host/30-cli.t; echo t:tests/host/45-boot-status.t ;;
	user/reports/report_read.c|user/reports/json_budget.c|user/output/escape.c)
		echo t:tests/host/30-cli.t; echo t:tests/host/40-report.t
		echo t:tests/host/56-report-hostile.t ;;
	user/reports/*|user/output/*)
		echo t:tests/host/30-cli.t; echo t:tests/host/40-report.t ;;
	user/deps/*) ;;
	*)	# another layer: what the host suite runs
		echo t:tests/host/20-unit.t; echo t:tests/host/30-cli.t ;;
	esac
}

# host_targets PART...: the make targets those parts need.
host_targets() {
	local p
	for p in "$@"; do
		case "$p" in
		unit:*) echo "build/tests/${p#unit:}" ;;
		t:tests/host/20-unit.t) echo unit-tests ;;
		t:tests/host/45-boot-status.t) echo build/sysfs-audit; echo build/sysfs-audit-san ;;
		t:*) echo build/sysfs-audit ;;
		esac
	done | sort -u
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
	unit:*)	# one unit test binary: its TAP, failed on a bad exit or plan
		(cd "$scratch" && out=$("build/tests/${1#unit:}" 2>&1); st=$?
		 printf '%s\n' "$out"
		 n=$(grep -c '^\(not \)\?ok ' <<<"$out"); p=$(sed -n 's/^1\.\.//p' <<<"$out")
		 echo "Tests=$n"
		 [ $st -eq 0 ] && [ "$p" = "$n" ]) ;;
	t:*)
		(cd "$scratch" && prove -v "${1#t:}") ;;
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
declare -A parts_of
for i in "${!ids[@]}"; do
	[ -n "$only" ] && ! [[ ${ids[$i]} =~ $only ]] && continue
	[ -n "${MUTATE_FILES:-}" ] && ! [[ ${files[$i]} =~ $MUTATE_FILES ]] && continue
	if [ $host_mode = 1 ]; then
		# the BPF program's mutants need a kernel: not the host's to judge
		[[ ${files[$i]} == user/* ]] || continue
		# once per file: the symbol tables are not cheap under load
		[ -n "${parts_of[${files[$i]}]:-}" ] ||
			parts_of[${files[$i]}]=$(host_parts "${files[$i]}" | paste -sd, -)
		suites[$i]=${parts_of[${files[$i]}]}
		# MUTATE_SKIP=REGEX: leave those parts out (the suite as it was
		# before a test was added: a "before" score from the same tree)
		[ -n "${MUTATE_SKIP:-}" ] &&
			suites[$i]=$(tr ',' '\n' <<<"${suites[$i]}" | grep -Ev "$MUTATE_SKIP" | paste -sd, -)
	elif [ -n "${MUTATE_SUITES:-}" ]; then
		ok=1
		for s in ${suites[$i]//,/ }; do
			[[ " $MUTATE_SUITES " == *" $s "* ]] || ok=0
		done
		[ $ok = 1 ] || continue
	fi
	sel+=("$i")
done

# A suite that fails without any mutant (a real bug the tests found) is
# judged against its own failures: a mutant is killed only by a check
# that passed before. An unfinished baseline (no plan, a crash) stops here.
declare -A base_fail base_count base_done
baseline_of() {	# baseline_of SUITE: run SUITE on the unmutated copy as built now
	local s=$1
	base_done[$s]=1
	if ! suite "$s" "$logdir/baseline.log"; then
		base_fail[$s]=$(failures)
		[ -n "${base_fail[$s]}" ] && grep -q '^Result: FAIL\|^1\.\.' "$scratch/last.out" &&
		   ! grep -q 'Parse errors\|Dubious, test returned [^1]' "$scratch/last.out" ||
			{ echo "mutate: suite $s does not complete without any mutant; see $logdir/baseline.log"; exit 1; }
		echo "mutate: suite $s fails without any mutant; judged against these failures:"
		printf '  not ok %s\n' "${base_fail[$s]}"
	fi
	base_count[$s]=$(grep -o 'Tests=[0-9]*' "$scratch/last.out")
}

# pristine_base SUITE FILE LOG TARGETS...: SUITE's baseline, run with FILE
# (mutated now, its original in FILE.orig) put back, then the mutant again;
# the mutant's output stays in last.out.
pristine_base() {
	local s=$1 f=$2 log=$3
	shift 3
	cp "$scratch/last.out" "$scratch/mutant.out"
	cp -p "$scratch/$f" "$scratch/$f.mut" && cp -p "$scratch/$f.orig" "$scratch/$f" &&
		touch "$scratch/$f"
	build "$logdir/baseline.log" "$@" ||
		{ echo "mutate: the unmutated tree does not build; see $logdir/baseline.log"; exit 1; }
	baseline_of "$s"
	mv "$scratch/$f.mut" "$scratch/$f" && touch "$scratch/$f"
	cp "$scratch/mutant.out" "$scratch/last.out"
	build "$log" "$@"
}

: >"$logdir/baseline.log"
if [ $host_mode = 1 ]; then
	# Most mutants die in their first unit test, most suites are never
	# failed: a suite's baseline is run the first time a mutant fails it.
	echo "mutate: host mode, each suite's baseline when a mutant first fails it"
else
	echo "mutate: baseline (unmutated copy) ..."
	needed=$(for i in "${sel[@]}"; do echo "${suites[$i]}"; done | tr ',' '\n' | sort -u)
	build "$logdir/baseline.log" ||
		{ echo "mutate: the unmutated tree does not build; see $logdir/baseline.log"; exit 1; }
	for s in $needed; do
		baseline_of "$s"
	done
fi

# Scores per folder (user/deps, ...) besides the total.
declare -A dkilled dtotal
killed=0 total=0 errors=0 survivors=()
for i in "${sel[@]}"; do
	id=${ids[$i]}
	total=$((total + 1))
	log=$logdir/$id.log
	f=${files[$i]}
	d=${f%/*}
	dtotal[$d]=$((${dtotal[$d]:-0} + 1))
	cp -p "$scratch/$f" "$scratch/$f.orig" 2>/dev/null
	echo "mutant $id (${suites[$i]}): $f: '${origs[$i]}' -> '${repls[$i]}'" >"$log"
	if [ -z "${origs[$i]}" ] || [ "${origs[$i]}" = "${repls[$i]}" ] ||
	   ! apply "$f" "${origs[$i]}" "${repls[$i]}" >>"$log" 2>&1; then
		echo "ERROR    $id: does not apply ($(tail -n 1 "$log"))"
		errors=$((errors + 1))
	elif [ $host_mode = 0 ] && ! build "$log"; then
		echo "ERROR    $id: does not build (see $log)"
		errors=$((errors + 1))
	else
		verdict=SURVIVED
		for s in ${suites[$i]//,/ }; do
			# Host mode builds what each part needs just before it runs:
			# most mutants die in their first unit test, and every other
			# binary is another sanitized link (the tool, a static one).
			if [ $host_mode = 1 ]; then
				mapfile -t targets < <(host_targets "$s")
				build "$log" "${targets[@]}" || { verdict=ERROR; break; }
			fi
			echo "== suite $s" >>"$log"
			suite "$s" "$log" && continue
			if [ -z "${base_done[$s]:-}" ]; then
				pristine_base "$s" "$f" "$log" "${targets[@]}" || { verdict=ERROR; break; }
			fi
			judge "$s" && { verdict="KILLED   $id (by $s)"; break; }
		done
		[ "$verdict" = SURVIVED ] && echo "SURVIVED $id" || echo "${verdict/#ERROR/ERROR    $id: does not build (see $log)}"
		if [ "$verdict" = ERROR ]; then
			errors=$((errors + 1))
		elif [ "$verdict" = SURVIVED ]; then
			survivors+=("$id ($f: '${origs[$i]}' -> '${repls[$i]}')")
		else
			killed=$((killed + 1))
			dkilled[$d]=$((${dkilled[$d]:-0} + 1))
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
for d in $(printf '%s\n' "${!dtotal[@]}" | sort); do
	echo "$d: ${dkilled[$d]:-0} killed of ${dtotal[$d]}" \
		"($(( 100 * ${dkilled[$d]:-0} / ${dtotal[$d]} )) %)"
done
echo "$killed killed of $total"
