#!/bin/bash
# The boot audit never harms a boot (issue 43): the installed boot scripts
# (make install, @SBINDIR@ etc. substituted), run the way the generators
# run them, in an image built by the installed hook, with a stand-in
# `sysfs-audit` that hangs (and ignores SIGTERM), crashes or works.
#
# The image is a directory the scripts run in with chroot, in a mount
# namespace of their own (unshare -m): the host's /usr under an overlay
# (bash, dash, busybox), klibc's tools and shell as a minbase Debian's
# initramfs has them (klibc-utils, libklibc: apt-get download, cached in
# build/boot-scripts), our own /proc/cmdline (bind mount), /dev/kmsg a
# file, /sys/fs/bpf a directory (a stand-in `mount` says it mounted
# bpffs). initramfs-tools' scripts run as its init runs them (a process,
# quiet, rootmnt and init exported) under klibc's sh with klibc's tools
# only, and under dash; dracut's hooks are SOURCED into a
# stand-in of dracut-cmdline.sh (getarg, getargbool, warn, die; fstype
# exported from rootfstype=, a later hook that needs it) under bash and
# dash. Nothing is loaded into the kernel: the binary is a stand-in.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

if [ -z "${SA_IN_NS:-}" ]; then
	[ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null || {
		tap_ok 1 "root and unshare -m (a mount namespace for the image)"
		tap_done
		exit
	}
	SA_IN_NS=1 exec unshare -m --propagation private bash "$0" "$@"
fi

# systemd-analyze (the units' conditions), as 60-package.t installs it.
command -v systemd-analyze >/dev/null || bash "$top/scripts/install-deps.sh" package >&2
work=$(mktemp -d)
mount -t tmpfs tmpfs "$work"
trap 'cd /; umount -R "$work" 2>/dev/null; rm -rf "$work"' EXIT
stage=$work/stage img=$work/img

# ---- the installed files ---------------------------------------------------
if ! make -C "$top" -s install PREFIX="$stage/usr" SYSCONFDIR="$stage/etc" \
	SYSTEMDUNITDIR="$stage/lib/systemd/system" >"$work/install.log" 2>&1; then
	tail -n 20 "$work/install.log" | tap_diag
	tap_ok 1 "make install"
	tap_done
	exit
fi
itfs=$stage/usr/share/initramfs-tools
drm=$stage/usr/lib/dracut/modules.d/90sysfs-audit
units=$stage/lib/systemd/system

# initramfs-tools' hook-functions and klibc, as a minbase image gets them.
dl=$top/build/boot-scripts
if [ ! -x "$dl/root/usr/lib/klibc/bin/sh" ] || [ ! -f "$dl/root/usr/share/initramfs-tools/hook-functions" ]; then
	rm -rf "$dl" && mkdir -p "$dl/debs" &&
		(cd "$dl/debs" && apt-get download -q klibc-utils libklibc initramfs-tools-core \
			>/dev/null 2>&1) &&
		for d in "$dl"/debs/*.deb; do dpkg-deb -x "$d" "$dl/root" || exit 1; done
fi
[ -x "$dl/root/usr/lib/klibc/bin/sh" ] && [ -f "$dl/root/usr/share/initramfs-tools/hook-functions" ]
tap_ok $? "klibc-utils, libklibc, initramfs-tools-core unpacked (apt-get download)"

# ---- the image -------------------------------------------------------------
mkdir -p "$img"/{usr,proc,dev,run,conf,etc,scripts,stub,root,sys/fs/bpf,lib/dracut/hooks} \
	"$work/up" "$work/wk"
mount -t overlay overlay -o "lowerdir=/usr,upperdir=$work/up,workdir=$work/wk" "$img/usr"
for l in bin sbin lib64; do ln -s "usr/$l" "$img/$l"; done
# /lib: the dracut hook directory stays ours, the rest is the host's.
for f in /usr/lib/*; do [ -e "$img/lib/${f##*/}" ] || ln -s "$f" "$img/lib/${f##*/}"; done
cp -a "$dl/root/usr/lib/klibc" "$img/usr/lib/"
cp -a "$dl/root/lib/"klibc-*.so "$img/lib/"
mount -t proc proc "$img/proc"
echo "root=/dev/vda ro" >"$work/cmdline"
mount --bind "$work/cmdline" "$img/proc/cmdline"
: >"$img/dev/null" && mount --bind /dev/null "$img/dev/null"
: >"$img/dev/kmsg"
# The stand-in mount: bpffs "mounted" (never in this kernel).
printf '#!/bin/sh\necho "mount $*" >>/run/calls\n' >"$img/stub/mount"
chmod 0755 "$img/stub/mount"
KLIBC_PATH=/stub:/usr/lib/klibc/bin
HOST_PATH=/stub:/usr/sbin:/usr/bin

# The stand-ins of the binary; each logs its arguments, one per line.
standin() {	# standin KIND: hang | crash | works | noisy
	local body
	case $1 in
	hang) body="trap '' TERM INT HUP
echo \$\$ >/run/hang.pid
while :; do sleep 1; done" ;;
	crash) body='kill -SEGV $$' ;;
	works) body='case "$1 $2" in "boot --start") mkdir -p /sys/fs/bpf/sysfs-audit ;; esac' ;;
	noisy) body='echo "standin: out"; echo "standin: err" >&2' ;;
	esac
	printf '#!/usr/lib/klibc/bin/sh\nfor a in "$@"; do echo "$a"; done >>/run/calls\necho --- >>/run/calls\n%s\n' \
		"$body" >"$img/usr/sbin/sysfs-audit"
	chmod 0755 "$img/usr/sbin/sysfs-audit"
}

# The operator's step, and the hook run as mkinitramfs runs it.
defaults=$stage/etc/default/sysfs-audit
sed -i 's/^BOOT_AUDIT=.*/BOOT_AUDIT=yes/; s/^BOOT_AUDIT_TIMEOUT=.*/BOOT_AUDIT_TIMEOUT=2/' "$defaults"
grep -q '^BOOT_AUDIT_TIMEOUT=2$' "$defaults"
tap_ok $? "the installed defaults carry BOOT_AUDIT_TIMEOUT (set to 2 s here)"
hook() {	# hook DESTDIR [ENV...]: the installed hook, hook-functions from initramfs-tools-core
	local d=$1
	shift
	sed "s|^\. /usr/share/initramfs-tools/hook-functions$|. $dl/root/usr/share/initramfs-tools/hook-functions|" \
		"$itfs/hooks/sysfs-audit" >"$work/hook"
	env DESTDIR="$d" verbose=n version=6.1.0-99-amd64 "$@" sh "$work/hook" >"$work/hook.out" 2>&1
}
printf '#!/bin/sh\nexit 0\n' >"$work/bin-built"
chmod 0755 "$work/bin-built"
hook "$img" SYSFS_AUDIT_BIN="$work/bin-built"
tap_is $? 0 "the installed hook builds the image (BOOT_AUDIT=yes)"
[ -x "$img/usr/sbin/sysfs-audit" ] && [ -r "$img/conf/sysfs-audit.conf" ]
tap_ok $? "... with /usr/sbin/sysfs-audit and /conf/sysfs-audit.conf in it"
tap_diag <"$img/conf/sysfs-audit.conf"
# mkinitramfs copies every script directory into the image.
cp -a "$itfs/scripts/." "$img/scripts/"
# dracut: the module's install() with stand-ins of dracut's inst_* functions.
dracut_module() {	# dracut_module FUNCTION: runs check or install, prints the status
	(
		initdir=$img moddir=$drm
		inst_simple() { mkdir -p "$initdir${2%/*}" && cp "$1" "$initdir$2"; }
		inst_binary() { [ -x "$1" ] && mkdir -p "$initdir${2%/*}" && cp "$1" "$initdir$2"; }
		inst_hook() { mkdir -p "$initdir/lib/dracut/hooks/$1" && cp "$3" "$initdir/lib/dracut/hooks/$1/$2-${3##*/}"; }
		require_binaries() { [ -x "$1" ]; }
		dwarn() { echo "dwarn: $*" >&2; }
		# shellcheck disable=SC1090
		. "$drm/module-setup.sh"
		"$1"
		echo $?
	)
}
tap_is "$(dracut_module install 2>"$work/dracut.err")" 0 "dracut: module-setup.sh install() returns 0"
[ -r "$img/etc/sysfs-audit.conf" ] && [ -r "$img/lib/dracut/hooks/cmdline/00-sysfs-audit-start.sh" ] &&
	[ -r "$img/lib/dracut/hooks/pre-pivot/99-sysfs-audit-end.sh" ]
tap_ok $? "... installs its conf and both hooks"

# ---- running them ----------------------------------------------------------
# in_img SECONDS CMD...: CMD in the image (a fresh /run each time), killed
# after SECONDS whatever it does; $took: how long it ran, $out/$err its output.
in_img() {
	local t=$1 t0 t1
	shift
	rm -rf "$img/run" && mkdir -p "$img/run"
	: >"$img/dev/kmsg"
	t0=$(date +%s%N)
	timeout -s KILL "$t" chroot "$img" "$@" >"$work/out" 2>"$work/err"
	rc=$?
	t1=$(date +%s%N)
	took=$(((t1 - t0) / 1000000))
	out=$(<"$work/out") err=$(<"$work/err")
}
cmdline() { echo "$*" >"$work/cmdline"; }
calls() { [ -f "$img/run/calls" ] && tr '\n' ' ' <"$img/run/calls"; }
incomplete() { [ -f "$img/run/sysfs-audit/boot-incomplete" ] && tr '\n' ' ' <"$img/run/sysfs-audit/boot-incomplete"; }
# within MS: the last run took at most MS milliseconds.
within() { [ "$took" -le "$1" ]; }
killed() {	# the hanging stand-in is gone (or a zombie nobody waits for)
	local pid st
	pid=$(cat "$img/run/hang.pid" 2>/dev/null) || return 1
	sleep 0.3
	st=$(sed 's/.*) \(.\).*/\1/' "/proc/$pid/stat" 2>/dev/null)
	[ -z "$st" ] || [ "$st" = Z ]
}

# initramfs-tools' init runs each script as a process, with these exported.
top_run() {	# top_run SHELL PATH: init-top as the init runs it
	rm -rf "$img/sys/fs/bpf/sysfs-audit"
	in_img 10 env -i PATH="$2" quiet="${quiet:-n}" rootmnt=/root init=/sbin/init \
		$1 /scripts/init-top/sysfs-audit
}
KSH=/usr/lib/klibc/bin/sh
# Bound 2 s (the conf) + slack for a loaded 2-core host (spawning chroot,
# env and the shell took up to 1.6 s there while the suite compiled); the
# old scripts hang until the 10 s kill.
B=2 SLACK=4000

# Not busybox sh here: Debian's prefers its own mount applet to the
# stand-in's and would mount a real bpffs (tests/guest/60-boot.t boots a
# busybox initramfs).
for sh in "$KSH|$KLIBC_PATH|klibc sh" "dash|$HOST_PATH|dash"; do
	IFS='|' read -r shell path name <<<"$sh"
	cmdline "root=/dev/vda ro"
	standin hang
	top_run "$shell" "$path"
	within $((B * 1000 + SLACK)) && [ $rc -eq 0 ]
	tap_ok $? "init-top ($name), a stand-in that hangs and ignores SIGTERM: returns 0 within ${B}s + slack (took ${took} ms, exit $rc)"
	tap_is "$(incomplete)" "start-timeout " "... the reason line start-timeout in /run/sysfs-audit/boot-incomplete"
	killed
	tap_ok $? "... and the stand-in was killed"
	[[ "$err" == *"did not end within ${B}s"* ]]
	tap_ok $? "... and it says so on the console (not quiet)"
done

cmdline "root=/dev/vda sysfs_audit.timeout=1"
standin hang
top_run "$KSH" "$KLIBC_PATH"
within $((1000 + SLACK)) && [ "$took" -ge 900 ] && [ "$(incomplete)" = "start-timeout " ]
tap_ok $? "init-top: sysfs_audit.timeout=1 on the command line bounds it to 1 s (took ${took} ms)"

cmdline "root=/dev/vda"
standin crash
top_run "$KSH" "$KLIBC_PATH"
within $SLACK && [ $rc -eq 0 ] && [ -z "$(incomplete)" ] && [[ "$err" == *"did not start"* ]]
tap_ok $? "init-top, a stand-in that crashes (SIGSEGV): returns 0 before the bound, says so, no timeout reason (took ${took} ms)"

standin works
top_run "$KSH" "$KLIBC_PATH"
within $SLACK && [ $rc -eq 0 ] && [ -z "$(incomplete)" ] && [ -d "$img/sys/fs/bpf/sysfs-audit" ] &&
	[[ "$(calls | sed -E 's/ -T [0-9]+ / -T N /')" == "mount -t bpf -o nosuid,nodev,noexec,mode=0700 bpf /sys/fs/bpf boot --start -T N --- " ]]
tap_ok $? "init-top, a stand-in that works: mounts bpffs, runs boot --start once, no reason (took ${took} ms; calls: $(calls))"

# The off switch: every off value, also when an on value came before or
# after it: an off value anywhere wins (the units' rule; the table at the
# end checks every reader on the same lines).
for v in 0 no off false n; do
	for pre in "" "sysfs_audit.boot=1 "; do
		cmdline "root=/dev/vda ${pre}sysfs_audit.boot=$v"
		top_run "$KSH" "$KLIBC_PATH"
		tap_is "$(calls)" "" "init-top, ${pre}sysfs_audit.boot=$v: starts nothing"
	done
done
for v in 1 yes on true y; do
	cmdline "root=/dev/vda sysfs_audit.boot=off sysfs_audit.boot=$v"
	top_run "$KSH" "$KLIBC_PATH"
	tap_is "$(calls)" "" "init-top, sysfs_audit.boot=off sysfs_audit.boot=$v: the off value wins, it starts nothing"
	cmdline "root=/dev/vda sysfs_audit.boot=$v"
	top_run "$KSH" "$KLIBC_PATH"
	[[ "$(calls)" == *"boot --start"* ]]
	tap_ok $? "init-top, sysfs_audit.boot=$v: it starts"
done

# quiet: nothing on stdout or stderr, the messages in the kernel log.
cmdline "root=/dev/vda quiet"
standin noisy
quiet=y top_run "$KSH" "$KLIBC_PATH"
[ -z "$out$err" ] && grep -q 'standin: out' "$img/dev/kmsg" && grep -q 'standin: err' "$img/dev/kmsg"
tap_ok $? "init-top, quiet: the binary's output goes to /dev/kmsg, nothing to stdout/stderr"
standin hang
quiet=y top_run "$KSH" "$KLIBC_PATH"
[ -z "$out$err" ] && grep -q 'did not end within' "$img/dev/kmsg"
tap_ok $? "init-top, quiet, a hang: the timeout's message goes to /dev/kmsg only"

# ---- init-bottom: mark, or clean up when nothing will adopt ----------------
realroot() {	# realroot: a Debian root where sysfs-audit-boot.service will adopt
	rm -rf "$img/root" && mkdir -p "$img/root/usr/sbin" "$img/root/usr/lib/systemd" \
		"$img/root/sbin" "$img/root/etc/systemd/system/multi-user.target.wants"
	ln -s usr/lib "$img/root/lib"
	: >"$img/root/usr/sbin/sysfs-audit" && chmod 0755 "$img/root/usr/sbin/sysfs-audit"
	: >"$img/root/usr/lib/systemd/systemd"
	ln -s /lib/systemd/systemd "$img/root/sbin/init"
	ln -s /lib/systemd/system/sysfs-audit-boot.service \
		"$img/root/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
}
bottom() {	# bottom CMDLINE: init-bottom after a working start
	cmdline "root=/dev/vda $1"
	standin works
	mkdir -p "$img/sys/fs/bpf/sysfs-audit"
	rm -rf "$img/run" && mkdir -p "$img/run"
	timeout -s KILL 10 chroot "$img" env -i PATH="$KLIBC_PATH" quiet=n rootmnt=/root \
		init="${init:-/sbin/init}" $KSH /scripts/init-bottom/sysfs-audit >"$work/out" 2>"$work/err"
	rc=$?
}
MARK="boot --mark initramfs-end --background --- "
CLEAN="boot --cleanup --- "
realroot
bottom ""
tap_is "$(calls)" "$MARK" "init-bottom: a root that will adopt: marks the initramfs's end (--background)"
case_bottom() {	# case_bottom DESCRIPTION CMDLINE [SETUP]
	realroot
	[ -z "${3:-}" ] || eval "$3"
	bottom "$2"
	[ "$(calls)" = "$CLEAN" ] && [ $rc -eq 0 ]
	tap_ok $? "init-bottom, $1: removes the pins (boot --cleanup; calls: $(calls))"
}
case_bottom "no sysfs-audit in the real root" "" 'rm "$img/root/usr/sbin/sysfs-audit"'
case_bottom "the unit not enabled" "" 'rm "$img/root/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"'
case_bottom "the unit masked" "" 'ln -s /dev/null "$img/root/etc/systemd/system/sysfs-audit-boot.service"'
case_bottom "the unit masked on the command line" "systemd.mask=sysfs-audit-boot.service"
case_bottom "sysvinit (/sbin/init a program)" "" 'rm "$img/root/sbin/init"; : >"$img/root/sbin/init"'
init=/bin/sh case_bottom "init=/bin/sh" "init=/bin/sh"
case_bottom "emergency mode (systemd.unit=emergency.target)" "systemd.unit=emergency.target"
case_bottom "rescue mode (single)" "single"
case_bottom "an off value before an on value (the unit's condition fails)" "sysfs_audit.boot=0 sysfs_audit.boot=1"
realroot
cmdline "root=/dev/vda quiet"
standin hang
mkdir -p "$img/sys/fs/bpf/sysfs-audit"
in_img 10 env -i PATH="$KLIBC_PATH" quiet=y rootmnt=/root init=/sbin/init $KSH /scripts/init-bottom/sysfs-audit
within $((B * 1000 + SLACK)) && [ $rc -eq 0 ] && [ "$(incomplete)" = "mark-timeout " ] && [ -z "$out$err" ]
tap_ok $? "init-bottom, a mark that hangs: returns within ${B}s + slack, mark-timeout, quiet (took ${took} ms)"
rm "$img/root/usr/sbin/sysfs-audit"
cmdline "root=/dev/vda"
mkdir -p "$img/sys/fs/bpf/sysfs-audit"
in_img 10 env -i PATH="$KLIBC_PATH" quiet=n rootmnt=/root init=/sbin/init $KSH /scripts/init-bottom/sysfs-audit
within $((B * 1000 + SLACK)) && [ $rc -eq 0 ] && [ "$(incomplete)" = "mark-timeout " ] &&
	[ "$(calls)" = "$CLEAN" ]
tap_ok $? "init-bottom, a cleanup that hangs: returns within ${B}s + slack, mark-timeout (took ${took} ms)"

# ---- dracut: the hooks SOURCED into a stand-in of dracut-cmdline.sh --------
# As dracut 059's: fstype from rootfstype= (exported, saved after the
# hooks), the hooks sourced in name order, then a root= that only a later
# hook (here a stand-in of virtiofs's) understands, with $fstype.
cat >"$img/dracut-cmdline.sh" <<'EOF'
getarg() { local w; for w in $(cat /proc/cmdline); do case $w in "$1"*) echo "${w#"$1"}" ;; esac; done; }
getargbool() { local v; v=$(getarg "$2="); case $v in 0|no|off) return 1 ;; '') return $((!$1)) ;; esac; return 0; }
warn() { echo "warn: $*" >&2; }
die() { echo "die: $*"; exit 1; }
export NEWROOT=/root
[ -z "$root" ] && root=$(getarg root=)
[ -z "$fstype" ] && fstype=$(getarg rootfstype=)
export root fstype
snap() { set; set +o; echo "pwd=$(pwd) umask=$(umask)"; trap; }
# As dracut-lib.sh's source_all, a snapshot around each.
for f in /lib/dracut/hooks/$HOOK/*.sh; do snap >/run/before; [ -e "$f" ] && . "$f"; snap >/run/after; done
[ "$HOOK" = cmdline ] && [ "$fstype" = virtiofs ] && rootok=1
[ "$HOOK" = cmdline ] && [ -z "$rootok" ] && die "Don't know how to handle 'root=$root'"
echo OK
EOF
# The snapshots differ in what the stand-in itself changes between them
# ($_, bash's PIPESTATUS/BASH_* bookkeeping); never in anything of ours.
same_shell() {
	diff <(grep -vE '^(_|PIPESTATUS|BASH_LINENO|BASH_SOURCE|BASH_ARGC|BASH_ARGV|FUNCNAME|BASH_COMMAND)=' "$img/run/before") \
	     <(grep -vE '^(_|PIPESTATUS|BASH_LINENO|BASH_SOURCE|BASH_ARGC|BASH_ARGV|FUNCNAME|BASH_COMMAND)=' "$img/run/after") \
		>"$work/shell.diff"
}
dracut_run() {	# dracut_run SHELL HOOK [quiet]
	[ "$2" = cmdline ] && rm -rf "$img/sys/fs/bpf/sysfs-audit"
	in_img 10 env -i PATH="$HOST_PATH" HOOK="$2" $1 /dracut-cmdline.sh
}
for shell in bash dash; do
	for s in hang works; do
		cmdline "root=myfs rootfstype=virtiofs"
		standin $s
		dracut_run "$shell" cmdline
		same_shell
		st=$?
		tap_diag <"$work/shell.diff"
		tap_ok $st "dracut cmdline hook ($shell, $s): the sourcing shell's variables, functions, options, cwd, umask and traps are unchanged"
		tap_is "$out" OK "... and dracut goes on: fstype still virtiofs, root=myfs handled ($err)"
		if [ $s = hang ]; then
			within $((B * 1000 + SLACK)) && [ "$(incomplete)" = "start-timeout " ]
			tap_ok $? "... returns within ${B}s + slack with start-timeout (took ${took} ms)"
		else
			[[ "$(calls)" == *"boot --start"* ]] && [ -z "$(incomplete)" ]
			tap_ok $? "... starts the audit"
		fi
	done
	for v in 0 no off false n; do
		cmdline "root=myfs rootfstype=virtiofs sysfs_audit.boot=$v"
		standin works
		dracut_run "$shell" cmdline
		[ -z "$(calls)" ] && [ "$out" = OK ]
		tap_ok $? "dracut cmdline hook ($shell), sysfs_audit.boot=$v: starts nothing"
	done
	cmdline "root=myfs rootfstype=virtiofs quiet"
	standin noisy
	dracut_run "$shell" cmdline
	[ "$out" = OK ] && [ -z "$err" ] && grep -q 'standin: err' "$img/dev/kmsg"
	tap_ok $? "dracut cmdline hook ($shell), quiet: nothing of ours on stdout/stderr"

	# pre-pivot: $NEWROOT the real root.
	realroot
	cmdline "root=myfs"
	standin hang
	mkdir -p "$img/sys/fs/bpf/sysfs-audit"
	dracut_run "$shell" pre-pivot
	within $((B * 1000 + SLACK)) && [ "$(incomplete)" = "mark-timeout " ] && same_shell
	tap_ok $? "dracut pre-pivot hook ($shell), a mark that hangs: bounded, mark-timeout, the shell unchanged (took ${took} ms)"
	# As init-bottom: --background, whose child detaches the programs at
	# their deadline if no recorder comes (70-realhost.t's deadline case).
	standin works
	rm -rf "$img/run" && mkdir -p "$img/run" "$img/sys/fs/bpf/sysfs-audit"
	timeout -s KILL 10 chroot "$img" env -i PATH="$HOST_PATH" HOOK=pre-pivot "$shell" /dracut-cmdline.sh \
		>/dev/null 2>&1
	tap_is "$(calls)" "$MARK" "dracut pre-pivot hook ($shell), a root that will adopt: marks the initramfs's end (--background: the deadline's watchdog)"
	rm "$img/root/etc/systemd/system/multi-user.target.wants/sysfs-audit-boot.service"
	standin works
	rm -rf "$img/run" && mkdir -p "$img/run" "$img/sys/fs/bpf/sysfs-audit"
	timeout -s KILL 10 chroot "$img" env -i PATH="$HOST_PATH" HOOK=pre-pivot "$shell" /dracut-cmdline.sh \
		>/dev/null 2>&1
	tap_is "$(calls)" "$CLEAN" "dracut pre-pivot hook ($shell), the unit not enabled in \$NEWROOT: removes the pins"
done

# ---- building the image never fails because of us ---------------------------
rm -rf "$work/img2"
hook "$work/img2" SYSFS_AUDIT_BIN=/nonexistent/sysfs-audit
st=$?
tap_diag <"$work/hook.out"
[ $st -eq 0 ] && [ ! -e "$work/img2/usr/sbin/sysfs-audit" ] && grep -q '^W: sysfs-audit: ' "$work/hook.out"
tap_ok $? "the hook without the binary: exits 0, warns, the image has no sysfs-audit"
cp "$defaults" "$work/defaults.ok"
echo 'BOOT_AUDIT_OPTS="unterminated' >>"$defaults"
rm -rf "$work/img2"
hook "$work/img2" SYSFS_AUDIT_BIN="$work/bin-built"
st=$?
[ $st -eq 0 ] && [ ! -e "$work/img2/usr/sbin/sysfs-audit" ]
tap_ok $? "the hook with a defaults file that does not parse: exits 0 (exit $st), no boot audit in the image"
cp "$work/defaults.ok" "$defaults"
mv "$stage/usr/sbin/sysfs-audit" "$work/bin.away"
tap_is "$(dracut_module check 2>/dev/null)" 1 "dracut check() without the binary: 1 (module left out, the build goes on)"
mv "$work/bin.away" "$stage/usr/sbin/sysfs-audit"
tap_is "$(dracut_module check 2>/dev/null)" 0 "dracut check() with it: 0"

# Hostile options: written quoted, split into words in the image, never run.
cat >>"$defaults" <<'EOF'
BOOT_AUDIT_OPTS='-b 32 "$(touch /run/pwned1)" `touch /run/pwned2`; touch /run/pwned3 '"'"' x'
EOF
hook "$img" SYSFS_AUDIT_BIN="$work/bin-built"
dracut_module install >/dev/null 2>&1
tap_diag <"$img/conf/sysfs-audit.conf"
for h in init-top dracut; do
	cmdline "root=myfs rootfstype=virtiofs"
	standin works
	if [ $h = init-top ]; then
		top_run "$KSH" "$KLIBC_PATH"
	else
		dracut_run bash cmdline
	fi
	! ls "$img/run"/pwned* >/dev/null 2>&1 &&
		[ "$(calls | sed -E 's/ -T [0-9]+ / -T N /')" = 'mount -t bpf -o nosuid,nodev,noexec,mode=0700 bpf /sys/fs/bpf boot --start -T N -b 32 "$(touch /run/pwned1)" `touch /run/pwned2`; touch /run/pwned3 '"'"' x --- ' ]
	tap_ok $? "$h: a hostile BOOT_AUDIT_OPTS does not execute, its words reach boot --start as written ($(calls))"
done

# ---- the root units ----------------------------------------------------------
b=$units/sysfs-audit-boot.service c=$units/sysfs-audit-coldplug.service
prop() { sed -n "s/^$2=//p" "$1" | tr '\n' ' ' | sed 's/ $//'; }
mkdir -p "$work/sroot/lib/systemd/system"
cp -rn /lib/systemd/system/. "$work/sroot/lib/systemd/system/"
cp "$b" "$c" "$work/sroot/lib/systemd/system/"
mkdir -p "$work/sroot$stage/usr/sbin" && cp "$stage/usr/sbin/sysfs-audit" "$work/sroot$stage/usr/sbin/"
out=$(systemd-analyze verify --man=no --root="$work/sroot" sysfs-audit-boot.service sysfs-audit-coldplug.service 2>&1)
st=$?
[ -z "$out" ] || { echo "$out" | tap_diag; st=1; }
tap_ok $st "systemd-analyze verify: the boot units"
tap_is "$(prop "$b" WantedBy)" multi-user.target "the boot unit is wanted by multi-user.target only (not emergency, rescue)"
for u in "$b" "$c"; do
	n=${u##*/}
	[[ " $(prop "$u" Conflicts) " == *" emergency.target "* ]] && [[ " $(prop "$u" Conflicts) " == *" rescue.target "* ]]
	tap_ok $? "$n conflicts with emergency.target and rescue.target: never started in either"
	# The unit's own conditions, evaluated by systemd on each command line.
	conds=()
	while IFS= read -r l; do conds+=("$l"); done < <(grep '^ConditionKernelCommandLine=' "$u")
	tap_is "${#conds[@]}" 5 "$n: one ConditionKernelCommandLine= per off value"
	for v in 0 no off false n; do
		SYSTEMD_PROC_CMDLINE="root=/dev/vda sysfs_audit.boot=$v" systemd-analyze condition "${conds[@]}" >/dev/null 2>&1
		tap_is $? 1 "$n: sysfs_audit.boot=$v fails its conditions"
	done
	SYSTEMD_PROC_CMDLINE="root=/dev/vda sysfs_audit.boot=1 quiet" systemd-analyze condition "${conds[@]}" >/dev/null 2>&1
	tap_is $? 0 "$n: sysfs_audit.boot=1 passes them"
	[ -n "$(prop "$u" TimeoutStopSec)" ]
	tap_ok $? "$n: TimeoutStopSec= bounded ($(prop "$u" TimeoutStopSec))"
done
[ -n "$(prop "$b" TimeoutStartSec)" ]
tap_ok $? "the boot unit: TimeoutStartSec= bounded ($(prop "$b" TimeoutStartSec))"

# ---- one reading of the off switch -------------------------------------------
# The same command lines through every reader: init-top (starts or not),
# init-bottom (marks, or cleans up because the unit will not adopt), the
# units' conditions as systemd evaluates them, and the installed binary's
# boot --start and record --adopt (as nobody with no capability: "off" is
# its one line, "on" is its skip for want of the capability; nothing is
# loaded). The rule (sysfs-audit(8)): an off value anywhere wins.
mapfile -t bconds < <(grep '^ConditionKernelCommandLine=' "$b")
sabin=$stage/usr/sbin/sysfs-audit
reading() {	# reading CMDLINE: "init-top init-bottom unit binary-start binary-adopt"
	local line="root=/dev/vda $1" r=() f=$work/cmdline.nobody
	cmdline "$line"
	standin works
	top_run "$KSH" "$KLIBC_PATH"
	[[ "$(calls)" == *"boot --start"* ]] && r+=(on) || r+=(off)
	realroot
	bottom "$1"
	case "$(calls)" in
	"$MARK") r+=(on) ;; "$CLEAN") r+=(off) ;; *) r+=("?$(calls)") ;;
	esac
	SYSTEMD_PROC_CMDLINE="$line" systemd-analyze condition "${bconds[@]}" >/dev/null 2>&1
	case $? in 0) r+=(on) ;; 1) r+=(off) ;; *) r+=("?") ;; esac
	printf '%s\n' "$line" >"$f" && chmod 0644 "$f"
	for a in "boot --start -T 5" "record --adopt -o /nonexistent/r.json"; do
		# shellcheck disable=SC2086
		SYSFS_AUDIT_CMDLINE=$f setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=-all --bounding-set=-all -- "$sabin" $a >"$work/bin.out" 2>&1
		if grep -q 'the boot audit is off' "$work/bin.out"; then
			r+=(off)
		elif grep -q 'skipped: not permitted' "$work/bin.out"; then
			r+=(on)
		else
			r+=("?$(head -c 80 "$work/bin.out")")
		fi
	done
	echo "${r[*]}"
}
for c in "sysfs_audit.boot=off|off" "sysfs_audit.boot=0 sysfs_audit.boot=1|off" \
	"sysfs_audit.boot=yes ro sysfs_audit.boot=n|off" "sysfs_audit.boot=false sysfs_audit.boot|off" \
	"sysfs_audit.boot=no sysfs_audit.boot=maybe|off" \
	"|on" "sysfs_audit.boot=1|on" "sysfs_audit.boot|on" "sysfs_audit.boot=OFF|on" \
	"sysfs_audit.boot=maybe|on" "sysfs_audit.booting=0 xsysfs_audit.boot=0|on"; do
	IFS='|' read -r l want <<<"$c"
	tap_is "$(reading "$l")" "$want $want $want $want $want" \
		"'$l': init-top, init-bottom, the units, boot --start and record --adopt all read it $want"
done

# ---- removing the package ----------------------------------------------------
# debian/sysfs-audit.postrm with stand-ins of the generators, which fail.
mkdir -p "$work/gen"
for g in update-initramfs dracut; do
	printf '#!/bin/sh\necho "%s $*" >>%s\nexit 1\n' "$g" "$work/gen.log" >"$work/gen/$g"
	chmod 0755 "$work/gen/$g"
done
postrm() {	# postrm ARG [GENERATOR]: the generator's log
	rm -f "$work/gen.log" "$work/gen1"/*
	mkdir -p "$work/gen1"
	[ -z "${2:-}" ] || cp "$work/gen/$2" "$work/gen1/"
	PATH=$work/gen1:/usr/bin:/bin sh "$top/debian/sysfs-audit.postrm" "$1" >/dev/null 2>&1
	st=$?
	cat "$work/gen.log" 2>/dev/null
}
for a in remove disappear; do
	tap_is "$(postrm $a update-initramfs) $st" "update-initramfs -u -k all 0" \
		"postrm $a (initramfs-tools): every kernel's image rebuilt; a failing rebuild does not fail the removal"
	tap_is "$(postrm $a dracut) $st" "dracut --regenerate-all -f 0" "postrm $a (dracut): every kernel's image rebuilt"
done
for g in update-initramfs dracut; do
	tap_is "$(postrm purge $g) $st" " 0" "postrm purge ($g): nothing rebuilt again (remove, which dpkg runs first, did)"
done
tap_is "$(postrm upgrade update-initramfs) $st" " 0" "postrm upgrade: nothing rebuilt (the trigger does)"
tap_done
