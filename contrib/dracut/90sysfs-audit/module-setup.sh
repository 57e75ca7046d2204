#!/bin/bash
# dracut module: the boot audit (sysfs-audit(8), BOOT AUDIT). dracut runs
# systemd in the initramfs; the hooks below run from dracut's own units:
# cmdline (before systemd-udevd starts) and pre-pivot (last before
# switch-root). It never fails the image's build: what it cannot do it
# says, and the image is built without the boot audit.

# The defaults, read in a subshell: nothing of the file reaches dracut's
# shell, and a broken file does not end it. Prints the image's conf.
sysfs_audit_conf() {
	(
		BOOT_AUDIT=no
		# sa_write_conf reads them.
		# shellcheck disable=SC2034
		BOOT_AUDIT_OPTS='' BOOT_AUDIT_TIMEOUT=''
		# shellcheck disable=SC1091
		[ -r @SYSCONFDIR@/default/sysfs-audit ] && . @SYSCONFDIR@/default/sysfs-audit >/dev/null
		[ "$BOOT_AUDIT" = yes ] || exit 255
		# shellcheck disable=SC1091
		. @DATADIR@/sysfs-audit/boot-functions || exit 1
		sa_write_conf
	)
}

check() {
	local rc
	sysfs_audit_conf >/dev/null 2>&1
	rc=$?
	[ $rc -eq 255 ] && return 255	# BOOT_AUDIT=no: only when asked for
	if [ $rc -ne 0 ] || ! require_binaries @SBINDIR@/sysfs-audit; then
		dwarn "sysfs-audit: no @SBINDIR@/sysfs-audit, @DATADIR@/sysfs-audit/boot-functions or a readable @SYSCONFDIR@/default/sysfs-audit: the image is built without the boot audit"
		return 1
	fi
	return 0
}

depends() {
	return 0
}

install() {
	local conf
	if ! conf=$(sysfs_audit_conf) ||
		! inst_simple @DATADIR@/sysfs-audit/boot-functions /usr/share/sysfs-audit/boot-functions ||
		! printf '%s\n' "$conf" >"${initdir}/etc/sysfs-audit.conf" ||
		! inst_binary @SBINDIR@/sysfs-audit /usr/sbin/sysfs-audit; then
		dwarn "sysfs-audit: the image is built without the boot audit"
		rm -f "${initdir}/usr/sbin/sysfs-audit"
		return 0
	fi
	# The kernel's BTF cut down to what the programs read (bpftool gen
	# min_core_btf): boot --start's CO-RE search then walks some 90 types,
	# not the kernel's 100 000. Without bpftool, or when it fails, the image
	# goes without it and boot --start searches the kernel's own BTF.
	if [ -n "${SYSFS_AUDIT_BPFTOOL:-}" ] || command -v bpftool >/dev/null 2>&1; then
		# Bounded: a binary that hangs must not hold the kernel's upgrade.
		set --
		command -v timeout >/dev/null 2>&1 && set -- timeout -k 5 120
		"$@" @SBINDIR@/sysfs-audit boot --core-btf "${initdir}/usr/share/sysfs-audit/core.btf" \
			--kernel "${kernel:-$(uname -r)}" ||
			dwarn "sysfs-audit: no minimal BTF for ${kernel:-}: boot --start reads the kernel's"
	fi
	inst_hook cmdline 00 "$moddir/sysfs-audit-start.sh"
	inst_hook pre-pivot 99 "$moddir/sysfs-audit-end.sh"
	return 0
}
