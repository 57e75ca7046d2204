#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build one of the project's kernels from a Debian linux-source package and
# cache the result outside the clone.
#
#   kernel/build.sh patched|legacy|patched-6.12
#                                     prints the artifact directory on stdout
#
#   patched       linux-source-6.1  + kernel/patches/ (the 6.1 backport series,
#                 upstream commits only) + kernel/patches-local-6.1/ (the local
#                 sysfs_audit:* tracepoints, on top)
#   legacy        linux-source-6.1  + legacy.config (the oracle, unpatched)
#   patched-6.12  linux-source-6.12 + kernel/patches-6.12/ (the mainline series)
#
# The cache key hashes the source package version, this script, the config
# fragments and (for the patched flavours) the diffs of the patches, in the
# order the series files apply them: what the compiler sees. Commit messages,
# cover letters and series comments are left out, so rewording a patch does
# not rebuild three kernels; a changed diff always rebuilds.
# Artifacts are moved into place only after a complete build: an interrupted
# or failed build never leaves a half-valid entry.
#
# Environment: SYSFS_AUDIT_CACHE (default ~/.cache/sysfs-audit),
#              KBUILD_JOBS (default: nproc + 1).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
flavour=${1:-}
pdirs=()
case "$flavour" in
patched) series=6.1 pdirs=("$here/patches" "$here/patches-local-6.1") ;;
legacy) series=6.1 ;;
patched-6.12) series=6.12 pdirs=("$here/patches-6.12") ;;
*) echo "usage: $0 patched|legacy|patched-6.12" >&2; exit 2 ;;
esac

cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}
pkg=linux-source-$series
tarball=/usr/src/$pkg.tar.xz
jobs=${KBUILD_JOBS:-$(($(nproc) + 1))}
t0=$SECONDS

say() { printf '[kernel %s %4ds] %s\n' "$flavour" $((SECONDS - t0)) "$*" >&2; }
die() { printf 'kernel/build.sh: %s\n' "$*" >&2; exit 1; }

[ -r "$tarball" ] || die "$tarball missing: apt-get install $pkg"
srcver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) ||
	die "$pkg is not installed"

# The patched kernels also carry the uevent helper (dormant until
# /sys/kernel/uevent_helper is set), so the tracepoints' helper path is
# tested without a fourth kernel build.
fragments=("$here/configs/qemu-bpf.config")
case "$flavour" in
legacy) fragments+=("$here/configs/legacy.config") ;;
patched*) fragments+=("$here/configs/uevent-helper.config") ;;
esac

patches=()
for pdir in "${pdirs[@]}"; do
	n=${#patches[@]}
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		patches+=("$pdir/$p")
	done < "$pdir/series"
	[ ${#patches[@]} -gt "$n" ] || die "empty series: $pdir/series"
done

# The diff of a git format-patch file: from its first "diff --git" on,
# without the signature ("-- " and the git version) that ends the file.
patch_diff() {
	awk '/^diff --git / { p = 1 } p { l[++n] = $0 }
	     END {
		for (e = n; e > 0 && l[e] != "-- "; e--)
			;
		# Only a signature ends the file: "-- ", then a version and
		# blank lines, no hunk line among them.
		for (i = e + 1; e > 0 && i <= n; i++)
			if (l[i] ~ /^[-+ @\\]/)
				e = 0;
		if (e == 0)
			e = n + 1;
		for (i = 1; i < e; i++)
			print l[i];
	     }' "$1"
}

key=$( {
	echo "$flavour $srcver"
	cat "$0" "${fragments[@]}"
	for p in "${patches[@]}"; do
		echo "patch $(basename "$(dirname "$p")")"
		patch_diff "$p"
	done
} | sha256sum | cut -c1-16)

out="$cache/kernels/$flavour-$key"
if [ -f "$out/.complete" ]; then
	say "cached: $out"
	echo "$out"
	exit 0
fi

work="$cache/work/$flavour-$key"
mkdir -p "$cache/work" "$cache/kernels"
# Two builds of one key (two make runs, a test and a bench) would remove each
# other's work directory: the second waits, then finds the first's result.
exec 9>"$work.lock"
flock 9
if [ -f "$out/.complete" ]; then
	say "cached (built meanwhile): $out"
	echo "$out"
	exit 0
fi
rm -rf "$work" "$out.tmp"
mkdir -p "$work"

say "unpacking $pkg $srcver"
tar -xJf "$tarball" -C "$work"
src="$work/$pkg"

for p in "${patches[@]}"; do
	say "applying $(basename "$p")"
	patch -d "$src" -p1 --quiet --forward --no-backup-if-mismatch < "$p" ||
		die "$(basename "$p") does not apply"
done

say "configuring: tinyconfig + kvm_guest.config + ${fragments[*]##*/}"
make -C "$src" -s tinyconfig kvm_guest.config >/dev/null
(cd "$src" && ./scripts/kconfig/merge_config.sh -m .config "${fragments[@]}" >/dev/null)
make -C "$src" -s olddefconfig >/dev/null

# merge_config drops what it cannot satisfy; insist on every line we asked for.
missing=0
for f in "${fragments[@]}"; do
	while read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qx "$line" "$src/.config" && continue ;;
		'# CONFIG_'*' is not set')
			opt=${line#\# }; opt=${opt%% *}
			! grep -q "^$opt=" "$src/.config" && continue ;;
		*) continue ;;
		esac
		echo "  not in final .config: $line" >&2
		missing=1
	done < "$f"
done
[ $missing -eq 0 ] || die "config fragment not satisfied"
if [ "$flavour" != legacy ] && grep -q SYSFS_DEPRECATED "$src/.config"; then
	die "patched kernel still knows SYSFS_DEPRECATED"
fi

# pahole >= 1.22 encodes BTF in parallel (-j), which orders types
# differently from one build to the next, and vmlinux.h with them (the
# committed header, from the 6.1 build, must be reproducible): encode
# serially. 6.12 computes the flags in scripts/Makefile.btf instead; its
# BTF only has to be right, not reproducible.
pahole_arg=()
if [ -x "$src/scripts/pahole-flags.sh" ]; then
	pahole_arg=(PAHOLE_FLAGS="$(PAHOLE=pahole "$src/scripts/pahole-flags.sh" |
		sed 's/\(^\| \)-j\( \|$\)/ /g')")
fi

say "building bzImage and modules with -j$jobs"
make -C "$src" -s -j"$jobs" "${pahole_arg[@]}" bzImage modules \
	>"$work/build.log" 2>&1 || {
	tail -40 "$work/build.log" >&2
	die "build failed; full log in $work/build.log"
}

say "installing modules"
mkdir -p "$out.tmp"
make -C "$src" -s INSTALL_MOD_PATH="$out.tmp" INSTALL_MOD_STRIP=1 \
	modules_install >/dev/null
rm -f "$out.tmp"/lib/modules/*/build "$out.tmp"/lib/modules/*/source
cp "$src/arch/x86/boot/bzImage" "$src/vmlinux" "$src/.config" \
	"$src/System.map" "$out.tmp/"
make -C "$src" -s kernelrelease > "$out.tmp/release"
echo "$srcver" > "$out.tmp/source-version"
touch "$out.tmp/.complete"
mv "$out.tmp" "$out"
rm -rf "$work"
say "done: $out"
echo "$out"
