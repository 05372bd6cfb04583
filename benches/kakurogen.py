#!/usr/bin/env python3
"""Timings of unique Kakuro generation: `crypta generate kakuro --size N
--unique` over several seeds per size, whole processes, wall and processor
time, and the white fraction of each grid (white cells over the cells
inside the clue row and column). With --check every grid is solved again
by `crypta run` and must be unique.

    python3 benches/kakurogen.py                      # 50 and 150, seeds 1-5
    python3 benches/kakurogen.py --sizes 50 --seeds 10 --symmetry rotational
    python3 benches/kakurogen.py --crypta /tmp/old/crypta --timeout 300
    python3 benches/kakurogen.py --extra=--open-limit=100   # any other option
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def white_fraction(text):
    rows = [line.split() for line in text.splitlines() if line.startswith("  ")]
    inner = (len(rows) - 1) * (len(rows[0]) - 1)
    whites = sum(token == "." for row in rows for token in row)
    return whites / inner if inner else 0.0


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def generate(crypta, size, seed, args, timeout):
    """(wall seconds, processor seconds, output) or None on a timeout."""
    command = [crypta, "generate", "kakuro", "--size", str(size), "--unique",
               "--seed", str(seed)] + args
    cpu = cpu_of_children()
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start, cpu_of_children() - cpu, done.stdout


def check_unique(crypta, text):
    with tempfile.NamedTemporaryFile("w", suffix=".crypta") as script:
        script.write(text)
        script.flush()
        done = subprocess.run([crypta, "--format", "json", "run", script.name],
                              capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    return result.get("unique") is True and result.get("complete") is True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crypta", default=os.path.join(ROOT, "target/release/crypta"))
    parser.add_argument("--sizes", default="50,150")
    parser.add_argument("--seeds", type=int, default=5, help="seeds 1..SEEDS per size")
    parser.add_argument("--symmetry", help="none, rotational or mirror")
    parser.add_argument("--extra", action="append", default=[],
                        help="another option for generate (repeatable)")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--check", action="store_true",
                        help="solve each grid again and require it unique")
    options = parser.parse_args()
    args = list(options.extra)
    if options.symmetry:
        args += ["--symmetry", options.symmetry]
    failed = False
    for size in [int(s) for s in options.sizes.split(",")]:
        walls, cpus, fractions, timeouts = [], [], [], 0
        for seed in range(1, options.seeds + 1):
            got = generate(options.crypta, size, seed, args, options.timeout)
            if got is None:
                timeouts += 1
                print(f"  {size}x{size} seed {seed}: > {options.timeout:.0f} s")
                continue
            wall, cpu, text = got
            fraction = white_fraction(text)
            note = ""
            if options.check:
                unique = check_unique(options.crypta, text)
                failed |= not unique
                note = "  unique" if unique else "  NOT UNIQUE"
            print(f"  {size}x{size} seed {seed}: {wall:7.2f} s wall {cpu:7.2f} s cpu"
                  f"  white {fraction:.3f}{note}")
            walls.append(wall)
            cpus.append(cpu)
            fractions.append(fraction)
        if walls:
            print(f"{size}x{size}: wall max {max(walls):.2f} median {statistics.median(walls):.2f}"
                  f"  cpu max {max(cpus):.2f} median {statistics.median(cpus):.2f}"
                  f"  white min {min(fractions):.3f} median {statistics.median(fractions):.3f}"
                  + (f"  timeouts {timeouts}" if timeouts else ""))
        else:
            print(f"{size}x{size}: every seed timed out ({timeouts})")
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
