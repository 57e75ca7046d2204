# Boot the real Debian 12 image (tests/realhost/mkimage.sh) under QEMU, with
# systemd as PID 1 (bash; sourced by tests/guest/70-realhost.t).
#
# realhost_boot IMAGE_DIR INITRD LAYOUT PREFIX TIMEOUT [APPEND]
#   LAYOUT: root (the root only), srv (root + /dev/vdb on /srv, ext4, no
#   nofail), var (root + a separate /var on /dev/vdb). The root image is
#   copied per boot and its fstab written with debugfs (no mount, no loop
#   device). Leaves PREFIX.console (ttyS0) and PREFIX.ktap (ttyS1: the
#   probe's facts and files). With sa.probe=record in APPEND, the probe's
#   "hotplug add/del N" lines are answered through the QEMU monitor: a
#   virtio disk and a NIC are hot-added and removed. REALHOST_QEMU_EXTRA:
#   more QEMU arguments (the bench's -icount). REALHOST_ROOT: the root
#   image in IMAGE_DIR (default root.img). REALHOST_DEBUGFS: a file of
#   debugfs requests run on this boot's copy of the root (a unit disabled,
#   a drop-in written).
# realhost_fact PREFIX NAME, realhost_file PREFIX NAME OUT: what the probe
# sent (tests/lib/guest.sh's readers on PREFIX.ktap).

realhost_boot() {
	local img=$1 initrd=$2 layout=$3 prefix=$4 tmo=$5 append=${6:-}
	local qpid rc drives=()

	rm -f "$prefix".*
	cp --sparse=always "$img/${REALHOST_ROOT:-root.img}" "$prefix.root.img" || return 1
	{
		echo "/dev/vda / ext4 defaults 0 1"
		case "$layout" in
		srv) echo "/dev/vdb /srv ext4 defaults 0 2" ;;
		var) echo "/dev/vdb /var ext4 defaults 0 2" ;;
		esac
	} >"$prefix.fstab"
	debugfs -w -R "rm /etc/fstab" "$prefix.root.img" >/dev/null 2>&1
	debugfs -w -R "write $prefix.fstab /etc/fstab" "$prefix.root.img" >/dev/null 2>&1 || return 1
	if [ -n "${REALHOST_DEBUGFS:-}" ]; then
		debugfs -w -f "$REALHOST_DEBUGFS" "$prefix.root.img" >"$prefix.debugfs" 2>&1 || return 1
	fi
	drives=(-drive "file=$prefix.root.img,if=virtio,format=raw")
	case "$layout" in
	srv)
		mke2fs -q -t ext4 -L srv "$prefix.srv.img" 64M >/dev/null || return 1
		drives+=(-drive "file=$prefix.srv.img,if=virtio,format=raw") ;;
	var)
		cp --sparse=always "$img/var.img" "$prefix.var.img" || return 1
		drives+=(-drive "file=$prefix.var.img,if=virtio,format=raw") ;;
	esac
	truncate -s 32M "$prefix.hp.img"

	SYSFS_AUDIT_GUEST_MEM=${SYSFS_AUDIT_GUEST_MEM:-1024} \
	"$top/tests/guest/qemu-run.sh" "$img" "$initrd" "$prefix" "$tmo" \
		"root=/dev/vda rw systemd.show_status=1 $append" \
		"${drives[@]}" -monitor "unix:$prefix.mon,server,nowait" \
		${REALHOST_QEMU_EXTRA:-} &
	qpid=$!
	[[ " $append " == *" sa.probe=record "* ]] && realhost_hotplug "$prefix" "$qpid" &
	wait "$qpid"
	rc=$?
	wait
	return $rc
}

# Answer the probe's hotplug requests until QEMU exits.
realhost_hotplug() {
	local prefix=$1 qpid=$2 seen=0 line n
	while kill -0 "$qpid" 2>/dev/null; do
		sleep 1
		mapfile -t lines < <(grep -a '^hotplug ' "$prefix.ktap" 2>/dev/null | tr -d '\r')
		while [ "$seen" -lt "${#lines[@]}" ]; do
			line=${lines[$seen]}
			seen=$((seen + 1))
			n=${line##* }
			case "$line" in
			"hotplug add "*)
				realhost_hmp "$prefix.mon" \
					"drive_add 0 if=none,id=hp$n,file=$prefix.hp.img,format=raw" \
					"device_add virtio-blk-pci,drive=hp$n,id=hpd$n" \
					"netdev_add hubport,id=hn$n,hubid=$n" \
					"device_add virtio-net-pci,netdev=hn$n,id=hnd$n" ;;
			"hotplug del "*)
				realhost_hmp "$prefix.mon" "device_del hpd$n" "device_del hnd$n"
				sleep 3
				realhost_hmp "$prefix.mon" "netdev_del hn$n" ;;
			esac
		done
	done
}

# Send HMP commands to a QEMU monitor socket, one after another.
realhost_hmp() {
	local sock=$1
	shift
	python3 - "$sock" "$@" <<'PY' >>"${sock%.mon}.hmp.log" 2>&1
import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.settimeout(2)
def drain():
    try:
        while s.recv(4096):
            pass
    except OSError:
        pass
drain()
for c in sys.argv[2:]:
    s.sendall((c + "\n").encode())
    time.sleep(0.5)
    print(c)
drain()
PY
}

realhost_fact() {
	guest_fact "$1.ktap" "$2"
}

realhost_file() {
	guest_file "$1.ktap" "$2" "$3"
}
