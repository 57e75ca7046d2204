#!/bin/sh
# dracut cmdline hook 00: the earliest hook, before systemd-udevd and its
# coldplug in the initramfs. systemd has mounted /sys/fs/bpf already.
[ -x /usr/sbin/sysfs-audit ] || return 0
if getargbool 1 sysfs_audit.boot; then
	BOOT_AUDIT_OPTS=
	# shellcheck disable=SC1091
	[ -r /etc/sysfs-audit.conf ] && . /etc/sysfs-audit.conf
	# Shell builtins only: the image need not have grep.
	bpffs=no
	while read -r _ mnt fstype _; do
		[ "$mnt $fstype" = "/sys/fs/bpf bpf" ] && bpffs=yes
	done </proc/mounts
	[ $bpffs = yes ] || mount -t bpf -o nosuid,nodev,noexec,mode=0700 bpf /sys/fs/bpf
	# shellcheck disable=SC2086
	/usr/sbin/sysfs-audit boot --start $BOOT_AUDIT_OPTS || warn "sysfs-audit: no boot audit"
fi
