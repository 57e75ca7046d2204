# A small fake sysfs tree under $1: a virtio disk and its partition, a sound
# card and its control device, and a stacked input device. Shared by the
# CLI test and the golden outputs, which must snapshot the same tree. Sets
# $v, $s and $i to the three devices' paths, which the tests name.
fake_sysfs_tree() {
	local root=$1
	mk() {	# mk PATH KIND NAME DRIVER UEVENT
		mkdir -p "$root$1"
		printf '%b' "$5" >"$root$1/uevent"
		[ -z "$2" ] || ln -s "$root/$2/$3" "$root$1/subsystem"
		[ -z "$4" ] || ln -s "$root/bus/x/drivers/$4" "$root$1/driver"
	}
	v=/devices/pci0000:00/0000:00:04.0/virtio1
	mk /devices/pci0000:00 "" "" "" ""
	mk /devices/pci0000:00/0000:00:04.0 bus pci virtio-pci ""
	mk $v bus virtio virtio_blk ""
	mk $v/block/vda class block "" 'DEVNAME=vda\nDEVTYPE=disk\n'
	mk $v/block/vda/vda1 class block "" 'DEVNAME=vda1\nDEVTYPE=partition\n'
	s=/devices/platform/snd_dummy.0
	mk /devices/platform "" "" "" ""
	mk $s bus platform snd_dummy ""
	mk $s/sound/card0 class sound "" ""
	mk $s/sound/card0/controlC0 class sound "" 'DEVNAME=snd/controlC0\n'
	i=/devices/platform/i8042/serio0
	mk /devices/platform/i8042 bus platform i8042 ""
	mk $i bus serio atkbd ""
	mk $i/input/input1 class input "" ""
	mk $i/input/input1/event1 class input "" 'DEVNAME=input/event1\n'
	unset -f mk
}
