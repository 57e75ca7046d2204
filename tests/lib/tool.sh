# The tool the host tests run ($sa): build/sysfs-audit, or the build that
# SA_BIN names: `make check-host-san` runs every test file again with the
# whole tool under ASan + UBSan (build/sysfs-audit-san), as the unit tests
# always are. $sa_static is the static build, for tests that use the binary
# as data (put it in an image, scan it). Needs $top.
sa_static=$top/build/sysfs-audit
sa=${SA_BIN:-$sa_static}
# ASan reserves terabytes of address space and doubles what a run takes:
# under it no address-space limit (ASan would not start), no bound on
# peak RSS, and CPU limits 4 times as long (sa_cpu).
case $sa in
*-san) sa_san=1 ;;
*) sa_san=0 ;;
esac
# sa_ulimit_v KIB: ulimit -v KIB, unless the tool is sanitized
sa_ulimit_v() {
	[ "$sa_san" = 1 ] || ulimit -v "$1"
}
# sa_cpu SECONDS: a CPU-time limit for the tool
sa_cpu() {
	echo $(($1 * (sa_san ? 4 : 1)))
}
