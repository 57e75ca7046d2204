#!/bin/sh
# dracut pre-pivot hook 99: the initramfs ends here. Not --background:
# systemd in the initramfs stops this hook's unit, and kills its
# processes, before switch-root.
[ -x /usr/sbin/sysfs-audit ] && [ -d /sys/fs/bpf/sysfs-audit ] &&
	/usr/sbin/sysfs-audit boot --mark initramfs-end
return 0
