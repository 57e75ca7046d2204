#!/bin/bash
# The block layout on both kernels, judged inside the guest:
#  - patched: modern layout, and sysfs.deprecated=1 changes nothing;
#  - patched-6.12 (the mainline series): modern;
#  - legacy + sysfs.deprecated=1: the deprecated layout (our oracle);
#  - legacy without it: modern, so the oracle really is the switch;
#  - Debian's stock 6.1 and 6.12: modern.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

guest_case patched layout-modern
guest_case patched layout-modern "sysfs.deprecated=1"
guest_case patched-6.12 layout-modern
guest_case legacy layout-legacy "sysfs.deprecated=1"
guest_case legacy layout-modern
# Debian's stock kernels: the modern layout (6.12 has no option at all).
guest_case stock-6.1 layout-modern
guest_case stock-6.12 layout-modern
tap_done
