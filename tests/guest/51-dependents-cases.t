#!/bin/bash
# The dependents' identity and verdicts in three situations of real hosts,
# on our patched 6.1 and on Debian's stock 6.1 and 6.12 (issue 28):
#  - dependents-stale: lookups of names a rename or a remove took away,
#    judged on the model of /sys from before the change: no breaks;
#  - dependents-scripts: a script named however it was started (`sh
#    script`, #! directly, #!/usr/bin/env sh);
#  - dependents-container: a program in another mount namespace judged by
#    its own files (/proc/PID/root, /proc/PID/exe), never the host's;
#  - dependents-rules: BusyBox readlink of /sys/block and /sys/class
#    entries (readlink-entry), and one script's line that falls back
#    through two entries of fallbacks[].
#  - dependents-uevent: reads of a device's uevent file, by a script that
#    carries the key (breaks), also through grep once the script started
#    as `sh script` or by `#!/usr/bin/env sh` has gone (breaks, named from
#    the argv the kernel kept), and by cat and a modern script (nothing);
#  - dependents-late: what a recorder started first must still name
#    (issue 49): every child of a #! script, the first as much as the
#    last, by the script; a uevent helper configured after the start;
#  - dependents-netns: a container with a network namespace and a sysfs
#    of its own, whose net devices are not the model's (stock kernels
#    only: our tinyconfig has no CONFIG_NET_NS, `unshare -n` fails).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

SYSFS_AUDIT_GUEST_TIMEOUT=${SYSFS_AUDIT_GUEST_TIMEOUT:-300}
for flavour in ${DEPS_KERNELS:-patched stock-6.1 stock-6.12}; do
	for c in dependents-stale dependents-scripts dependents-container dependents-rules \
		 dependents-uevent dependents-late; do
		guest_case "$flavour" "$c"
	done
	case "$flavour" in
	stock-*) guest_case "$flavour" dependents-netns ;;
	*) guest_selected "$flavour" &&
		tap_skip "$flavour/dependents-netns" "no CONFIG_NET_NS in our kernel config" ;;
	esac
done
tap_done
