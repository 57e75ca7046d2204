# A script is named however it was started (issue 28): `sh script`,
# `#!/bin/sh` run directly, `#!/usr/bin/env sh` (env execs "sh script"
# after the kernel ran env). Each script tests a legacy-only name with the
# shell's own `[ -e ]`, so the lookup is the script's shell's, as in the
# hotplug scripts of old. The harness runs this file by "." (tests/guest/
# init), so its own lookups name no script.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 6

T=/tmp/trace.jsonl
vda_dev=$(readlink -f /sys/class/block/vda)
legacy="${vda_dev%/block/vda}/block:vda"
mkdir -p /usr/bin /tmp/s
ln -sf /bin/busybox /usr/bin/env
for s in by-sh direct by-env; do
	printf '#!/bin/sh\n[ -e %s ]\nexit 0\n' "$legacy" >/tmp/s/$s.sh
	chmod +x /tmp/s/$s.sh
done
sed -i '1s|.*|#!/usr/bin/env sh|' /tmp/s/by-env.sh

start_tracer $T --json -i 50
check "tracer attached" grep -q "tracing device uevents" $T.err
sh /tmp/s/by-sh.sh
/tmp/s/direct.sh
/tmp/s/by-env.sh
[ -e "$legacy" ]
stop_tracer $T

# named S: a live line of /bin/busybox with script S (null: "null").
named() {
	grep '^{"type":"dependent",' $T | grep '"exe":"/bin/busybox"' | grep -q "\"script\":$1,"
}
named '"/tmp/s/by-sh.sh"'
ktap_result $? "sh script: named by its script"
named '"/tmp/s/direct.sh"'
ktap_result $? "#!/bin/sh run directly: named by its script"
named '"/tmp/s/by-env.sh"'
ktap_result $? "#!/usr/bin/env sh: named by its script"
grep '^{"type":"dependent",' $T | grep '"exe":"/bin/busybox"' | grep '"script":null,' |
	grep -q '"argv":"sh -c . /tests/cases/dependents-scripts.sh"'
ktap_result $? "the harness's own [ -e ] (run by '.'): no script"
