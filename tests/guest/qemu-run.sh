#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot a test kernel in QEMU, always under a timeout.
#
#   qemu-run.sh KERNEL_DIR INITRD OUT_PREFIX TIMEOUT_S "APPEND" [QEMU ARGS...]
#
# ttyS0 (the console) goes to OUT_PREFIX.console, ttyS1 (the results port)
# to OUT_PREFIX.ktap. TCG is the default (CPU model SYSFS_AUDIT_CPU, default
# "max"); SYSFS_AUDIT_KVM=1 opts into KVM.
# Exit status: QEMU's, or 124 when the guest had to be killed.
set -uo pipefail

[ $# -ge 5 ] || { echo "usage: $0 KERNEL_DIR INITRD OUT_PREFIX TIMEOUT_S APPEND [QEMU ARGS...]" >&2; exit 2; }
kdir=$1 initrd=$2 out=$3 tmo=$4 append=$5
shift 5

if [ "${SYSFS_AUDIT_KVM:-0}" = 1 ]; then
	accel=(-accel kvm -cpu host)
else
	accel=(-accel tcg -cpu "${SYSFS_AUDIT_CPU:-max}")
fi

rm -f "$out.console" "$out.ktap"
# sysfs_audit.timeout=120: the boot audit's start took 15 s of a TCG boot
# on a loaded host (60-boot.t), near the default bound of 20 s meant for
# real hardware; a test that wants another bound appends its own (the
# last one wins).
timeout --kill-after=10 "$tmo" qemu-system-x86_64 \
	"${accel[@]}" -m "${SYSFS_AUDIT_GUEST_MEM:-512}" -smp 1 \
	-nodefaults -display none -no-reboot \
	-kernel "$kdir/bzImage" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 oops=panic quiet loglevel=4 sysfs_audit.timeout=120 $append" \
	-chardev file,id=con,path="$out.console" -serial chardev:con \
	-chardev file,id=res,path="$out.ktap" -serial chardev:res \
	"$@" </dev/null
