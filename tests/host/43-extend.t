#!/bin/bash
# Is the tool easy to extend where the next features will? Each patch of
# tests/extend/*.patch adds one thing (a fourth legacy key, a fifth
# verdict, ...) the way docs/design.md says to: this applies it alone to a
# scratch copy of the tree, prints its size (files, lines added and
# removed), builds the tool and the host unit tests there, runs them, and
# runs the checks the patch names (an EXTEND-CHECK line: a shell command
# run in the copy with $sa the copy's tool). A patch that no longer
# applies, a build that fails, a unit test that fails, a check that
# fails: not ok.
#
# The copy starts from this tree's build/ (objects, skeletons), so make
# rebuilds only what the patch touches. EXTEND_ONLY=REGEX: only the
# matching patches.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
command -v git >/dev/null || { tap_ok 1 "git installed (make deps)"; tap_done; exit; }
[ -x "$top/build/sysfs-audit" ] || { tap_ok 1 "build/sysfs-audit built (make sysfs-audit)"; tap_done; exit; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# copy DIR: this tree's files (tracked or new, not ignored) and its build/, into DIR
copy() {
	mkdir -p "$1"
	(cd "$top" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
		tar --null -T - -cf -) | tar -C "$1" -xf - || return 1
	# objects, BPF skeletons and the generated ABI table, timestamps kept:
	# only what the patch touches is rebuilt (without the table each copy
	# regenerated it and rebuilt the audit layer of both flavours)
	(cd "$top" && tar -cf - build/obj build/san build/tests build/*.bpf.o build/*.skel.h \
		build/abi_builtin.inc 2>/dev/null) | tar -C "$1" -xf - 2>/dev/null
	return 0
}

for p in "$top"/tests/extend/*.patch; do
	[ -e "$p" ] || continue
	name=$(basename "$p" .patch)
	[[ -z ${EXTEND_ONLY:-} || $name =~ $EXTEND_ONLY ]] || continue
	d=$tmp/$name
	copy "$d"
	# the size of the change, as git counts it: files, lines added and removed
	read -r files added removed < <(git apply --numstat "$p" |
		awk '{ f++; a += $1; r += $2 } END { print f + 0, a + 0, r + 0 }')
	echo "# $name: $files file(s), +$added -$removed lines:" \
		"$(git apply --numstat "$p" | awk '{ printf "%s%s", s, $3; s = ", " }')"
	(cd "$d" && git apply "$p") 2>&1 | tap_diag
	tap_ok "${PIPESTATUS[0]}" "$name: applies alone ($files files, +$added -$removed lines)"
	[ -d "$d/user" ] || continue
	log=$tmp/$name.build
	(cd "$d" && nice -n 10 make -j2 DEPS=none build/sysfs-audit unit-tests) >"$log" 2>&1
	st=$?
	[ $st = 0 ] || grep -E 'error|Error' "$log" | head -n 20 | tap_diag
	tap_ok $st "$name: the tool and the host unit tests build"
	[ $st = 0 ] || continue
	bad=0
	for t in "$d"/build/tests/test_*; do
		out=$(cd "$d" && "$t" 2>&1)
		st=$?
		if [ $st != 0 ] || grep -q '^not ok' <<<"$out"; then
			{ echo "$(basename "$t"): exit $st"; grep '^not ok' <<<"$out" | head -n 5; } | tap_diag
			bad=1
		fi
	done
	tap_ok $bad "$name: every host unit test passes with it"
	# the patch's own checks: what it added shows up where it should
	while IFS= read -r check; do
		out=$(cd "$d" && sa=$d/build/sysfs-audit bash -c "$check" 2>&1)
		st=$?
		[ $st = 0 ] || echo "$out" | head -n 10 | tap_diag
		tap_ok $st "$name: $check"
	done < <(sed -n 's/^EXTEND-CHECK: //p' "$p")
done
tap_done
