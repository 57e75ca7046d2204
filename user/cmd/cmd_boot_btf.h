/* SPDX-License-Identifier: GPL-2.0 */
/*
 * boot --core-btf FILE [--kernel RELEASE] [--vmlinuz IMAGE]: cut the
 * kernel's BTF down to what our programs' CO-RE relocations read
 * (bpftool gen min_core_btf), for the image's `boot --start`
 * (loader/core_btf.h). The initramfs hooks call it; it changes nothing
 * but FILE and FILE.id.
 */
#ifndef SYSFS_AUDIT_CMD_BOOT_BTF_H
#define SYSFS_AUDIT_CMD_BOOT_BTF_H

/* An exit status; @release NULL: the running kernel's, @vmlinuz NULL: /boot's. */
int cmd_boot_core_btf(const char *out, const char *release, const char *vmlinuz);

#endif
