// SPDX-License-Identifier: GPL-2.0
/* Known readers of obsolete ABI in Debian (audit/abi_readers.h). */
#include <string.h>

#include "audit/abi_readers.h"

/* Each row was read from the unpacked package (tests/host/67-abi-static.t fetches them). */
const struct sa_abi_reader sa_abi_readers[] = {
	{ "/usr/share/svxlink/scripts/svxlink_gpio_up", "svxlink-gpio", "19.09.2-1",
	  "obsolete/sysfs-gpio",
	  "exports GPIOs through $GPIO_PATH/export (GPIO_PATH=/sys/class/gpio in "
	  "/etc/svxlink/gpio.conf), writes gpioN/direction, active_low and value" },
	{ "/usr/share/svxlink/scripts/svxlink_gpio_down", "svxlink-gpio", "19.09.2-1",
	  "obsolete/sysfs-gpio", "unexports GPIOs through $GPIO_PATH/unexport" },
	{ "/usr/lib/python3/dist-packages/gpiozero/pins/native.py", "python3-gpiozero",
	  "1.6.2-1+b1", "obsolete/sysfs-gpio",
	  "NativePin: /sys/class/gpio/export, unexport, gpioN/value, direction and edge" },
	{ "/usr/lib/x86_64-linux-gnu/perl5/5.36/HiPi/Device/GPIO.pm", "libhipi-perl", "0.88-1",
	  "obsolete/sysfs-gpio", "HiPi::Device::GPIO: /sys/class/gpio/export, unexport, gpioN/" },
	{ "/usr/lib/x86_64-linux-gnu/perl5/5.36/HiPi/Device/GPIO/Pin.pm", "libhipi-perl",
	  "0.88-1", "obsolete/sysfs-gpio",
	  "HiPi::Device::GPIO::Pin: /sys/class/gpio/gpioN/value, direction, edge, active_low" },
	{ "/usr/sbin/kdump-config", "kdump-tools", "1:1.8.1", "obsolete/sysfs-kernel-fadump_enabled",
	  "/sys/kernel/fadump_enabled and /sys/kernel/fadump_registered "
	  "(obsolete/sysfs-kernel-fadump_registered), to choose and register fadump" },
	{ "/usr/bin/i8kctl", "i8kutils", "1.43+nmu1+b1", "obsolete/procfs-i8k",
	  "/proc/i8k, the Dell SMM fan and temperature interface" },
	{ "/usr/share/laptop-mode-tools/modules/runtime-pm", "laptop-mode-tools", "1.74-1.2",
	  "obsolete/sysfs-bus-usb",
	  "writes \"$runtime_device\"/power/level (auto, on) for every device under "
	  "/sys/bus/*/devices/* that has no power/control: a path no string shows" },
};

const size_t sa_abi_readers_len = sizeof(sa_abi_readers) / sizeof(sa_abi_readers[0]);

const struct sa_abi_reader *sa_abi_reader_of(const char *path)
{
	static const char *const merged[] = { "/bin/", "/sbin/", "/lib/" };

	for (size_t i = 0; i < sa_abi_readers_len; i++) {
		const char *p = sa_abi_readers[i].path;

		if (!strcmp(path, p))
			return &sa_abi_readers[i];
		/* merged /usr: /usr/sbin/x is the package's /sbin/x */
		for (size_t k = 0; k < 3; k++)
			if (!strncmp(p, merged[k], strlen(merged[k])) && !strncmp(path, "/usr", 4) &&
			    !strcmp(path + 4, p))
				return &sa_abi_readers[i];
	}
	return NULL;
}
