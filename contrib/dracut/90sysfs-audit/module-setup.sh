#!/bin/bash
# dracut module: the boot audit (sysfs-audit(8), BOOT AUDIT). dracut runs
# systemd in the initramfs; the hooks below run from dracut's own units:
# cmdline (before systemd-udevd starts) and pre-pivot (last before
# switch-root).

check() {
	local BOOT_AUDIT=no
	# shellcheck disable=SC1091
	[ -r @SYSCONFDIR@/default/sysfs-audit ] && . @SYSCONFDIR@/default/sysfs-audit
	[ "$BOOT_AUDIT" = yes ] || return 255	# only when asked for
	require_binaries @SBINDIR@/sysfs-audit || return 1
	return 0
}

depends() {
	return 0
}

install() {
	local BOOT_AUDIT_OPTS=
	# shellcheck disable=SC1091
	[ -r @SYSCONFDIR@/default/sysfs-audit ] && . @SYSCONFDIR@/default/sysfs-audit
	inst_binary @SBINDIR@/sysfs-audit /usr/sbin/sysfs-audit
	printf 'BOOT_AUDIT_OPTS="%s"\n' "$BOOT_AUDIT_OPTS" >"${initdir}/etc/sysfs-audit.conf"
	inst_hook cmdline 00 "$moddir/sysfs-audit-start.sh"
	inst_hook pre-pivot 99 "$moddir/sysfs-audit-end.sh"
}
