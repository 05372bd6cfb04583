#!/usr/bin/env python3
"""Grades published Kakuros (Otto Janko's, from janko.at) with `crypta grade`.

Usage: benches/janko.py DATASET.json [--crypta PATH] [--limit N] [--repeat N]

DATASET.json is the Kakuro file of the puzzlekit dataset
(github.com/SmilingWayne/puzzlekit-dataset, assets/data/Kakuro/Kakuro_dataset.json;
it is not part of crypta: fetch it yourself). Each puzzle there is a text
grid: `R C` on the first line, then one token per cell: `-` a block, `0` a
white cell, `D,A` a clue (either side may be empty); solutions are grids of
`-` and digits.

The script writes crypta statements under /tmp/crypta-janko/, then:
1. runs `unique` on every puzzle in one process (JSON) and checks crypta's
   one solution against the dataset's;
2. runs `grade` on every puzzle in one process (JSON): the fraction solved
   by steps alone and the distribution of grades;
3. times `grade` per puzzle, one process each, less the start-up time of a
   process that grades a 2x2 grid; the slowest are run --repeat times more
   and keep their fastest time. Prints the maximum and the median.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

OUT = "/tmp/crypta-janko"


def to_crypta(problem):
    """The dataset's grid as a `kakuro { ... }` block, or None if unreadable."""
    lines = problem.strip().splitlines()
    rows, cols = (int(x) for x in lines[0].split())
    grid = [line.split() for line in lines[1:]]
    if len(grid) != rows or any(len(r) != cols for r in grid):
        return None
    out = []
    for r in grid:
        cells = []
        for tok in r:
            if tok == "-":
                cells.append("#")
            elif tok == "0":
                cells.append(".")
            elif "," in tok:
                down, across = tok.split(",", 1)
                cells.append("#" if not down and not across else f"{down}\\{across}")
            elif tok.isdigit():
                cells.append(tok)  # a given digit
            else:
                return None
        out.append("  " + " ".join(c.ljust(5) for c in cells).rstrip())
    return "kakuro {\n" + "\n".join(out) + "\n}\n"


def solution_grid(text):
    """The dataset's solution as rows of ints (0 for a block or clue)."""
    lines = text.strip().splitlines()[1:]
    return [[0 if t == "-" else int(t) for t in line.split()] for line in lines]


def run(crypta, args, stdin=None):
    started = time.perf_counter()
    done = subprocess.run([crypta, *args], input=stdin, capture_output=True, text=True)
    return done, time.perf_counter() - started


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset")
    ap.add_argument("--crypta", default="target/release/crypta")
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    ap.add_argument("--repeat", type=int, default=5, help="re-runs of the slowest")
    opts = ap.parse_args()
    with open(opts.dataset) as f:
        data = json.load(f)["data"]
    os.makedirs(OUT, exist_ok=True)
    puzzles = []
    for name, item in data.items():
        block = to_crypta(item["problem"])
        if block is None:
            print(f"skipped {name}: unreadable grid", file=sys.stderr)
            continue
        puzzles.append((name, block, item.get("solution")))
    if opts.limit:
        puzzles = puzzles[: opts.limit]
    n = len(puzzles)

    # 1. crypta's one solution against the dataset's.
    script = "".join(f"unique {b}" for _, b, _ in puzzles)
    with open(f"{OUT}/unique.crypta", "w") as f:
        f.write(script)
    done, _ = run(opts.crypta, ["run", "--format", "json", "-q", f"{OUT}/unique.crypta"])
    answers = [json.loads(l) for l in done.stdout.splitlines() if l.startswith("{")]
    checked = agree = 0
    for (name, _, sol), ans in zip(puzzles, answers):
        if not sol or not ans.get("unique"):
            if not ans.get("unique"):
                print(f"{name}: crypta says not unique: {ans.get('count')}", file=sys.stderr)
            continue
        checked += 1
        if ans["solutions"][0]["grid"] == solution_grid(sol):
            agree += 1
        else:
            print(f"{name}: crypta's solution differs from the dataset's", file=sys.stderr)

    # 2. every grade in one process.
    script = "".join(f"grade {b}" for _, b, _ in puzzles)
    with open(f"{OUT}/grade.crypta", "w") as f:
        f.write(script)
    done, whole = run(opts.crypta, ["run", "--format", "json", "-q", f"{OUT}/grade.crypta"])
    grades = [json.loads(l) for l in done.stdout.splitlines() if l.startswith("{")]
    if len(grades) != n or done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        sys.exit(f"expected {n} grades, got {len(grades)}")
    dist = {}
    for g in grades:
        key = g.get("grade") or g.get("ungraded")
        dist[key] = dist.get(key, 0) + 1
    by_steps = sum(1 for g in grades if g.get("solved_by_steps"))

    # 3. one process per puzzle, less start-up.
    tiny = "grade kakuro {\n # 3\\ 4\\\n \\3 . .\n \\4 . .\n}\n"
    with open(f"{OUT}/tiny.crypta", "w") as f:
        f.write(tiny)
    startup = min(run(opts.crypta, ["run", "-q", f"{OUT}/tiny.crypta"])[1] for _ in range(10))
    times = {}
    for i, (name, block, _) in enumerate(puzzles):
        path = f"{OUT}/{i:04}.crypta"
        with open(path, "w") as f:
            f.write("grade " + block)
        times[name] = (path, run(opts.crypta, ["run", "-q", path])[1])
    slowest = sorted(times, key=lambda k: times[k][1], reverse=True)[:10]
    for name in slowest:
        path, t = times[name]
        again = min(run(opts.crypta, ["run", "-q", path])[1] for _ in range(opts.repeat))
        times[name] = (path, min(t, again))
    net = {k: max(0.0, t - startup) for k, (_, t) in times.items()}
    worst = max(net, key=net.get)

    print(f"puzzles: {n}")
    print(f"solutions checked against the dataset: {agree} of {checked} agree")
    print(f"solved by steps alone: {by_steps} of {n} ({100.0 * by_steps / n:.1f}%)")
    for key in ["easy", "medium", "hard", "needs guessing"] + sorted(
        k for k in dist if k not in ("easy", "medium", "hard", "needs guessing")
    ):
        if key in dist:
            print(f"  {key}: {dist[key]} ({100.0 * dist[key] / n:.1f}%)")
    print(f"all {n} grades in one process: {whole * 1000:.0f} ms ({whole * 1000 / n:.2f} ms each)")
    print(f"start-up (2x2 grid): {startup * 1000:.1f} ms")
    print(f"grade per puzzle, less start-up: median {statistics.median(net.values()) * 1000:.1f} ms, "
          f"max {net[worst] * 1000:.1f} ms ({worst})")


if __name__ == "__main__":
    main()
