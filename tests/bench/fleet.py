#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make bench-fleet: how `sysfs-audit report` scales with a fleet.

Generates single-host reports (one per host, each its own machine id) and
merges them with one `report` run per size, on the host (no QEMU): wall
seconds and the peak RSS of the run (getrusage of the child). Two shapes:

  minimal    what record writes for a host that saw one event and nothing
             else (~1 kB): the merge's own cost per host (lookups, rows,
             host lists)
  real-size  ~60 kB, the size of a boot audit of Debian's stock 6.1 (64
             sample events, 40 subsystems, 400 paths, 40 dependents, 20
             findings): the reader's cost, and whether memory grows with
             the number of files

and four orders of the files on the command line:

  in-order     host after host, each once
  shuffled     each once, in a random (fixed-seed) order
  day-by-day   every host's report of day 1, then every host's of day 2
               (another boot and span): each row's host list is met twice
  day-by-day-shuffled  the same 2 x hosts files, shuffled

Each run is `report -f json` (the heaviest output: every row's host names),
and again `report -f html` (the fleet page, issue 47: it summarises, so it
must stay within the JSON run's time and memory).
Prints one table, and the slope from the second-largest to the largest
size, and writes build/bench/fleet.txt and fleet.json. CPU seconds are
the child's user + system time: on a loaded machine the wall clock says
more about the other jobs.

  tests/bench/fleet.py TOOL [--sizes 1000,10000,100000] [--real 1000,10000]
                            [--orders in-order,shuffled,day-by-day,day-by-day-shuffled]
                            [--real-orders in-order] [--formats json,html]
                            [--timeout S] [--out DIR] [--keep]
"""
import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time


def need(i):
    return {"events": 3 + i % 5, "PHYSDEVPATH": 3 + i % 5, "PHYSDEVBUS": 2,
            "PHYSDEVDRIVER": 1, "links": {"class_directory": 0, "device": 2,
                                          "class_name": 1, "bus": 0}}


def summary(devices=None):
    s = {"type": "summary", "attach": "tracepoint" if devices is None else None,
         "by_subsystem": {"block": 6}, "would_carry": {"PHYSDEVPATH": 6, "PHYSDEVBUS": 6,
                                                       "PHYSDEVDRIVER": 6},
         "legacy_links": {"class_directory": 0, "device": 6, "class_name": 6, "bus": 0}}
    if devices is not None:
        s["devices"] = devices
    return s


def report(real):
    """A report as `record` writes it: minimal (one event, nothing else) or real-size."""
    nsub, npaths, ndeps, nfind, nsample = (40, 400, 40, 20, 64) if real else (1, 1, 0, 0, 0)
    r = {
        "format": "sysfs-audit-report", "version": "1.1",
        "tool": {"name": "sysfs-audit", "version": "0.3"},
        "host": {"hostname": "@HOST@", "machine_id": "@MID@", "boot_id": "@BOOT@",
                 "kernel": "6.1.0-28-amd64"},
        "attach": "tracepoint",
        "span": {"start": "2026-12-01T10:00:00Z", "end": "2026-12-01T10:05:00Z",
                 "duration_s": 300},
        "events": {"seen": 1, "lost": 0, "emitted": 1},
        "summary": summary(),
        "needs": {
            "by_subsystem": {f"subsys{i}": need(i) for i in range(nsub)},
            "by_bus": {f"bus{i}": need(i) for i in range(nsub // 2 + 1)},
            "by_driver": {f"driver{i}": need(i) for i in range(nsub // 2 + 1)},
            "paths": [{"path": f"/class/subsys{i % nsub}/dev{i}/device",
                       "kind": "device", "count": 1 + i % 3} for i in range(npaths)],
            "paths_other": 0,
        },
        "sample": [{"type": "event", "action": "add", "subsystem": "block",
                    "devpath": f"/devices/pci0000:00/0000:00:{i:02x}.0/virtio{i}/block/vd{i}",
                    "seqnum": 1000 + i, "legacy": {"devpath": f"/block/vd{i}",
                                                   "PHYSDEVPATH": f"/devices/pci/{i}",
                                                   "PHYSDEVBUS": "virtio",
                                                   "PHYSDEVDRIVER": "virtio_blk"}}
                   for i in range(nsample)],
        "coldplug": summary(devices=300) if real else None,
        "dependents": [{"type": "dependent", "executable": f"/usr/sbin/legacy-tool{i}",
                        "comm": f"tool{i}", "package": f"pkg{i % 7}", "kind": "legacy-name",
                        "confidence": "confirmed" if i % 3 else "suspect",
                        "path": f"/sys/class/net/eth{i}/device/driver",
                        "legacy": "PHYSDEVDRIVER", "replacement": "the driver link",
                        "count": 1 + i % 4, "first": "2026-12-01T10:00:01Z",
                        "last": "2026-12-01T10:04:00Z", "pids": [100 + i],
                        "phase": ("initramfs", "coldplug", "runtime")[i % 3]}
                       for i in range(ndeps)],
        "findings": [{"type": "finding", "file": f"/usr/lib/udev/rules.d/{60 + i}-old.rules",
                      "line": 3 + i, "kind": "legacy-key", "key": "PHYSDEVBUS",
                      "severity": "warning", "message": "PHYSDEVBUS is gone: use SUBSYSTEMS==",
                      "package": f"pkg{i % 5}"} for i in range(nfind)],
        "boot": {"adopted": True, "attached_s": 1.5, "initramfs_end_s": 4.25,
                 "coldplug_end_s": 9.0,
                 "phases": {p: {"events": 10, "first_seqnum": None, "last_seqnum": None}
                            for p in ("initramfs", "coldplug", "runtime")}} if real else None,
    }
    return json.dumps(r)


ORDERS = ("in-order", "shuffled", "day-by-day", "day-by-day-shuffled")


def generate(d, n, real, days):
    """n reports a day in d, named DAY-HOST (short names: 200 000 of them fit in argv).

    Day 2 is the same host's next boot: another boot id and a span a day later,
    so it is merged, not skipped as a duplicate."""
    os.makedirs(d, exist_ok=True)
    text = report(real)
    for day in range(days):
        t = text.replace("2026-12-01T", f"2026-12-0{day + 1}T")
        for i in range(n):
            with open(os.path.join(d, f"{day}-{i}"), "w") as f:
                f.write(t.replace("@HOST@", f"host-{i:06d}").replace("@MID@", f"{i:032x}")
                        .replace("@BOOT@", f"{i:08x}-0000-0000-0000-{day:012x}"))
    return len(text)


def names(n, order):
    days = 2 if order.startswith("day-by-day") else 1
    v = [f"{day}-{i}" for day in range(days) for i in range(n)]
    if order.endswith("shuffled"):
        random.Random(49).shuffle(v)
    return v


def raise_stack():
    # argv of 100 000 names: the kernel allows a quarter of the stack limit
    resource.setrlimit(resource.RLIMIT_STACK, (256 << 20, resource.RLIM_INFINITY)
                       if resource.getrlimit(resource.RLIMIT_STACK)[1] ==
                       resource.RLIM_INFINITY else resource.getrlimit(resource.RLIMIT_STACK))


def merge(tool, d, files, timeout, fmt="json"):
    n = len(files)
    args = [tool, "report", "-f", fmt] + files
    with tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen(args, cwd=d, stdout=subprocess.DEVNULL, stderr=err,
                             preexec_fn=raise_stack)
        # wait4, not p.wait(): the peak RSS of this child alone
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if timeout and time.monotonic() - t0 > timeout:
                p.kill()
                os.wait4(p.pid, 0)
                return None
            time.sleep(0.05)
        secs = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode:
            err.seek(0)
            sys.exit(f"fleet: report of {n} files exited {p.returncode}: "
                     f"{err.read().decode(errors='replace')[-500:]}")
    return secs, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


# The page's run against the JSON run of the same reports: CPU time and peak
# RSS at most these factors of it, plus a little for a timer's noise and a
# page's own buffers (the JSON run names every host of every row; the page
# at most SA_HTML_MAX_HOSTS and SA_HTML_TOP_ROWS).
HTML_CPU, HTML_CPU_SLACK_S = 1.25, 0.10
HTML_RSS, HTML_RSS_SLACK_KB = 1.10, 2048


def within(html, js):
    return (html["cpu_seconds"] <= HTML_CPU * js["cpu_seconds"] + HTML_CPU_SLACK_S and
            html["peak_rss_kb"] <= HTML_RSS * js["peak_rss_kb"] + HTML_RSS_SLACK_KB)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--real", default="1000,10000")
    ap.add_argument("--orders", default=",".join(ORDERS))
    ap.add_argument("--real-orders", default="in-order")
    ap.add_argument("--formats", default="json,html",
                    help="report -f FORMAT per run: json (every host of every row), html")
    ap.add_argument("--timeout", type=float, default=0,
                    help="stop a merge after S wall seconds (0: never); said in the table")
    ap.add_argument("--out", default="build/bench")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    tool = os.path.abspath(a.tool)
    work = tempfile.mkdtemp(prefix="sa-fleet.")
    rows = []
    try:
        for shape, sizes, orders in (("minimal", a.sizes, a.orders),
                                     ("real-size", a.real, a.real_orders)):
            orders = [o for o in orders.split(",") if o]
            for o in orders:
                if o not in ORDERS:
                    sys.exit(f"fleet: no order {o!r} (one of {', '.join(ORDERS)})")
            for n in [int(x) for x in sizes.split(",") if x]:
                d = os.path.join(work, f"{shape}-{n}")
                days = 2 if any(o.startswith("day-by-day") for o in orders) else 1
                size = generate(d, n, shape == "real-size", days)
                for o, fmt in [(o, f) for o in orders for f in a.formats.split(",") if f]:
                    files = names(n, o)
                    got = merge(tool, d, files, a.timeout, fmt)
                    if got is None:
                        rows.append({"shape": shape, "order": o, "format": fmt, "hosts": n,
                                     "reports": len(files), "bytes_each": size,
                                     "timeout": a.timeout})
                        print(f"fleet: {shape:9} {o:19} {fmt:4} {n:7} hosts  stopped after "
                              f"{a.timeout:.0f} s", file=sys.stderr)
                        continue
                    secs, cpu, rss = got
                    rows.append({"shape": shape, "order": o, "format": fmt, "hosts": n,
                                 "reports": len(files), "bytes_each": size,
                                 "seconds": round(secs, 2), "cpu_seconds": round(cpu, 2),
                                 "peak_rss_kb": rss})
                    print(f"fleet: {shape:9} {o:19} {fmt:4} {n:7} hosts  {secs:7.2f} s  "
                          f"{cpu:7.2f} s CPU  {rss:8} kB", file=sys.stderr)
                shutil.rmtree(d)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    lines = ["shape     order               format    hosts  reports  bytes/report  seconds"
             "  CPU s  CPU us/report  peak RSS kB"]
    for r in rows:
        head = (f"{r['shape']:9} {r['order']:19} {r['format']:6} {r['hosts']:8} {r['reports']:8}"
                f" {r['bytes_each']:13}")
        if "timeout" in r:
            lines.append(f"{head}  stopped after {r['timeout']:.0f} s (wall)")
            continue
        lines.append(f"{head} {r['seconds']:8.2f} {r['cpu_seconds']:6.2f}"
                     f" {1e6 * r['cpu_seconds'] / r['reports']:14.1f} {r['peak_rss_kb']:12}")
    fmts = [f for f in a.formats.split(",") if f]
    for shape, o, fmt in [(sh, o, f) for sh in ("minimal", "real-size") for o in ORDERS
                          for f in fmts]:
        s = [r for r in rows if r["shape"] == shape and r["order"] == o and
             r["format"] == fmt and "timeout" not in r]
        if len(s) >= 2:
            a0, a1 = s[-2], s[-1]
            lines.append(f"slope ({shape}, {o}, {fmt}, {a0['hosts']} -> {a1['hosts']} hosts): "
                         f"x{a1['cpu_seconds'] / max(a0['cpu_seconds'], 0.01):.1f} CPU time, "
                         f"x{a1['peak_rss_kb'] / a0['peak_rss_kb']:.2f} peak RSS "
                         f"for x{a1['hosts'] / a0['hosts']:.0f} hosts")
    # The page summarises: the same merge, a page of bounded size, so it
    # must stay within the JSON run's time and memory (issue 47), at every
    # size up to 100 000 hosts. Said per size; a page over them, or one
    # stopped by --timeout, fails the bench (after the files are written).
    over = []
    for r in [r for r in rows if r["format"] == "html"]:
        j = [q for q in rows if q["format"] == "json" and "timeout" not in q and
             (q["shape"], q["order"], q["hosts"]) == (r["shape"], r["order"], r["hosts"])]
        what = f"({r['shape']}, {r['order']}, {r['hosts']} hosts)"
        if "timeout" in r:
            over.append(f"fleet page {what}: stopped after {r['timeout']:.0f} s")
            continue
        if not j:
            continue
        ok = within(r, j[0])
        lines.append(f"html vs json {what}: "
                     f"x{r['cpu_seconds'] / max(j[0]['cpu_seconds'], 0.01):.2f} CPU time, "
                     f"x{r['peak_rss_kb'] / j[0]['peak_rss_kb']:.2f} peak RSS: "
                     f"{'within' if ok else 'OVER'} the JSON run's bounds")
        if not ok:
            over.append(f"fleet page {what}: {r['cpu_seconds']} s CPU, {r['peak_rss_kb']} kB "
                        f"(json: {j[0]['cpu_seconds']} s, {j[0]['peak_rss_kb']} kB)")
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "fleet.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(a.out, "fleet.json"), "w") as f:
        json.dump(rows, f, indent=1)
    print("\n".join(lines))
    if over:
        sys.exit("fleet: the page is not within the JSON run's bounds:\n  " +
                 "\n  ".join(over))


if __name__ == "__main__":
    main()
