#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Summarize make bench's guest output (build/bench/<kernel>.jsonl).

For every kernel, configuration and storm size N: the median cost per
uevent over the rounds and its spread (min-max), the ratio of the medians
to bare and to the floor (an empty-ish program on the same hook), BPF run
time per event (bpf_stats), loader CPU per event and peak RSS, and events
seen / emitted / lost / consumed; the system-wide ratios against their
goals, a miss marked (a bench says "over the goal", it asserts nothing on
time). Writes bench.txt, bench.json and one gnuplot SVG per kernel, and
prints the table.
"""
import json
import os
import statistics
import subprocess
import sys

ORDER = ["bare", "floor", "netlink", "keys", "json", "null", "table", "fexit", "kprobe", "abi"]


def load(path):
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except ValueError as e:
                sys.exit(f"summarize: {path}:{n}: not JSON ({e})")
    return rows


def summarize(rows):
    runs, stops, unavailable = {}, {}, set()
    for r in rows:
        if r.get("available") is False:
            unavailable.add(r["config"])
        elif "stop_ms" in r:
            stops.setdefault(r["config"], []).append(r)
        elif "n" in r:
            runs.setdefault((r["config"], r["n"]), []).append(r)
    out = []
    sizes = sorted({n for _, n in runs})
    for n in sizes:
        med = {}
        for (cfg, m), rs in runs.items():
            if m == n:
                vals = [r["ns_per_event"] for r in rs if r["ns_per_event"] is not None]
                if vals:
                    med[cfg] = statistics.median(vals)
        for cfg in sorted({c for c, m in runs if m == n}, key=lambda c: ORDER.index(c) if c in ORDER else 99):
            rs = runs[(cfg, n)]
            vals = [r["ns_per_event"] for r in rs if r["ns_per_event"] is not None]
            if not vals:
                continue
            e = {"config": cfg, "n": n, "rounds": len(vals),
                 "ns_median": med[cfg], "ns_min": min(vals), "ns_max": max(vals),
                 "vs_bare": med[cfg] / med["bare"] if med.get("bare") else None,
                 "vs_floor": med[cfg] / med["floor"] if med.get("floor") else None}
            if "seen" in rs[0]:
                for k in ("seen", "emitted", "lost", "consumed"):
                    e[k] = sum(r[k] for r in rs)
                e["expected"] = n * len(rs)
                cnt = sum(r["bpf_run_cnt"] for r in rs)
                # bpf_stats over the storm (the guest takes them right before and after).
                e["bpf_ns_per_event"] = statistics.median(
                    r["bpf_run_ns"] / r["bpf_run_cnt"] for r in rs if r["bpf_run_cnt"]) if cnt else None
                # The loader's CPU during the storm, per event (us).
                e["loader_us_per_event"] = statistics.median(
                    1000.0 * r["cpu_ms"] / r["consumed"] for r in rs if r["consumed"]) \
                    if any(r["consumed"] for r in rs) else None
                e["peak_rss_kb"] = max(r["maxrss_kb"] for r in rs)
                hwm = [r["ring_hwm_kb"] for r in rs if r.get("ring_hwm_kb") is not None]
                e["ring_hwm_kb"] = max(hwm) if hwm else None
            lk = [r["lookup_ns"] for r in rs if r.get("lookup_ns") is not None]
            e["lookup_ns_median"] = statistics.median(lk) if lk else None
            out.append(e)
    stop = {c: {"max_ms": max(s["stop_ms"] for s in ss),
                "summary_max_ms": max((s["summary_ms"] for s in ss if s.get("summary_ms") is not None),
                                      default=None),
                "exits": sorted({s["exit"] for s in ss})}
            for c, ss in stops.items()}
    sw = syswide(runs)
    return {"results": out, "syswide": sw, "goals": goals(sw), "stop": stop,
            "unavailable": sorted(unavailable)}


# out: a file outside sysfs; attr: a sysfs attribute no obsolete entry
# describes; miss: a missing sysfs name; obs: an attribute the obsolete-ABI
# watch watches (Debian's kernels only: mac80211_hwsim's rfkill0/state).
SYS_PATHS = ["out", "attr", "miss", "obs"]
SYS_CASES = [f"{op}_{p}" for p in SYS_PATHS for op in ("lstat", "open", "read")]
SYS_CONFIGS = ("bare", "keys", "json", "abi")
# The hook-cost goals (issues 17 and 46): what the hooks may cost every
# other process, as a ratio to bare.
GOALS = {"out": 1.05, "attr": 1.5, "miss": 1.5, "obs": 1.5}


def goals(sw):
    """Each system-wide ratio at the largest N against its goal; over it is a miss."""
    if not sw:
        return []
    n = max(e["n"] for e in sw)
    return [{"case": e["case"], "config": e["config"], "n": n, "ratio": e["vs_bare"],
             "goal": GOALS[e["case"].split("_", 1)[1]],
             "met": e["vs_bare"] <= GOALS[e["case"].split("_", 1)[1]]}
            for e in sw if e["n"] == n and e["config"] != "bare" and e["vs_bare"] is not None]


def syswide(runs):
    """The system-wide case: ns per lstat()/open() per path kind, ratios to bare."""
    out = []
    for n in sorted({n for _, n in runs}):
        med, bpf = {}, {}
        for (cfg, m), rs in runs.items():
            if m != n:
                continue
            for case in SYS_CASES:
                vals = [r["syswide"][case] for r in rs
                        if r.get("syswide") and r["syswide"].get(case) is not None]
                if vals:
                    med[(cfg, case)] = (statistics.median(vals), min(vals), max(vals), len(vals))
                # abi: its program's bpf_stats per run during the case
                runs = [r["syswide"]["bpf_" + case] for r in rs
                        if r.get("syswide") and r["syswide"].get("bpf_" + case)]
                ns = [b["ns_per_run"] for b in runs if b["ns_per_run"] is not None]
                if ns:
                    bpf[(cfg, case)] = (statistics.median(ns),
                                        statistics.median(b["runs_per_call"] for b in runs))
        for case in SYS_CASES:
            base = med.get(("bare", case))
            for cfg in SYS_CONFIGS:
                if (cfg, case) not in med:
                    continue
                m, lo, hi, k = med[(cfg, case)]
                b = bpf.get((cfg, case), (None, None))
                out.append({"n": n, "case": case, "config": cfg, "rounds": k, "ns_median": m,
                            "ns_min": lo, "ns_max": hi,
                            "vs_bare": m / base[0] if base and base[0] else None,
                            "bpf_ns_per_run": b[0], "bpf_runs_per_call": b[1]})
    return out


def fmt(v, f):
    return "-" if v is None else f % v


def table(kernel, s):
    lines = [f"== {kernel}   (NS/EVENT: one uevent; xBARE/xFLOOR: ratios of medians in this boot;"
             " BPF-NS: BPF run time per event; CPU-US: loader CPU per event; RSS-KB: loader peak RSS;"
             " RING-KB: most data pending on the ring; LOOKUP-NS: one stat() of a missing legacy path)",
             f"{'CONFIG':<8} {'N':>7} {'NS/EVENT':>9} {'SPREAD':>15} {'xBARE':>6} {'xFLOOR':>6}"
             f" {'BPF-NS':>7} {'SEEN':>7} {'LOST':>6} {'CPU-US':>7} {'RSS-KB':>7} {'RING-KB':>7}"
             f" {'LOOKUP-NS':>9}"]
    for e in s["results"]:
        lines.append(f"{e['config']:<8} {e['n']:>7} {e['ns_median']:>9.0f} "
                     f"{fmt(e['ns_min'], '%.0f') + '-' + fmt(e['ns_max'], '%.0f'):>15} "
                     f"{fmt(e['vs_bare'], '%.2f'):>6} {fmt(e['vs_floor'], '%.2f'):>6} "
                     f"{fmt(e.get('bpf_ns_per_event'), '%.0f'):>7} {fmt(e.get('seen'), '%d'):>7} "
                     f"{fmt(e.get('lost'), '%d'):>6} {fmt(e.get('loader_us_per_event'), '%.1f'):>7} "
                     f"{fmt(e.get('peak_rss_kb'), '%d'):>7} {fmt(e.get('ring_hwm_kb'), '%d'):>7} "
                     f"{fmt(e.get('lookup_ns_median'), '%.0f'):>9}")
    if s.get("syswide"):
        lines.append("")
        lines.append("system-wide: ns per call (median, min-max) and the ratio to bare; out = a file"
                     " outside sysfs, attr = an existing sysfs attribute, miss = a missing sysfs name;"
                     " obs = an attribute the obsolete-ABI watch watches;"
                     " json = the dependents on, keys = -N, abi = the obsolete-ABI watch alone")
        lines.append("(BPF-NS/RUN, RUNS/CALL: abi's program, bpf_stats, per run and runs per call)")
        lines.append(f"{'CASE':<11} {'N':>7} {'CONFIG':<6} {'NS/CALL':>8} {'SPREAD':>13} {'xBARE':>6}"
                     f" {'BPF-NS/RUN':>10} {'RUNS/CALL':>9}")
        for e in s["syswide"]:
            lines.append(f"{e['case']:<11} {e['n']:>7} {e['config']:<6} {e['ns_median']:>8.0f} "
                         f"{'%.0f-%.0f' % (e['ns_min'], e['ns_max']):>13} "
                         f"{fmt(e['vs_bare'], '%.2f'):>6} {fmt(e.get('bpf_ns_per_run'), '%.0f'):>10}"
                         f" {fmt(e.get('bpf_runs_per_call'), '%.2f'):>9}")
    if s.get("goals"):
        lines.append("")
        lines.append(f"against the goals (N={s['goals'][0]['n']}: outside sysfs <= 1.05x bare,"
                     " a sysfs path <= 1.5x):")
        for g in s["goals"]:
            lines.append(f"  {g['config']:<5} {g['case']:<11} {g['ratio']:.2f}x  goal {g['goal']:.2f}x  "
                         + ("met" if g["met"] else "OVER THE GOAL"))
    for c, st in sorted(s["stop"].items()):
        lines.append(f"stop after SIGINT: {c}: summary out within {fmt(st.get('summary_max_ms'), '%d')} ms,"
                     f" exited within {st['max_ms']} ms, exit {st['exits']}")
    if s["unavailable"]:
        lines.append("not available on this kernel: " + ", ".join(s["unavailable"]))
    return "\n".join(lines)


def plot(outdir, kernel, s):
    data = os.path.join(outdir, f"bench-{kernel}.dat")
    cfgs = [c for c in ORDER if any(e["config"] == c for e in s["results"])]
    with open(data, "w") as f:
        for c in cfgs:
            f.write(f"# {c}\n")
            for e in s["results"]:
                if e["config"] == c:
                    f.write(f"{e['n']} {e['ns_median']} {e['ns_min']} {e['ns_max']}\n")
            f.write("\n\n")
    svg = os.path.join(outdir, f"bench-{kernel}.svg")
    plots = ", ".join(f"'{data}' index {i} using 1:2:3:4 with yerrorlines title '{c}'"
                      for i, c in enumerate(cfgs))
    script = (f"set terminal svg size 800,500 dynamic; set output '{svg}';"
              f"set logscale x; set xlabel 'uevents in the storm (N)';"
              f"set ylabel 'ns per uevent (median, min-max)'; set key outside;"
              f"set title 'sysfs-audit: cost per uevent, {kernel} (one boot)';"
              f"plot {plots}")
    return svg if gnuplot(script, kernel) else None


def gnuplot(script, what):
    try:
        subprocess.run(["gnuplot", "-e", script], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"summarize: gnuplot failed for {what}: {e}", file=sys.stderr)
        return False
    return True


def plot_syswide(outdir, kernel, s):
    """Bars: the ratio to bare of each lstat()/open() case, json and keys, at the largest N."""
    rows = s.get("syswide") or []
    if not rows:
        return None
    n = max(e["n"] for e in rows)
    ratio = {(e["case"], e["config"]): e["vs_bare"] for e in rows if e["n"] == n}
    data = os.path.join(outdir, f"bench-{kernel}-syswide.dat")
    with open(data, "w") as f:
        f.write("case keys json abi\n")
        for c in SYS_CASES:
            f.write(f"{c} {ratio.get((c, 'keys')) or 0} {ratio.get((c, 'json')) or 0}"
                    f" {ratio.get((c, 'abi')) or 0}\n")
    svg = os.path.join(outdir, f"bench-{kernel}-syswide.svg")
    script = (f"set terminal svg size 800,450 dynamic; set output '{svg}';"
              f"set style data histograms; set style histogram clustered gap 1;"
              f"set style fill solid 0.6 border -1; set yrange [0:*]; set key outside;"
              f"set ylabel 'time per call / bare (median)'; set grid y;"
              f"set title 'sysfs-audit: lstat()/open() system-wide, {kernel}, N={n} (one boot)';"
              f"plot '{data}' using 2:xtic(1) title 'keys (-N)', '' using 3 title 'json (dependents)',"
              f" '' using 4 title 'abi (obsolete-ABI watch)',"
              f" 1 with lines lt 0 notitle")
    return svg if gnuplot(script, f"{kernel} (system-wide)") else None


def main():
    outdir, kernels = sys.argv[1], sys.argv[2:]
    report, texts = {}, []
    for k in kernels:
        path = os.path.join(outdir, f"{k}.jsonl")
        rows = load(path) if os.path.exists(path) else []
        if not rows:
            print(f"summarize: no results for {k} ({path})", file=sys.stderr)
            continue
        report[k] = summarize(rows)
        texts.append(table(k, report[k]))
        for svg in (plot(outdir, k, report[k]), plot_syswide(outdir, k, report[k])):
            if svg:
                texts.append(f"plot: {svg}")
    text = "\n\n".join(texts) + "\n"
    with open(os.path.join(outdir, "bench.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(outdir, "bench.json"), "w") as f:
        json.dump(report, f, indent=1)
    print(text, end="")
    print(f"(also {outdir}/bench.json)")
    return 0 if report else 1


if __name__ == "__main__":
    sys.exit(main())
