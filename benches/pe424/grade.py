#!/usr/bin/env python3
"""Grades Project Euler 424's 200 cryptic Kakuros with `crypta grade`.

Usage: benches/pe424/grade.py [--crypta PATH] [--repeat N]

Reads benches/pe424/kakuro200.crypta (one `unique kakuro { ... }` per
grid), then:
1. runs `grade` on every grid in one process (JSON): the fraction solved
   by steps alone, the distribution of grades, and how often each rule
   was used;
2. times `grade` per grid, one process each, less the start-up time of a
   process that grades a 2x2 grid; the slowest are run --repeat times more
   and keep their fastest time. Prints the maximum and the median.
"""

import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = "/tmp/crypta-pe424-grade"


def run(crypta, args):
    started = time.perf_counter()
    done = subprocess.run([crypta, *args], capture_output=True, text=True)
    return done, time.perf_counter() - started


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crypta", default=str(ROOT / "target/release/crypta"))
    ap.add_argument("--repeat", type=int, default=5, help="re-runs of the slowest")
    opts = ap.parse_args()
    text = (ROOT / "benches/pe424/kakuro200.crypta").read_text()
    grids = re.findall(r"^unique (kakuro \{.*?^\})", text, re.S | re.M)
    n = len(grids)
    os.makedirs(OUT, exist_ok=True)

    # 1. every grade in one process.
    with open(f"{OUT}/all.crypta", "w") as f:
        f.write("".join(f"grade {g}\n" for g in grids))
    done, whole = run(opts.crypta, ["run", "--format", "json", "-q", f"{OUT}/all.crypta"])
    grades = [json.loads(l) for l in done.stdout.splitlines() if l.startswith("{")]
    if len(grades) != n or done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        sys.exit(f"expected {n} grades, got {len(grades)}")
    dist = collections.Counter(g.get("grade") or g.get("ungraded") for g in grades)
    rules = collections.Counter(s["rule"] for g in grades for s in g.get("steps") or [])
    by_steps = sum(1 for g in grades if g.get("solved_by_steps"))

    # 2. one process per grid, less start-up.
    with open(f"{OUT}/tiny.crypta", "w") as f:
        f.write("grade kakuro {\n # 3\\ 4\\\n \\3 . .\n \\4 . .\n}\n")
    startup = min(run(opts.crypta, ["run", "-q", f"{OUT}/tiny.crypta"])[1] for _ in range(10))
    times = {}
    for i, grid in enumerate(grids, 1):
        path = f"{OUT}/{i:03}.crypta"
        with open(path, "w") as f:
            f.write(f"grade {grid}\n")
        times[i] = (path, run(opts.crypta, ["run", "-q", path])[1])
    for i in sorted(times, key=lambda k: times[k][1], reverse=True)[:10]:
        path, t = times[i]
        again = min(run(opts.crypta, ["run", "-q", path])[1] for _ in range(opts.repeat))
        times[i] = (path, min(t, again))
    net = {k: max(0.0, t - startup) for k, (_, t) in times.items()}
    worst = max(net, key=net.get)

    print(f"grids: {n}")
    print(f"solved by steps alone: {by_steps} of {n} ({100.0 * by_steps / n:.1f}%)")
    for key in ["easy", "medium", "hard", "needs guessing"] + sorted(
        str(k) for k in dist if k not in ("easy", "medium", "hard", "needs guessing")
    ):
        if key in dist:
            print(f"  {key}: {dist[key]} ({100.0 * dist[key] / n:.1f}%)")
    print("steps by rule: " + ", ".join(f"{r} {k}" for r, k in rules.most_common()))
    print(f"all {n} grades in one process: {whole * 1000:.0f} ms ({whole * 1000 / n:.2f} ms each)")
    print(f"start-up (2x2 grid): {startup * 1000:.1f} ms")
    print(f"grade per grid, less start-up: median {statistics.median(net.values()) * 1000:.1f} ms, "
          f"max {net[worst] * 1000:.1f} ms (grid {worst})")


if __name__ == "__main__":
    main()
