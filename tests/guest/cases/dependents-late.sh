# What a recorder started first must still name (issue 49):
#  - item 15: every process a #! script starts is named by that script,
#    the first as much as the last: children.sh runs BusyBox cat, then ls,
#    then cat again on a legacy-only name (<parent>/block:vda); none of
#    them is BusyBox's own line (script null), each is the script's;
#  - item 14: a uevent helper configured after the start is named by its
#    own file: on a kernel with CONFIG_UEVENT_HELPER (ours) one set by
#    /proc/sys/kernel/hotplug, which runs for each uevent, then another by
#    /sys/kernel/uevent_helper; on a kernel without it (Debian's stock) a
#    kernel.hotplug line written to /etc/sysctl.d after the start.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 8

T=/tmp/trace.jsonl
vda_dev=$(readlink -f /sys/class/block/vda)
legacy="${vda_dev%/block/vda}/block:vda"
mkdir -p /tmp/c /opt /etc/sysctl.d
printf '#!/bin/sh\ncat %s/dev\nls %s/\ncat %s/size\nexit 0\n' "$legacy" "$legacy" "$legacy" \
	>/tmp/c/children.sh
chmod +x /tmp/c/children.sh
for h in late-helper late-helper2; do
	printf '#!/bin/sh\n[ "$PHYSDEVBUS" = virtio ] && :\necho "$SEQNUM" >>/tmp/%s.ran\nexit 0\n' \
		"$h" >/opt/$h
	chmod +x /opt/$h
done

start_tracer $T --json -i 50
check "tracer attached" grep -q "tracing device uevents" $T.err
/tmp/c/children.sh >/dev/null 2>&1
if [ -e /proc/sys/kernel/hotplug ]; then
	helpers="/opt/late-helper /opt/late-helper2"
	echo /opt/late-helper >/proc/sys/kernel/hotplug
	change /sys/class/block/vda /sys/class/block/vda1 /sys/class/block/vda2 \
		/sys/class/block/vda
	settle
	sleep 2
	echo /opt/late-helper2 >/sys/kernel/uevent_helper
	change /sys/class/block/vda
	settle
	sleep 2
	echo >/sys/kernel/uevent_helper
	ran=$(cat /tmp/late-helper.ran 2>/dev/null | wc -l)
else
	helpers=/opt/late-helper
	echo "kernel.hotplug = /opt/late-helper" >/etc/sysctl.d/60-late.conf
	ran=none
fi
diag "helper runs: $ran"
stop_tracer $T

deps() { grep '^{"type":"dependent",' $T; }
# 15: every line the script's children made is the script's.
n=$(deps | grep '"exe":"/bin/busybox"' | grep '"script":"/tmp/c/children.sh"' | wc -l)
[ "$n" -ge 1 ]
ktap_result $? "the script's children: named by the script ($n lines)"
deps | grep '"script":null' | grep -F "\"argv\":\"cat $legacy/dev\""
check_eq "its first child (cat): not BusyBox's own line" "$?" 1
deps | grep '"script":null' | grep -F -e "\"argv\":\"ls $legacy/\"" -e "\"argv\":\"cat $legacy/size\""
check_eq "its later children (ls, cat): not BusyBox's own lines" "$?" 1
deps | grep '"script":null' | grep -F "block:vda" | grep -v '"argv":"sh -c . /tests/'
check_eq "no line of BusyBox alone for a legacy name the script looked up" "$?" 1
# 14: the helper configured after the start.
sum=$(grep '"type":"dependents"' $T)
nh=$(echo "$sum" | sed -n 's/.*"by_kind":{[^}]*"helper":\([0-9]*\).*/\1/p')
set -- $helpers
check_eq "by_kind.helper counts every helper configured ($#)" "${nh:-none}" "$#"
ok=0
for h in $helpers; do
	deps | grep '"kind":"helper"' | grep -q "\"exe\":\"$h\"" || ok=1
done
ktap_result $ok "each helper configured after the start is named by its own file ($helpers)"
