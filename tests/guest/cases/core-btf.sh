# boot --start with the image's minimal BTF (loader/core_btf.h): the same
# programs as with the kernel's own BTF (each program's tag hashes its
# instructions after CO-RE), less time, and a minimal BTF made for another
# kernel is not used. Times under -icount count instructions.
. /tests/ktap.sh

ktap_plan 10
mount -t bpf bpf /sys/fs/bpf 2>/dev/null
core=/usr/share/sysfs-audit/core.btf
check "the test's minimal BTF is in the image" test -s "$core" -a -s "$core.id"
echo "console=ttyS0" >/tmp/cmdline
# start LABEL [ENV...]: boot --start, its stderr in /tmp/LABEL.err, tags in /tmp/LABEL.tags.
start() {
	local label=$1 s e rc
	shift
	s=$(cut -d' ' -f1 /proc/uptime)
	# Not the guest's `quiet`: our messages on stderr, not in the kernel's log.
	env "$@" SYSFS_AUDIT_CMDLINE=/tmp/cmdline SYSFS_AUDIT_DEBUG=1 sysfs-audit boot --start \
		2>/tmp/$label.err
	rc=$?
	e=$(cut -d' ' -f1 /proc/uptime)
	grep -v "debug: nchain" /tmp/$label.err | sed "s/^/# $label: /" >/dev/ttyS1
	sed -n 's/^sysfs-audit: debug: \([a-z0-9_]*\): .*, tag \([0-9a-f]*\)$/\1 \2/p' \
		/tmp/$label.err | sort >/tmp/$label.tags
	diag "boot --start ($label): exit $rc, $s -> $e s"
	sysfs-audit boot --cleanup >/dev/null 2>&1
	return $rc
}
start kernel SYSFS_AUDIT_CORE_BTF=
check "boot --start with the kernel's BTF exits 0" test $? = 0
start core
check "boot --start with the minimal BTF exits 0" test $? = 0
check "the minimal BTF was used, not left for the kernel's" \
	sh -c "grep -q 'time core_btf check' /tmp/core.err && ! grep -q 'loading with the kernel' /tmp/core.err"
check "the same attach mode with either BTF" \
	sh -c '[ "$(grep -o "started ([a-z]*)" /tmp/kernel.err)" = "$(grep -o "started ([a-z]*)" /tmp/core.err)" ]'
# The id says whether the kernel's BTF names our tracepoints (Debian's: no);
# with "no-tracepoint" the tracer does not search the kernel's BTF for them.
if grep -q ' no-tracepoint$' "$core.id"; then
	check "no tracepoint (the id says): the kernel's BTF not searched for one" \
		grep -q 'time vmlinux scan (known: none)' /tmp/core.err
else
	check "tracepoints maybe (the id says): the kernel's BTF searched" \
		grep -q 'time vmlinux scan [0-9]' /tmp/core.err
fi
# The tracer's program and the dependents' (ten on Debian's kernels).
check "every program loaded, with a tag" test "$(wc -l </tmp/core.tags)" -ge 9
check "each program's instructions after CO-RE are the same with either BTF" \
	cmp /tmp/kernel.tags /tmp/core.tags
cp "$core" /tmp/other.btf
echo "5.10.0-0-amd64 $(wc -c <"$core")" >/tmp/other.btf.id
start other SYSFS_AUDIT_CORE_BTF=/tmp/other.btf
check "a minimal BTF of another kernel: started anyway" test $? = 0
check "... with the kernel's BTF, and says why" \
	sh -c "grep -q 'made for another kernel' /tmp/other.err && cmp -s /tmp/kernel.tags /tmp/other.tags"
