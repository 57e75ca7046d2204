#!/bin/sh
# dracut pre-pivot hook 99: the initramfs ends here, the real root is
# mounted at $NEWROOT. Sourced like the cmdline hook: a subshell. Marks
# the end, or removes the pins when nothing there will adopt them
# (boot-functions: sa_end). --background, as initramfs-tools' init-bottom:
# its child is the watchdog that detaches the programs at their deadline
# when no recorder came (without it they stayed attached, idle, for
# ever), and it reads the initramfs's programs after the boot instead of
# before switch-root. It survives the switch: dracut-pre-pivot.service is
# KillMode=process (its stop spares the hook's children), and systemd's
# killing spree at switch-root spares a process whose argv[0] starts with
# '@', as the child renames itself.
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
		sa_end "${NEWROOT:-/sysroot}" "$_init" --background
	)
