#!/bin/sh
# dracut cmdline hook 00: the earliest hook, before systemd-udevd and its
# coldplug in the initramfs. systemd has mounted /sys/fs/bpf already.
# dracut SOURCES its hooks into dracut-cmdline.sh's shell, which goes on
# to use and save its own variables (fstype, root, ...): all of ours runs
# in a subshell, so that no variable, function, option or directory of
# that shell changes. The start is bounded the same way as initramfs-tools'
# (boot-functions): the subshell returns within BOOT_AUDIT_TIMEOUT.
[ -x /usr/sbin/sysfs-audit ] && [ -r /usr/share/sysfs-audit/boot-functions ] &&
	(
		# shellcheck disable=SC1091
		. /usr/share/sysfs-audit/boot-functions
		sa_init /etc/sysfs-audit.conf
		sa_start
	)
