#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare two sets of make bench results (before and after a change).

    compare.py OUTDIR LABEL_A DIR_A[,DIR_A2...] LABEL_B DIR_B[,DIR_B2...]

Each DIR holds a bench.json written by summarize.py (one or more kernels).
For every kernel found on both sides, at the largest N each side measured:
the uevent cost of every configuration as a ratio to bare, BPF run time
and loader CPU per event, peak RSS; the system-wide lstat()/open() ratios;
the stops. Prints a markdown table and writes OUTDIR/before-after.svg and
OUTDIR/syswide.svg (gnuplot histograms).
"""
import json
import os
import subprocess
import sys

CONFIGS = ["floor", "keys", "json", "table"]
SYS = ["lstat_out", "open_out", "lstat_attr", "open_attr", "lstat_miss", "open_miss"]


def load(dirs):
    out = {}
    for d in dirs.split(","):
        with open(os.path.join(d, "bench.json")) as f:
            out.update(json.load(f))
    return out


def at_max_n(rows, key="config"):
    n = max(r["n"] for r in rows)
    return n, {r[key]: r for r in rows if r["n"] == n}


def fmt(v, f):
    return "-" if v is None else f % v


def main():
    outdir, la, da, lb, db = sys.argv[1:6]
    a, b = load(da), load(db)
    kernels = [k for k in ("patched", "stock-6.1", "stock-6.12") if k in a and k in b]
    os.makedirs(outdir, exist_ok=True)
    lines = ["| kernel | | N | bare ns/uevent | floor | keys (-N) | json | BPF ns/event (json) |"
             " loader us/event (json) | peak RSS (json) | lost |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    bars = []
    for k in kernels:
        for label, s in ((la, a[k]), (lb, b[k])):
            n, r = at_max_n(s["results"])
            j = r.get("json", {})
            lines.append(
                f"| {k} | {label} | {n} | {r['bare']['ns_median']:.0f} | "
                + " | ".join(fmt(r.get(c, {}).get("vs_bare"), "%.2fx") for c in ("floor", "keys", "json"))
                + f" | {fmt(j.get('bpf_ns_per_event'), '%.0f')} | {fmt(j.get('loader_us_per_event'), '%.1f')}"
                + f" | {fmt(j.get('peak_rss_kb') and j['peak_rss_kb'] / 1024, '%.1f MB')}"
                + f" | {fmt(j.get('lost'), '%d')} of {fmt(j.get('expected'), '%d')} |")
            bars.append((f"{k} {label}", [r.get(c, {}).get("vs_bare") or 0 for c in ("floor", "keys", "json")]))
    lines.append("")
    lines.append("| kernel | | N | " + " | ".join(SYS) + " |")
    lines.append("|---|---|---|" + "---|" * len(SYS))
    sysbars = []
    for k in kernels:
        for label, s in ((la, a[k]), (lb, b[k])):
            rows = s.get("syswide") or []
            if not rows:
                continue
            n = max(e["n"] for e in rows)
            ratio = {(e["case"], e["config"]): e["vs_bare"] for e in rows if e["n"] == n}
            lines.append(f"| {k} | {label} | {n} | "
                         + " | ".join(f"{fmt(ratio.get((c, 'json')), '%.2fx')} "
                                      f"(-N {fmt(ratio.get((c, 'keys')), '%.2fx')})" for c in SYS) + " |")
            sysbars.append((f"{k} {label}", [ratio.get((c, "json")) or 0 for c in SYS]))
    lines.append("")
    for k in kernels:
        for label, s in ((la, a[k]), (lb, b[k])):
            st = s.get("stop", {})
            lines.append(f"- {k}, {label}: stops " + "; ".join(
                f"{c}: summary {fmt(v.get('summary_max_ms'), '%d')} ms, exit {v['max_ms']} ms"
                for c, v in sorted(st.items())))
    print("\n".join(lines))

    def hist(name, title, ylabel, cols, rows):
        dat = os.path.join(outdir, name + ".dat")
        with open(dat, "w") as f:
            f.write("what " + " ".join(cols) + "\n")
            for lab, vals in rows:
                f.write('"%s" %s\n' % (lab, " ".join("%.3f" % v for v in vals)))
        svg = os.path.join(outdir, name + ".svg")
        plots = ", ".join(f"'{dat}' using {i + 2}{':xtic(1)' if not i else ''} title '{c}'"
                          for i, c in enumerate(cols))
        script = (f"set terminal svg size 900,480 dynamic; set output '{svg}';"
                  f"set style data histograms; set style histogram clustered gap 1;"
                  f"set style fill solid 0.6 border -1; set yrange [0:*]; set key outside;"
                  f"set xtics rotate by -30; set grid y; set ylabel '{ylabel}'; set title '{title}';"
                  f"plot {plots}, 1 with lines lt 0 notitle, 1.25 with lines dt 2 lc rgb 'red' notitle")
        subprocess.run(["gnuplot", "-e", script], check=True)

    hist("before-after", "sysfs-audit: cost per uevent / bare (median, icount guest time)",
         "time per uevent / bare", ["floor", "keys (-N)", "json"], bars)
    if sysbars:
        hist("syswide", "dependents on: lstat()/open() / bare (median)", "time per call / bare",
             SYS, sysbars)
    return 0


if __name__ == "__main__":
    sys.exit(main())
