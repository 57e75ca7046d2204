#!/usr/bin/env python3
# The obsolete-ABI fleet of tests/host/67-abi-report.t: three hosts, two
# kernels, each report ../web-01.json's body with the host changed and an
# "obsolete_abi" section as `record --abi` writes it (format 1.6; the
# section's shape is the one `abi watch --json` printed in the stock 6.1
# guest, tests/guest/cases/abi-watch.sh). Run once; the JSON is committed.
import json, os

here = os.path.dirname(os.path.abspath(__file__))
base = json.load(open(os.path.join(here, "..", "web-01.json")))
base.pop("future_field", None)

# As linux-source-6.1's files have them (the state entry is stable/'s,
# given with --abi as a file of its own, as the guest test does).
RFKILL = ("/tests/abi/rfkill-state", 1, "/sys/class/rfkill/rfkill[0-9]+/state", "09-Jul-2007",
          None)
ACPI = ("obsolete/sysfs-firmware-acpi", 1, "/sys/firmware/acpi/hotplug/force_remove",
        "Mar 2017", None)
GPIO = ("obsolete/sysfs-gpio", 1, "/sys/class/gpio/", "July 2008", "2.6.27")
CLAIM = ("removed/sysfs-class-rfkill", 5, "/sys/class/rfkill/rfkill[0-9]+/claim",
         "09-Jul-2007", None)
EXAMPLE = {RFKILL: "/sys/class/rfkill/rfkill0/state",
           ACPI: "/sys/firmware/acpi/hotplug/force_remove", GPIO: "/sys/class/gpio/",
           CLAIM: None}


def user(exe, exe_pkg, comm, argv, path, opens, first, last, pids, script=None,
         script_pkg=None, unit=None, writes=False):
    return {"exe": exe, "exe_package": exe_pkg, "script": script,
            "script_package": script_pkg, "comm": comm, "argv": argv, "unit": unit,
            "container": None, "path": path, "opens": opens, "first_ms": first,
            "last_ms": last, "writes": writes, "pids": pids}


def entry(e, verdict, users=()):
    present = verdict != "absent"
    return {"file": e[0], "line": e[1], "what": e[2], "date": e[3], "kernel_version": e[4],
            "verdict": verdict, "paths": 1 if present else 0,
            "example": EXAMPLE[e] if present else None, "users": list(users)}


READER = dict(exe="/usr/bin/abi-reader", exe_pkg="abi-reader", comm="abi-reader",
              argv="abi-reader /sys/class/rfkill/rfkill0/state",
              path="/sys/class/rfkill/rfkill0/state")
hosts = [
    ("web-01", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "6.1.0-27-amd64", [
        entry(RFKILL, "in-use", [user(**READER, opens=2, first=1312, last=1318, pids=[212, 219])]),
        entry(ACPI, "in-use", [user("/usr/bin/dash", "dash", "acpi-check.sh",
                                    "/bin/sh /usr/local/sbin/acpi-check.sh",
                                    "/sys/firmware/acpi/hotplug/force_remove", 1, 1320, 1320,
                                    [221], script="/usr/local/sbin/acpi-check.sh",
                                    unit="acpi-check.service")]),
        entry(GPIO, "absent"), entry(CLAIM, "absent")]),
    ("web-02", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "6.12.57+deb13-amd64", [
        entry(RFKILL, "in-use", [user(**READER, opens=5, first=840, last=3100, pids=[301])]),
        entry(ACPI, "present-unused"), entry(GPIO, "absent"), entry(CLAIM, "absent")]),
    ("db-01", "cccccccccccccccccccccccccccccccc", "6.12.57+deb13-amd64", [
        entry(RFKILL, "present-unused"), entry(ACPI, "absent"),
        entry(GPIO, "present-unused"), entry(CLAIM, "absent")]),
]
for i, (name, mid, kernel, entries) in enumerate(hosts):
    r = json.loads(json.dumps(base))
    r["version"] = "1.6"
    for d in r["dependents"]:	# 1.0's "confirmed" is 1.3's "breaks"
        if d.get("confidence") == "confirmed":
            d["confidence"] = "breaks"
    r["host"] = {"hostname": name, "machine_id": mid,
                 "boot_id": "a%d111111-0000-0000-0000-00000000000%d" % (i, i), "kernel": kernel}
    r["obsolete_abi"] = {"watched_ms": 3600000, "entries": entries,
                         "stats": {"lost": 0, "map_full": 0, "candidates": 1, "confirmed": 1,
                                   "unconfirmed": 0, "refreshes": 2, "malformed": 0}}
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(r, f, indent=1)
        f.write("\n")
