#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""fleet.py DIR N [FIXTURE...]: N hosts' reports in DIR (DIR/NNNNNN.json),
each a copy of one of the fixtures (in turn) as another host: its own host
name (the fixture's, numbered), machine id and boot id. A fleet of mixed
verdicts, kernels and dependents for the fleet page's tests."""
import json
import os
import sys


def main():
    d, n, fixtures = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    base = [json.load(open(f)) for f in fixtures]
    os.makedirs(d, exist_ok=True)
    for i in range(n):
        r = base[i % len(base)]
        h = r["host"]
        name, mid, bid = h["hostname"], h.get("machine_id"), h.get("boot_id")
        h["hostname"] = f"{name}-{i:06d}"
        h["machine_id"] = f"{i:032x}"
        h["boot_id"] = f"{i:08x}-0000-0000-0000-000000000000"
        with open(os.path.join(d, f"{i:06d}.json"), "w") as f:
            json.dump(r, f)
        h["hostname"], h["machine_id"], h["boot_id"] = name, mid, bid


if __name__ == "__main__":
    main()
