#!/usr/bin/env python3
"""Times the counting corners of issue 43 side by side with enigma.py:
powers whose exponent is a letter, products of words with `repeats`
(counted by ranges and division), one relation of independent terms
(digit powers, fractions, sums of squares: counted by convolution,
term-sums) and `TWO * TWO = THREE`.

usage:
  python3 benches/corners_v3.py [--crypta PATH] [--before PATH]
                                [--enigma PATH/enigma.py] [--runs 3]
                                [--timeout 60]

Each figure is the processor time (user + system) of the whole child
process, the median of --runs runs (as benches/corners.py, whose helpers
this uses). `--before` times an older crypta on the same statements (its
counts must agree); `--enigma` times enigma.py's SubstitutedExpression on
the same puzzle (github.com/enigmatic-code/py-enigma, one public file, not
part of this repository) and prints crypta's time over enigma.py's: the
issue's goal is 0.1 or less. Standard library only.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corners import ROOT, count_of, crypta_cmd, fmt, median_run  # noqa: E402

# (crypta statement, enigma.py expression, distinct letters?[, enigma.py options])
CORNERS = [
    ("count AB ^ C + DE ^ F = GHIJK with repeats", "AB ** C + DE ** F = GHIJK", False),
    ("count AB ^ C + DE = FGHIJ with repeats", "AB ** C + DE = FGHIJ", False),
    ("count AB ^ C + DE ^ F = GHIJ", "AB ** C + DE ** F = GHIJ", True),
    ("count ABC * DEF = GHIJKL with repeats", "ABC * DEF = GHIJKL", False),
    ("count ABC * DEF * GHI = JKLMNOPQ with repeats", "ABC * DEF * GHI = JKLMNOPQ", False),
    ("count ABCD ^ 2 = EFGHIJK with repeats", "ABCD ** 2 = EFGHIJK", False),
    ("count ABCDE ^ 2 = FGHIJKLMN with repeats", "ABCDE ** 2 = FGHIJKLMN", False),
    # One relation of independent terms, counted by convolution (term-sums).
    ("count A / B + C / D + E / F + G / H = 1 with repeats, digits 1..9",
     "A * D * F * H + C * B * F * H + E * B * D * H + G * B * D * F = B * D * F * H", False,
     ["--digits=1-9"]),
    ("count ABCDEFG = A ^ 7 + B ^ 7 + C ^ 7 + D ^ 7 + E ^ 7 + F ^ 7 + G ^ 7 with repeats",
     "ABCDEFG = A ** 7 + B ** 7 + C ** 7 + D ** 7 + E ** 7 + F ** 7 + G ** 7", False),
    ("count AB ^ 2 + CD ^ 2 = ABCD with repeats", "AB ** 2 + CD ** 2 = ABCD", False),
    ("count ABCD ^ 2 + EFGH ^ 2 = ABCDEFGH with repeats",
     "ABCD ** 2 + EFGH ** 2 = ABCDEFGH", False),
    ("count A ^ 2 + B ^ 2 + C ^ 2 + D ^ 2 + E ^ 2 + F ^ 2 + G ^ 2 = HI with repeats",
     "A ** 2 + B ** 2 + C ** 2 + D ** 2 + E ** 2 + F ** 2 + G ** 2 = HI", False),
    # Distinct letters: a product of words that share letters.
    ("count TWO * TWO = THREE", "TWO * TWO = THREE", True),
]


def enigma_cmd(args, expression, distinct, extra=()):
    cmd = [sys.executable, args.enigma, "SubstitutedExpression", "--answer=1"]
    if not distinct:
        cmd.append("--distinct=")
    cmd.extend(extra)
    cmd.append(expression)
    return cmd


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--crypta", default=os.path.join(ROOT, "target", "release", "crypta"))
    p.add_argument("--before")
    p.add_argument("--enigma")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--timeout", type=float, default=60)
    args = p.parse_args()
    print("issue 43 corners (processor time per process; ratio = crypta / enigma.py)")
    for statement, expression, distinct, *extra in CORNERS:
        t, out = median_run(crypta_cmd(args.crypta, statement), args.runs, timeout=args.timeout)
        count = count_of(out) if out else None
        line = f"  {statement:46} {count if count is not None else '?':>6}  crypta {fmt(t)}"
        if args.before:
            tb, outb = median_run(crypta_cmd(args.before, statement), 1, timeout=args.timeout)
            if outb and out and count_of(outb) != count:
                sys.exit(f"counts differ on {statement}")
            line += f"  before {fmt(tb)}"
        if args.enigma:
            te, _ = median_run(enigma_cmd(args, expression, distinct, *extra), args.runs,
                               timeout=args.timeout)
            line += f"  enigma.py {fmt(te)}"
            if t is not None and te:
                line += f"  ratio {t / te:.3f}"
        print(line)


if __name__ == "__main__":
    main()
