# A modern userspace beside the dependents tracer: Debian 12's own
# systemd-udevd 252 and udevadm (its rules, coldplug with `udevadm trigger`
# and `settle`, a hotplug), then what an operator types, in GNU (Debian's
# coreutils, findutils, util-linux, iproute2 under /opt/deb) and BusyBox
# versions, while `sysfs-audit trace` and `record` run. None of it needs the
# old layout: nothing may break, the suspects must be few and each
# say why, and `report --fail-on=dependents` must pass.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 15

D=/opt/deb
T=/tmp/trace.jsonl
R=/tmp/r.json

# Debian's files live below /opt/deb; put the loader, the libraries and
# udev's directories where its binaries look for them.
mkdir -p /usr/lib /run /mnt
mount -t tmpfs tmpfs /run
ln -s $D/lib64 /lib64
ln -s $D/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu
ln -s $D/usr/lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu
ln -s $D/lib/udev /lib/udev
ln -s $D/lib/systemd /lib/systemd
ln -s $D/etc/udev /etc/udev
# The groups and users udev's rules name (resolve_names=early).
echo "root:x:0:0:root:/root:/bin/sh" >/etc/passwd
for g in root:0 tty:5 disk:6 lp:7 kmem:15 dialout:20 cdrom:24 tape:26 audio:29 video:44 \
	 input:105 kvm:106 render:107 sgx:108; do
	echo "${g%%:*}:x:${g#*:}:" >>/etc/group
done
export LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu:$D/usr/lib/x86_64-linux-gnu:$D/lib/systemd
G=$D/bin		# GNU coreutils and friends
udevd=$D/lib/systemd/systemd-udevd
udevadm=$D/bin/udevadm
diag "udevd: $($udevadm --version 2>&1) ($udevd)"

# record and trace, both beside the whole run.
sysfs-audit record -o $R -d 3600 >/tmp/rec.out 2>&1 &
rp=$!
start_tracer $T --json -i 50
tpid=$tracer
check "tracer attached" grep -q "tracing device uevents" $T.err
diag "$(grep dependents $T.err)"

$udevd --daemon --resolve-names=early >/tmp/udevd.out 2>&1
# It daemonizes after reading its rules: seconds under emulation. Asked
# over its control socket, as udevadm itself does.
for i in $(seq 1 100); do
	$udevadm control --ping -t 1 >/dev/null 2>&1 && break
	usleep 100000
done
$udevadm control --ping -t 5 >/dev/null 2>&1
ping=$?
upid=$(pidof systemd-udevd | cut -d' ' -f1)
ktap_result $ping "Debian's systemd-udevd runs (answers udevadm control --ping; pid $upid)"
sed 's/^/# udevd: /' /tmp/udevd.out | head -n 5

# Coldplug, then a hotplug: a dummy netdev with Debian's ip, a SCSI disk, a change.
$udevadm trigger --type=subsystems --action=add
$udevadm trigger --type=devices --action=add
$udevadm settle -t 120
check_eq "coldplug: udevadm settle" "$?" 0
$D/bin/ip link add dummy7 type dummy 2>/dev/null || $D/sbin/ip link add dummy7 type dummy
scsi_add
echo change >/sys/class/block/vda/uevent
$udevadm settle -t 120

# What an operator types: GNU versions...
$D/bin/lsblk -f >/dev/null 2>&1
$D/sbin/blkid >/dev/null 2>&1
$D/bin/ip -d link >/dev/null 2>&1 || $D/sbin/ip -d link >/dev/null 2>&1
$G/ls -l /sys/block /sys/class/net >/dev/null
$D/usr/bin/find /sys/class -maxdepth 2 >/dev/null 2>&1 || $D/bin/find /sys/class -maxdepth 2 >/dev/null
$G/realpath /sys/class/net/* /sys/block/* >/dev/null
$G/cat /sys/class/net/lo/device/vendor >/dev/null 2>&1
$udevadm info --export-db >/dev/null
$udevadm info -a /sys/class/block/vda >/dev/null
timeout 3 $udevadm monitor -k -u >/dev/null 2>&1
# ... and BusyBox's, and the shell.
busybox ls -l /sys/block /sys/class/net >/dev/null
busybox find /sys/class -maxdepth 2 >/dev/null
busybox realpath /sys/class/net/* >/dev/null
cat /sys/class/net/lo/device/vendor >/dev/null 2>&1
for n in /sys/class/net/*; do [ -d $n/wireless ] && echo "$n is wireless"; done
mdev -s
remove_all >/dev/null 2>&1
$D/bin/ip link del dummy7 2>/dev/null || $D/sbin/ip link del dummy7 2>/dev/null
$udevadm settle -t 120
usleep 300000

kill -INT $tpid
wait $tpid
check_eq "trace exit status" "$?" 0
kill -INT $rp
wait $rp
check_eq "record exit status" "$?" 0
$udevadm control --exit 2>/dev/null

S=$(grep '"type":"dependents"' $T)
deps() { echo "$S" | sed 's/.*"dependents":\[//; s/\]}$//; s/},{"type"/}\n{"type"/g'; }
num() { echo "$S" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" | head -n 1; }
deps | sed 's/"pid".*"observed"/.../; s/^/# dep: /'
echo "$S" | sed 's/,"dependents":.*//; s/^/# summary: /'
ev=$(grep -c '^{"type":"event"' $T)
diag "lines printed by the trace: $(wc -l <$T) ($ev events, $(grep -c '^{"type":"dependent",' $T) dependent lines)"
[ "$ev" -ge 20 ]
ktap_result $? "coldplug and hotplug traced ($ev events)"

# (the summary's own count: "breaks" is also a key of kernel.dropped_by)
check_eq "nothing breaks" \
	"$(echo "$S" | sed -n 's/^{"type":"dependents","found":[0-9]*,"breaks":\([0-9]*\),.*/\1/p')" 0
n=$(num suspects)
[ -n "$n" ] && [ "$n" -le 30 ]
ktap_result $? "a short list of suspects (${n:-none})"
[ "$(deps | grep -c '"why":"[^"]')" = "$(deps | grep -c '"type":"dependent"')" ]
ktap_result $? "every suspect says why"
# Debian 12's systemd-udevd is a link to udevadm: its executable is udevadm.
deps | grep '"kind":"listener"' | grep "\"exe\":\"$D/[^\"]*udev[^\"]*\".*\"package\":\"udev\"" |
	grep -q "\"pids\":\[\([0-9]*,\)*${upid:-none}[],]"
ktap_result $? "systemd-udevd (pid ${upid:-none}) named as a listener, with its Debian package"
# PID 1 (the harness's init here) holds no uevent socket: never a group-1 listener
deps | grep '"kind":"listener".*"rule":"listen-kernel"' | grep -q '"pids":\[\([0-9]*,\)*1[],]'
[ $? -ne 0 ]
ktap_result $? "PID 1 is not named as a kernel-group listener"
deps | grep -q -e '"exe":"?"' -e '"exe":"/proc/self/exe"'
[ $? -ne 0 ]
ktap_result $? "every dependent has its executable (no '?', no /proc/self/exe)"
# A full ring loses records, never a program: the key is kept only when
# its record was reserved, so a lost record is seen and sent again.
diag "dependents' records lost to a full ring (counted, retried): $(num lost)"
check_eq "no dependent program lost (dropped)" "$(num dropped)" 0
lines=$(grep -c '^{"type":"dependent",' $T)
progs=$(deps | sed -n 's/.*"exe":"\([^"]*\)","script":\([^,]*\),.*/\1 \2/p' | sort -u | wc -l)
[ "$lines" -le "$progs" ]
ktap_result $? "one live line per program ($lines lines, $progs programs)"

sysfs-audit report --fail-on=dependents $R >/tmp/rep.out 2>&1
check_eq "report --fail-on=dependents over the modern run: exit 0" "$?" 0
sed 's/^/# report: /' /tmp/rep.out | head -n 40
