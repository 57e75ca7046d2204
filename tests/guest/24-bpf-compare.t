#!/bin/bash
# What BPF can see of uevents without the kobject tracepoints (issue 29),
# measured in the guest on Debian's stock 6.12 (fetched by kernel/stock.sh,
# never installed) and on our patched 6.12: bpfcmp (tests/guest/bpfcmp.c)
# attaches fentry/fexit on netlink_broadcast_filtered(), tries fentry and
# kprobe on alloc_uevent_skb() and kobject_uevent_env(), fexit on
# dev_uevent() and call_usermodehelper_exec(), and our tracepoints where
# they exist; since issue 44 also fexit on dev_uevent_filter() and
# dev_uevent_name(), the netlink:netlink_extack tracepoint, fentry on
# netlink_rcv_skb(), and the broadcast once per netns with a listener
# (stock only: our kernels have no CONFIG_NET_NS); the case (cases/bpf-compare.sh) provokes each class of
# uevent and checks every attach result and every (class, hook) cell
# against what that kernel is expected to do. The measured table is in the
# log ("# table" lines) and in kernel/patches-6.12/0000-cover-letter.patch.
top=$(cd "$(dirname "$0")/../.." && pwd)
SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-300}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

# The case expects no uevent helper on the stock kernel: say why.
if guest_selected stock-6.12 && kdir=$("$top/kernel/stock.sh" 6.12 2>/dev/null); then
	grep -qx '# CONFIG_UEVENT_HELPER is not set' "$kdir/.config"
	tap_ok $? "stock-6.12: Debian's config does not set CONFIG_UEVENT_HELPER"
fi

for k in stock-6.12 patched-6.12; do
	guest_case $k bpf-compare "sysfs_audit.env.BPFCMP_KERNEL=$k"
done
tap_done
