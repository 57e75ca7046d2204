#!/bin/sh
# dracut pre-pivot hook 99: the initramfs ends here, the real root is
# mounted at $NEWROOT. Sourced like the cmdline hook: a subshell. Marks
# the end, or removes the pins when nothing there will adopt them
# (boot-functions: sa_end). Not --background: systemd in the initramfs
# stops this hook's unit, and kills its processes, before switch-root.
[ -x /usr/sbin/sysfs-audit ] && [ -r /usr/share/sysfs-audit/boot-functions ] &&
	(
		# shellcheck disable=SC1091
		. /usr/share/sysfs-audit/boot-functions
		sa_init /etc/sysfs-audit.conf
		_init=/sbin/init
		# sa_init sets sa_cmdline.
		# shellcheck disable=SC2154
		for _w in $sa_cmdline; do
			case $_w in
			init=*) _init=${_w#init=} ;;
			esac
		done
		sa_end "${NEWROOT:-/sysroot}" "$_init"
	)
