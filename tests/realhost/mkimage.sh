#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A real Debian 12 host to boot under QEMU: systemd as PID 1, real udev, the
# distribution's kernel and initramfs generator, our .deb installed and the
# boot audit enabled the way sysfs-audit(8) tells an operator to.
#
#   tests/realhost/mkimage.sh initramfs-tools|dracut DEB LEGACY_BIN
#                                       prints the image directory on stdout
#
# The directory holds:
#   root.img       ext4, the root filesystem (copy it before booting: boots write)
#   var.img        ext4, the same /var, for the separate-/var layout
#   bzImage        the image's own /boot/vmlinuz
#   initrd.off     the image's initrd before the boot audit was enabled
#   initrd.on      after BOOT_AUDIT=yes and update-initramfs -u / dracut -f
#   initrd.on.list its file list (lsinitramfs / lsinitrd)
#   initrd.legacy  initrd.on plus a legacy consumer that lives only in the
#                  initramfs (an initramfs-tools hook and init-premount
#                  script, or a dracut module): LEGACY_BIN, removed from the
#                  root afterwards, so nothing of it is left to read there
#   purge.txt      dpkg --purge sysfs-audit with a second kernel installed:
#                  which images held the binary before and after
#   initrd.purged, root-purged.img   that host after the purge
# The root also holds LEGACY_BIN as /usr/local/sbin/mdev-coldplug, run
# during the real root's coldplug by legacy-coldplug.service when the
# kernel command line says sa.legacy_coldplug.
#
# The base system (mmdebstrap --variant=minbase: it uses this machine's apt
# configuration, so no mirror name is written here) is cached as a tarball
# keyed by its package list and this script; each generator's image by that
# key, the .deb's and LEGACY_BIN's hashes and tests/realhost/root/. Cache:
# $SYSFS_AUDIT_CACHE/images (default ~/.cache/sysfs-audit/images). Needs
# root: the image is customised in a chroot (nothing in it starts a
# service or loads anything into this machine's kernel: policy-rc.d says no,
# and there is no systemd running in the chroot).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
gen=${1:-} deb=${2:-} legacy=${3:-}
case "$gen" in
initramfs-tools|dracut) ;;
*) echo "usage: $0 initramfs-tools|dracut DEB LEGACY_BIN" >&2; exit 2 ;;
esac
[ -r "$deb" ] && [ -x "$legacy" ] || { echo "$0: $deb or $legacy missing" >&2; exit 2; }

cache=${SYSFS_AUDIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sysfs-audit}/images
t0=$SECONDS
say() { printf '[image %s %4ds] %s\n' "$gen" $((SECONDS - t0)) "$*" >&2; }
die() { printf 'mkimage.sh: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root (chroot, mount)"
for t in mmdebstrap mke2fs debugfs; do
	command -v "$t" >/dev/null || die "$t missing (scripts/install-deps.sh realhost)"
done

# What a minimal Debian 12 server has, besides minbase. The base is keyed
# by this list and base_rev (raise it when the way the base is built
# changes), not by this whole script: the base takes the longest to build.
pkgs=systemd-sysv,udev,linux-image-amd64,initramfs-tools,e2fsprogs,kmod,iproute2,procps,dbus
base_rev=1
sum() { sha256sum | cut -c1-16; }
basekey=$(printf '%s %s\n' "$pkgs" "$base_rev" | sum)
base=$cache/base-$basekey.tar
mkdir -p "$cache"

# One build of an image at a time per generator, one of the shared base at
# a time (a test and a bench, or both generators at once): the second waits,
# then finds the first's result.
exec 9>"$cache/$gen.lock"
flock 9
exec 8>"$cache/base.lock"
flock 8

# mmdebstrap picks its output format from the file name's extension and
# makes a directory of anything it does not know (".tmp"): say tar.
if [ ! -f "$base" ] || [ ! -s "$base" ]; then
	say "mmdebstrap minbase bookworm ($pkgs)"
	rm -rf "$base" "$base.tmp"
	mmdebstrap --quiet --format=tar --variant=minbase --include="$pkgs" \
		bookworm "$base.tmp" >&2 || die "mmdebstrap failed"
	[ -f "$base.tmp" ] || die "mmdebstrap made no tarball at $base.tmp"
	mv "$base.tmp" "$base"
fi
exec 8>&-

# Stage A, independent of our .deb: the generator, the probe, the initrd
# of a host without the boot audit. Cached as a tarball, so that a new .deb
# costs only stage B (dpkg -i and two initramfs builds).
# The test's probe (tests/realhost/root/) goes in at stage B: a new check
# costs a stage B, not the generator's install.
akey=$( { echo "$basekey $gen"; sed -n '/^# ---- stage A/,/^# ---- stage B/p' "$0"; } | sum)
stage=$cache/$gen-a-$akey
bpftool=$(command -v bpftool) || die "bpftool missing (scripts/install-deps.sh tool)"
key=$( { echo "$akey"; sha256sum "$deb" "$legacy" "$bpftool"; cat "$0";
	 find "$here/root" -type f | sort | xargs cat; } | sum)
out=$cache/$gen-$key
if [ -f "$out/.complete" ]; then
	touch "$out"	# in use: see the eviction below
	echo "$out"
	exit 0
fi

work=$cache/.work-$gen-$$
root=$work/root
cleanup() {
	for m in dev/pts dev proc; do
		mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"
	done
	rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$root"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
chroot_up() {
	# No service starts (policy-rc.d); /proc for the initramfs generators.
	mount -t proc proc "$root/proc"
	mount --bind /dev "$root/dev"
	mount --bind /dev/pts "$root/dev/pts"
	printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
	chmod 755 "$root/usr/sbin/policy-rc.d"
}
chroot_down() {
	rm -f "$root/usr/sbin/policy-rc.d"
	for m in dev/pts dev proc; do umount "$root/$m"; done
}
mkinitrd() {
	local kver
	kver=$(ls "$root/lib/modules" | sed -n 1p)
	if [ "$gen" = dracut ]; then
		in_root dracut -q -f "/boot/initrd.img-$kver" "$kver" >&2
	else
		in_root update-initramfs -u -k "$kver" >&2
	fi
}

# ---- stage A
if [ ! -f "$stage/.complete" ]; then
	say "stage A: unpacking the base system"
	tar -C "$root" -xpf "$base"
	chroot_up
	if [ "$gen" = dracut ]; then
		say "apt-get install dracut (replaces initramfs-tools)"
		in_root apt-get update -qq >&2
		in_root apt-get install -y -qq --no-install-recommends dracut >&2 ||
			die "dracut install failed"
		# Debian's default is a generic image; say so, so that nothing
		# depends on the build machine's devices.
		echo 'hostonly="no"' >"$root/etc/dracut.conf.d/10-sysfs-audit-test.conf"
	fi
	[ -n "$(ls "$root/lib/modules")" ] || die "no kernel in the image"
	# The fstab is written per boot (tests/realhost/boot.sh).
	echo sysfs-audit-host >"$root/etc/hostname"
	printf '/dev/vda / ext4 defaults 0 1\n' >"$root/etc/fstab"
	# initramfs-tools' MODULES=most copies every storage driver, one
	# process per module: 8 minutes per image on 2 shared cores. The disk
	# and root fs drivers are enough for these hosts; udev still runs the
	# whole coldplug of every device in the initramfs.
	if [ "$gen" = initramfs-tools ]; then
		echo MODULES=list >"$root/etc/initramfs-tools/conf.d/sysfs-audit-test"
		printf '%s\n' virtio_pci virtio_blk ext4 >>"$root/etc/initramfs-tools/modules"
	fi
	mkinitrd
	in_root apt-get clean >&2
	chroot_down
	rm -rf "$stage.tmp"
	mkdir -p "$stage.tmp"
	say "stage A: saving"
	tar -C "$root" -cpf "$stage.tmp/root.tar" .
	touch "$stage.tmp/.complete"
	rm -rf "$stage"
	mv "$stage.tmp" "$stage"
	rm -rf "$root"
	mkdir -p "$root"
fi

# ---- stage B
say "stage B: unpacking stage A"
tar -C "$root" -xpf "$stage/root.tar"
kver=$(ls "$root/lib/modules" | sed -n 1p)
cp "$root/boot/initrd.img-$kver" "$work/initrd.off"
chroot_up
# The test's probe and its units (tests/realhost/root/), and bpftool (this
# machine's, Debian 12's too) with its libraries beside it: what is
# attached, seen from outside our binary.
cp -a "$here/root/." "$root/"
in_root systemctl enable sa-probe.service sa-probe-emergency.service \
	legacy-coldplug.service >&2
in_root systemctl mask serial-getty@ttyS1.service >&2
mkdir -p "$root/usr/local/lib/sa-bpftool"
cp -L "$bpftool" "$root/usr/local/lib/sa-bpftool/bpftool"
for l in $(ldd "$bpftool" | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p'); do
	case ${l##*/} in libc.so.*) ;; *) cp -L "$l" "$root/usr/local/lib/sa-bpftool/" ;; esac
done
printf '#!/bin/sh\nLD_LIBRARY_PATH=/usr/local/lib/sa-bpftool exec /usr/local/lib/sa-bpftool/bpftool "$@"\n' \
	>"$root/usr/local/sbin/bpftool"
chmod 755 "$root/usr/local/sbin/bpftool"
# Where Debian's bpftool package puts it: the generators' hooks (run with
# PATH=/usr/sbin:...) find it there and cut the kernel's BTF for boot --start.
ln -sf /usr/local/sbin/bpftool "$root/usr/sbin/bpftool"

# As an operator does it (sysfs-audit(8), BOOT AUDIT).
say "dpkg -i ${deb##*/}; BOOT_AUDIT=yes; rebuild the initramfs; systemctl enable"
cp "$deb" "$root/tmp/sysfs-audit.deb"
in_root dpkg -i /tmp/sysfs-audit.deb >&2
rm "$root/tmp/sysfs-audit.deb"
sed -i 's/^BOOT_AUDIT=no/BOOT_AUDIT=yes/' "$root/etc/default/sysfs-audit"
mkinitrd
in_root systemctl enable sysfs-audit-boot.service >&2
cp "$root/boot/initrd.img-$kver" "$work/initrd.on"
if [ "$gen" = dracut ]; then
	in_root lsinitrd "/boot/initrd.img-$kver" >"$work/initrd.on.list"
else
	in_root lsinitramfs "/boot/initrd.img-$kver" >"$work/initrd.on.list"
fi

# A legacy consumer that lives only in the initramfs.
say "initrd.legacy: a legacy consumer run from the initramfs only"
install -m 755 "$legacy" "$root/usr/local/lib/legacy-consumer"
if [ "$gen" = dracut ]; then
	d=$root/usr/lib/dracut/modules.d/91legacy-consumer
	mkdir -p "$d"
	cat >"$d/module-setup.sh" <<'MOD'
#!/bin/bash
check() { return 0; }
depends() { return 0; }
install() {
	inst_binary /usr/local/lib/legacy-consumer /sbin/legacy-consumer
	inst_hook pre-trigger 50 "$moddir/legacy-consumer.sh"
}
MOD
	printf '#!/bin/sh\n/sbin/legacy-consumer >/dev/null 2>&1 || :\n' >"$d/legacy-consumer.sh"
	chmod 755 "$d/module-setup.sh" "$d/legacy-consumer.sh"
	echo 'add_dracutmodules+=" legacy-consumer "' >"$root/etc/dracut.conf.d/20-legacy.conf"
	mkinitrd
	rm -rf "$d" "$root/etc/dracut.conf.d/20-legacy.conf"
else
	cat >"$root/etc/initramfs-tools/hooks/legacy-consumer" <<'HOOK'
#!/bin/sh
[ "$1" = prereqs ] && exit 0
. /usr/share/initramfs-tools/hook-functions
copy_exec /usr/local/lib/legacy-consumer /sbin/legacy-consumer
HOOK
	mkdir -p "$root/etc/initramfs-tools/scripts/init-premount"
	cat >"$root/etc/initramfs-tools/scripts/init-premount/legacy-consumer" <<'SCR'
#!/bin/sh
[ "$1" = prereqs ] && exit 0
/sbin/legacy-consumer >/dev/null 2>&1 || :
SCR
	chmod 755 "$root/etc/initramfs-tools/hooks/legacy-consumer" \
		"$root/etc/initramfs-tools/scripts/init-premount/legacy-consumer"
	mkinitrd
	rm -f "$root/etc/initramfs-tools/hooks/legacy-consumer" \
		"$root/etc/initramfs-tools/scripts/init-premount/legacy-consumer"
fi
cp "$root/boot/initrd.img-$kver" "$work/initrd.legacy"
rm -f "$root/usr/local/lib/legacy-consumer"
# The same program as the real root's legacy coldplug (legacy-coldplug.service,
# only with sa.legacy_coldplug on the command line).
install -m 755 "$legacy" "$root/usr/local/sbin/mdev-coldplug"
cp "$work/initrd.on" "$root/boot/initrd.img-$kver"
cp "$root/boot/vmlinuz-$kver" "$work/bzImage"

in_root apt-get clean >&2
chroot_down
# /var for the separate-/var layout: the same files on their own filesystem.
say "mke2fs -d: root.img, var.img"
mke2fs -q -t ext4 -L root -d "$root" "$work/root.img" 2G >&2
mke2fs -q -t ext4 -L var -d "$root/var" "$work/var.img" 512M >&2

# dpkg --purge with two kernels installed (issue 43), on this root after
# root.img was made from it. The second kernel is this one's files under
# an older version (6.1.0-1-amd64: it sorts first, so a postrm that
# rebuilt only the newest image would leave it armed), its modules hard
# links, its initrd a copy of the armed one; the package's postrm
# rebuilds the images. purge.txt: "VERSION before|after yes|no" (the
# image holds the binary), then the purge's output; initrd.purged: the
# booted kernel's image after it, root-purged.img the root.
say "purge: a second kernel, dpkg --purge sysfs-audit"
k2=6.1.0-1-amd64
[ "$kver" != "$k2" ] || die "the image's kernel is $k2 already"
cp -al "$root/lib/modules/$kver" "$root/lib/modules/$k2"
for f in vmlinuz config System.map initrd.img; do
	cp "$root/boot/$f-$kver" "$root/boot/$f-$k2"
done
holds() {	# holds VERSION: the image lists usr/sbin/sysfs-audit
	local l
	if [ "$gen" = dracut ]; then
		l=$(in_root lsinitrd "/boot/initrd.img-$1")
	else
		l=$(in_root lsinitramfs "/boot/initrd.img-$1")
	fi
	if grep -q 'usr/sbin/sysfs-audit$' <<<"$l"; then echo yes; else echo no; fi
}
chroot_up
{
	for v in "$kver" "$k2"; do echo "$v before $(holds "$v")"; done
	st=0
	in_root dpkg --purge sysfs-audit >"$work/purge.log" 2>&1 || st=$?
	echo "purge exit $st"
	for v in "$kver" "$k2"; do echo "$v after $(holds "$v")"; done
	cat "$work/purge.log"
} >"$work/purge.txt"
rm -f "$work/purge.log"
cp "$root/boot/initrd.img-$kver" "$work/initrd.purged"
chroot_down
mke2fs -q -t ext4 -L root -d "$root" "$work/root-purged.img" 2G >&2
rm -rf "$root"
echo "$kver" >"$work/kver"
touch "$work/.complete"
rm -rf "$out"
mv "$work" "$out"
trap - EXIT
# Older images of this generator (2-3 GB each) go once unused for two
# hours: two trees with .debs of other bytes (a bench beside a test) each
# boot their own meanwhile.
for d in "$cache/$gen"-*; do
	[ "$d" = "$out" ] || [ "$d" = "$stage" ] || [ -n "$(find "$d" -maxdepth 0 -mmin -120)" ] ||
		rm -rf "$d"
done
say "done: $out"
echo "$out"
