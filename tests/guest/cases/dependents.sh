# The dependents tracer against the legacy fixtures: one static binary per
# program it models (tests/guest/legacy/), each carrying only the strings
# that program carries (tests/host/52-fixtures.t), so that every verdict
# here comes from the rule that gives it and not from a fingerprint the
# fixture happens to carry (issue 28):
#   udevd-095       udevd 095 ("PHYSDEVPATH="): a listener on all groups,
#                   before and during the trace, breaks by its code; its
#                   event worker reads <dev>/bus, then <dev>/subsystem:
#                   falls back
#   nl-join         a modern listener joining group 1 (no key): suspect
#   nash            nash of mkinitrd 5.1 (the PHYSDEV* names): lstat of
#                   /sys/block entries requiring directories (breaks by its
#                   code), <PHYSDEVPATH>/block:vda (breaks by the name)
#   mdev-16         BusyBox 1.6.1 mdev -s (banner, applet name): breaks by
#                   its code
#   wait-for-sysfs  udev 095's wait_for_sysfs() alone (no key): 20 000
#                   stat() of block:vda, breaks by the name
#   android-init    Android init's coldboot, 2008 (no key): lists
#                   /sys/class/<c> keeping DT_DIR entries: suspect
# plus BusyBox's readlink of <disk>/device (suspect), a #! script with no
# key testing <class dev>/bus and whether /sys/class/net/lo is a link
# (suspects), a #! hotplug script reading PHYSDEVBUS and testing
# <dev>/bus, and a configured uevent helper whose script reads PHYSDEVBUS
# (both break). Those that break are printed
# live exactly once; the modern fixture (modern_consumer) never breaks.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 30

T=/tmp/trace.jsonl
POLLS=${POLLS:-20000}

# The dependents of the summary object, one per line (they hold no nested objects
# but the pids and examples arrays, which hold no '}').
deps() {
	grep '"type":"dependents"' $T | sed 's/.*"dependents":\[//; s/\]}$//; s/},{"type"/}\n{"type"/g'
}
# dep EXE KIND: the summary entries of program EXE with KIND.
dep() {
	deps | grep "\"kind\":\"$2\"" | grep "\"exe\":\"$1\""
}
field() {	# field NAME (a number or a string) from stdin's first line
	head -n 1 | sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"
}
wait_file() {
	_i=0
	while [ ! -e "$1" ] && [ $_i -lt 300 ]; do usleep 20000; _i=$((_i + 1)); done
}

# A configured uevent helper (the kernels have no CONFIG_UEVENT_HELPER) whose script reads the keys.
mkdir -p /etc/sysctl.d
echo "kernel.hotplug = /sbin/legacy-hotplug" >/etc/sysctl.d/50-hotplug.conf
printf '#!/bin/sh\n[ "$PHYSDEVBUS" = scsi ] && mount "/dev/$DEVNAME" /mnt\nexit 0\n' >/sbin/legacy-hotplug
chmod +x /sbin/legacy-hotplug

# The cost of a miss storm without the tracer, for the figures.
vda_dev=$(readlink -f /sys/class/block/vda)
vda_parent=${vda_dev%/block/vda}
wait-for-sysfs poll "$vda_parent/block:vda" $POLLS | sed 's/^/# untraced: /'

# Listeners already running when the trace starts.
udevd-095 listen 600 /tmp/l1.ready >/tmp/l1.out &
l1=$!
modern_consumer listen 600 /tmp/m1.ready >/tmp/m1.out &
m1=$!
wait_file /tmp/l1.ready
wait_file /tmp/m1.ready

start_tracer $T --json -i 50
tpid=$tracer
diag "$(cat $T.err)"
check "tracer attached" grep -q "tracing device uevents" $T.err
check "dependents hooks attached" grep -q "dependents: [1-9][0-9]* of" $T.err

# A listener of the same program that starts during the trace, and one that joins.
udevd-095 listen 600 /tmp/l2.ready >/tmp/l2.out &
l2=$!
wait_file /tmp/l2.ready
nl-join join 600 /tmp/l3.ready >/tmp/l3.out &
l3=$!
wait_file /tmp/l3.ready

# nash gets the keys the old kernel sent with the disk's uevent.
PHYSDEVPATH=${vda_parent#/sys} PHYSDEVBUS=virtio PHYSDEVDRIVER=virtio_blk nash probe vda \
	>/tmp/lp.out 2>&1
sed 's/^/# nash: /' /tmp/lp.out
mdev-16 walk >/tmp/mw.out 2>&1
sed 's/^/# mdev-16: /' /tmp/mw.out
android-init coldboot >/tmp/ai.out 2>&1
sed 's/^/# android-init: /' /tmp/ai.out
# udevd 095's worker on the virtio device's own event: <dev>/bus, then <dev>/subsystem.
udevd-095 event "${vda_parent#/sys}" >/tmp/ue.out 2>&1
sed 's/^/# udevd-095 event: /' /tmp/ue.out
# An operator's BusyBox readlink of the disk's 'device' link.
readlink /sys/block/vda/device | sed 's/^/# readlink: /'
modern_consumer probe vda >/tmp/mp.out 2>&1
sed 's/^/# modern probe: /' /tmp/mp.out

classname=$(sed -n 's/^did legacy-name \(.*block:vda\) .*/\1/p' /tmp/lp.out)
bus=$vda_parent/bus
wait-for-sysfs poll "$classname" $POLLS >/tmp/poll.out
sed 's/^/# traced: /' /tmp/poll.out

# A short-lived #! hotplug helper, as udev forked them: reads PHYSDEVBUS, tests <dev>/bus.
printf '#!/bin/sh\n[ -n "$PHYSDEVBUS" ] || [ -e %s ]\nexit 0\n' "$bus" >/tmp/legacy-helper.sh
chmod +x /tmp/legacy-helper.sh
/tmp/legacy-helper.sh

# A #! script with no key that asks a class device for 'bus' (it never had
# one) and tests whether a class entry is a link: suspects only.
printf '#!/bin/sh\n[ -e /sys/class/block/vda/bus ]\n[ -L /sys/class/net/lo ]\nexit 0\n' \
	>/tmp/class-probe.sh
chmod +x /tmp/class-probe.sh
/tmp/class-probe.sh

# An event that would have carried PHYSDEVPATH to the listeners.
echo change >/sys/class/block/vda/uevent
settle
usleep 300000
kill -INT $tpid
wait $tpid
check_eq "trace exit status" "$?" 0
kill $l1 $l2 $l3 $m1 2>/dev/null

deps | sed 's/^/# dep: /'
grep '"type":"dependents"' $T | sed 's/,"dependents":.*//; s/^/# summary: /'
n=$(wc -l <$T)
diag "lines printed by the trace: $n ($(grep -c '^{"type":"dependent",' $T) dependent lines)"

# has DESC EXE KIND REGEX: the summary entry of program EXE with KIND matches REGEX.
has() {
	_d=$1
	shift
	dep "$1" "$2" | grep -q -- "$3"
	ktap_result $? "$_d"
}
C='"confidence":"breaks"'
S='"confidence":"suspect"'
F='"confidence":"falls-back"'
FP='"rule":"fingerprint"'
# rule NAME: the verdict's rule, right after its confidence.
rule() {
	echo "\"rule\":\"$1\""
}

# Each check names the rule it proves: with that rule taken out of
# user/deps/dep_classify.c, the check fails (tests/mutate/mutants.txt, guest-deps).
has "udevd 095 listener (reads PHYSDEVPATH=): breaks by its code, 2 processes [fingerprint]" \
	/bin/udevd-095 listener "$C,$FP,\"why\":\"[^\"]*PHYSDEVPATH.*\"processes\":2,"
has "a listener joined with NETLINK_ADD_MEMBERSHIP, no key: suspect, observed join [listen-kernel]" \
	/bin/nl-join listener "$S,$(rule listen-kernel).*\"observed\":\"join\""
has "nash: <PHYSDEVPATH>/block:vda is a legacy-only name: breaks [miss-legacy-link]" /bin/nash \
	legacy-name "$C,$(rule miss-legacy-link).*\"examples\":\[[^]]*block:vda"
has "nash: lstat of /sys/block entries it needs as directories, breaks by its code [lstat-legacy-dir, fingerprint]" \
	/bin/nash symlink-where-dir "$C,$FP,\"why\":\"[^\"]*PHYSDEVPATH"
has "mdev 1.6 walker: lstat of then-directories, breaks by its code [lstat-legacy-dir, fingerprint]" \
	/bin/mdev-16 symlink-where-dir "$C,$FP,\"why\":\"[^\"]*BusyBox 1.6.1"
has "mdev 1.6 walker: its listing of /sys/class/<c>, breaks by its code [readdir, fingerprint]" \
	/bin/mdev-16 legacy-readdir "$C,$FP"
has "Android init's coldboot (DT_DIR only, no key): suspect [readdir]" /bin/android-init \
	legacy-readdir "$S,$(rule readdir)"
dep /bin/android-init legacy-readdir | grep -q "$C"
[ $? -ne 0 ]
ktap_result $? "Android init's coldboot does not break: no evidence of its own [fingerprint]"
has "udevd 095's worker: <dev>/bus, then <dev>/subsystem: falls back [modern-lookup]" \
	/bin/udevd-095 legacy-name "$F,$(rule modern-lookup),\"why\":\"[^\"]*${vda_parent#/sys}/subsystem"
has "BusyBox readlink of <disk>/device: suspect [readlink-device]" /bin/busybox link-text \
	"$S,$(rule readlink-device).*\"path\":\"[^\"]*/vda/device\""
has "poller (no key) asks for block:vda: breaks [miss-legacy-link]" /bin/wait-for-sysfs \
	legacy-name "$C,$(rule miss-legacy-link).*\"path\":\"$classname\""
n=$(dep /bin/wait-for-sysfs legacy-name | field count)
diag "poller: $POLLS stat() calls, count $n"
[ "${n:-0}" -ge "$POLLS" ]
ktap_result $? "poller counted every lookup (count ${n:-none} >= $POLLS)"
recs=$(grep '"type":"dependents"' $T | field records)
misses=$(grep '"type":"dependents"' $T | field sysfs_misses)
lost=$(grep '"type":"dependents"' $T | field lost)
diag "records emitted: $recs, sysfs misses seen: $misses, lost: $lost"
[ "${recs:-999999}" -lt $((POLLS / 10)) ] && [ "${misses:-0}" -ge "$POLLS" ]
ktap_result $? "records emitted ($recs) a small fraction of the misses ($misses)"
check_eq "no dependents' record lost" "${lost:-x}" 0
has "#! hotplug script testing <dev>/bus: named by its script, breaks [miss-legacy-link]" \
	/bin/busybox legacy-name "$C,$(rule miss-legacy-link).*\"script\":\"/tmp/legacy-helper.sh\""
has "#! script, no key: 'bus' of a class device is only suspect [miss-looks-legacy]" \
	/bin/busybox legacy-name "$S,$(rule miss-looks-legacy).*\"script\":\"/tmp/class-probe.sh\""
has "#! script, no key: lstat of /sys/class/net/lo is only suspect [lstat-legacy-dir]" \
	/bin/busybox symlink-where-dir "$S,$(rule lstat-legacy-dir).*\"script\":\"/tmp/class-probe.sh\""
deps | grep '"kind":"helper"' | grep -q "$C,$FP.*\"exe\":\"/sbin/legacy-hotplug\".*\"path\":\"/etc/sysctl.d/50-hotplug.conf\""
ktap_result $? "configured uevent helper whose script reads PHYSDEVBUS: breaks [helper, fingerprint]"
deps | grep -e '"exe":"/bin/modern_consumer"' | grep -q "$C"
[ $? -ne 0 ]
ktap_result $? "the modern fixture never breaks"
deps | grep '"exe":"/bin/modern_consumer"' | grep '"kind":"listener"' | grep -q "$S,$(rule listen-udev),\"why\":\"udev >= 142"
ktap_result $? "the modern listener (group 2) is a suspect that says why [listen-udev]"
deps | grep -q -e '"exe":"?"' -e '"exe":"/proc/self/exe"'
[ $? -ne 0 ]
ktap_result $? "every dependent has its executable (no '?', no /proc/self/exe)"
# One live line per program, with its verdict at the time: those that break,
# once. udevd-095's worker line is printed again when it falls back (a
# change of verdict), after its listener's line that breaks.
bad=
for p in /bin/udevd-095:breaks:2 /bin/nash:breaks:1 /bin/mdev-16:breaks:1 \
	/bin/wait-for-sysfs:breaks:1 /sbin/legacy-hotplug:breaks:1 /bin/nl-join:suspect:1 \
	/bin/android-init:suspect:1; do
	lines=${p##*:}
	p=${p%:*}
	v=${p#*:}
	p=${p%:*}
	n=$(grep '^{"type":"dependent",' $T | grep -c "\"exe\":\"$p\"")
	c=$(grep '^{"type":"dependent",' $T | grep "\"exe\":\"$p\"" | grep -c "\"confidence\":\"$v\"")
	diag "$p: $n live line(s), $c $v"
	[ "$n" = "$lines" ] && [ "$c" = 1 ] || bad="$bad $p"
done
grep '^{"type":"dependent",' $T | grep '"exe":"/bin/udevd-095"' |
	grep -q '"kind":"legacy-name",'"$F" || bad="$bad /bin/udevd-095(falls-back)"
[ -z "$bad" ]
ktap_result $? "each legacy program printed live once with its verdict, and again when it falls back${bad:+ (not:$bad)}"
n=$(dep /bin/udevd-095 listener | field physdev_events_while_listening)
[ "${n:-0}" -ge 1 ]
ktap_result $? "listener: events that would have carried PHYSDEV keys counted (${n:-none})"

# The table, and --no-dependents, on a short second trace.
start_tracer /tmp/table.out -d 4
nash probe vda >/dev/null 2>&1
wait $tracer
grep -q "^DEP  *new  *[a-z-]*  *breaks  */bin/nash pid=[0-9]*" /tmp/table.out &&
	grep -q "^DEPENDENTS: " /tmp/table.out && grep -q "^breaks  *legacy-name .* /bin/nash" /tmp/table.out
ktap_result $? "table: one DEP line per program and the summary by program"
grep -E "^DEP " /tmp/table.out | sed 's/^/# table: /'
sed -n '/^DEPENDENTS/,/^$/p' /tmp/table.out | sed 's/^/# table: /'
start_tracer /tmp/keys.out --json --no-dependents -d 3
nash probe vda >/dev/null 2>&1
wait $tracer
! grep -q '"type":"dependent' /tmp/keys.out && grep -q '"type":"summary"' /tmp/keys.out
ktap_result $? "--no-dependents: keys only"

# record keeps them, report gates on those that break.
sysfs-audit record -o /tmp/r.json -d 4 >/tmp/rec.out 2>&1 &
rp=$!
usleep 2500000
nash probe vda >/dev/null 2>&1
wait $rp
check_eq "record exit status" "$?" 0
sysfs-audit report --fail-on=dependents /tmp/r.json >/tmp/rep.out 2>&1
check_eq "report --fail-on=dependents over the legacy run: exit 17" "$?" 17
grep -A3 -i 'still need' /tmp/rep.out | sed 's/^/# report: /'
