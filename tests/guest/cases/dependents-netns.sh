# A container with a network namespace of its own (issue 28). sysfs tags
# /sys/class/net and every <dev>/net directory by network namespace, and a
# sysfs mount shows the net devices of the namespace that mounted it (`ip
# netns exec`, a container runtime): the container's /sys lacks the host's
# dummy0, the host's lacks the container's cdum0. The model is the
# recorder's /sys, so a lookup in another view is judged without the
# model's net devices, and its why says "other netns":
#   - the container's `ls /sys/class/net/dummy0` (the host's only): no line;
#   - the host's `ls /sys/class/net/cdum0` (the container's only): no line;
#   - the container's `test -L /sys/class/net/cdum0` (its own, unknown to
#     the model): suspect lstat-legacy-dir, as `[ -L /sys/class/net/lo ]`
#     on the host, and "other netns" said;
#   - the container's `ls /sys/class/net/cdum0/bus`: suspect
#     (miss-looks-legacy), "other netns" said;
#   - the container's <parent>/block:vda: still breaks (miss-legacy-link):
#     only net devices differ between the views;
#   - the host's own `test -L /sys/class/net/dummy0`: suspect, and no
#     "other netns" (the model's view is told from another's).
# Each lookup is a program of its own (BusyBox copied under its applet's
# name): a live line is printed once per program.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 12

T=/tmp/trace.jsonl
vda_dev=$(readlink -f /sys/class/block/vda)
parent=${vda_dev%/block/vda}
for p in c-host c-own c-bus c-vda h-cont h-own; do
	mkdir -p /tmp/$p
done
for p in c-host c-bus c-vda h-cont; do
	cp /bin/busybox /tmp/$p/ls
done
cp /bin/busybox /tmp/c-own/test
cp /bin/busybox /tmp/h-own/test
# The live dependent lines of program $1.
lines() { grep '^{"type":"dependent",' $T | grep -- "\"exe\":\"$1\""; }

modprobe dummy numdummies=1
check "the host's dummy0" test -e /sys/class/net/dummy0

start_tracer $T --json -i 50
check "tracer attached" grep -q "tracing device uevents" $T.err
# The container: its netns, its mount namespace, its sysfs, its dummy.
unshare -nm sh -c "mount -t sysfs sysfs /sys && ip link add cdum0 type dummy &&
	test -e /sys/class/net/cdum0 && test ! -e /sys/class/net/dummy0 &&
	echo \$(readlink /proc/self/ns/net) >/tmp/c-netns && touch /tmp/c-up &&
	{ /tmp/c-host/ls /sys/class/net/dummy0; /tmp/c-own/test -L /sys/class/net/cdum0;
	  /tmp/c-bus/ls /sys/class/net/cdum0/bus; /tmp/c-vda/ls $parent/block:vda
	  while [ ! -e /tmp/c-done ]; do usleep 100000; done; } >/dev/null 2>&1; exit 0" &
ct=$!
wait_file /tmp/c-up
check "the container: its own sysfs shows cdum0 and not dummy0" test -e /tmp/c-up
check "the host's /sys lacks cdum0" test ! -e /sys/class/net/cdum0
/tmp/h-cont/ls /sys/class/net/cdum0 >/dev/null 2>&1
/tmp/h-own/test -L /sys/class/net/dummy0
touch /tmp/c-done
wait $ct
stop_tracer $T
diag "container $(cat /tmp/c-netns 2>/dev/null), host $(readlink /proc/self/ns/net)"

lines /tmp/c-host/ls | grep -q .
[ $? -ne 0 ]
ktap_result $? "the container's ls of the host's dummy0: no line"
lines /tmp/h-cont/ls | grep -q .
[ $? -ne 0 ]
ktap_result $? "the host's ls of the container's cdum0: no line"
lines /tmp/c-own/test | grep -q '"confidence":"suspect","rule":"lstat-legacy-dir".*other netns'
ktap_result $? "the container's test -L of its own cdum0: suspect (lstat-legacy-dir), other netns"
lines /tmp/c-bus/ls | grep -q '"confidence":"suspect","rule":"miss-looks-legacy".*other netns'
ktap_result $? "the container's cdum0/bus: suspect (miss-looks-legacy), other netns"
lines /tmp/c-vda/ls | grep -q '"confidence":"breaks","rule":"miss-legacy-link"'
ktap_result $? "the container's <parent>/block:vda: still breaks (miss-legacy-link)"
lines /tmp/h-own/test | grep '"confidence":"suspect","rule":"lstat-legacy-dir"' | grep -qv 'other netns'
ktap_result $? "the host's test -L of its dummy0: suspect (lstat-legacy-dir), no other netns"
lost=$(sed -n '/"type":"dependents"/{s/.*"lost":\([0-9]*\).*/\1/p;q;}' $T)
check_eq "no dependents' record lost" "${lost:-x}" 0
