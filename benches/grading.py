"""`grade` on letter puzzles: the 30 Enigma/Teaser puzzles of
enigma/puzzles.py and every letter or skeleton puzzle of examples/*.crypta.

    python3 benches/grading.py [--crypta PATH] [--runs 3] [--show NAME]

For each set it prints how many puzzles have exactly one solution (the
others get `not unique`, or `no solution`, and no grade), how many of those
the steps alone solve, the distribution of grades, and the time per grade:
one process per puzzle, the median of --runs, less the start-up of a
process grading `A = 1` (max and median). Every puzzle that stays `needs
guessing` is listed with how many of its variables the steps fixed.
`--show NAME` prints that puzzle's `explain steps` (text).

An example statement is graded by putting `grade` in place of its query
(`unique`, `count`, `solve`, `first N`, `explain`); `let` bindings are kept
as they are, and kinds other than letters and layouts are skipped.
"""

import argparse
import collections
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "enigma"))
from puzzles import PUZZLES  # noqa: E402

QUERY = re.compile(r"^(unique|count|solve|first \d+|explain(?! steps))\s+", re.M)


def enigma_statements():
    return [(p["name"], "grade " + p["crypta"] + "\n") for p in PUZZLES]


def example_statements():
    """(name, script) per letter or layout query of the examples: the
    script is the file up to and including the statement, every earlier
    query dropped (only `let`s kept), this one made a `grade`."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.crypta"))):
        if path.endswith("grade.crypta"):
            continue
        text = open(path).read()
        # Statements start at column 0; a statement runs to the next one.
        starts = [m.start() for m in re.finditer(r"^(?=[a-z])", text, re.M)]
        lets = []
        for i, s in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else len(text)
            chunk = text[s:end]
            if chunk.startswith("let "):
                lets.append(chunk)
                continue
            if not QUERY.match(chunk) or "kakuro" in chunk.split("\n")[0]:
                continue
            body = QUERY.sub("grade ", chunk, count=1)
            line = text.count("\n", 0, s) + 1
            out.append((f"{os.path.basename(path)}:{line}", "".join(lets) + body))
    return out


def run_json(crypta, script):
    done = subprocess.run([crypta, "--format", "json", "run", "-q", "-"], input=script,
                          capture_output=True, text=True)
    rows = [json.loads(l) for l in done.stdout.splitlines() if l.startswith("{")]
    return rows[-1] if rows else {"error": done.stderr.strip()}


def timed(crypta, script, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([crypta, "--format", "json", "run", "-q", "-"], input=script,
                       capture_output=True, text=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def report(title, statements, crypta, runs, base):
    print(f"== {title}: {len(statements)} puzzles")
    grades = collections.Counter()
    stuck = []
    times = []
    unique = 0
    for name, script in statements:
        row = run_json(crypta, script)
        if row.get("kind") not in (None, "letters", "layout"):
            continue
        g = row.get("grade") or row.get("ungraded") or row.get("error") or "?"
        if row.get("grade"):
            unique += 1
            times.append((max(0.0, timed(crypta, script, runs) - base), name))
            if g == "needs guessing":
                stuck.append(f"{name}: {row['fixed']} of {row['variables']} fixed")
        grades[g] += 1
    solved = sum(n for g, n in grades.items() if g in ("easy", "medium", "hard"))
    print(f"   one solution: {unique}; solved by steps alone: {solved} of {unique}")
    print("   grades: " + ", ".join(f"{g} {n}" for g, n in sorted(grades.items())))
    if times:
        worst = max(times)
        print(f"   time per grade (less start-up): max {worst[0]*1000:.1f} ms ({worst[1]}),"
              f" median {statistics.median(t for t, _ in times)*1000:.1f} ms")
    for s in stuck:
        print("   needs guessing: " + s)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--crypta", default=os.path.join(ROOT, "target", "release", "crypta"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--show", help="print this puzzle's steps")
    opts = ap.parse_args()
    every = enigma_statements() + example_statements()
    if opts.show:
        for name, script in every:
            if name == opts.show:
                steps = re.sub(r"(?m)^grade ", "explain steps ", script)
                print(subprocess.run([opts.crypta, "run", "-q", "-"], input=steps,
                                     capture_output=True, text=True).stdout)
                # What is left of each letter (from every digit, the
                # starting rules such as leading digits aside).
                row = run_json(opts.crypta, script)
                left = {}
                for step in row.get("steps", []):
                    for var, gone in step["removed"].items():
                        if not var.startswith("carry"):
                            left.setdefault(var, set(range(36)))
                            left[var] -= set(gone)
                print("left: " + ", ".join(f"{v} {sorted(d for d in s if d < 10)}" for v, s in left.items()))
        return
    base = timed(opts.crypta, "grade A = 1\n", max(5, opts.runs))
    print(f"start-up (grade A = 1): {base*1000:.1f} ms")
    report("Enigma/Teaser (benches/enigma/puzzles.py)", enigma_statements(), opts.crypta, opts.runs, base)
    report("examples/*.crypta letters and skeletons", example_statements(), opts.crypta, opts.runs, base)


if __name__ == "__main__":
    main()
