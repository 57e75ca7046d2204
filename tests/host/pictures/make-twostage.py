#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Writes boot-twostage.json: a boot audit shaped like Debian's stock 6.1
(fexit: no SEQNUMs) booting in two stages, an initramfs with udev 095 and
BusyBox 1.6 mdev, then a real root with udev 095 again, HAL and a probe
that falls back. Its counts, phases and times are what 60-boot.t's guests
report; it is generated (not recorded) so that the pictures' test has a
fixture with every part the timeline draws: the three phases, a sample in
each, dependents with times in each phase, an initramfs dependent seen
only before the recorder started, and a loss at runtime."""
import json
import sys

subsystems = ["acpi", "pci", "virtio", "block", "input", "tty", "net", "scsi", "usb", "sound"]


def event(i):
    s = subsystems[(i * 7 + i // 5) % len(subsystems)]
    return {"type": "event", "seqnum": None, "action": "add", "subsystem": s,
            "devpath": f"/devices/pci0000:00/0000:00:{i % 32:02x}.0/{s}{i}",
            "devname": None, "sent": True, "ret": 0, "source": "fexit",
            "legacy": {"exists": True, "devpath": f"/class/{s}/{s}{i}",
                       "PHYSDEVPATH": f"/devices/pci0000:00/0000:00:{i % 32:02x}.0",
                       "PHYSDEVBUS": "pci", "PHYSDEVDRIVER": None, "links": []}}


def dep(exe, comm, pkg, kind, conf, phase, first, last, path, why):
    return {"type": "dependent", "executable": exe, "comm": comm, "package": pkg, "kind": kind,
            "confidence": conf, "rule": "fingerprint" if conf == "breaks" else "readdir",
            "why": why, "path": path, "legacy": "/sys/class/<c>/<name>/ (a directory)",
            "replacement": "/sys/class/<c>/<name> -> ../../devices/...", "count": 12,
            "first": first, "last": last, "pids": [1], "phase": phase}


def t(s):
    return f"2026-12-05T08:{s // 60:02d}:{s % 60:02d}Z"


phases = {"initramfs": 96, "coldplug": 402, "runtime": 61}
need = {"events": 0, "PHYSDEVPATH": 0, "PHYSDEVBUS": 0, "PHYSDEVDRIVER": 0,
        "links": {"class_directory": 0, "device": 0, "class_name": 0, "bus": 0}}
by = {s: dict(need, events=sum(phases.values()) // len(subsystems)) for s in subsystems}
r = {
    "format": "sysfs-audit-report", "version": "1.5",
    "tool": {"name": "sysfs-audit", "version": "0.5"},
    "host": {"hostname": "deb12-twostage", "machine_id": "7e570000000000000000000000000001",
             "boot_id": "7e570000-0000-0000-0000-000000000001", "kernel": "6.1.0-28-amd64"},
    "attach": "fexit",
    "span": {"start": t(4), "end": t(604), "duration_s": 600},
    "events": {"seen": sum(phases.values()), "lost": 3, "emitted": sum(phases.values())},
    "dependents_lost": {"ring": 0, "map_full": 0, "store_full": 0},
    "summary": {"type": "summary", "attach": "fexit", "events": sum(phases.values()),
                "by_subsystem": {s: by[s]["events"] for s in subsystems}},
    "needs": {"by_subsystem": by, "by_bus": {}, "by_driver": {}, "paths": [],
              "paths_other": 0},
    "sample": [event(i) for i in range(64)],
    "coldplug": None,
    "dependents": [
        dep("/sbin/udevd", "udevd", None, "legacy-name", "breaks", "initramfs", t(4), t(4),
            "/sys/block/vda/device/bus", "udev 095: reads <dev>/device/bus"),
        dep("/bin/busybox", "mdev", None, "legacy-readdir", "breaks", "initramfs", t(4), t(4),
            "/sys/class/block", "BusyBox 1.6.1 mdev -s walks /sys/class/*/ as directories"),
        dep("/sbin/udevd", "udevd", "udev", "legacy-name", "breaks", "coldplug", t(5), t(590),
            "/sys/block/vda/device/bus", "udev 095: reads <dev>/device/bus"),
        dep("/usr/bin/udevadm", "udevadm", "udev", "legacy-readdir", "suspect", "coldplug",
            t(6), t(8), "/sys/class/net", "lists /sys/class/net"),
        dep("/usr/sbin/hald", "hald", "hal", "link-text", "suspect", "runtime", t(25),
            t(400), "/sys/class/input/input0/device", "readlink of device"),
        dep("/usr/local/bin/legacy-probe", "legacy-probe", None, "legacy-name", "falls-back",
            "runtime", t(60), t(61), "/sys/class/net/eth0/device/bus",
            "then /sys/class/net/eth0/device/subsystem"),
    ],
    "findings": [],
    "boot": {"adopted": True, "attached_s": 1.42, "initramfs_end_s": 3.87,
             "coldplug_end_s": 7.95,
             "phases": {p: {"events": n, "first_seqnum": None, "last_seqnum": None,
                            "lost": 3 if p == "runtime" else 0} for p, n in phases.items()},
             "incomplete": []},
}
json.dump(r, sys.stdout, indent=1)
print()
