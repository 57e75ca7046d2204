#!/bin/sh
# dvb-parent - models the recipe given on linux-media for finding the
# device behind a class device ("Re: Howto obtain sysfs-pathes for DVB
# devices?", hermann pitton, 2009-01-30): read the class device's uevent
# file, whose PHYSDEVPATH line named the parent, e.g.
# /sys/class/dvb/dvb0.frontend0/uevent. A script or tool built on it
# takes the key from the file, by the shell's read or by grep. We know of
# no published program with this code to check line for line: the
# fixture carries only what the recipe needs, the key and the uevent path
# (the static audit reads no comment line).
#
#   dvb-parent CLASS DEVICE read|grep
f=/sys/class/$1/$2/uevent
parent=
if [ "$3" = grep ]; then
	parent=$(grep '^PHYSDEVPATH=' "$f")
else
	while read -r line; do
		case $line in
		PHYSDEVPATH=*) parent=$line ;;
		esac
	done <"$f"
fi
echo "did read-uevent $f pid=$$ parent=${parent:-none}"
